import { describe, expect, it } from 'vitest';
import type { Direction } from '../../src/engine';
import { FADE_MS, SLIDE_MS } from '../../src/skins/timeline';
import { tileColour } from '../../src/skins/palette';
import type { MountRequest } from './fixtures/fixture-types';
import { colourDistance, hexToRgb, meanAround } from './fixtures/png';
import { PALETTE_ROWS, hostPixels, mountPaused, pausedMidMove, skinPages } from './fixtures/skin-page';
import { firstRow } from '../engine/boards';

/** On a 600 px host a 4×4 board has a cell pitch of 600 / 4.125 px and gaps of 1/8 pitch. */
const PITCH = 600 / 4.125;
const cellCentre = (row: number, col: number): { x: number; y: number } => ({
  x: PITCH * (0.125 + col + 0.4375),
  y: PITCH * (0.125 + row + 0.4375),
});

/** One 8 in the top right corner: a left move slides it along the whole row. */
const LONE_EIGHT: MountRequest = { skin: 'flat', seed: 4, rows: firstRow([0, 0, 0, 8]) };

describe('the flat and text skins', () => {
  const skinPage = skinPages();

  it('draws the classic flat board: each tile in its colour, with its number, at its cell', async () => {
    const { page } = await skinPage();
    const rows = PALETTE_ROWS;
    await mountPaused(page, { skin: 'flat', rows });
    const image = await hostPixels(page);
    for (const [r, row] of rows.entries())
      for (const [c, value] of row.entries()) {
        if (value === 0) continue;
        const { x, y } = cellCentre(r, c);
        // Sample near a corner of the tile, away from its digits.
        const got = meanAround(image, x - PITCH * 0.36, y - PITCH * 0.36, 1);
        expect(colourDistance(got, hexToRgb(tileColour(Math.log2(value)))), `cell ${r},${c}`).toBeLessThan(12);
      }
    const labels = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>('#host div')].filter((d) => d.style.visibility === 'visible').map((d) => d.textContent),
    );
    expect(labels.sort()).toEqual(['131072', '16', '2', '2048', '256', '4', '64', '8']);
  });

  it('slides tiles with transforms part of the way mid-animation, then rests on the new board', async () => {
    const { page } = await skinPage();
    await mountPaused(page, LONE_EIGHT);
    const box = (): Promise<number> =>
      page.evaluate(
        () =>
          [...document.querySelectorAll<HTMLElement>('#host div')]
            .find((d) => d.style.visibility === 'visible' && d.textContent === '8')!
            .getBoundingClientRect().x,
      );
    const start = await box();
    await page.evaluate(() => window.fixture.move('left'));
    await page.evaluate((ms) => window.fixture.advance(ms), SLIDE_MS / 2);
    const mid = await box();
    await page.evaluate((ms) => window.fixture.advance(ms), 1000);
    const end = await box();
    expect(start).toBeGreaterThan(PITCH * 3);
    expect(end).toBeLessThan(PITCH * 0.2);
    expect(mid).toBeLessThan(start);
    expect(mid).toBeGreaterThan(end);
    const tiles = (await page.evaluate(() => window.fixture.inspect())).tiles;
    const rows = (await page.evaluate(() => window.fixture.state())).rows;
    expect(tiles.map((t) => `${t.value}@${t.row},${t.col}`).sort()).toEqual(
      rows.flatMap((row, r) => row.flatMap((v, c) => (v ? [`${v}@${r},${c}`] : []))).sort(),
    );
  });

  it('fades instead of sliding under reduced motion', async () => {
    const { page } = await skinPage();
    await pausedMidMove(page, { ...LONE_EIGHT, reducedMotion: true }, 'left', FADE_MS / 2);
    const opacities = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>('#host div')]
        .filter((d) => d.textContent === '8' && d.style.visibility === 'visible')
        .map((d) => Number(d.style.opacity)),
    );
    expect(opacities.sort()).toEqual([0.5, 0.5]);
  });

  it('follows prefers-reduced-motion when no option says otherwise', async () => {
    const { page } = await skinPage();
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await pausedMidMove(page, LONE_EIGHT, 'left', FADE_MS / 2);
    const tiles = (await page.evaluate(() => window.fixture.inspect())).tiles.filter((t) => t.value === 8);
    expect(tiles.map((t) => [t.col, t.opacity])).toEqual(
      expect.arrayContaining([
        [0, 0.5],
        [3, 0.5],
      ]),
    );
  });

  it('keeps the board, the score and the undo history when the skin is switched mid-game', async () => {
    const { page } = await skinPage();
    await page.evaluate(() => window.fixture.mount({ skin: 'cubes', seed: 99 }));
    const dirs: Direction[] = ['left', 'up', 'right', 'down', 'left', 'up', 'left', 'down'];
    for (const d of dirs) await page.evaluate((dir) => window.fixture.move(dir), d);
    const before = await page.evaluate(() => window.fixture.state());
    expect(before.record.length).toBeGreaterThan(4);
    for (const skin of ['flat', 'text', 'cubes'] as const) {
      await page.evaluate((name) => window.fixture.switchSkin(name), skin);
      expect(await page.evaluate(() => window.fixture.state())).toEqual(before);
      const shown = (await page.evaluate(() => window.fixture.inspect())).tiles;
      expect(shown.map((t) => `${t.value}@${t.row},${t.col}`).sort(), `${skin} shows the board`).toEqual(
        before.rows.flatMap((row, r) => row.flatMap((v, c) => (v ? [`${v}@${r},${c}`] : []))).sort(),
      );
      expect(await page.evaluate(() => window.fixture.canvasCount())).toBe(skin === 'cubes' ? 1 : 0);
    }
    expect(await page.evaluate(() => window.fixture.undo())).toBe(true);
    const undone = await page.evaluate(() => window.fixture.state());
    expect(undone.record).toBe(before.record.slice(0, -1));
  });

  it('prints the board in a <pre> and follows every move', async () => {
    const { page } = await skinPage();
    const rows = [
      [2, 2, 0, 0],
      [0, 0, 0, 0],
      [0, 0, 1024, 0],
      [0, 0, 0, 4],
    ];
    await page.evaluate((r) => window.fixture.mount({ skin: 'text', rows: r }), rows);
    const text = (): Promise<string> => page.evaluate(() => document.querySelector('#host pre')!.textContent ?? '');
    const numbers = (t: string): number[][] =>
      t
        .split('\n')
        .filter((l) => l.startsWith('│'))
        .map((l) =>
          l
            .split('│')
            .slice(1, -1)
            .map((cell) => Number(cell.trim() || 0)),
        );
    expect(numbers(await text())).toEqual(rows);
    await page.evaluate(() => window.fixture.move('left'));
    expect(numbers(await text())).toEqual((await page.evaluate(() => window.fixture.state())).rows);
    await page.evaluate(() => window.fixture.setHint('up'));
    expect(await text()).toContain('hint: ↑ up');
  });

  it('leave nothing behind when disposed: no elements, no style sheets', async () => {
    const { page } = await skinPage();
    const sheets = await page.evaluate(() => document.styleSheets.length + document.adoptedStyleSheets.length);
    for (const skin of ['flat', 'text'] as const) {
      await page.evaluate((name) => window.fixture.mount({ skin: name, seed: 3 }), skin);
      await page.evaluate(() => window.fixture.move('left') || window.fixture.move('right'));
      expect(await page.evaluate(() => window.fixture.hostChildren())).toBe(1);
      await page.evaluate(() => window.fixture.dispose());
      expect(await page.evaluate(() => window.fixture.hostChildren())).toBe(0);
    }
    expect(await page.evaluate(() => document.styleSheets.length + document.adoptedStyleSheets.length)).toBe(sheets);
  });
});
