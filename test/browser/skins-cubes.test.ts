import { describe, expect, it } from 'vitest';
import { BOARD_COLOURS, tileColour } from '../../src/skins/palette';
import { FADE_MS, MOVE_MS, POP_MS, SLIDE_MS } from '../../src/skins/timeline';
import { chromiumOnly, playwright, supports } from './harness';
import type { MountRequest } from './fixtures/fixture-types';
import { colourDistance, hexToRgb } from './fixtures/png';
import type { TestPage } from './harness';
import { PALETTE_ROWS, cubeColours, hostPixels, mountPaused, pausedMidMove, skinPages } from './fixtures/skin-page';
import { cubesTolerance } from './torture-helpers';
import { grid } from '../engine/boards';

const END = MOVE_MS + 1;
const exponentOf = (value: number): number => Math.log2(value);
/** Lighting shades a top face a little; it must still read as its palette colour (per engine). */
const SAME_COLOUR = cubesTolerance.colour;

/** A left move here slides the 8, merges the two 2s in the top row, and spawns a tile (seed 5). */
const SLIDE_MERGE_SPAWN: MountRequest = { skin: 'cubes', seed: 5, rows: grid('0 2 0 2 | 0 0 0 8 | 0 0 0 0 | 4 0 0 0') };

describe('the 3D cube skin', () => {
  const skinPage = skinPages();

  /** Every cell of the screenshot shows what the store holds: its tile's colour, or an empty slot. */
  async function expectBoardShown(page: TestPage): Promise<void> {
    const { rows } = await page.evaluate(() => window.fixture.state());
    const shown = await cubeColours(page, await hostPixels(page), rows.length);
    for (const [r, row] of rows.entries())
      for (const [c, value] of row.entries()) {
        const want = hexToRgb(value === 0 ? BOARD_COLOURS.light.slot : tileColour(exponentOf(value)));
        const got = shown[r]![c]!;
        expect(colourDistance(got, want), `cell ${r},${c} (${value}) shows rgb(${got.join(',')})`).toBeLessThan(SAME_COLOUR);
      }
  }

  describe('drawing', () => {
    it('shows each cube in its palette colour at its cell, and the empty slots', async () => {
      const { page } = await skinPage();
      await mountPaused(page, { skin: 'cubes', rows: PALETTE_ROWS });
      await expectBoardShown(page);
    });

    it('changes the cells a move changed, and only those', async () => {
      const { page } = await skinPage();
      await mountPaused(page, { skin: 'cubes', seed: 11, rows: grid('0 0 0 2 | 0 0 0 0 | 0 8 0 0 | 0 0 0 0') });
      const before = await cubeColours(page, await hostPixels(page), 4);
      const beforeRows = (await page.evaluate(() => window.fixture.state())).rows;
      expect(await page.evaluate(() => window.fixture.move('left'))).toBe(true);
      await page.evaluate((end) => window.fixture.advance(end), END);
      const after = await cubeColours(page, await hostPixels(page), 4);
      const afterRows = (await page.evaluate(() => window.fixture.state())).rows;
      for (let r = 0; r < 4; r++)
        for (let c = 0; c < 4; c++) {
          const moved = colourDistance(before[r]![c]!, after[r]![c]!);
          if (beforeRows[r]![c] !== afterRows[r]![c]) expect(moved, `cell ${r},${c} changed`).toBeGreaterThan(SAME_COLOUR);
        }
      await expectBoardShown(page);
    });

    it('is not blank, and keeps a small constant number of draw calls whatever the tile count', async () => {
      const { page } = await skinPage();
      await mountPaused(page, { skin: 'cubes', seed: 2 });
      const image = await hostPixels(page);
      const colours = new Set<number>();
      for (let i = 0; i < image.data.length; i += 4 * 97)
        colours.add((image.data[i]! << 16) | (image.data[i + 1]! << 8) | image.data[i + 2]!);
      expect(colours.size).toBeGreaterThan(40);
      const few = (await page.evaluate(() => window.fixture.stats()))!.drawCalls;
      // One tile of each value from 2 to 65536.
      const everyTile = Array.from({ length: 4 }, (_, r) => Array.from({ length: 4 }, (_, c) => 2 ** (r * 4 + c + 1)));
      await mountPaused(page, { skin: 'cubes', rows: everyTile });
      const many = (await page.evaluate(() => window.fixture.stats()))!.drawCalls;
      expect(many).toBe(few);
      expect(many).toBeLessThanOrEqual(8);
      await page.evaluate(() => window.fixture.setHint('left'));
      await page.evaluate(() => window.fixture.advance(1));
      expect((await page.evaluate(() => window.fixture.stats()))!.drawCalls).toBe(few + 1);
    });

    // WebKitGTK's WebDriver cannot set a device pixel ratio.
    it.skipIf(!supports.deviceScaleFactor)('sizes its drawing buffer from the host, at a device pixel ratio capped at 2', async () => {
      const { page } = await skinPage({ deviceScaleFactor: 3 });
      await page.evaluate(() => window.fixture.mount({ skin: 'cubes', seed: 2 }));
      await page.evaluate(() => window.fixture.frames(2));
      expect(await page.evaluate(() => document.querySelector('canvas')!.width)).toBe(1200);
      await page.evaluate(() => {
        document.querySelector<HTMLElement>('#host')!.style.width = '300px';
        document.querySelector<HTMLElement>('#host')!.style.height = '300px';
      });
      await page.waitForFunction(() => document.querySelector('canvas')!.width === 600);
      expect(await page.evaluate(() => document.querySelector('canvas')!.getBoundingClientRect().width)).toBe(300);
    });

    chromiumOnly('changing the device pixel ratio of a live page takes CDP')(
      'follows a change of device pixel ratio (another screen, a zoom) without waiting for a resize',
      async () => {
        const { page } = await skinPage();
        await page.evaluate(() => window.fixture.mount({ skin: 'cubes', seed: 2 }));
        await page.evaluate(() => window.fixture.frames(2));
        const bufferWidth = (): Promise<number> => page.evaluate(() => document.querySelector('canvas')!.width);
        const frames = async (): Promise<number> => (await page.evaluate(() => window.fixture.stats()))!.frames;
        expect(await bufferWidth()).toBe(600);
        // Chromium re-evaluates media queries under emulation only when the viewport changes too, so
        // each step also widens the page a little; the host keeps its fixed 600 px, so the skin sees no resize.
        const cdp = await playwright(page).context().newCDPSession(playwright(page));
        const emulate = (deviceScaleFactor: number, step: number): Promise<unknown> =>
          cdp.send('Emulation.setDeviceMetricsOverride', { width: 800 + step, height: 800, deviceScaleFactor, mobile: false });
        for (const [step, [ratio, width]] of (
          [
            [1.5, 900],
            [3, 1200],
            [1, 600],
          ] as const
        ).entries()) {
          const drawn = await frames();
          await emulate(ratio, step + 1);
          await page.waitForFunction((want) => document.querySelector('canvas')!.width === want, width);
          expect(await page.evaluate(() => document.querySelector('canvas')!.getBoundingClientRect().width)).toBe(600);
          // A new buffer starts blank: the board is drawn again at once.
          await page.waitForFunction((before) => window.fixture.stats()!.frames > before, drawn);
        }
        await expectBoardShown(page);
      },
    );
  });

  describe('animation', () => {
    it('animates every step of a move: slides part way, merging cubes meet, the merged cube pops, the new one grows', async () => {
      const { page } = await skinPage();
      await mountPaused(page, SLIDE_MERGE_SPAWN);
      await page.evaluate(() => window.fixture.move('left'));
      const steps = await page.evaluate(() => window.fixture.lastSteps());
      expect(steps.map((s) => s.kind).sort()).toEqual(['merge', 'slide', 'spawn']);

      await page.evaluate((ms) => window.fixture.advance(ms), SLIDE_MS / 2);
      const mid = await page.evaluate(() => window.fixture.inspect());
      expect(mid.animating).toBe(true);
      for (const step of steps) {
        if (step.kind === 'slide') {
          // 8 slides from column 3 to column 0 along row 1.
          const tile = mid.tiles.find((t) => t.value === step.value && t.row === 1);
          expect(tile?.col).toBeGreaterThan(0);
          expect(tile?.col).toBeLessThan(3);
        } else if (step.kind === 'merge') {
          const sources = mid.tiles.filter((t) => t.value === step.value / 2 && t.row === 0);
          expect(sources).toHaveLength(2);
          for (const s of sources) expect(s.col % 1).not.toBe(0);
          expect(mid.tiles.some((t) => t.value === step.value && t.row === 0)).toBe(false);
        } else {
          expect(mid.tiles.some((t) => t.row * 4 + t.col === step.at && t.value === step.value && t.scale > 0)).toBe(false);
        }
      }

      await page.evaluate((ms) => window.fixture.advance(ms), SLIDE_MS / 2 + POP_MS / 2);
      const pop = await page.evaluate(() => window.fixture.inspect());
      const merge = steps.find((s) => s.kind === 'merge')!;
      const spawn = steps.find((s) => s.kind === 'spawn')!;
      expect(pop.tiles.filter((t) => t.value === merge.value / 2 && t.row === 0)).toEqual([]);
      expect(pop.tiles.find((t) => t.value === merge.value && t.row === 0 && t.col === 0)?.scale).toBeGreaterThan(1.15);
      const growing = pop.tiles.find((t) => spawn.kind === 'spawn' && t.row * 4 + t.col === spawn.at && t.value === spawn.value);
      expect(growing?.scale).toBeGreaterThan(0);
      expect(growing?.scale).toBeLessThan(1);

      await page.evaluate((ms) => window.fixture.advance(ms), END);
      const end = await page.evaluate(() => window.fixture.inspect());
      expect(end.animating).toBe(false);
      expect(end.tiles.every((t) => t.scale === 1 && t.opacity === 1 && Number.isInteger(t.col))).toBe(true);
    });

    it('jumps to the end and starts the next move at once when a move comes mid-animation', async () => {
      const { page } = await skinPage();
      await pausedMidMove(page, { skin: 'cubes', seed: 8, rows: grid('2 0 0 2 | 0 4 0 0 | 0 0 0 0 | 0 0 8 0') }, 'right', 40);
      const between = (await page.evaluate(() => window.fixture.state())).rows;
      expect(await page.evaluate(() => window.fixture.move('down'))).toBe(true);
      await page.evaluate(() => window.fixture.advance(1));
      // Every tile drawn now starts from the board the first move ended on, never from a stale place.
      const early = await page.evaluate(() => window.fixture.inspect());
      const moving = await page.evaluate(() => window.fixture.lastSteps());
      const rc = (cell: number): [number, number] => [Math.floor(cell / 4), cell % 4];
      const within = (x: number, a: number, b: number): boolean => x >= Math.min(a, b) && x <= Math.max(a, b);
      const onPath = (row: number, col: number, from: number, to: number): boolean =>
        within(row, rc(from)[0], rc(to)[0]) && within(col, rc(from)[1], rc(to)[1]);
      for (const tile of early.tiles) {
        const resting = Number.isInteger(tile.row) && Number.isInteger(tile.col) && between[tile.row]?.[tile.col] === tile.value;
        const travelling = moving.some(
          (s) =>
            (s.kind === 'slide' && s.value === tile.value && onPath(tile.row, tile.col, s.from, s.to)) ||
            (s.kind === 'merge' && s.value === tile.value * 2 && s.from.some((f) => onPath(tile.row, tile.col, f, s.to))),
        );
        expect(resting || travelling, `tile ${tile.value} at ${tile.row},${tile.col}`).toBe(true);
      }
      await page.evaluate((ms) => window.fixture.advance(ms), END);
      const { rows } = await page.evaluate(() => window.fixture.state());
      const shown = (await page.evaluate(() => window.fixture.inspect())).tiles;
      const expected = rows.flatMap((row, r) => row.map((value, c) => ({ value, r, c }))).filter((t) => t.value !== 0);
      expect(shown.map((t) => `${t.value}@${t.row},${t.col}`).sort()).toEqual(expected.map((t) => `${t.value}@${t.r},${t.c}`).sort());
      await expectBoardShown(page);
    });

    it('replaces motion with short fades under reduced motion', async () => {
      const { page } = await skinPage();
      await pausedMidMove(page, { ...SLIDE_MERGE_SPAWN, reducedMotion: true }, 'left', FADE_MS / 2);
      const mid = await page.evaluate(() => window.fixture.inspect());
      expect(mid.tiles.every((t) => Number.isInteger(t.col) && Number.isInteger(t.row) && t.scale === 1)).toBe(true);
      expect(mid.tiles.some((t) => t.opacity > 0 && t.opacity < 1)).toBe(true);
    });

    it('draws no frames while the board is idle', async () => {
      const { page } = await skinPage();
      await page.evaluate(() => window.fixture.mount({ skin: 'cubes', seed: 3 }));
      await page.evaluate(() => window.fixture.move('left') || window.fixture.move('right'));
      await page.waitForFunction(() => !window.fixture.inspect().animating);
      const settled = (await page.evaluate(() => window.fixture.stats()))!.frames;
      await page.waitForTimeout(2000);
      expect((await page.evaluate(() => window.fixture.stats()))!.frames).toBe(settled);
      expect(await page.evaluate(() => window.fixture.inspect().animating)).toBe(false);
    });
    it('eases the camera after the pointer, then stops drawing; never under reduced motion', async () => {
      const { page } = await skinPage();
      const frames = async (): Promise<number> => (await page.evaluate(() => window.fixture.stats()))!.frames;
      const settle = (): Promise<unknown> => page.waitForFunction(() => !window.fixture.inspect().animating);
      await page.evaluate(() => window.fixture.mount({ skin: 'cubes', seed: 3, parallax: true }));
      await settle();
      const before = await frames();
      await page.mouse.move(60, 60);
      await page.mouse.move(540, 500, { steps: 3 });
      await settle();
      const eased = await frames();
      expect(eased).toBeGreaterThan(before);
      await page.waitForTimeout(300);
      expect(await frames()).toBe(eased);

      await page.evaluate(() => window.fixture.update({ reducedMotion: true }));
      await settle();
      const still = await frames();
      await page.mouse.move(100, 100, { steps: 3 });
      await page.waitForTimeout(300);
      expect(await frames()).toBe(still);
    });
  });

  describe('its WebGL context', () => {
    it('shows the right board after the context is lost mid-animation and restored', async () => {
      const { page } = await skinPage();
      await pausedMidMove(page, { skin: 'cubes', seed: 21, rows: grid('2 2 0 0 | 0 0 4 0 | 0 0 0 0 | 0 8 0 0') }, 'left', 30);
      await page.evaluate(() => window.fixture.loseContext());
      await page.waitForFunction(() => window.fixture.stats()!.contextLost);
      // The game goes on while the context is gone.
      expect(await page.evaluate(() => window.fixture.move('down'))).toBe(true);
      await page.evaluate(() => window.fixture.restoreContext());
      await page.waitForFunction(() => !window.fixture.stats()!.contextLost);
      await page.evaluate(() => window.fixture.advance(1));
      await expectBoardShown(page);
    });

    it('frees every GPU resource and releases the context on dispose, 50 times over', async () => {
      const { page, console } = await skinPage();
      await page.evaluate(() => window.fixture.mount({ skin: 'cubes', seed: 4 }));
      await page.evaluate(() => window.fixture.frames(2));
      const live = (await page.evaluate(() => window.fixture.stats()))!;
      expect(live.geometries).toBeGreaterThan(0);
      expect(live.textures).toBeGreaterThan(0);
      const freed = (await page.evaluate(() => window.fixture.dispose()))!;
      expect({ geometries: freed.geometries, textures: freed.textures }).toEqual({ geometries: 0, textures: 0 });
      expect(await page.evaluate(() => window.fixture.hostChildren())).toBe(0);

      // Every tenth one draws first (shaders, uploads): releasing a context that drew waits for
      // its GPU work, seconds each on a busy software renderer.
      await page.evaluate(() => window.fixture.cycle('cubes', 50, 10));
      expect(await page.evaluate(() => window.fixture.canvasCount())).toBe(0);
      expect(await page.evaluate(() => window.fixture.hostChildren())).toBe(0);
      expect((await console()).filter((m) => /too many active webgl contexts/i.test(m))).toEqual([]);
    });

    it('refuses to mount without WebGL, with one line a player can read, and leaves nothing behind', async () => {
      const p = await skinPage();
      await p.context.addInitScript(() => {
        const original = HTMLCanvasElement.prototype.getContext;
        HTMLCanvasElement.prototype.getContext = function (this: HTMLCanvasElement, type: string, ...rest: unknown[]) {
          return type.startsWith('webgl') ? null : (original as (...a: unknown[]) => unknown).call(this, type, ...rest);
        } as typeof original;
      });
      await p.page.reload();
      await p.page.waitForFunction(() => document.body.dataset.ready === 'true');
      const failure = await p.page.evaluate(() =>
        window.fixture.mount({ skin: 'cubes', seed: 1 }).then(
          () => null,
          (error: Error) => ({ name: error.name, message: error.message }),
        ),
      );
      expect(failure?.name).toBe('SkinUnavailableError');
      expect(failure?.message).toMatch(/WebGL/);
      expect(failure?.message).not.toMatch(/\n/);
      expect(await p.page.evaluate(() => window.fixture.hostChildren())).toBe(0);
    });
  });
});
