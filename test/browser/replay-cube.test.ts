/**
 * A cube game in the replay viewer: opened from a `#g=` link and from Your games, it is said to
 * be a cube (in the line about it and in its board’s name), mirrored one grid per
 * layer, stepped, scrubbed and played through its moves in and out to the board the record ends
 * on, and played on from a move as a cube game on the page.
 */
import { describe, expect, it } from 'vitest';
import type { CubeDirection, GameState } from '../../src/engine';
import { newGame, parseGame, playMove, toLayers } from '../../src/engine';
import type { GameRecord } from '../../src/replay/record';
import { ReplayTimeline, encodeRecord, recordOf, verifyRecord } from '../../src/replay/record';
import { playGame } from '../history/games';
import type { TestPage } from './harness';
import { sharedBrowser } from './harness';
import { GAME_KEY, isDialogOpen, openGame, saveOf, storedGames } from './page-helpers';

const WAIT = { timeout: 15_000 };

/** A cube game of `count` moves from `seed` that goes in and out: the six directions in turn, skipping one that moves nothing. */
function cubeGame(seed: number, count: number): GameState {
  const order: CubeDirection[] = ['in', 'left', 'out', 'down', 'right', 'up'];
  let state = newGame({ size: 3, dimensions: 3, seed });
  for (let i = 0; state.record.length < count && state.status === 'playing'; i++) {
    const dir = [...order.slice(i % 6), ...order.slice(0, i % 6)].find((d) => playMove(state, d).report.moved);
    if (!dir) break;
    state = playMove(state, dir).state;
  }
  return state;
}

/** The replay viewer's board as its accessible grids name it: one grid per layer, nearest first. */
const replayLayers = (page: TestPage): Promise<{ name: string | null; rows: number[][] }[]> =>
  page.evaluate(() =>
    [...document.querySelectorAll('#replay-dialog .replay-grid [role="grid"]')].map((grid) => ({
      name: grid.getAttribute('aria-label'),
      rows: [...grid.querySelectorAll('[role="row"]')].map((row) =>
        [...row.querySelectorAll('[role="gridcell"]')].map((cell) => (/^\d+$/.test(cell.textContent ?? '') ? Number(cell.textContent) : 0)),
      ),
    })),
  );
const replayRows = async (page: TestPage): Promise<number[][][]> => (await replayLayers(page)).map((layer) => layer.rows);
const replayPosition = async (page: TestPage): Promise<number> => Number(await page.textContent('#replay-dialog [data-fill="position"]'));

async function expectReplayAt(page: TestPage, timeline: ReplayTimeline, position: number): Promise<void> {
  await expect.poll(() => replayPosition(page), WAIT).toBe(position);
  await expect.poll(() => replayRows(page), WAIT).toEqual(toLayers(timeline.stateAt(position).board));
}

/** Drags the scrubber to `position` (a range input takes no typing). */
async function scrub(page: TestPage, position: number): Promise<void> {
  await page.locator('#replay-scrubber').evaluate((el, p) => {
    (el as HTMLInputElement).value = String(p);
    el.dispatchEvent(new Event('input', { bubbles: true }));
  }, position);
}

/** What the viewer says of the record's shape: its title (a cube's is said once, in the line about the game), that line, and its board's name. */
const shapeWords = async (page: TestPage): Promise<{ title: string; about: string; board: string | null }> => ({
  title: ((await page.textContent('#replay-title')) ?? '').replace(/\s+/g, ' ').trim(),
  about: (await page.textContent('#replay-dialog [data-fill="about"]')) ?? '',
  board: await page.getAttribute('#replay-dialog .replay-grid', 'aria-label'),
});

/** The game the page keeps in its save, as the engine reads it. */
async function savedGame(page: TestPage): Promise<GameState> {
  const text = await page.evaluate((k) => localStorage.getItem(k), GAME_KEY);
  const parsed = parseGame((JSON.parse(text ?? 'null') as { game: unknown }).game);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.value;
}

const linkTo = (record: GameRecord): string => `#g=${encodeRecord(record)}`;

describe('a cube game in the replay viewer', () => {
  const browser = sharedBrowser();

  it('opens a cube link, shows its layers, steps, scrubs and plays to the recorded board, and plays on from a move as a cube', async () => {
    const played = cubeGame(4, 24);
    expect(played.record).toMatch(/I/);
    expect(played.record).toMatch(/O/);
    const record = recordOf(played);
    const timeline = new ReplayTimeline(record);
    const mine = playGame({ size: 4, seed: 21, moves: 15 });
    const game = await openGame(browser(), { query: linkTo(record), storage: { [GAME_KEY]: saveOf(mine) } });
    const { page } = game;
    await expect.poll(() => isDialogOpen(page, 'replay-dialog'), WAIT).toBe(true);
    expect(await shapeWords(page)).toEqual({
      title: 'Replay',
      about: `3 × 3 × 3 cube · seed 4 · goal ${record.target} · ${timeline.length} moves recorded`,
      board: 'Replay cube, 3 by 3 by 3',
    });
    expect(await page.textContent('#replay-verdict')).toContain(`Verified: all ${timeline.length} moves`);
    await expect
      .poll(() => replayLayers(page).then((layers) => layers.map((l) => l.name)), WAIT)
      .toEqual(['Layer 1 · front', 'Layer 2', 'Layer 3 · back']);
    await expectReplayAt(page, timeline, 0);

    // Every move forward, the ones in and out too, then back, by button and by key.
    for (let p = 1; p <= 4; p++) {
      await page.click('#replay-dialog [data-action="forward"]');
      await expectReplayAt(page, timeline, p);
    }
    await page.click('#replay-dialog [data-action="back"]');
    await expectReplayAt(page, timeline, 3);
    await page.keyboard.press('ArrowRight');
    await expectReplayAt(page, timeline, 4);
    await scrub(page, 17);
    await expectReplayAt(page, timeline, 17);

    await page.selectOption('#replay-dialog [data-action="speed"]', '30');
    await page.click('#replay-dialog [data-action="play"]');
    await expectReplayAt(page, timeline, timeline.length);
    await expect.poll(() => page.getAttribute('#replay-dialog [data-action="play"]', 'aria-label'), WAIT).toBe('Play');
    expect(await replayRows(page)).toEqual(toLayers(verifyRecord(record).final.board));

    // Play from here: the question first (a square game is at stake), then a cube game from that move.
    await scrub(page, 10);
    await expectReplayAt(page, timeline, 10);
    await page.click('#replay-dialog [data-action="fork"]');
    await expect.poll(() => isDialogOpen(page, 'confirm-dialog'), WAIT).toBe(true);
    await page.click('#confirm-dialog button[value="confirm"]');
    await expect.poll(() => isDialogOpen(page, 'replay-dialog'), WAIT).toBe(false);
    const from = timeline.stateAt(10);
    await expect.poll(() => savedGame(page).then((g) => g.record), WAIT).toBe(from.record);
    const saved = await savedGame(page);
    expect(saved.board).toEqual(from.board);
    expect(saved.board.dimensions).toBe(3);
    // The page's cube part comes with it: its keys play in and out.
    await page.waitForFunction(() => document.querySelector('.cube-help') !== null, null, WAIT);
    const dir = (['in', 'out'] as const).find((d) => playMove(from, d).report.moved) as CubeDirection;
    await page.keyboard.press(dir === 'in' ? 'f' : 'b');
    await expect.poll(() => savedGame(page).then((g) => g.record), WAIT).toBe(playMove(from, dir).state.record);
    expect(await game.errors()).toEqual([]);
    await game.close();
  });

  it('pulls the layers of a cube apart on the 3D board while X is held, and puts them together when it is let go', async () => {
    const record = recordOf(cubeGame(4, 12));
    const game = await openGame(browser(), { query: linkTo(record), skin: 'cubes' });
    const { page } = game;
    await expect.poll(() => isDialogOpen(page, 'replay-dialog'), WAIT).toBe(true);
    /** The layers' names over the viewer's 3D board: shown only while the layers are apart. */
    const names = (): Promise<string[]> =>
      page.evaluate(() => {
        const root = document.querySelector<HTMLElement>('#replay-dialog [data-layer-names]');
        return root && getComputedStyle(root).display !== 'none' ? [...root.children].map((el) => el.textContent ?? '') : [];
      });
    await expect
      .poll(() => page.evaluate(() => document.querySelector('#replay-dialog [data-layer-names]') !== null), { timeout: 30_000 })
      .toBe(true);
    expect(await names()).toEqual([]);
    // The key's events sent in the page: WebKit's driver lets a key go at once, so it cannot hold one.
    const key = (type: 'keydown' | 'keyup'): Promise<void> =>
      page.evaluate(
        (t) =>
          void (document.activeElement ?? document.body).dispatchEvent(new KeyboardEvent(t, { key: 'x', code: 'KeyX', bubbles: true })),
        type,
      );
    await key('keydown');
    await expect.poll(names, WAIT).toEqual(['Layer 1 · front', 'Layer 2', 'Layer 3 · back']);
    await key('keyup');
    await expect.poll(names, WAIT).toEqual([]);
    expect(await replayPosition(page), 'the key is not a replay command').toBe(0);
    expect(await game.errors()).toEqual([]);
    await game.close();
  });

  it('shows a cube game up to a move in or out that changes nothing, naming it', async () => {
    const game = cubeGame(6, 20);
    const timeline = new ReplayTimeline(recordOf(game));
    // The first position where going in or out moves nothing: that move is written in there.
    let at = 0;
    let stuck: 'in' | 'out' | undefined;
    for (; !stuck; at++) stuck = (['in', 'out'] as const).find((d) => !playMove(timeline.stateAt(at), d).report.moved);
    at--;
    const broken = { ...recordOf(game), moves: game.record.slice(0, at) + (stuck === 'in' ? 'I' : 'O') + game.record.slice(at) };
    const open = await openGame(browser(), { query: linkTo(broken) });
    const { page } = open;
    await expect.poll(() => isDialogOpen(page, 'replay-dialog'), WAIT).toBe(true);
    expect(await page.textContent('#replay-verdict')).toBe(`Move ${at + 1} does not change the board; the game is shown up to there.`);
    await expectReplayAt(page, new ReplayTimeline(broken), at);
    expect(await page.isDisabled('#replay-dialog [data-action="forward"]')).toBe(true);
    await open.close();
  });

  it('says it is a cube in the page’s language', async () => {
    const record = recordOf(cubeGame(5, 3));
    const open = await openGame(browser(), { query: `?lang=de${linkTo(record)}` });
    const { page } = open;
    await expect.poll(() => isDialogOpen(page, 'replay-dialog'), WAIT).toBe(true);
    expect(await shapeWords(page)).toEqual({
      title: 'Wiederholung',
      about: `Würfel 3 × 3 × 3 · Seed 5 · Ziel ${record.target} · 3 Züge aufgezeichnet`,
      board: 'Würfel der Wiederholung, 3 mal 3 mal 3',
    });
    await expect.poll(() => replayLayers(page).then((layers) => layers[0]?.name), WAIT).toBe('Ebene 1 · vorne');
    await open.close();
  });

  it('replays a cube game kept in Your games with a cube’s words, to the board it ended on', async () => {
    const cube = playGame({ size: 3, dimensions: 3, seed: 8, moves: 15 });
    const game = await openGame(browser(), { storage: { [GAME_KEY]: saveOf(cube) } });
    const { page } = game;
    // Left for a new game after 10 moves: kept in the history.
    await page.click('#new-game');
    await expect.poll(() => isDialogOpen(page, 'confirm-dialog'), WAIT).toBe(true);
    await page.click('#confirm-dialog button[value="confirm"]');
    await expect.poll(() => storedGames(page), WAIT).toEqual([expect.objectContaining({ end: 'left', score: cube.score, moves: 15 })]);

    await page.click('#open-history');
    await expect.poll(() => isDialogOpen(page, 'history-dialog'), WAIT).toBe(true);
    await page.click('#history-tab-games');
    await page.click('#history-games button[data-action="replay"]');
    await expect.poll(() => isDialogOpen(page, 'replay-dialog'), WAIT).toBe(true);
    expect(await shapeWords(page)).toEqual({
      title: 'Replay',
      about: `3 × 3 × 3 cube · seed 8 · goal ${cube.target} · 15 moves recorded`,
      board: 'Replay cube, 3 by 3 by 3',
    });
    const timeline = new ReplayTimeline(recordOf(cube));
    await expectReplayAt(page, timeline, 0);
    await page.focus('#replay-scrubber');
    await page.keyboard.press('End');
    await expectReplayAt(page, timeline, 15);
    expect(await replayRows(page)).toEqual(toLayers(cube.board));
    expect(await game.errors()).toEqual([]);
    await game.close();
  });
});
