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
import { formatSkinKitReport, runSkinKit } from 'cube2048/skin-kit';
import { createCanvasSkin } from './canvas';

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
  kit: async () => {
    const report = await runSkinKit(createCanvasSkin);
    return { passed: report.passed, ms: report.ms, text: formatSkinKitReport(report) };
  },
};
`;

/** A host's TypeScript using the published types, checked with the package's own .d.ts files checked too. */
const HOST_TYPES = `import { mountGame, registerSkin, type EmbedSkin, type GameHandle, type GameSnapshot, type MountOptions, type SkinFactory } from 'cube2048';
import { Playback, SKIN_API_VERSION, poseAt, type GameView, type ReadonlyStore, type Skin, type TileView } from 'cube2048/skin';
import { ManualClock, runSkinKit, type SkinKitReport } from 'cube2048/skin-kit';
import { FOUR_CHANCE, isWinningTile, newGame, playMove, type Direction, type UndoStack } from 'cube2048/engine';
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
game.move(dir);
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
});
registerSkin('mine', mine);
mountGame(document.body, { skin: mine });
void game.setSkin('mine').then((shown: string) => console.log(shown, builtIn, SKIN_API_VERSION));
const report: Promise<SkinKitReport> = runSkinKit(mine, { seed: 3 });
const clock = new ManualClock();
console.log(report, typeof Playback, typeof poseAt, clock.now());
const size: number | null = element.size;
game.setOptions({ theme: 'light', reducedMotion: undefined, keyboard: 'page' });
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

export async function packAndInstall(): Promise<InstalledPackage> {
  const root = await mkdtemp(join(tmpdir(), 'cube2048-package-'));
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
