/**
 * Benchmarks of the `cube2048` command:
 * - `oj` on 1,000,000 seeded random cases against the plain C judge in bench/oj.c
 *   (gcc -O2), five runs each, outputs checked identical;
 * - `play` start-up: from launch on a pseudo-terminal to the first drawn board.
 *
 * Run: npx tsx bench/oj.ts [--cases N] [--runs N]   (prints JSON)
 * Or call `benchCli()` from another script; `ojSection` is the `oj` section of `npm run bench`.
 */
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';
import { nextUint32, seedRng } from '../src/engine';
import type { RngState } from '../src/engine';
import type { Figure, SectionOptions, SectionRun } from './figures';
import { figure } from './figures';

const ROOT = resolve(import.meta.dirname, '..');
const DIRECTIONS = ['LEFT', 'RIGHT', 'UP', 'DOWN'];

export interface Spread {
  readonly medianMs: number;
  readonly minMs: number;
  readonly maxMs: number;
  readonly runsMs: readonly number[];
}

export interface OjBenchResult {
  readonly cases: number;
  readonly inputBytes: number;
  readonly outputBytes: number;
  readonly js: Spread;
  /** Null when no C compiler was found. */
  readonly c: Spread | null;
  /** C time over JS time: above 1 means the JS judge is faster. */
  readonly speedup: number | null;
  readonly outputsIdentical: boolean | null;
  readonly note?: string;
}

export interface StartupBenchResult {
  /** Launch to first drawn board, on a pseudo-terminal made by util-linux `script`. */
  readonly firstFrame: Spread;
  /** The same launcher running `node -e ""`: the share of the time that is Node and the pty. */
  readonly bareNode: Spread;
  readonly note?: string;
}

export interface CliBenchResult {
  /** The machine, and how busy it was (1-minute load average) before and after: timings on a busy machine are noisy. */
  readonly machine: { readonly cpus: number; readonly node: string; readonly loadBefore: number; readonly loadAfter: number };
  readonly oj: OjBenchResult;
  readonly playStartup: StartupBenchResult | null;
}

function spread(runsMs: number[]): Spread {
  const sorted = [...runsMs].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  const median = sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
  const round = (x: number): number => Math.round(x * 10) / 10;
  return {
    medianMs: round(median),
    minMs: round(sorted[0] as number),
    maxMs: round(sorted[sorted.length - 1] as number),
    runsMs: runsMs.map(round),
  };
}

/**
 * Writes `count` random cases: boards with about a third of the cells empty and tiles
 * from 2 to 32768 (mostly small, like real games), equal neighbours common enough that
 * most moves merge something.
 */
export function writeCases(file: string, count: number, seed: number): number {
  let rng: RngState = seedRng(seed);
  const next = (): number => {
    const [x, after] = nextUint32(rng);
    rng = after;
    return x;
  };
  const fd = openSync(file, 'w');
  let bytes = 0;
  let chunk: string[] = [`${count}\n`];
  const flush = (): void => {
    const buf = Buffer.from(chunk.join(''));
    writeSync(fd, buf);
    bytes += buf.length;
    chunk = [];
  };
  for (let i = 0; i < count; i++) {
    for (let r = 0; r < 4; r++) {
      const row: number[] = [];
      for (let c = 0; c < 4; c++) {
        const x = next();
        // 35% empty; otherwise exponent 1–15 skewed towards small tiles.
        row.push(x % 100 < 35 ? 0 : 2 ** (1 + Math.min(14, Math.floor(((x >>> 8) % 1000) ** 2 / 66_000))));
      }
      chunk.push(`${row.join(' ')}\n`);
    }
    chunk.push(`${DIRECTIONS[next() & 3]}\n`);
    if (chunk.length > 50_000) flush();
  }
  flush();
  closeSync(fd);
  return bytes;
}

/** Runs `command` with stdin from `input` and stdout to `output`; returns the wall time in ms. */
function timeRun(command: string, args: readonly string[], input: string, output: string): number {
  const inFd = openSync(input, 'r');
  const outFd = openSync(output, 'w');
  const start = process.hrtime.bigint();
  const result = spawnSync(command, args, { stdio: [inFd, outFd, 'pipe'] });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  closeSync(inFd);
  closeSync(outFd);
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} exited with ${result.status}: ${result.stderr.toString()}`);
  return ms;
}

const digest = (file: string): string => createHash('sha256').update(readFileSync(file)).digest('hex');

/** Builds the CLI bundle into `dir` (never the shared dist-cli/) and returns its path. */
export async function buildCli(dir: string): Promise<string> {
  await build({ configFile: join(ROOT, 'vite.cli.config.ts'), root: ROOT, logLevel: 'warn', build: { outDir: dir, emptyOutDir: true } });
  return join(dir, 'cube2048.js');
}

function compileC(dir: string): { binary: string } | { note: string } {
  const binary = join(dir, 'oj-c');
  for (const cc of ['gcc', 'cc', 'clang']) {
    const result = spawnSync(cc, ['-O2', '-o', binary, join(ROOT, 'bench/oj.c')], { stdio: 'pipe' });
    if (result.error) continue;
    if (result.status === 0) return { binary };
    return { note: `${cc} failed: ${result.stderr.toString().trim()}` };
  }
  return { note: 'no C compiler (gcc, cc or clang) found: the C baseline was skipped' };
}

export async function benchOj(
  options: { cases?: number; runs?: number; seed?: number; bundle?: string; workDir?: string } = {},
): Promise<OjBenchResult> {
  const cases = options.cases ?? 1_000_000;
  const runs = options.runs ?? 5;
  const dir = options.workDir ?? mkdtempSync(join(tmpdir(), 'cube2048-bench-'));
  try {
    const bundle = options.bundle ?? (await buildCli(join(dir, 'cli')));
    const input = join(dir, 'cases.txt');
    const inputBytes = writeCases(input, cases, options.seed ?? 2048);
    const compiled = compileC(dir);
    const jsOut = join(dir, 'js.out');
    const cOut = join(dir, 'c.out');
    const js: number[] = [];
    const c: number[] = [];
    // Alternate the two so neither gets a warmer machine.
    for (let i = 0; i < runs; i++) {
      js.push(timeRun(process.execPath, [bundle, 'oj'], input, jsOut));
      if ('binary' in compiled) c.push(timeRun(compiled.binary, [], input, cOut));
    }
    const outputBytes = readFileSync(jsOut).length;
    const jsSpread = spread(js);
    if (!('binary' in compiled))
      return { cases, inputBytes, outputBytes, js: jsSpread, c: null, speedup: null, outputsIdentical: null, note: compiled.note };
    const cSpread = spread(c);
    return {
      cases,
      inputBytes,
      outputBytes,
      js: jsSpread,
      c: cSpread,
      speedup: Math.round((cSpread.medianMs / jsSpread.medianMs) * 100) / 100,
      outputsIdentical: digest(jsOut) === digest(cOut),
    };
  } finally {
    if (!options.workDir) rmSync(dir, { recursive: true, force: true });
  }
}

const shellQuote = (s: string): string => `'${s.replace(/'/g, `'\\''`)}'`;

/** Launches `command` on a pseudo-terminal and resolves to the ms until `ready` appears in its output; then sends `quit`. */
function timeOnPty(command: string, env: NodeJS.ProcessEnv, ready: string, quit: string): Promise<number> {
  return new Promise((resolvePromise, reject) => {
    const start = process.hrtime.bigint();
    const child = spawn('script', ['-qfec', command, '/dev/null'], { env, stdio: ['pipe', 'pipe', 'pipe'] });
    let seen = '';
    let ms = -1;
    const timeout = setTimeout(() => child.kill('SIGKILL'), 20_000);
    child.stdout.on('data', (data: Buffer) => {
      if (ms >= 0) return;
      seen += data.toString('utf8');
      if (seen.includes(ready)) {
        ms = Number(process.hrtime.bigint() - start) / 1e6;
        child.stdin.write(quit);
      }
    });
    child.on('error', reject);
    child.on('close', () => {
      clearTimeout(timeout);
      if (ms < 0) reject(new Error(`never saw ${JSON.stringify(ready)} from ${command}: ${JSON.stringify(seen.slice(-300))}`));
      else resolvePromise(ms);
    });
  });
}

export async function benchPlayStartup(
  options: { runs?: number; bundle?: string; workDir?: string } = {},
): Promise<StartupBenchResult | null> {
  if (spawnSync('script', ['--version']).error) return null;
  const runs = options.runs ?? 5;
  const dir = options.workDir ?? mkdtempSync(join(tmpdir(), 'cube2048-bench-'));
  try {
    const bundle = options.bundle ?? (await buildCli(join(dir, 'cli')));
    const env = { ...process.env, XDG_STATE_HOME: join(dir, 'state'), TERM: 'xterm-256color' };
    const node = shellQuote(process.execPath);
    const first: number[] = [];
    const bare: number[] = [];
    for (let i = 0; i < runs; i++) {
      // The board's score line is the last thing drawn in the first frame.
      first.push(await timeOnPty(`stty rows 30 cols 100; exec ${node} ${shellQuote(bundle)} play`, env, 'MOVES', 'q'));
      bare.push(await timeOnPty(`stty rows 30 cols 100; exec ${node} -e "console.log('READY')"`, env, 'READY', ''));
    }
    return { firstFrame: spread(first), bareNode: spread(bare) };
  } finally {
    if (!options.workDir) rmSync(dir, { recursive: true, force: true });
  }
}

/** Both benchmarks with one build of the command. */
export async function benchCli(options: { cases?: number; runs?: number } = {}): Promise<CliBenchResult> {
  const dir = mkdtempSync(join(tmpdir(), 'cube2048-bench-'));
  const loadBefore = loadavg()[0] ?? 0;
  try {
    const bundle = await buildCli(join(dir, 'cli'));
    const oj = await benchOj({ ...options, bundle, workDir: dir });
    const playStartup = await benchPlayStartup({ runs: options.runs, bundle, workDir: dir });
    const round = (x: number): number => Math.round(x * 100) / 100;
    return {
      machine: { cpus: cpus().length, node: process.version, loadBefore: round(loadBefore), loadAfter: round(loadavg()[0] ?? 0) },
      oj,
      playStartup,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The judge on 10⁶ cases next to the C baseline (run alternately), and `play` start-up. */
export async function ojSection({ quick }: SectionOptions): Promise<SectionRun> {
  const result = await benchCli({ runs: quick ? 2 : 5 });
  const { oj, playStartup } = result;
  const cases = oj.cases.toLocaleString('en-US');
  const figures: Figure[] = [figure('oj.js', `cube2048 oj, ${cases} cases`, 'ms', oj.js.runsMs, { better: 'lower' })];
  const notes: string[] = [];
  if (oj.c) {
    figures.push(figure('oj.c', `C judge (gcc -O2), ${cases} cases`, 'ms', oj.c.runsMs, { better: 'lower' }));
    // Runs alternate JS, C, JS, C…: each pair saw the same machine.
    const ratios = oj.js.runsMs.map((js, i) => (oj.c?.runsMs[i] ?? Number.NaN) / js);
    figures.push(figure('oj.ratio', 'C time ÷ cube2048 time (>1: faster than C)', '×', ratios, { better: 'higher' }));
    notes.push(oj.outputsIdentical ? 'the outputs of the two judges are byte-identical.' : 'THE OUTPUTS DIFFER between the two judges.');
  }
  if (oj.note) notes.push(oj.note);
  if (playStartup) {
    figures.push(
      figure('cli.playStartup', 'cube2048 play: launch → first board', 'ms', playStartup.firstFrame.runsMs, { better: 'lower' }),
    );
    figures.push(figure('cli.bareNode', '  of which bare Node + pty', 'ms', playStartup.bareNode.runsMs, { better: 'lower' }));
  }
  return { figures, notes };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const flag = (name: string): number | undefined => {
    const i = process.argv.indexOf(`--${name}`);
    return i > 0 ? Number(process.argv[i + 1]) : undefined;
  };
  benchCli({ cases: flag('cases'), runs: flag('runs') }).then(
    (result) => process.stdout.write(`${JSON.stringify(result, null, 2)}\n`),
    (error: unknown) => {
      process.stderr.write(`bench/oj.ts: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exitCode = 1;
    },
  );
}
