/**
 * The AI's speed, single thread: bitboard moves per second and search nodes per second,
 * side by side with nneonneo/2048-ai's native search on the same positions at the same
 * depth when its source is checked out (never inside this repository):
 *
 *   git clone https://github.com/nneonneo/2048-ai /tmp/nn2048 && (cd /tmp/nn2048 && ./configure)
 *   NNEONNEO_DIR=/tmp/nn2048 npx tsx bench/ai.ts
 *
 * Both sides count "moves evaluated" (four per move node) and, for the comparison, run
 * the same algorithm: nneonneo's depth limit, its 0.0001 probability cut-off and a fresh
 * table for each root move, so equal node counts show that equal trees were searched.
 * Without the checkout or g++, the native side is skipped with a note. Prints JSON.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createAi } from '../src/ai';
import { fromBoard, moveInto, moved } from '../src/ai/bitboard';
import { Searcher } from '../src/ai/search';
import { keepGoing, newGame, playMove } from '../src/engine';
import { median } from './stats';

export interface AiBenchOptions {
  /** Repetitions of each measurement; the median is reported. */
  readonly reps?: number;
  readonly depths?: readonly number[];
  /** nneonneo/2048-ai checkout with config.h (after ./configure); default $NNEONNEO_DIR or /tmp/nn2048. */
  readonly nneonneoDir?: string;
}

/** Rates per second of wall time and per second of CPU time (the fairer one on a shared machine). */
export interface Rate {
  readonly wall: number;
  readonly cpu: number;
}

export interface DepthFigures {
  readonly depth: number;
  readonly nodes: number;
  readonly nodesPerSecond: Rate;
  /** Every run's rate (the median above is theirs). */
  readonly samples: readonly Rate[];
  readonly native: { readonly nodes: number; readonly nodesPerSecond: Rate; readonly ratio: Rate } | null;
}

export interface AiBenchResult {
  readonly positions: number;
  readonly bitboardMovesPerSecond: Rate & { readonly samples: readonly Rate[] };
  readonly search: readonly DepthFigures[];
  readonly native: string;
}

/** Positions from two seeded games the AI plays at depth 2 (deterministic), every 150th move. */
export function benchPositions(): [lo: number, hi: number][] {
  const ai = createAi({ tableBits: 16 });
  const out: [number, number][] = [];
  for (const seed of [1, 2]) {
    let state = newGame({ seed });
    for (let n = 1; state.status !== 'over' && out.length < 40; n++) {
      if (state.status === 'won') state = keepGoing(state);
      const { dir } = ai.chooseMove(state, { depth: 2 });
      if (!dir) break;
      state = playMove(state, dir).state;
      if (n % 150 === 0) out.push(fromBoard(state.board));
    }
  }
  return out;
}

/** The least time one search sample takes, on each side. */
const SAMPLE_MS = 250;

const hex = (lo: number, hi: number): string => (hi >>> 0).toString(16).padStart(8, '0') + (lo >>> 0).toString(16).padStart(8, '0');

/** Our harness around nneonneo's unchanged search (its file is included, not copied). */
const NATIVE_HARNESS = (dir: string): string => `
#include <sys/time.h>
#include <chrono>
#include <ctime>
#define main nneonneo_main
#include "${dir}/2048.cpp"
#undef main
int main() {
  init_tables();
  char hex[64]; int depth;
  while (scanf("%63s %d", hex, &depth) == 2) {
    board_t board = strtoull(hex, NULL, 16);
    unsigned long total = 0;
    auto t0 = std::chrono::steady_clock::now();
    std::clock_t c0 = std::clock();
    for (int move = 0; move < 4; move++) {
      eval_state state; state.depth_limit = depth;
      _score_toplevel_move(state, board, move);
      total += state.moves_evaled;
    }
    double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    double cpu = double(std::clock() - c0) / CLOCKS_PER_SEC;
    printf("%lu %.9f %.9f\\n", total, s, cpu);
  }
}
`;

function buildNative(dir: string): { run: (input: string) => string; dispose: () => void } | string {
  if (!existsSync(join(dir, '2048.cpp'))) return `skipped: no nneonneo/2048-ai checkout at ${dir} (set NNEONNEO_DIR)`;
  if (!existsSync(join(dir, 'config.h'))) return `skipped: ${dir} has no config.h (run ./configure there)`;
  const work = mkdtempSync(join(tmpdir(), 'cube2048-native-'));
  try {
    writeFileSync(join(work, 'harness.cpp'), NATIVE_HARNESS(dir));
    execFileSync('g++', ['-O2', '-std=c++17', `-I${dir}`, '-w', '-o', join(work, 'harness'), join(work, 'harness.cpp')], { stdio: 'pipe' });
  } catch (error) {
    rmSync(work, { recursive: true, force: true });
    return `skipped: g++ could not build the harness (${error instanceof Error ? error.message.split('\n')[0] : String(error)})`;
  }
  return {
    run: (input) => execFileSync(join(work, 'harness'), { input }).toString(),
    dispose: () => rmSync(work, { recursive: true, force: true }),
  };
}

export function aiBench(options: AiBenchOptions = {}): AiBenchResult {
  const reps = options.reps ?? 5;
  const depths = options.depths ?? [2, 3, 4];
  const positions = benchPositions();

  // Bitboard moves: every position, every direction, many times over.
  const rates: Rate[] = [];
  let sink = 0;
  for (let r = 0; r <= reps; r++) {
    const start = performance.now();
    const cpu = process.cpuUsage();
    let count = 0;
    for (let k = 0; k < 5000; k++) {
      for (const [lo, hi] of positions) {
        for (let dir = 0; dir < 4; dir++) {
          moveInto(lo, hi, dir);
          sink ^= moved[0] as number;
        }
        count += 4;
      }
    }
    const used = process.cpuUsage(cpu);
    // The first run warms the JIT.
    if (r > 0) rates.push({ wall: count / ((performance.now() - start) / 1000), cpu: count / ((used.user + used.system) / 1e6) });
  }
  if (sink === 0.5) console.error('unreachable'); // keeps the loop from being optimised away

  const nativeDir = options.nneonneoDir ?? process.env.NNEONNEO_DIR ?? '/tmp/nn2048';
  const native = buildNative(nativeDir);
  const searcher = new Searcher({ tableBits: 22 });
  const search: DepthFigures[] = [];
  try {
    for (const depth of depths) {
      const pass = (): number => {
        let n = 0;
        for (const [lo, hi] of positions) n += searcher.searchRoot(lo, hi, { depth, probabilityCutoff: 0.0001, shareTable: false }).nodes;
        return n;
      };
      // A shallow pass over the positions takes a few milliseconds: one time slice of a busy
      // machine. Each sample repeats the pass until it lasts about SAMPLE_MS, on both sides.
      const warmStart = performance.now();
      let warmPasses = 0;
      while (performance.now() - warmStart < SAMPLE_MS || warmPasses < 2) {
        pass();
        warmPasses++;
      }
      const repeat = Math.max(1, Math.round((SAMPLE_MS * warmPasses) / (performance.now() - warmStart)));
      const input = positions
        .map(([lo, hi]) => `${hex(lo, hi)} ${depth}\n`)
        .join('')
        .repeat(repeat);
      const ours: Rate[] = [];
      const theirs: Rate[] = [];
      let nodes = 0;
      let nativeNodes = 0;
      // Interleaved, so a busy machine slows both sides alike.
      for (let r = 0; r < reps; r++) {
        nodes = 0;
        const start = performance.now();
        const cpu = process.cpuUsage();
        for (let k = 0; k < repeat; k++) nodes += pass();
        const used = process.cpuUsage(cpu);
        ours.push({ wall: nodes / ((performance.now() - start) / 1000), cpu: nodes / ((used.user + used.system) / 1e6) });
        if (typeof native !== 'string') {
          let seconds = 0;
          let cpuSeconds = 0;
          nativeNodes = 0;
          for (const line of native.run(input).trim().split('\n')) {
            const [n, s, c] = line.split(' ').map(Number);
            nativeNodes += n as number;
            seconds += s as number;
            cpuSeconds += c as number;
          }
          theirs.push({ wall: nativeNodes / seconds, cpu: nativeNodes / cpuSeconds });
        }
      }
      const rate = (xs: readonly Rate[]): Rate => ({ wall: median(xs.map((x) => x.wall)), cpu: median(xs.map((x) => x.cpu)) });
      const nodesPerSecond = rate(ours);
      const nativeRate = theirs.length ? rate(theirs) : null;
      search.push({
        depth,
        nodes,
        nodesPerSecond,
        samples: ours,
        native: nativeRate
          ? {
              nodes: nativeNodes,
              nodesPerSecond: nativeRate,
              ratio: { wall: nodesPerSecond.wall / nativeRate.wall, cpu: nodesPerSecond.cpu / nativeRate.cpu },
            }
          : null,
      });
    }
  } finally {
    if (typeof native !== 'string') native.dispose();
  }
  return {
    positions: positions.length,
    bitboardMovesPerSecond: { wall: median(rates.map((x) => x.wall)), cpu: median(rates.map((x) => x.cpu)), samples: rates },
    search,
    native: typeof native === 'string' ? native : `nneonneo/2048-ai built with g++ -O2 from ${nativeDir}`,
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log(JSON.stringify(aiBench({ reps: Number(process.env.REPS ?? 5) }), null, 2));
}
