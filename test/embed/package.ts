/**
 * The package as a host gets it: built into a private folder (never the shared dist-lib/),
 * packed with `npm pack`, installed from the tarball into a throwaway host project (offline,
 * from npm's cache: three and zustand are already there), and a host page built with Vite
 * that imports `cube2048`. The host folder also holds a page that uses the script-tag build
 * straight from node_modules, with no build step.
 */
import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';
import { libConfig, scriptConfig } from '../../vite.lib.config';
import { oncePerRun } from '../browser/once-per-run';

const run = promisify(execFile);
const repo = resolve(import.meta.dirname, '../..');
const tsc = join(repo, 'node_modules/typescript/bin/tsc');

export interface InstalledPackage {
  readonly root: string;
  /** Paths inside the tarball. */
  readonly packedFiles: readonly string[];
  /** The host project: node_modules/cube2048 installed from the tarball; dist/ is its built page, dist-skins/ a skin author's page. */
  readonly host: string;
  /** The package folder that was packed (its dist-lib/ is what the tarball holds). */
  readonly packageDir: string;
  /** What npm warned of while installing the tarball, one line each (a published package should install without any). */
  readonly installWarnings: readonly string[];
  /** Type errors of a host TypeScript file using the package's types (empty when it compiles); checked while the tests run. */
  readonly typeErrors: Promise<string>;
  close(): Promise<void>;
}

const HOST_PAGE = `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8" /><link rel="icon" href="data:," /><title>host</title></head>
  <body>
    <h1>A host page</h1>
    <label>Comment <input id="field" type="text" /></label>
    <div id="a" style="width: 360px"></div>
    <div id="b" style="width: 360px"></div>
    <div id="c" style="width: 360px"></div>
    <script type="module" src="./main.js"></script>
  </body>
</html>
`;

const HOST_MAIN = `import { mountGame } from 'cube2048';
import { Cube2048Element } from 'cube2048/element';
import { newGame, playMove } from 'cube2048/engine';

window.embedTest = {
  mountGame,
  elementDefined: customElements.get('cube-2048') === Cube2048Element,
  engineWorks: playMove(newGame({ seed: 1 }), 'left').state.size === 4,
};
`;

const SCRIPT_PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <link rel="icon" href="data:," />
    <title>script tag</title>
    <script type="module" src="./node_modules/cube2048/dist-lib/script/cube2048.js"></script>
  </head>
  <body>
    <h1>A page with one script tag</h1>
    <label>Comment <input id="field" type="text" /></label>
    <div id="a" style="width: 360px"></div>
    <div id="b" style="width: 360px"></div>
    <div id="c" style="width: 360px"></div>
    <script type="module">
      import { mountGame } from './node_modules/cube2048/dist-lib/script/cube2048.js';
      window.embedTest = { mountGame, elementDefined: customElements.get('cube-2048') !== undefined, engineWorks: true };
    </script>
  </body>
</html>
`;

/** A page of a skin author's: the outside example skin, mounted and put through the kit, all from the installed package. */
const SKINS_PAGE = `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8" /><link rel="icon" href="data:," /><title>skins</title></head>
  <body>
    <div id="a" style="width: 360px"></div>
    <cube-2048 id="el" skin="canvas" storage-key="none" style="width: 360px"></cube-2048>
    <script type="module" src="./skins.ts"></script>
  </body>
</html>
`;

const SKINS_MAIN = `import { mountGame, registerSkin, type SkinFactory } from 'cube2048';
import 'cube2048/element';
import { SKIN_API_VERSION } from 'cube2048/skin';
import { ManualClock, createTestGame, formatSkinKitReport, runSkinKit } from 'cube2048/skin-kit';
import { createCanvasSkin } from './canvas';

/** A skin author's exact test: a game and a clock from the kit, a move, the skin seen halfway and at the end. */
function exact(): { moved: boolean; midway: boolean; atRest: boolean; tiles: number; cells: number } {
  const clock = new ManualClock();
  const game = createTestGame({ seed: 7 });
  const skin = createCanvasSkin({ clock, theme: 'light', reducedMotion: false });
  const host = document.body.appendChild(Object.assign(document.createElement('div'), { style: 'width: 200px; height: 200px' }));
  skin.mount(host, game.store);
  clock.runUntilIdle();
  const moved = game.move('left') || game.move('right');
  clock.advance(50);
  const between = (t: { row: number; col: number }): boolean => !Number.isInteger(t.row) || !Number.isInteger(t.col);
  const midway = skin.inspect?.().tiles.some(between) ?? false;
  clock.runUntilIdle();
  const tiles = skin.inspect?.().tiles ?? [];
  const atRest = tiles.every((t) => !between(t) && t.scale === 1 && t.opacity === 1);
  const cells = game.store.getState().game.board.cells.filter((e) => e > 0).length;
  skin.dispose();
  game.destroy();
  host.remove();
  return { moved, midway, atRest, tiles: tiles.length, cells };
}

// In the same module as the element's import, after it: the element finds the skin all the same.
registerSkin('canvas', createCanvasSkin);

const throwing: SkinFactory = () => ({ ...createCanvasSkin(), name: 'throwing', mount() { throw new Error('no canvas today'); } });
const notASkin = (() => ({ name: 'empty' })) as unknown as SkinFactory;

(window as unknown as { skinTest: unknown }).skinTest = {
  mountGame,
  registerSkin,
  createCanvasSkin,
  throwing,
  notASkin,
  version: SKIN_API_VERSION,
  exact,
  kit: async () => {
    const report = await runSkinKit(createCanvasSkin);
    return { passed: report.passed, ms: report.ms, text: formatSkinKitReport(report) };
  },
};
`;

/** A host's TypeScript using the published types, checked with the package's own .d.ts files checked too. */
const HOST_TYPES = `import { mountGame, registerSkin, type EmbedSkin, type GameHandle, type GameSnapshot, type LookName, type MountOptions, type SkinFactory, type ViewName } from 'cube2048';
import { Playback, SKIN_API_VERSION, poseAt, type CameraView, type GameView, type LookName as SkinLook, type ReadonlyStore, type Skin, type SkinOptions, type TileView, type ViewCommand } from 'cube2048/skin';
import { ManualClock, createTestGame, runSkinKit, type SkinKitReport, type TestGame, type TestGameOptions } from 'cube2048/skin-kit';
import { CUBE_TARGETS, FOUR_CHANCE, directionsFor, isWinningTile, newGame, playMove, toLayers, type CubeDirection, type Dimensions, type Direction, type UndoStack } from 'cube2048/engine';
import type { Cube2048Element } from 'cube2048/element';

const options: MountOptions = { skin: 'flat', size: 5, seed: 7, storage: 'mine', keyboard: 'focus', theme: 'dark', history: true, lang: 'de', on: { move: ({ dir, gained, state }) => console.log(dir, gained, state.score) } };
const game: GameHandle = mountGame(document.body, options);
const state: GameSnapshot = game.getState();
const dir: Direction = 'left';
// The engine's own facts: the odds of a 4, the win rule, a game's undo steps.
const odds: number = FOUR_CHANCE;
const won: boolean = isWinningTile(2048, 2048);
const undo: UndoStack = [newGame({ seed: 1 })];
console.log(odds, won, undo.length);
// A cube: its shape, its six directions, its layers and its target.
const dimensions: Dimensions = 3;
const cube = newGame({ seed: 1, size: 4, dimensions });
const inward: CubeDirection = 'in';
const layers: number[][][] = toLayers(playMove(cube, inward).state.board);
console.log(directionsFor(cube.board).length, layers.length, CUBE_TARGETS[4]);
game.move(dir);
// A cube in an embed: the option, the two more moves, every layer's cells.
const cubeGame: GameHandle = mountGame(document.body, { dimensions: 3, size: 4 });
const cubeMoved: boolean = cubeGame.move('in') || cubeGame.move(inward);
const cubeLayers: readonly (readonly (readonly number[])[])[] = cubeGame.getState().layers;
const cubeShape: Dimensions = cubeGame.getState().dimensions;
cubeGame.newGame({ dimensions: 2, size: 5 });
console.log(cubeMoved, cubeLayers.length, cubeShape);
const element: Cube2048Element = document.createElement('cube-2048');
element.size = 5;
element.storageKey = 'none';
element.reducedMotion = null;
element.history = true;
element.lang = 'ja';
// Since the skin API, a skin's name may be a registered one: a string, with the built-in names offered.
const skin: EmbedSkin = element.skin;
const builtIn: EmbedSkin = 'cubes';
const mine: SkinFactory = (): Skin => ({
  name: 'mine',
  mount(host: HTMLElement, store: ReadonlyStore<GameView>) {
    host.textContent = String(store.getState().game.board.cells.length);
  },
  setHint() {},
  update() {},
  finish() {},
  dispose() {},
  inspect: () => ({ frames: 0, animating: false, tiles: [] as TileView[] }),
  // A skin that draws cubes says so, may spread their layers, and gives each tile's layer.
  dimensions: [2, 3],
  spreadLayers(spread: boolean) {
    console.log(spread);
  },
});
const layered: TileView = { value: 2, row: 0, col: 0, scale: 1, opacity: 1, layer: 1 };
console.log(layered.layer);
registerSkin('mine', mine);
mountGame(document.body, { skin: mine });
void game.setSkin('mine').then((shown: string) => console.log(shown, builtIn, SKIN_API_VERSION));
const report: Promise<SkinKitReport> = runSkinKit(mine, { seed: 3 });
const clock = new ManualClock();
console.log(report, typeof Playback, typeof poseAt, clock.now());
// An exact test of a skin: the kit's game and clock.
const testOptions: TestGameOptions = { size: 5, seed: 3, target: 64 };
const testGame: TestGame = createTestGame(testOptions);
const tested = mine({ clock, theme: 'dark', reducedMotion: true });
tested.mount(document.body, testGame.store);
const played: boolean = testGame.move('left') || testGame.undo();
clock.advance(16);
testGame.newGame({ size: 4 });
testGame.keepGoing();
tested.dispose();
testGame.destroy();
console.log(played);
const size: number | null = element.size;
game.setOptions({ theme: 'light', reducedMotion: undefined, keyboard: 'page' });
// The 3D board's view, look and turning (live options), and a turnable skin's side of them.
const view: ViewName = 'top';
const look: LookName = 'neon';
game.setOptions({ view, look, turnable: true });
const skinLook: SkinLook = look;
const seen: CameraView = { azimuth: 0, tilt: 0, zoom: 1 };
const skinOptions: SkinOptions = { turnable: true, view: seen, look: skinLook, onView: (v: CameraView | null) => console.log(v) };
const turning: Skin = { ...mine(skinOptions), turn: (command: ViewCommand) => console.log(command), azimuth: () => 0, winCelebrationMs: 700 };
console.log(turning.winCelebrationMs);
console.log(skin, size);
element.addEventListener('cube2048:score', (event) => console.log(event.detail.gained, event.detail.state.best));
console.log(state.board[0]?.[0], playMove(newGame({ seed: 1 }), 'up').report.moved);
`;

const HOST_TSCONFIG = JSON.stringify({
  compilerOptions: {
    strict: true,
    noUncheckedIndexedAccess: true,
    noEmit: true,
    skipLibCheck: false,
    skipDefaultLibCheck: true,
    module: 'esnext',
    moduleResolution: 'bundler',
    target: 'es2022',
    lib: ['es2023', 'dom', 'dom.iterable'],
    types: [],
  },
  files: ['check.ts', 'skins.ts', 'canvas.ts'],
});

/** Installs the tarball as a host does (scripts allowed, as npm's default), and returns npm's warnings. */
async function npmInstall(host: string, tarball: string): Promise<string[]> {
  const args = ['install', '--no-audit', '--no-fund', tarball];
  let output: { stdout: string; stderr: string };
  try {
    // Offline first: three and zustand are in npm's cache from installing this repository.
    output = await run('npm', [...args, '--offline'], { cwd: host });
  } catch {
    output = await run('npm', [...args, '--prefer-offline'], { cwd: host });
  }
  return `${output.stdout}\n${output.stderr}`.split('\n').filter((line) => /\bwarn\b/i.test(line));
}

/** Packs and installs into `root` (made here; a fresh temporary folder by default). */
export async function packAndInstall(root?: string): Promise<InstalledPackage> {
  if (root) await mkdir(root);
  else root = await mkdtemp(join(tmpdir(), 'cube2048-package-'));
  const packageDir = join(root, 'package');
  const host = join(root, 'host');
  const lib = join(packageDir, 'dist-lib');
  await mkdir(packageDir);
  await Promise.all([
    cp(join(repo, 'package.json'), join(packageDir, 'package.json')),
    cp(join(repo, 'README.md'), join(packageDir, 'README.md')),
    cp(join(repo, 'bin'), join(packageDir, 'bin'), { recursive: true }),
  ]);

  // The same steps as `npm run build:lib`, into this private folder.
  await build(libConfig(lib));
  await Promise.all([
    run(process.execPath, [tsc, '-p', join(repo, 'tsconfig.lib.json'), '--outDir', join(lib, 'types')], { cwd: repo }),
    build(scriptConfig(join(lib, 'script'))),
  ]);

  const packed = await run('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', root], { cwd: packageDir });
  const [info] = JSON.parse(packed.stdout) as { filename: string; files: { path: string }[] }[];
  if (!info) throw new Error(`npm pack printed nothing usable: ${packed.stdout}`);

  await mkdir(host);
  await writeFile(join(host, 'package.json'), JSON.stringify({ name: 'cube2048-host', private: true, type: 'module' }));
  const installWarnings = await npmInstall(host, join(root, info.filename));
  await Promise.all([
    writeFile(join(host, 'index.html'), HOST_PAGE),
    writeFile(join(host, 'main.js'), HOST_MAIN),
    writeFile(join(host, 'script.html'), SCRIPT_PAGE),
    writeFile(join(host, 'check.ts'), HOST_TYPES),
    writeFile(join(host, 'tsconfig.json'), HOST_TSCONFIG),
    writeFile(join(host, 'skins.html'), SKINS_PAGE),
    writeFile(join(host, 'skins.ts'), SKINS_MAIN),
    // The outside example skin, as its author ships it: it imports only cube2048/skin.
    cp(join(repo, 'examples/skins/canvas.ts'), join(host, 'canvas.ts')),
  ]);
  const typecheck = run(process.execPath, [tsc, '-p', join(host, 'tsconfig.json')], { cwd: host }).then(
    () => '',
    (error: { stdout?: string; message: string }) => error.stdout || error.message,
  );
  // Two builds, so the host page's own bundle (whose size is measured) shares nothing with the skin author's page.
  const hostBuild = (page: string, outDir: string) =>
    build({
      root: host,
      configFile: false,
      logLevel: 'warn',
      base: './',
      publicDir: false,
      build: { outDir: join(host, outDir), emptyOutDir: true, target: 'es2022', rollupOptions: { input: join(host, page) } },
    });
  await hostBuild('index.html', 'dist');
  await hostBuild('skins.html', 'dist-skins');

  return {
    root,
    packedFiles: info.files.map((f) => f.path),
    host,
    packageDir,
    installWarnings,
    typeErrors: typecheck,
    close: () => rm(root, { recursive: true, force: true }),
  };
}

type Saved = Omit<InstalledPackage, 'typeErrors' | 'close'> & { readonly typeErrors: string };

/**
 * The package packed and installed once per test run in `dir` (test/browser/once-per-run.ts),
 * shared by every file in every engine. The caller does not remove it: the run does.
 */
export async function packedOnce(dir: string): Promise<InstalledPackage> {
  const saved = await oncePerRun(dir, async (root): Promise<Saved> => {
    const { close: _close, typeErrors, ...made } = await packAndInstall(root);
    return { ...made, typeErrors: await typeErrors };
  });
  return { ...saved, typeErrors: Promise.resolve(saved.typeErrors), close: async () => {} };
}

export interface Sizes {
  /** The entry a page loads first, in gzip bytes. */
  readonly entry: number;
  /** The largest lazily loaded file (three.js and the cubes skin), in gzip bytes. */
  readonly cubes: number;
}

/** Gzip sizes of the JavaScript files in `dir`: the one named `entry`, and the largest other one. */
export async function gzipSizes(dir: string, entry: (name: string) => boolean): Promise<Sizes> {
  const files = (await readdir(dir)).filter((name) => name.endsWith('.js'));
  const sizes = await Promise.all(
    files.map(async (name) => ({ name, gz: gzipSync(await readFile(join(dir, name)), { level: 9 }).length })),
  );
  const first = sizes.find((s) => entry(s.name));
  if (!first) throw new Error(`no entry file in ${dir}: ${files.join(', ')}`);
  return { entry: first.gz, cubes: Math.max(...sizes.filter((s) => s !== first).map((s) => s.gz)) };
}
