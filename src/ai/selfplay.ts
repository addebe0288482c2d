/**
 * Plays seeded games with the AI choosing every move, through the engine's own
 * `newGame`/`playMove`, so a game played here replays move for move anywhere else.
 */
import type { Dimensions, GameState } from '../engine';
import { keepGoing, maxTile, moveCount, newGame, playMove } from '../engine';
import type { Ai, ChooseOptions } from './index';

export interface GameSummary {
  readonly seed: number;
  readonly maxTile: number;
  readonly score: number;
  readonly moves: number;
  readonly seconds: number;
  /** Slides the search evaluated over the whole game. */
  readonly nodes: number;
  /** Milliseconds spent inside the search (the rest is the engine playing the moves). */
  readonly searchMs: number;
  /** The slowest single decision, in milliseconds. */
  readonly slowestMoveMs: number;
  /** The game's move record (L/R/U/D, and I/O on a cube). */
  readonly record: string;
}

export interface SelfPlayOptions extends ChooseOptions {
  readonly seed: number;
  /** Board size, default 4. */
  readonly size?: number;
  /** 3 plays a cube of `size`; default 2, a square. */
  readonly dimensions?: Dimensions;
  /** Stop after this many moves; the default plays to the end. */
  readonly maxMoves?: number;
  readonly now?: () => number;
}

/** A game in progress that advances a few moves at a time, so a caller can report progress. */
export class SelfPlay {
  private state: GameState;
  private nodes = 0;
  private searchMs = 0;
  private slowest = 0;
  private finished = false;
  private readonly start: number;
  private readonly now: () => number;
  private readonly limit: number;

  constructor(
    private readonly ai: Ai,
    private readonly options: SelfPlayOptions,
  ) {
    this.now = options.now ?? (() => performance.now());
    this.start = this.now();
    this.state = newGame({ seed: options.seed, size: options.size, dimensions: options.dimensions });
    this.limit = options.maxMoves ?? Infinity;
  }

  get done(): boolean {
    return this.finished;
  }

  get moves(): number {
    return moveCount(this.state);
  }

  get maxTile(): number {
    return maxTile(this.state.board);
  }

  /** Plays up to `count` moves; returns false once the game is over. */
  step(count = 1): boolean {
    for (let i = 0; i < count && !this.finished; i++) {
      if (this.state.status === 'won') this.state = keepGoing(this.state);
      if (this.state.status === 'over' || moveCount(this.state) >= this.limit) {
        this.finished = true;
        break;
      }
      const suggestion = this.ai.chooseMove(this.state, this.options);
      if (suggestion.dir === null) {
        this.finished = true;
        break;
      }
      this.nodes += suggestion.nodes;
      this.searchMs += suggestion.elapsedMs;
      if (suggestion.elapsedMs > this.slowest) this.slowest = suggestion.elapsedMs;
      this.state = playMove(this.state, suggestion.dir).state;
    }
    return !this.finished;
  }

  summary(): GameSummary {
    return {
      seed: this.options.seed,
      maxTile: maxTile(this.state.board),
      score: this.state.score,
      moves: moveCount(this.state),
      seconds: (this.now() - this.start) / 1000,
      nodes: this.nodes,
      searchMs: this.searchMs,
      slowestMoveMs: this.slowest,
      record: this.state.record,
    };
  }
}

/** Plays one whole game. */
export function playGame(ai: Ai, options: SelfPlayOptions): GameSummary {
  const game = new SelfPlay(ai, options);
  while (game.step(256));
  return game.summary();
}
