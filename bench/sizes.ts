/**
 * What each shipped bundle costs to download: gzip kB of its JavaScript, built the way it
 * ships into temporary folders (never dist/ or dist-lib/). The one place sizes are measured:
 * `npm run bench -- sizes` reports them and the budget test checks them.
 *
 * Units: kB = 1000 bytes of gzip at level 9, as Vite's build report counts.
 *
 * Definitions (a "closure" is a file plus every chunk it imports statically, transitively;
 * chunks loaded by `import()` are not in it, and package dependencies left as imports are not
 * counted; only the script build bundles them):
 * - `flatEmbedCoreKB`, the flat embed core: what a host page downloads to show a game with the
 *   flat skin from the script-tag build: the closure of dist-lib/script/cube2048.js, without
 *   the cubes/three chunks it imports lazily.
 * - `scriptTagKB`: dist-lib/script/cube2048.js alone.
 * - `scriptCubesKB`: what the script build fetches on top of the core to show the 3D cubes.
 * - `libFlatEmbedKB`: the same core from the ES library build for bundlers (dist-lib/cube2048.js
 *   and its static chunks, unminified as published; three and zustand excluded).
 * - `elementKB`: dist-lib/element.js (registers `<cube-2048>`) with its static chunks, likewise.
 * - `pageFlatKB`: the game page (index.html) with the flat skin: the closure of its entry and of
 *   the flat skin's chunk (the page fetches each skin when it shows it).
 * - `threeChunkKB`: what the game page fetches on top of its entry for the 3D skin: the closure
 *   of the chunk of src/skins/three/cubes.ts, less the entry's closure.
 * - `page3dKB`: the 3D game page at its first board: the entry's closure + `threeChunkKB`. What it
 *   fetches through ten moves is `tenMovesJsKB` (bench/visit.ts), which the size test holds too.
 *
 * `npx tsx bench/sizes.ts` prints the report as JSON. Importing this module does nothing.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { InlineConfig } from 'vite';
import { build } from 'vite';
import { libConfig, scriptConfig } from '../vite.lib.config';
import type { SectionRun } from './figures';
import { figure } from './figures';

const ROOT = resolve(import.meta.dirname, '..');

export const SIZE_NAMES = [
  'flatEmbedCoreKB',
  'scriptTagKB',
  'scriptCubesKB',
  'libFlatEmbedKB',
  'elementKB',
  'pageFlatKB',
  'threeChunkKB',
  'page3dKB',
] as const;
export type SizeName = (typeof SIZE_NAMES)[number];

/** Budgets in kB gzip (issue 9); a figure without one is reported, not judged. */
export const SIZE_BUDGETS: Readonly<Partial<Record<SizeName, number>>> = { flatEmbedCoreKB: 15, threeChunkKB: 140, page3dKB: 160 };

/** One line per figure, for tables and charts. */
export const SIZE_LABELS: Readonly<Record<SizeName, string>> = {
  flatEmbedCoreKB: 'flat embed core (script build)',
  scriptTagKB: 'script-tag file alone',
  scriptCubesKB: 'script build: cubes + three',
  libFlatEmbedKB: 'ES lib: flat core, unminified',
  elementKB: 'ES lib: element, unminified',
  pageFlatKB: 'page with the flat skin',
  threeChunkKB: 'page: three-skin chunk',
  page3dKB: 'whole 3D page',
};

export type SizeReport = Readonly<Record<SizeName, number>> & {
  /** The files each figure counts, relative to its build's folder. */
  readonly files: Readonly<Record<SizeName, readonly string[]>>;
};

/** The parts of a built chunk this module reads (Rolldown's OutputChunk has more). */
interface Chunk {
  readonly type: 'chunk';
  readonly fileName: string;
  readonly code: string;
  readonly imports: readonly string[];
  readonly isEntry: boolean;
  readonly facadeModuleId: string | null;
}

type Bundle = ReadonlyMap<string, Chunk>;

/** Builds with `config` into a fresh temporary folder and returns its JS chunks by file name. */
async function buildChunks(config: (outDir: string) => InlineConfig): Promise<Bundle> {
  const dir = await mkdtemp(join(tmpdir(), 'cube2048-sizes-'));
  try {
    const result = await build(config(dir));
    const outputs = Array.isArray(result) ? result : 'output' in result ? [result] : [];
    if (outputs.length === 0) throw new Error('vite build returned a watcher, not a bundle');
    const chunks = new Map<string, Chunk>();
    for (const { output } of outputs) for (const item of output) if (item.type === 'chunk') chunks.set(item.fileName, item);
    return chunks;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** `file` and every chunk of `bundle` it imports statically; imports outside the bundle (packages) are skipped. */
function closure(bundle: Bundle, file: string, into = new Set<string>()): Set<string> {
  const chunk = bundle.get(file);
  if (!chunk || into.has(file)) return into;
  into.add(file);
  for (const imported of chunk.imports) closure(bundle, imported, into);
  return into;
}

function gzipKB(bundle: Bundle, files: ReadonlySet<string>): number {
  let bytes = 0;
  for (const file of files) bytes += gzipSync(bundle.get(file)?.code ?? '', { level: 9 }).length;
  return Math.round(bytes / 10) / 100;
}

function fileOf(bundle: Bundle, what: string, test: (chunk: Chunk) => boolean): string {
  for (const chunk of bundle.values()) if (test(chunk)) return chunk.fileName;
  throw new Error(`the build has no chunk for ${what}; it has ${[...bundle.keys()].join(', ')}`);
}

const minus = (all: ReadonlySet<string>, loaded: ReadonlySet<string>): Set<string> => new Set([...all].filter((f) => !loaded.has(f)));

/** The site as shipped (the project's vite config), the ES library and the script-tag build; then every figure. */
export async function measureSizes(): Promise<SizeReport> {
  const site = await buildChunks((outDir) => ({
    root: ROOT,
    logLevel: 'error',
    build: { outDir, emptyOutDir: true, chunkSizeWarningLimit: 4096 },
  }));
  const lib = await buildChunks((outDir) => libConfig(outDir));
  const script = await buildChunks((outDir) => scriptConfig(outDir));

  const isCubes = (c: Chunk): boolean => (c.facadeModuleId ?? '').endsWith('/src/skins/three/cubes.ts');
  const isFlat = (c: Chunk): boolean => (c.facadeModuleId ?? '').endsWith('/src/skins/dom/flat.ts');
  const pageEntry = fileOf(site, 'index.html', (c) => c.isEntry && (c.facadeModuleId ?? '').endsWith('/index.html'));
  const cubesChunk = fileOf(site, 'src/skins/three/cubes.ts', isCubes);
  const page = closure(site, pageEntry);
  const pageFlat = closure(site, fileOf(site, 'src/skins/dom/flat.ts', isFlat), new Set(page));
  const three = minus(closure(site, cubesChunk), page);
  const page3d = new Set([...page, ...three]);

  const core = closure(script, 'cube2048.js');
  const scriptCubes = minus(closure(script, fileOf(script, 'src/skins/three/cubes.ts', isCubes)), core);
  const libCore = closure(lib, 'cube2048.js');
  const element = closure(lib, 'element.js');

  const files: Record<SizeName, readonly string[]> = {
    flatEmbedCoreKB: [...core],
    scriptTagKB: ['cube2048.js'],
    scriptCubesKB: [...scriptCubes],
    libFlatEmbedKB: [...libCore],
    elementKB: [...element],
    pageFlatKB: [...pageFlat],
    threeChunkKB: [...three],
    page3dKB: [...page3d],
  };
  const bundleOf: Record<SizeName, Bundle> = {
    flatEmbedCoreKB: script,
    scriptTagKB: script,
    scriptCubesKB: script,
    libFlatEmbedKB: lib,
    elementKB: lib,
    pageFlatKB: site,
    threeChunkKB: site,
    page3dKB: site,
  };
  const kb = {} as Record<SizeName, number>;
  for (const name of SIZE_NAMES) kb[name] = gzipKB(bundleOf[name], new Set(files[name]));
  return { ...kb, files };
}

/** The `sizes` section of `npm run bench`: one build each, so one sample per figure (builds are deterministic). */
export async function sizesSection(): Promise<SectionRun> {
  const report = await measureSizes();
  const figures = SIZE_NAMES.map((name) => {
    const budget = SIZE_BUDGETS[name];
    return figure(`sizes.${name}`, SIZE_LABELS[name], 'kB gzip', [report[name]], {
      better: 'lower',
      digits: 2,
      ...(budget === undefined ? {} : { goal: { op: '<=' as const, value: budget, source: 'issue 9 budget' } }),
    });
  });
  return { figures, notes: ['kB = 1000 bytes of gzip -9; which files each counts: see the report or latest.json.'], details: report.files };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log(JSON.stringify(await measureSizes(), null, 2));
}
