/**
 * What each shipped bundle costs to download, held to its budget. The figures come from
 * fresh builds measured by bench/sizes.ts (the same code `npm run bench -- sizes` reports
 * with), so they are deterministic and can fail a build.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { SizeReport } from '../bench/sizes';
import { SIZE_BUDGETS, measureSizes } from '../bench/sizes';
import type { VisitReport } from '../bench/visit';
import { TEN_MOVES_BUDGET_KB, measureVisit } from '../bench/visit';

/**
 * The flat embed core's goal is 15 kB (SIZE_BUDGETS, issue 9) and it is not met yet. Until it is,
 * this ceiling keeps it from growing; lower it with every cut, never raise it. It was raised by
 * what the core must hold (the skin API, the `history` and `lang` options, the lifetime that owns
 * a game's parts, the keep rule, the cube mode's engine: 21.03 in all) and brought down to 20.24
 * (issue 23) by moving what a first flat board does not need to chunks of its own, each fetched
 * when wanted: the wording of bad options and calls (embed/problems.ts, 0.28 kB: the checks say
 * what was wrong as data), what a change draws (skins/change-timeline.ts, 0.34 kB, fetched once a
 * board shows; a change before then shows without motion), the floating "+N" (game-ui/gain.ts,
 * 0.15 kB, fetched by the first move that scores) and the relabelling for another language
 * (embed/speak.ts, 0.03 kB). What a change draws and the "+N" come later in the script-tag build
 * alone (vite.lib.config.ts swaps their loaders): the game page keeps them in its game chunk, where
 * a chunk more would cost its ten moves more than they weigh. Issue 23's 20.1 needs 0.14 kB more.
 * Tried: the flat board's hint badge on demand (0.15 kB), but a skin's own import() makes a host's
 * bundler add a modulepreload <link> to the page's <head> (the skin kit refuses it), and the first
 * hint then waits for its code. Left: the overlays' actions and the history's start could be built
 * inside their chunks (extras.ts, history.ts). Raised by 0.28 kB, to 20.52, by the cube mode in an
 * embed (issue 26): the `dimensions` option and `move('in' | 'out')` (0.1 kB), the flat skin's and
 * the accessible grid's hooks that fetch a cube's drawing and its grids per layer when a cube is
 * shown (0.13 kB), and the skin host's check that a skin draws cubes; the cube code itself loads
 * on demand. A cube's keys in an embed (embed/cube-keys.ts, fetched with the first cube: 0.1 kB of
 * hook) were paid for by building the overlays' actions and the history's start inside their
 * chunks (extras.ts, history.ts) and by a cube's key bindings leaving keymap.ts for
 * input/cube-keymap.ts, which only cube code imports.
 */
const FLAT_EMBED_CORE_CEILING_KB = 20.52;

describe('bundle sizes, gzip kB', { timeout: 60_000 }, () => {
  let sizes: SizeReport;
  beforeAll(async () => {
    sizes = await measureSizes();
  }, 240_000);

  it('keep the three-skin chunk within its budget', () => {
    expect(sizes.threeChunkKB).toBeLessThanOrEqual(SIZE_BUDGETS.threeChunkKB ?? 0);
  });

  it('keep the whole 3D game page within its budget', () => {
    expect(sizes.page3dKB).toBeLessThanOrEqual(SIZE_BUDGETS.page3dKB ?? 0);
  });

  it('keep the flat embed core from growing while it is above its 15 kB goal', () => {
    expect(sizes.flatEmbedCoreKB).toBeLessThanOrEqual(FLAT_EMBED_CORE_CEILING_KB);
  });

  it('count the lazily loaded cubes apart from the core that shows a flat game', () => {
    expect(sizes.files.flatEmbedCoreKB.some((file) => /cubes|three/.test(file))).toBe(false);
    expect(sizes.files.threeChunkKB.length).toBeGreaterThan(0);
    expect(sizes.files.pageFlatKB.some((file) => /cubes|three/.test(file))).toBe(false);
    expect(sizes.files.page3dKB.some((file) => /\/flat-/.test(file))).toBe(false);
  });
});

describe('what a player downloads to play, gzip kB', { timeout: 60_000 }, () => {
  let visit: VisitReport;
  beforeAll(async () => {
    visit = await measureVisit();
  }, 300_000);

  it('keep the 3D page within its budget from navigation to its tenth move', () => {
    expect(visit.tenMovesScripts.some((file) => /cubes/.test(file))).toBe(true);
    expect(visit.tenMovesJsKB).toBeLessThanOrEqual(TEN_MOVES_BUDGET_KB);
  });

  it('send no file twice on a first visit', () => {
    expect(visit.firstVisitRepeated).toEqual([]);
  });
});
