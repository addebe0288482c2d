/**
 * The AI's hint as a player meets it: a plain sentence ("Move down") in the AI row, and on
 * the board an arrow that stands out in both skins, both themes and every direction, even
 * where the tallest cubes stand right at the hinted edge. What the arrow changes on screen is
 * measured (where, how much, the contrast of its badge with the board and of its arrow with
 * its badge), not compared with a stored picture.
 */
import { describe, expect, it } from 'vitest';
import type { Direction } from '../../src/engine';
import { luminance } from '../contrast';
import { BOARD_COLOURS } from '../../src/skins/palette';
import type { Pixels } from './fixtures/png';
import { hostPixels, mountPaused, skinPages } from './fixtures/skin-page';
import { sharedBrowser } from './harness';
import { GAME_KEY, openGame, position, saveOf } from './page-helpers';

const DIRECTIONS: readonly Direction[] = ['up', 'down', 'left', 'right'];
const SIDE = 600;

/** Every cell holds a tile, the biggest (the tallest cubes) along every edge. */
const FULL_BOARD = [
  [65536, 32768, 16384, 8192],
  [131072, 2, 4, 4096],
  [2048, 8, 16, 1024],
  [512, 256, 128, 64],
];

const hex = (data: Uint8Array, i: number): string =>
  `#${[data[i]!, data[i + 1]!, data[i + 2]!].map((v) => v.toString(16).padStart(2, '0')).join('')}`;

/** WCAG contrast of two relative luminances. */
const ratio = (a: number, b: number): number => (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);

interface Mark {
  /** How many pixels the hint changed. */
  readonly pixels: number;
  /** Where they lie, as a share of the host from its centre: −0.5 (left, top) to 0.5 (right, bottom). */
  readonly x: number;
  readonly y: number;
  /** Contrast of its main tone (its median pixel: the badge's fill) with the board. */
  readonly onBoard: number;
  /** Contrast of its darkest and lightest tones (the arrow and ring against the fill). */
  readonly within: number;
}

/** What showing the hint changed between two pictures of the same board, on a board of colour `board`. */
function markOf(before: Pixels, after: Pixels, board: string): Mark {
  let sx = 0;
  let sy = 0;
  const tones: number[] = [];
  for (let y = 0; y < SIDE; y++)
    for (let x = 0; x < SIDE; x++) {
      const i = (y * before.width + x) * 4;
      let moved = 0;
      for (let c = 0; c < 3; c++) moved += Math.abs(before.data[i + c]! - after.data[i + c]!);
      if (moved < 24) continue;
      sx += x;
      sy += y;
      tones.push(luminance(hex(after.data, i)));
    }
  const pixels = tones.length;
  if (pixels === 0) return { pixels, x: 0, y: 0, onBoard: 1, within: 1 };
  tones.sort((a, b) => a - b);
  const at = (share: number): number => tones[Math.floor(share * (pixels - 1))]!;
  return {
    pixels,
    x: sx / pixels / SIDE - 0.5,
    y: sy / pixels / SIDE - 0.5,
    onBoard: ratio(at(0.5), luminance(board)),
    within: ratio(at(0.05), at(0.95)),
  };
}

/** How far towards `dir` a mark lies, from the centre (0) to the host's edge (0.5). */
const towards = (mark: Mark, dir: Direction): number => ({ up: -mark.y, down: mark.y, left: -mark.x, right: mark.x })[dir];

describe('the hint arrow on the board', () => {
  const skinPage = skinPages();

  for (const skin of ['flat', 'cubes'] as const)
    for (const theme of ['light', 'dark'] as const)
      it(`stands out on the ${skin} board in the ${theme} theme, on the hinted side, in every direction`, async () => {
        const { page } = await skinPage();
        await mountPaused(page, { skin, rows: FULL_BOARD });
        await page.evaluate((t) => window.fixture.update({ theme: t }), theme);
        await page.evaluate(() => window.fixture.advance(1));
        // Real frames too, so the engine has painted the new theme before the first picture.
        await page.evaluate(() => window.fixture.frames(2));
        const before = await hostPixels(page, SIDE);
        for (const dir of DIRECTIONS) {
          await page.evaluate((d) => window.fixture.setHint(d), dir);
          await page.evaluate(() => window.fixture.advance(1));
          await page.evaluate(() => window.fixture.frames(2));
          const mark = markOf(before, await hostPixels(page, SIDE), BOARD_COLOURS[theme].board);
          const where = `${skin}, ${theme}, ${dir}: ${JSON.stringify(mark)}`;
          // At least a disc 50 px across on a board about 550 px wide: a tenth of the board's width.
          expect(mark.pixels, `${where}: big enough to see`).toBeGreaterThan(Math.PI * 25 * 25);
          expect(towards(mark, dir), `${where}: on the hinted side`).toBeGreaterThan(0.3);
          expect(Math.abs(dir === 'up' || dir === 'down' ? mark.x : mark.y), `${where}: centred along it`).toBeLessThan(0.05);
          expect(mark.onBoard, `${where}: its badge at least 3:1 from the board`).toBeGreaterThanOrEqual(3);
          expect(mark.within, `${where}: its arrow at least 3:1 from its badge`).toBeGreaterThanOrEqual(3);
          await page.evaluate(() => window.fixture.setHint(null));
          await page.evaluate(() => window.fixture.advance(1));
          await page.evaluate(() => window.fixture.frames(2));
          expect(
            markOf(before, await hostPixels(page, SIDE), BOARD_COLOURS[theme].board).pixels,
            `${where}: gone when hidden`,
          ).toBeLessThan(50);
        }
      });
});

/** Positions where the only possible move is `dir` (so the AI must suggest it), showing tiles from 2 to 8192. */
const ONLY_MOVE: Readonly<Record<Direction, number[][]>> = {
  down: [
    [2, 4, 8, 16],
    [32, 64, 128, 256],
    [512, 1024, 2048, 4096],
    [0, 0, 0, 0],
  ],
  up: [
    [0, 0, 0, 0],
    [16, 32, 64, 128],
    [256, 512, 1024, 2048],
    [4096, 8192, 2, 4],
  ],
  left: [
    [0, 2, 4, 8],
    [0, 16, 32, 64],
    [0, 128, 256, 512],
    [0, 1024, 2048, 4096],
  ],
  right: [
    [8192, 4096, 2048, 0],
    [1024, 512, 256, 0],
    [128, 64, 32, 0],
    [16, 8, 4, 0],
  ],
};

const SENTENCE: Readonly<Record<Direction, string>> = { up: 'Move up', down: 'Move down', left: 'Move left', right: 'Move right' };

describe('the hint on the game page', () => {
  const browser = sharedBrowser();

  for (const skin of ['flat', 'cubes'] as const)
    for (const dir of DIRECTIONS)
      it(`says "${SENTENCE[dir]}" plainly, with how each move was rated behind "Why?", on the ${skin} board`, async () => {
        const state = { ...position(30_000, ONLY_MOVE[dir]), status: 'keepPlaying' as const };
        const game = await openGame(browser(), { skin, storage: { [GAME_KEY]: saveOf(state) } });
        const { page } = game;
        await page.click('#ai-hint');
        await expect.poll(() => page.getAttribute('#game', 'data-hint'), { timeout: 30_000 }).toBe(dir);
        expect(await page.textContent('#ai-analysis .ai-move')).toContain(SENTENCE[dir]);
        expect(await page.isVisible('#ai-analysis .ai-move')).toBe(true);
        // The ratings wait behind "Why?": closed at first, readable words once opened.
        expect(await page.evaluate(() => document.querySelector<HTMLDetailsElement>('#ai-analysis details')?.open)).toBe(false);
        await page.click('#ai-analysis summary');
        expect(await page.locator('#ai-analysis li').allTextContents()).toEqual([
          expect.stringMatching(new RegExp(`${SENTENCE[dir]}\\s*best$`)),
          expect.stringMatching(/not possible$/),
          expect.stringMatching(/not possible$/),
          expect.stringMatching(/not possible$/),
        ]);
        expect(await game.errors()).toEqual([]);
        await game.close();
      });
});
