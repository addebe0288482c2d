import type { TestPage } from './harness';
import { describe, expect, it } from 'vitest';
import type { Direction, GameState } from '../../src/engine';
import { DIRECTIONS, maxTile, newGame, playMove, toRows } from '../../src/engine';
import type { GameRecord } from '../../src/replay/record';
import {
  MAX_RECORD_MOVES,
  ReplayTimeline,
  codeFromLink,
  decodeRecord,
  encodeRecord,
  recordOf,
  verifyRecord,
} from '../../src/replay/record';
import { dailySeed } from '../../src/page/daily';
import { sharedBrowser, siteUrl } from './harness';
import { GAME_KEY, KEY_OF, boardShown, expectShows, liveText, openGame, readGrid, readHud, saveOf, waitForMoves } from './page-helpers';

/** A real game: `count` moves from `seed`, cycling through the directions that move. */
function playedGame(seed: number, count: number): GameState {
  const order: Direction[] = ['left', 'down', 'right', 'down', 'up'];
  let state = newGame({ seed });
  for (let i = 0; state.record.length < count && state.status !== 'over'; i++) {
    for (let k = 0; k < order.length; k++) {
      const next = playMove(state, order[(i + k) % order.length] as Direction);
      if (next.report.moved) {
        state = next.state;
        break;
      }
    }
  }
  return state;
}

/** The replay viewer's board as its accessible grid names it. */
const readReplayGrid = (page: TestPage): Promise<number[][]> =>
  page.evaluate(() =>
    [...document.querySelectorAll('#replay-dialog [role="row"]')].map((row) =>
      [...row.querySelectorAll('[role="gridcell"]')].map((cell) => (cell.textContent === 'empty' ? 0 : Number(cell.textContent))),
    ),
  );
const replayPosition = async (page: TestPage): Promise<number> =>
  Number((await page.textContent('#replay-dialog [data-fill="position"]'))?.replace(/,/g, ''));
const viewerOpen = (page: TestPage): Promise<boolean> =>
  page.evaluate(() => (document.getElementById('replay-dialog') as HTMLDialogElement).open);

async function expectReplayAt(page: TestPage, timeline: ReplayTimeline, position: number): Promise<void> {
  await expect.poll(() => replayPosition(page)).toBe(position);
  expect(await readReplayGrid(page)).toEqual(toRows(timeline.stateAt(position).board));
}

/** Drags the scrubber to `position` (a range input takes no typing). */
async function scrub(page: TestPage, position: number): Promise<void> {
  await page.locator('#replay-scrubber').evaluate((el, p) => {
    (el as HTMLInputElement).value = String(p);
    el.dispatchEvent(new Event('input', { bubbles: true }));
  }, position);
}

/** Makes `new Date()` and `Date.now()` read a fixed instant, before the page's own script runs. */
const fixedDate = (iso: string): string =>
  `(() => { const t = ${Date.parse(iso)}; const Real = Date; globalThis.Date = class extends Real { constructor(...a) { if (a.length === 0) super(t); else super(...a); } static now() { return t; } }; })();`;

const linkTo = (record: GameRecord): string => `#g=${encodeRecord(record)}`;

/** Re-encodes a link code's bytes after `edit`, for corruptions the encoder never makes. */
function editBytes(code: string, edit: (bytes: number[]) => number[]): string {
  return Buffer.from(edit([...Buffer.from(code, 'base64url')])).toString('base64url');
}

describe('replays, share links, seeds and the daily challenge on the game page', () => {
  const browser = sharedBrowser();

  it('copies a share link that opens a replay viewer in a second page, which steps, scrubs and plays to the right boards', async () => {
    // The clipboard takes what the page writes; reading it back needs a permission no engine but
    // Chromium grants under automation, so the page's write is noted as it is made.
    const sharer = await openGame(browser(), {
      query: '?seed=77',
      initScript: `Object.defineProperty(navigator, 'clipboard', { value: { writeText: (text) => { window.__copied = text; return Promise.resolve(); } } });`,
    });
    const played: Direction[] = ['left', 'down', 'right', 'down', 'left', 'down', 'right', 'down', 'left', 'up'];
    let expected = newGame({ seed: 77 });
    await sharer.page.focus('#game');
    for (const dir of played) {
      const next = playMove(expected, dir);
      if (!next.report.moved) continue;
      expected = next.state;
      await sharer.page.keyboard.press(KEY_OF[dir]);
      await waitForMoves(sharer.page, expected.record.length);
    }
    await sharer.page.click('#share');
    // Said in the live region, and shown in a bubble by the button, which may show only its icon.
    await expect.poll(() => sharer.page.getAttribute('#share', 'data-copied')).toBe('Copied');
    await expect.poll(() => liveText(sharer.page)).toMatch(/^Link to this game copied: \d+ moves, score \d+\./);
    const bubble = await sharer.page.evaluate(() => {
      const after = getComputedStyle(document.getElementById('share')!, '::after');
      return { content: after.content, display: after.display };
    });
    // Firefox reports the rule (attr(data-copied)) where the others resolve it; the attribute is checked above either way.
    expect(bubble.display).toBe('block');
    expect(['"Copied"', 'attr(data-copied)']).toContain(bubble.content);
    const link = await sharer.page.evaluate(() => (window as unknown as { __copied: string }).__copied);
    expect(link).toMatch(/index\.html#g=[\w-]+$/);
    const decoded = decodeRecord(codeFromLink(link));
    if (!decoded.ok) throw new Error(decoded.error);
    expect(decoded.value).toEqual(recordOf(expected));
    await sharer.close();

    const timeline = new ReplayTimeline(decoded.value);
    const viewer = await openGame(browser(), { query: link.slice(link.indexOf('#')) });
    const { page } = viewer;
    await expect.poll(() => viewerOpen(page)).toBe(true);
    expect(await page.textContent('#replay-verdict')).toContain(`Verified: all ${timeline.length} moves`);
    await expectReplayAt(page, timeline, 0);

    for (let p = 1; p <= 3; p++) {
      await page.click('#replay-dialog [data-action="forward"]');
      await expectReplayAt(page, timeline, p);
    }
    await page.click('#replay-dialog [data-action="back"]');
    await expectReplayAt(page, timeline, 2);
    await page.keyboard.press('ArrowRight');
    await expectReplayAt(page, timeline, 3);

    await scrub(page, 7);
    await expectReplayAt(page, timeline, 7);
    await page.focus('#replay-scrubber');
    await page.keyboard.press('Home');
    await expectReplayAt(page, timeline, 0);
    await page.keyboard.press('End');
    await expectReplayAt(page, timeline, timeline.length);

    await page.selectOption('#replay-dialog [data-action="speed"]', '30');
    await scrub(page, 2);
    await page.click('#replay-dialog [data-action="play"]');
    expect(await page.getAttribute('#replay-dialog [data-action="play"]', 'aria-label')).toBe('Pause');
    await expectReplayAt(page, timeline, timeline.length);
    await expect.poll(() => page.getAttribute('#replay-dialog [data-action="play"]', 'aria-label')).toBe('Play');

    // The player's own game was never touched, and closing the viewer drops the link.
    expect((await readHud(page)).moves).toBe(0);
    await page.keyboard.press('Escape');
    await expect.poll(() => viewerOpen(page)).toBe(false);
    expect(new URL(await page.url()).hash).toBe('');
    expect(await viewer.errors()).toEqual([]);
    await viewer.close();
  });

  it('plays on from a replay position after confirming, with the recorded future luck', async () => {
    const record = recordOf(playedGame(5, 40));
    const timeline = new ReplayTimeline(record);
    const mine = playedGame(9, 3);
    const game = await openGame(browser(), { query: linkTo(record), storage: { [GAME_KEY]: saveOf(mine) } });
    const { page } = game;
    await expect.poll(() => viewerOpen(page)).toBe(true);
    await scrub(page, 25);
    await expectReplayAt(page, timeline, 25);

    await page.click('#replay-dialog [data-action="fork"]');
    await expect.poll(() => page.textContent('#confirm-title')).toBe('Play on from this move?');
    await page.click('#confirm-dialog button[value="cancel"]');
    expect(await viewerOpen(page)).toBe(true);
    expect(await readGrid(page)).toEqual(toRows(mine.board));

    await page.click('#replay-dialog [data-action="fork"]');
    await page.click('#confirm-dialog button[value="confirm"]');
    await expect.poll(() => viewerOpen(page)).toBe(false);
    const from = timeline.stateAt(25);
    await expectShows(page, from);
    expect(new URL(await page.url()).hash).toBe('');

    const dir = DIRECTIONS.find((d) => playMove(from, d).report.moved) as Direction;
    await page.keyboard.press(KEY_OF[dir]);
    await expectShows(page, playMove(from, dir).state);
    await game.close();
  });

  it("in the daily challenge, plays on from a replay in the normal game and goes back to it, leaving today's game as it was", async () => {
    const record = recordOf(playedGame(5, 40));
    const timeline = new ReplayTimeline(record);
    const mine = playedGame(9, 3);
    const game = await openGame(browser(), { query: `?daily${linkTo(record)}`, storage: { [GAME_KEY]: saveOf(mine) } });
    const { page } = game;
    await expect.poll(() => viewerOpen(page)).toBe(true);
    const dailyBefore = await page.evaluate(() => localStorage.getItem('cube2048:daily:game:v1'));
    await scrub(page, 25);
    await page.click('#replay-dialog [data-action="fork"]');
    // The question is about the normal game, which is the one that ends.
    await expect
      .poll(() => page.textContent('#confirm-dialog [data-confirm="message"]'))
      .toMatch(/^Your saved game, with a score of \d+, will end\.$/);
    await page.click('#confirm-dialog button[value="confirm"]');
    await page.waitForURL((url) => !url.search.includes('daily'));
    await boardShown(page);
    await expectShows(page, timeline.stateAt(25));
    expect(await page.isVisible('#daily-banner')).toBe(false);
    expect(await page.evaluate(() => localStorage.getItem('cube2048:daily:game:v1'))).toBe(dailyBefore);
    expect(await game.errors()).toEqual([]);
    await game.close();
  });

  it('shows the game up to an invalid move and says which move it is', async () => {
    const game = playedGame(11, 30);
    let at = 10;
    let stuck: Direction | undefined;
    for (; !stuck; at++) stuck = DIRECTIONS.find((d) => !playMove(new ReplayTimeline(recordOf(game)).stateAt(at), d).report.moved);
    at--;
    const letter = { left: 'L', right: 'R', up: 'U', down: 'D' }[stuck];
    const broken = { ...recordOf(game), moves: game.record.slice(0, at) + letter + game.record.slice(at) };
    expect(verifyRecord(broken).fault).toEqual({ kind: 'stuck', move: at + 1, dir: stuck });

    const open = await openGame(browser(), { query: linkTo(broken) });
    const { page } = open;
    await expect.poll(() => viewerOpen(page)).toBe(true);
    expect(await page.textContent('#replay-verdict')).toBe(`Move ${at + 1} does not change the board; the game is shown up to there.`);
    const timeline = new ReplayTimeline(broken);
    expect(timeline.length).toBe(at);
    await expectReplayAt(page, timeline, at);
    expect(await page.getAttribute('#replay-scrubber', 'max')).toBe(String(at));
    expect(await page.isDisabled('#replay-dialog [data-action="forward"]')).toBe(true);
    await open.close();
  });

  it('says when the checksum does not match, in the player’s language, and still replays every move', async () => {
    const played = playedGame(12, 20);
    const record = { ...recordOf(played), score: 999_999 };
    const tile = maxTile(played.board);
    const says = {
      en: `The moves do not match the record: they give a score of ${played.score.toLocaleString('en-US')} and a best tile of ${tile}, the record says 999,999 and ${tile}.`,
      de: `Die Züge passen nicht zur Aufzeichnung: Sie ergeben ${played.score.toLocaleString('de-DE')} Punkte und als höchste Kachel ${tile}, die Aufzeichnung nennt 999.999 und ${tile}.`,
    };
    for (const lang of ['en', 'de'] as const) {
      const open = await openGame(browser(), { query: `?lang=${lang}${linkTo(record)}` });
      await expect.poll(() => viewerOpen(open.page)).toBe(true);
      await expect.poll(() => open.page.textContent('#replay-verdict')).toBe(says[lang]);
      expect(await open.page.getAttribute('#replay-scrubber', 'max')).toBe('20');
      await open.close();
    }
  });

  it('rejects every kind of bad link with its message, runs nothing and keeps the saved game', async () => {
    const mine = playedGame(3, 6);
    const saved = saveOf(mine);
    const good = encodeRecord(recordOf(playedGame(4, 12)));
    const hostile = '<img src=x onerror="window.__pwned=1">';
    const cases: [string, string][] = [
      ['empty', ''],
      ['truncated', good.slice(0, 10)],
      ['wrong version', editBytes(good, ([, ...rest]) => [7, ...rest])],
      ['trailing data', editBytes(good, (b) => [...b, 0, 0, 0])],
      ['too many moves', editBytes(good, (b) => [...b.slice(0, 6), 0, 1, 0xe0, 0xa7, 0x12])],
      ['oversize', 'A'.repeat(MAX_RECORD_MOVES)],
      ['not base64', 'hello!world'],
      ['hostile text', hostile],
    ];
    const open = await openGame(browser(), { storage: { [GAME_KEY]: saved } });
    const { page } = open;
    for (const [kind, code] of cases) {
      const decoded = decodeRecord(code);
      expect(decoded.ok, kind).toBe(false);
      const message = decoded.ok ? '' : decoded.error;
      await page.goto('about:blank');
      await page.goto(`${siteUrl('index.html')}#g=${encodeURIComponent(code)}`);
      await boardShown(page);
      await expect
        .poll(() => page.locator('#notices .notice p').allTextContents(), { message: kind, timeout: 15_000 })
        .toEqual([`This replay link cannot be opened. ${message}`]);
      expect(await viewerOpen(page), kind).toBe(false);
      expect(new URL(await page.url()).hash, kind).toBe('');
      expect(await page.evaluate((key) => localStorage.getItem(key), GAME_KEY), kind).toBe(saved);
      expect(await readGrid(page), kind).toEqual(toRows(mine.board));
    }
    expect(await page.evaluate(() => 'pwned' in window || document.querySelector('img[src="x"]') !== null)).toBe(false);
    expect(await open.errors()).toEqual([]);
    await open.close();
  });

  it('exports the game as a file that imports into the replay viewer, and refuses a file that is not a game', async () => {
    const mine = playedGame(21, 15);
    const open = await openGame(browser(), { storage: { [GAME_KEY]: saveOf(mine) } });
    const { page } = open;
    await page.click('#open-more');
    // What the page hands the browser to save: the link's file name and its blob (engines save downloads differently under automation).
    await page.evaluate(() => {
      const made = new Map<string, Blob>();
      const createObjectURL = URL.createObjectURL.bind(URL);
      URL.createObjectURL = (blob: Blob | MediaSource) => {
        const url = createObjectURL(blob);
        if (blob instanceof Blob) made.set(url, blob);
        return url;
      };
      HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
        const blob = made.get(this.href);
        (window as unknown as { __download: Promise<{ name: string; text: string }> }).__download = (blob ?? new Blob())
          .text()
          .then((text) => ({ name: this.download, text }));
      };
    });
    await page.click('#more-dialog button[value="export"]');
    const download = await page.waitForFunction(
      () => (window as unknown as { __download: Promise<{ name: string; text: string }> }).__download,
    );
    expect(download.name).toBe('cube2048-seed21-15moves.json');

    await page.setInputFiles('#import-file', { name: download.name, mimeType: 'application/json', buffer: Buffer.from(download.text) });
    await expect.poll(() => viewerOpen(page)).toBe(true);
    expect(await page.textContent('#replay-verdict')).toContain('Verified: all 15 moves');
    await expectReplayAt(page, new ReplayTimeline(recordOf(mine)), 0);
    await page.keyboard.press('Escape');
    await expect.poll(() => viewerOpen(page)).toBe(false);

    await page.setInputFiles('#import-file', {
      name: 'notes.json',
      mimeType: 'application/json',
      buffer: Buffer.from('{"format":"something-else"}'),
    });
    await expect
      .poll(() => page.locator('#notices .notice p').allTextContents(), { timeout: 15_000 })
      .toEqual(['That file cannot be opened. The file is not a cube2048 game record.']);
    expect(await viewerOpen(page)).toBe(false);
    expect(await readGrid(page)).toEqual(toRows(mine.board));
    await open.close();
  });

  it('offers the link in a dialog to copy by hand when the clipboard refuses', async () => {
    const open = await openGame(browser(), {
      query: '?seed=8',
      initScript: `Object.defineProperty(navigator, 'clipboard', { value: { writeText: () => Promise.reject(new DOMException('denied', 'NotAllowedError')) } });`,
    });
    const { page } = open;
    await page.click('#share');
    await expect.poll(() => page.evaluate(() => (document.getElementById('share-dialog') as HTMLDialogElement).open)).toBe(true);
    const link = await page.inputValue('#share-link');
    expect(link).toBe(`${siteUrl('index.html')}${linkTo(recordOf(newGame({ seed: 8 })))}`);
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement).id)).toBe('share-link');
    // Selected, ready for Ctrl+C.
    expect(
      await page.locator('#share-link').evaluate((el) => [(el as HTMLInputElement).selectionStart, (el as HTMLInputElement).selectionEnd]),
    ).toEqual([0, link.length]);
    await page.keyboard.press('Escape');
    expect(await open.errors()).toEqual([]);
    await open.close();
  });

  it('starts the game a ?seed= link names, and a new game with a typed seed after checking it', async () => {
    const open = await openGame(browser(), { query: '?seed=4242' });
    const { page } = open;
    await expectShows(page, newGame({ seed: 4242 }));
    expect(new URL(await page.url()).search).toBe('');

    await page.click('#open-more');
    await page.click('#more-dialog button[value="seed"]');
    await page.fill('#seed-input', '12x');
    await page.press('#seed-input', 'Enter');
    expect(await page.textContent('#seed-error')).toBe('A seed is a whole number from 0 to 4294967295.');
    expect(await page.getAttribute('#seed-input', 'aria-invalid')).toBe('true');
    expect(await page.evaluate(() => (document.getElementById('seed-dialog') as HTMLDialogElement).open)).toBe(true);
    await page.fill('#seed-input', '4294967296');
    await page.click('#seed-dialog button[value="start"]');
    expect(await page.textContent('#seed-error')).toBe('A seed is a whole number from 0 to 4294967295.');
    await page.fill('#seed-input', '31337');
    await page.press('#seed-input', 'Enter');
    await expectShows(page, newGame({ seed: 31337 }));
    await open.close();
  });

  it('deals the same daily challenge to two pages on the same UTC day, apart from the saved game', async () => {
    const day = '2026-11-29';
    const today = newGame({ seed: dailySeed(day) });
    const first = await openGame(browser(), { query: '?seed=5', initScript: fixedDate(`${day}T00:10:00Z`) });
    await first.page.focus('#game');
    await first.page.keyboard.press('ArrowLeft');
    await waitForMoves(first.page, 1);
    const normal = await readGrid(first.page);

    await first.page.click('#open-more');
    await first.page.click('#more-dialog button[value="daily"]');
    await first.page.waitForURL(/\?daily$/);
    await boardShown(first.page);
    await expectShows(first.page, today);
    // Its own save and best, beside the normal game's.
    const savedDaily = await first.page.evaluate(() => localStorage.getItem('cube2048:daily:game:v1'));
    expect(savedDaily).toContain(String(dailySeed(day)));
    expect(await first.page.isVisible('#daily-banner')).toBe(true);
    expect(await first.page.textContent('#daily-banner')).toContain('29 November 2026');

    // The same day on a German page, its date written in German.
    const second = await openGame(browser(), { query: '?daily&lang=de', initScript: fixedDate(`${day}T23:50:00Z`) });
    await expectShows(second.page, today);
    await expect.poll(() => second.page.textContent('#daily-banner')).toMatch(/^\s*Tagesaufgabe 29\. November 2026: /);
    await second.close();

    await first.page.click('#leave-daily');
    await first.page.waitForURL((url) => url.search === '');
    await boardShown(first.page);
    await waitForMoves(first.page, 1);
    expect(await readGrid(first.page)).toEqual(normal);
    expect(await first.page.isVisible('#daily-banner')).toBe(false);
    await first.close();
  });
});
