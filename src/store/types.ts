import type { StoreApi } from 'zustand/vanilla';
import type { Board, CubeDirection, Dimensions, GameState, MoveReport } from '../engine';

/** The part of Web Storage the store uses; pass `localStorage`, a Map-backed fake, or a file. */
export interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export type ChangeKind = 'start' | 'move' | 'undo' | 'new' | 'keepGoing' | 'sync';

/** The latest change to the game. Skins animate `report` from `from` when `kind` is "move", and snap otherwise. */
export interface Change {
  /** Grows by one with every change; a skin animates each number once. */
  readonly seq: number;
  readonly kind: ChangeKind;
  /** The board before the change. */
  readonly from: Board;
  /** The move report, for kind "move"; null otherwise. */
  readonly report: MoveReport | null;
}

export type NoticeKind = 'corrupt-save' | 'corrupt-best' | 'storage-unavailable' | 'synced';

/** Something the player should be told once (the page shows it; the CLI prints it). */
export interface Notice {
  readonly id: number;
  readonly kind: NoticeKind;
  readonly message: string;
}

/** What readers see: data only, no actions. */
export interface GameView {
  readonly game: GameState;
  /** Best score on this board size, never lowered. */
  readonly best: number;
  readonly canUndo: boolean;
  readonly change: Change;
  readonly notices: readonly Notice[];
}

export interface NewGameRequest {
  readonly size?: number;
  /** 3 for a cube; a new game keeps the current shape unless told. */
  readonly dimensions?: Dimensions;
  readonly seed?: number;
  readonly target?: number;
}

export interface GameActions {
  /** Plays a move; returns whether it changed the board. */
  move(dir: CubeDirection): boolean;
  /** Returns to the state before the last move, luck included; false when there is nothing to undo. */
  undo(): boolean;
  /** Starts a new game: of the request's size (the game's own when none), seed (a random one when none) and target. */
  newGame(request?: NewGameRequest): void;
  keepGoing(): void;
  /** Continues from a given game (a replay's "play from here"); its seed state fixes the future. */
  startFrom(game: GameState): void;
  dismissNotice(id: number): void;
}

/** What the store holds: the view, and the actions that change it (zustand keeps both in its state). */
export type GameStoreState = GameView & GameActions;

/** The read-only face of a zustand store that skins and views receive: read and follow, never set. */
export type ReadonlyStore<T = GameView> = Pick<StoreApi<T>, 'getState' | 'subscribe'>;

/**
 * What `createGameStore` returns to the page, the embeds and the CLI: the state with its
 * actions, and no `setState`, so only the store's own actions change a game.
 */
export interface GameStore extends Pick<StoreApi<GameStoreState>, 'getState' | 'getInitialState' | 'subscribe'> {
  /** Stops watching storage; the store keeps working in memory. */
  destroy(): void;
}
