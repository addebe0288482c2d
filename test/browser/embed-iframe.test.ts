/**
 * The iframe page (embed.html of the built site) inside parent pages served from other
 * origins: it posts its height and the game's events, obeys commands only from the origins
 * its address allows, and two frames on one page play apart.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { OpenedPage, TestPage } from './harness';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FrameCommand, FrameMessage, GameSnapshot } from '../../src/embed';
import { ENGINE, openPage, sharedBrowser, siteUrl } from './harness';
import { saveOf, storedGames } from './page-helpers';
import { playGame } from '../history/games';
import type { Served } from './static-server';
import { serveDirectory } from './static-server';
import { decodePng } from './fixtures/png';

type Received = FrameMessage & { readonly frame: number; readonly origin: string };

declare global {
  interface Window {
    received: Received[];
    addFrame(src: string): number;
    send(frame: number, message: FrameCommand | Record<string, unknown>): void;
  }
}

const PARENT = `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8" /><link rel="icon" href="data:," /><title>parent</title></head>
  <body>
    <label>Comment <input id="field" type="text" /></label>
    <div id="frames"></div>
    <script>
      window.received = [];
      const frames = () => [...document.querySelectorAll('iframe')];
      window.addEventListener('message', (event) => {
        if (event.data && event.data.source === 'cube2048') window.received.push({ ...event.data, frame: frames().findIndex((f) => f.contentWindow === event.source), origin: event.origin });
      });
      window.addFrame = (src) => {
        const frame = document.createElement('iframe');
        frame.src = src;
        frame.style.cssText = 'display: block; width: 360px; height: 150px; border: 0';
        document.getElementById('frames').append(frame);
        return frames().length - 1;
      };
      window.send = (i, message) => frames()[i].contentWindow.postMessage(message, '*');
    </script>
  </body>
</html>
`;

const browser = sharedBrowser();
let dir: string;
let parent: Served;
let stranger: Served;
let open: OpenedPage[] = [];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'cube2048-parent-'));
  await writeFile(join(dir, 'parent.html'), PARENT);
  // Two servers: two origins on the same machine (the port is part of an origin).
  [parent, stranger] = await Promise.all([serveDirectory(dir), serveDirectory(dir)]);
});
afterAll(async () => {
  await parent?.close();
  await stranger?.close();
  await rm(dir, { recursive: true, force: true });
});
afterEach(async () => {
  const pages = open;
  open = [];
  const errors = await Promise.all(pages.map((p) => p.errors()));
  for (const p of pages) await p.close();
  for (const e of errors) expect(e).toEqual([]);
});

const originOf = (url: string): string => new URL(url).origin;

async function parentPage(served: Served = parent): Promise<{ page: TestPage }> {
  const opened = await openPage(browser(), new URL('parent.html', served.url).href);
  open.push(opened);
  return { page: opened.page };
}

const frameUrl = (params: Record<string, string>): string => `${siteUrl('embed.html')}?${new URLSearchParams(params)}`;

const messages = (page: TestPage, frame: number, type: FrameMessage['type']): Promise<Received[]> =>
  page.evaluate(([frame, type]) => window.received.filter((m) => m.frame === frame && m.type === type), [frame, type] as const);

async function waitFor(page: TestPage, frame: number, type: FrameMessage['type'], count = 1): Promise<Received[]> {
  await page.waitForFunction(
    ([frame, type, count]) => window.received.filter((m) => m.frame === frame && m.type === type).length >= count,
    [frame, type, count] as const,
    { timeout: 30_000 },
  );
  return messages(page, frame, type);
}

/** Asks a frame for its state (the answer comes only from a frame that takes our commands). */
async function stateOf(page: TestPage, frame: number, id: string, patience = 3_000): Promise<GameSnapshot | null> {
  await page.evaluate(([frame, id]) => window.send(frame, { target: 'cube2048', type: 'getState', id }), [frame, id] as const);
  try {
    await page.waitForFunction(
      ([frame, id]) => window.received.some((m) => m.frame === frame && m.type === 'state' && m.id === id),
      [frame, id] as const,
      { timeout: patience },
    );
  } catch {
    return null;
  }
  const answer = (await messages(page, frame, 'state')).find((m) => m.type === 'state' && m.id === id);
  return answer?.type === 'state' ? answer.state : null;
}

describe('the iframe page', () => {
  it('posts the height it needs and the game’s events, and obeys its parent from an allowed origin', async () => {
    const { page } = await parentPage();
    const frame = await page.evaluate((src) => window.addFrame(src), frameUrl({ skin: 'flat', seed: '5', origin: originOf(parent.url) }));
    const [readyMessage] = await waitFor(page, frame, 'ready');
    expect(readyMessage).toMatchObject({ origin: originOf(siteUrl()), skin: 'flat', state: { size: 4, seed: 5, moves: 0 } });
    const resize = (await waitFor(page, frame, 'resize')).at(-1);
    // A square board 360 px wide (less the frame's padding) under the score bar.
    expect(resize?.type === 'resize' && resize.height).toBeGreaterThan(360);
    expect(resize?.type === 'resize' && resize.height).toBeLessThan(480);

    for (const [i, dir] of (['left', 'up', 'right', 'down'] as const).entries())
      await page.evaluate(([frame, dir, id]) => window.send(frame, { target: 'cube2048', type: 'move', dir, id }), [
        frame,
        dir,
        `m${i}`,
      ] as const);
    const answers = await waitFor(page, frame, 'state', 4);
    expect(answers.map((a) => a.type === 'state' && a.id)).toEqual(['m0', 'm1', 'm2', 'm3']);
    const last = answers.at(-1);
    const moves = last?.type === 'state' ? last.state.moves : 0;
    expect(moves).toBeGreaterThan(0);
    const moved = await waitFor(page, frame, 'move', moves);
    expect(moved.map((m) => m.type === 'move' && m.state.moves)).toEqual(Array.from({ length: moves }, (_, i) => i + 1));
  });

  it('lets a dark host page show behind it, where a browser paints a frame of another colour scheme opaque', async () => {
    const { page } = await parentPage();
    // A host that follows the system, in dark mode: a frame of another colour scheme would be painted opaque.
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.evaluate(() => {
      document.head.append(Object.assign(document.createElement('meta'), { name: 'color-scheme', content: 'light dark' }));
      document.body.style.background = 'rgb(0, 128, 0)';
    });
    const frame = await page.evaluate((src) => window.addFrame(src), frameUrl({ skin: 'flat', seed: '5', origin: originOf(parent.url) }));
    await waitFor(page, frame, 'ready');
    const box = await page.locator('iframe').boundingBox();
    if (!box) throw new Error('the frame is not visible');
    // A point of the game's own: between its score bar and its board, halfway across.
    const colourAbove = async (): Promise<number[]> => {
      const at = await page.evaluateInFrame('embed.html', () => {
        const root = document.getElementById('game')!.shadowRoot!;
        const hud = root.querySelector('.hud')!.getBoundingClientRect();
        const stage = root.querySelector('.stage')!.getBoundingClientRect();
        return { x: (hud.left + hud.right) / 2, y: (hud.bottom + stage.top) / 2 };
      });
      const clip = { x: Math.round(box.x + at.x), y: Math.round(box.y + at.y), width: 1, height: 1 };
      const { data } = decodePng(await page.screenshot({ clip }));
      return [data[0]!, data[1]!, data[2]!];
    };
    // The host's green, under the score cards' soft shadow (a frame of the wrong scheme: the browser's white).
    const [r, g, b] = await colourAbove();
    expect({ red: r! < 30, green: g! > 80, blue: b! < 30 }, 'the host page shows').toEqual({ red: true, green: true, blue: true });
  });

  it('starts a cube on a newGame message with dimensions 3, and then plays in and out', async () => {
    const { page } = await parentPage();
    const frame = await page.evaluate(
      (src) => window.addFrame(src),
      frameUrl({ skin: 'flat', 'storage-key': 'none', origin: originOf(parent.url) }),
    );
    await waitFor(page, frame, 'ready');
    await page.evaluate(
      (frame) => window.send(frame, { target: 'cube2048', type: 'newGame', dimensions: 3, size: 3, seed: 4, id: 'cube' }),
      frame,
    );
    await page.evaluate((frame) => window.send(frame, { target: 'cube2048', type: 'move', dir: 'in', id: 'in' }), frame);
    await page.evaluate((frame) => window.send(frame, { target: 'cube2048', type: 'move', dir: 'out', id: 'out' }), frame);
    const answers = await waitFor(page, frame, 'state', 3);
    const [started, ...moved] = ['cube', 'in', 'out'].map((id) => answers.find((m) => m.type === 'state' && m.id === id));
    expect(started?.type === 'state' && started.state).toMatchObject({ dimensions: 3, size: 3, seed: 4, moves: 0 });
    expect(started?.type === 'state' && started.state.layers).toHaveLength(3);
    // A new cube has two tiles: `in` or `out` moves at least one of them.
    expect(moved.map((m) => (m?.type === 'state' ? m.state.moves : 0)).at(-1)).toBeGreaterThan(0);
  });

  it('answers a malformed command with an error, and refuses commands from an origin it does not list', async () => {
    const { page } = await parentPage();
    const listed = await page.evaluate((src) => window.addFrame(src), frameUrl({ skin: 'flat', origin: originOf(parent.url) }));
    const unlisted = await page.evaluate((src) => window.addFrame(src), frameUrl({ skin: 'flat', origin: originOf(stranger.url) }));
    const unset = await page.evaluate((src) => window.addFrame(src), frameUrl({ skin: 'flat' }));
    // A frame whose list does not name its parent says nothing to it at all.
    for (const frame of [listed, unset]) await waitFor(page, frame, 'ready');

    await page.evaluate((frame) => window.send(frame, { target: 'cube2048', type: 'move', dir: 'sideways', id: 'bad' }), listed);
    const [error] = await waitFor(page, listed, 'error');
    expect(error).toMatchObject({ id: 'bad', message: expect.stringContaining('"sideways" is not a direction') });

    // A listed frame answers within milliseconds; a second of silence is a refusal.
    expect(await stateOf(page, unlisted, 'u', 1_000)).toBeNull();
    expect(await stateOf(page, unset, 'n', 1_000)).toBeNull();
    expect(await stateOf(page, listed, 'l')).toMatchObject({ moves: 0 });
    expect(await page.evaluate((frame) => window.received.filter((m) => m.frame === frame), unlisted)).toEqual([]);
    // A frame's problems are written once their words have come (a chunk of their own).
    await expect.poll(async () => (await page.errors()).filter((e) => e.includes('which is not among origin='))).toHaveLength(1);
    const errors = await page.takeErrors();
    // Each refusal is said once, in the frame's console; the unlisted frame also says it will not talk to this parent.
    expect(errors.filter((e) => e.includes('refused'))).toHaveLength(2);
    expect(errors.filter((e) => e.includes('which is not among origin='))).toHaveLength(1);
    expect(errors.filter((e) => e.includes('"sideways" is not a direction'))).toHaveLength(1);
  });

  it('keeps two frames apart, and keys typed in the parent’s text field move neither', async () => {
    const { page } = await parentPage();
    const origin = originOf(parent.url);
    const frames = [
      await page.evaluate((src) => window.addFrame(src), frameUrl({ skin: 'flat', seed: '1', origin, 'storage-key': 'one' })),
    ];
    frames.push(await page.evaluate((src) => window.addFrame(src), frameUrl({ skin: 'flat', seed: '2', origin, 'storage-key': 'two' })));
    for (const frame of frames) await waitFor(page, frame, 'ready');

    await page.click('#field');
    await page.keyboard.type('wasd');
    for (const key of ['ArrowLeft', 'ArrowUp', 'ArrowRight', 'ArrowDown']) await page.keyboard.press(key);
    expect(await page.inputValue('#field')).toBe('wasd');
    expect([(await stateOf(page, 0, 'a'))?.moves, (await stateOf(page, 1, 'b'))?.moves]).toEqual([0, 0]);

    // A click on the first frame lands on its game, which fills the frame.
    await page.locator('iframe').nth(0).click();
    for (const key of ['ArrowLeft', 'ArrowUp', 'ArrowRight', 'ArrowDown']) await page.keyboard.press(key);
    await page.waitForTimeout(250);
    const first = await stateOf(page, 0, 'c');
    expect(first?.moves).toBeGreaterThan(0);
    expect((await stateOf(page, 1, 'd'))?.moves).toBe(0);
    expect((await messages(page, 0, 'move')).length).toBe(first?.moves);
    expect(await messages(page, 1, 'move')).toEqual([]);
  });

  // Not in WebKit: it partitions a third-party frame's storage, so the save this test writes from the frame's origin as a
  // first party is not the frame's there. The newGame message and the keep rule are the same code in every engine.
  it.skipIf(ENGINE === 'webkit')(
    'replaces the game on a newGame message at once, and with history keeps the game of 15 moves it replaces',
    async () => {
      const { page } = await parentPage();
      // The frame's storage, seen from a page of its own origin: a game of 15 moves waits there.
      const site = await (open.at(-1) as OpenedPage).context.newPage();
      await site.goto(siteUrl('embed.html?storage-key=elsewhere'));
      const mine = playGame({ size: 4, seed: 21, moves: 15 });
      await site.evaluate((save) => localStorage.setItem('cube2048:frame:game:v1', save), saveOf(mine));
      const frame = await page.evaluate(
        (src) => window.addFrame(src),
        frameUrl({ skin: 'flat', history: '', origin: originOf(parent.url) }),
      );
      const [readyMessage] = await waitFor(page, frame, 'ready');
      expect(readyMessage).toMatchObject({ state: { moves: 15 } });

      await page.evaluate((frame) => window.send(frame, { target: 'cube2048', type: 'newGame', seed: 99, id: 'new' }), frame);
      const answer = (await waitFor(page, frame, 'state')).find((m) => m.type === 'state' && m.id === 'new');
      expect(answer?.type === 'state' && answer.state).toMatchObject({ moves: 0, seed: 99 });
      await expect
        .poll(() => storedGames(site, 'cube2048:frame:history'), { timeout: 15_000 })
        .toEqual([expect.objectContaining({ end: 'left', score: mine.score, moves: 15 })]);
    },
  );

  it('names bad address parameters in one console error, plays with the defaults and injects nothing', async () => {
    const { page } = await parentPage();
    const frame = await page.evaluate(
      (src) => window.addFrame(src),
      frameUrl({ size: '99', seed: 'abc<script>parent.hacked=1</script>', skin: 'nope', theme: 'plaid', origin: originOf(parent.url) }),
    );
    const [readyMessage] = await waitFor(page, frame, 'ready');
    expect(readyMessage).toMatchObject({ skin: 'cubes', state: { size: 4 } });
    const injected = await page.evaluateInFrame('embed.html', () => {
      const root = document.getElementById('game')?.shadowRoot;
      return Boolean(root?.querySelector('script, img')) || (root?.textContent ?? '').includes('hacked');
    });
    expect(injected).toBe(false);
    expect(await page.evaluate(() => 'hacked' in window)).toBe(false);
    await expect.poll(() => page.errors()).toHaveLength(1);
    const errors = await page.takeErrors();
    expect(errors, errors.join('\n')).toHaveLength(1);
    for (const name of ['size="99"', 'seed="abc<script>', 'skin="nope"', 'theme="plaid"']) expect(errors[0]).toContain(name);
  });
});
