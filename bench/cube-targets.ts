/**
 * How hard is each cube? Plays many seeded games per board shape with simple players and the
 * AI and prints the largest tile they reach, so a cube's win target can ask about as much as
 * 2048 on 4×4 (docs/cube-targets.md says how the targets were chosen from these figures).
 *
 *   npx tsx bench/cube-targets.ts [games per shape, default 200] [shape, e.g. 3×3×3, or all]
 *     [players, default random,greedy,ai] [move cap, default 20000]
 *
 * - random: a uniformly random direction among those that change the board (seeded, so rerunnable);
 * - greedy: the direction that leaves the most empty cells, then the most points, then the first
 *   in order (a one-ply player);
 * - ai: the AI (src/ai) at a small fixed budget, `AI_OPTIONS`: the expectimax one move and one
 *   spawn deep, searched in full (what the `fast` preset's flat search reaches on a cube), so
 *   its games replay the same on any machine.
 */
import { pathToFileURL } from 'node:url';
import type { ChooseOptions } from '../src/ai';
import { createAi } from '../src/ai';
import type { CubeDirection, Dimensions, GameState } from '../src/engine';
import { directionsFor, emptyCells, keepGoing, maxTile, move, newGame, nextInt, playMove, seedRng } from '../src/engine';

type Player = (state: GameState, roll: () => number) => CubeDirection;

const random: Player = (state, roll) => {
  const moving = directionsFor(state.board).filter((dir) => move(state.board, dir).moved);
  return moving[roll() % moving.length] as CubeDirection;
};

const greedy: Player = (state) => {
  let best: CubeDirection | null = null;
  let bestScore = -1;
  for (const dir of directionsFor(state.board)) {
    const result = move(state.board, dir);
    if (!result.moved) continue;
    const score = emptyCells(result.board).length * 1e9 + result.gained;
    if (score > bestScore) [best, bestScore] = [dir, score];
  }
  return best as CubeDirection;
};

export const AI_OPTIONS: ChooseOptions = { depth: 1 };
const searcher = createAi({ tableBits: 12 });
const ai: Player = (state) => searcher.chooseMove(state, AI_OPTIONS).dir as CubeDirection;

export const PLAYERS: Readonly<Record<string, Player>> = { random, greedy, ai };

export interface Shape {
  readonly size: number;
  readonly dimensions: Dimensions;
}

/** Where a game is stopped if it has not ended: a 64-cell cube may outlive any patience. */
export const MOVE_CAP = 20_000;

/** One game to its end or the cap (no target stops it: the target is what is being measured). */
function playOut(shape: Shape, seed: number, player: Player, cap: number): { maxTile: number; moves: number; ended: boolean } {
  let state = newGame({ ...shape, seed });
  let rng = seedRng(seed ^ 0x5eed);
  const roll = (): number => {
    const [n, next] = nextInt(rng, 1 << 30);
    rng = next;
    return n;
  };
  // Past a win it plays on: the target is what is being measured.
  while (state.status !== 'over' && state.record.length < cap) state = playMove(keepGoing(state), player(keepGoing(state), roll)).state;
  return { maxTile: maxTile(state.board), moves: state.record.length, ended: state.status === 'over' };
}

export interface ShapeFigures {
  readonly shape: string;
  readonly player: string;
  readonly games: number;
  readonly medianMaxTile: number;
  readonly medianMoves: number;
  /** Share of games that ended (no move left) before the cap. */
  readonly ended: number;
  /** Moves played per second of this machine's time, the player's thinking included. */
  readonly movesPerSecond: number;
  /** Share of games whose largest tile reached each power of two, from 2^6. */
  readonly reached: Readonly<Record<number, number>>;
}

const nameOf = (shape: Shape): string => Array.from({ length: shape.dimensions }, () => shape.size).join('×');

const median = (xs: readonly number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

export function measure(shape: Shape, playerName: string, games: number, cap = MOVE_CAP): ShapeFigures {
  const player = PLAYERS[playerName] as Player;
  const start = performance.now();
  const results = Array.from({ length: games }, (_, i) => playOut(shape, i + 1, player, cap));
  const seconds = (performance.now() - start) / 1000;
  const tiles = results.map((r) => r.maxTile);
  const reached: Record<number, number> = {};
  for (let e = 6; e <= 20; e++) reached[2 ** e] = tiles.filter((t) => t >= 2 ** e).length / games;
  return {
    shape: nameOf(shape),
    player: playerName,
    games,
    medianMaxTile: median(tiles),
    medianMoves: median(results.map((r) => r.moves)),
    ended: results.filter((r) => r.ended).length / games,
    movesPerSecond: results.reduce((sum, r) => sum + r.moves, 0) / seconds,
    reached,
  };
}

/** The target as many doublings above a shape's median tile as 2048 is above 4×4's, for the same player. */
export const matchedTarget = (square4: ShapeFigures, cube: ShapeFigures): number => cube.medianMaxTile * (2048 / square4.medianMaxTile);

const SHAPES: readonly Shape[] = [
  { size: 4, dimensions: 2 },
  { size: 3, dimensions: 3 },
  { size: 4, dimensions: 3 },
  { size: 5, dimensions: 3 },
];

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [, , games = '200', only = 'all', players = Object.keys(PLAYERS).join(','), cap = String(MOVE_CAP)] = process.argv;
  for (const playerName of players.split(',')) {
    const square = measure(SHAPES[0] as Shape, playerName, Number(games), Number(cap));
    for (const shape of SHAPES) {
      if (only !== 'all' && nameOf(shape) !== only) continue;
      const f = shape === SHAPES[0] ? square : measure(shape, playerName, Number(games), Number(cap));
      const share = Object.entries(f.reached)
        .filter(([, p]) => p > 0)
        .map(([tile, p]) => `${tile}:${Math.round(p * 100)}%`)
        .join(' ');
      console.log(
        `${f.player.padEnd(6)} ${f.shape.padEnd(6)} games ${f.games}  median tile ${f.medianMaxTile}  median moves ${f.medianMoves}  ended ${Math.round(f.ended * 100)}%  ${Math.round(f.movesPerSecond)} moves/s  matched target ${matchedTarget(square, f)}  reached ${share}`,
      );
    }
  }
}
