/**
 * Flat-engine speed: moves per second for every board size, on boards taken from real
 * seeded games (so the mix of merges and slides is realistic). Prints JSON when run.
 * `engineSection` adds the AI's bitboard moves and search nodes per second (bench/ai.ts):
 * the `engine` section of `npm run bench`.
 */
import { pathToFileURL } from 'node:url';
import type { Board, CubeDirection, Dimensions } from '../src/engine';
import { MAX_CUBE_SIZE, MAX_SIZE, MIN_SIZE, directionsFor, move, newGame, playMove } from '../src/engine';
import { aiBench } from './ai';
import type { Figure, SectionOptions, SectionRun } from './figures';
import { figure } from './figures';
import type { Spread } from './stats';
import { round, spread } from './stats';

/** Positions from seeded games, cycling through directions, to be replayed by the timed loop. */
function positions(size: number, count: number, dimensions: Dimensions = 2): Board[] {
  const out: Board[] = [];
  let seed = 1;
  let state = newGame({ seed, size, dimensions });
  const dirs = directionsFor(state.board);
  let i = 0;
  while (out.length < count) {
    out.push(state.board);
    const dir = dirs[i++ % dirs.length] as CubeDirection;
    const next = playMove(state, dir);
    state = next.report.moved ? next.state : playMove(state, dirs[(i + 1) % dirs.length] as CubeDirection).state;
    if (state.status !== 'playing') state = newGame({ seed: ++seed, size, dimensions });
  }
  return out;
}

function timeMoves(boards: readonly Board[], ms: number): number {
  // Every board of one run has the same shape: a square's four directions or a cube's six.
  const dirs = directionsFor(boards[0] as Board);
  let count = 0;
  let sink = 0;
  const start = performance.now();
  let elapsed = 0;
  while (elapsed < ms) {
    for (let b = 0; b < boards.length; b++) {
      const board = boards[b] as Board;
      for (let d = 0; d < dirs.length; d++) sink += move(board, dirs[d] as CubeDirection).gained;
    }
    count += boards.length * dirs.length;
    elapsed = performance.now() - start;
  }
  if (sink < 0) console.log(sink); // keeps the work observable
  return (count / elapsed) * 1000;
}

export interface EngineBench {
  readonly movesPerSecond: Record<string, Spread & { readonly samples: readonly number[] }>;
}

export function benchEngine(options: { runs?: number; msPerRun?: number } = {}): EngineBench {
  const runs = options.runs ?? 5;
  const ms = options.msPerRun ?? 400;
  const movesPerSecond: Record<string, Spread & { samples: number[] }> = {};
  const shapes: [number, Dimensions][] = [];
  for (let size = MIN_SIZE; size <= MAX_SIZE; size++) shapes.push([size, 2]);
  for (let size = MIN_SIZE; size <= MAX_CUBE_SIZE; size++) shapes.push([size, 3]);
  for (const [size, dimensions] of shapes) {
    const boards = positions(size, 2000, dimensions);
    timeMoves(boards, 150); // warm-up: let the JIT settle before measuring
    const samples = Array.from({ length: runs }, () => timeMoves(boards, ms));
    const s = spread(samples);
    movesPerSecond[dimensions === 3 ? `${size}x${size}x${size}` : `${size}x${size}`] = {
      median: round(s.median, 0),
      min: round(s.min, 0),
      max: round(s.max, 0),
      runs,
      samples: samples.map((x) => round(x, 0)),
    };
  }
  return { movesPerSecond };
}

/** Flat engine by board size, then the bitboard and the expectimax search, single thread, wall-clock rates. */
export function engineSection({ quick }: SectionOptions): SectionRun {
  const flat = benchEngine({ runs: quick ? 3 : 5 });
  const figures: Figure[] = Object.entries(flat.movesPerSecond).map(([size, s]) =>
    figure(`engine.flat.${size}`, `flat engine ${size.replaceAll('x', '×')}`, 'moves/s', s.samples, { better: 'higher' }),
  );
  const ai = aiBench({ reps: quick ? 2 : 5 });
  figures.push(
    figure(
      'engine.bitboard.4x4',
      'bitboard 4×4 (src/ai/bitboard.ts)',
      'moves/s',
      ai.bitboardMovesPerSecond.samples.map((r) => r.wall),
      { better: 'higher' },
    ),
  );
  for (const d of ai.search) {
    figures.push(
      figure(
        `engine.search.depth${d.depth}`,
        `AI search, depth ${d.depth}`,
        'nodes/s',
        d.samples.map((r) => r.wall),
        { better: 'higher' },
      ),
    );
    if (d.native)
      figures.push(
        figure(`engine.search.depth${d.depth}.vsNative`, `  ÷ nneonneo native, depth ${d.depth}`, '×', [d.native.ratio.wall], {
          better: 'higher',
          goal: { op: '>=', value: 0.5, source: 'issue 7: at least half the native rate' },
        }),
      );
  }
  return { figures, notes: [`AI search: ${ai.positions} positions from seeded games; native comparison: ${ai.native}`] };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log(JSON.stringify({ engine: benchEngine() }, null, 2));
}
