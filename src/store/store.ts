import { createStore } from 'zustand/vanilla';
import type { StoreApi } from 'zustand/vanilla';
import type { Dimensions, GameState } from '../engine';
import {
  DEFAULT_SIZE,
  UNDO_DEPTH,
  directionsFor,
  isValidDimensions,
  isValidSeed,
  isValidSize,
  keepGoing,
  newGame,
  playMove,
  popUndo,
  pushUndo,
} from '../engine';
import type { ThisTab } from './other-tabs';
import type { Bests } from './persistence';
import { bestKey, encodeSave, storageKeysFor, loadSave, mergeBests, raiseBest, readBests, safeStorage } from './persistence';
import type { Change, ChangeKind, GameActions, GameStore, GameStoreState, NewGameRequest, Notice, NoticeKind, StorageLike } from './types';

export interface GameStoreOptions {
  /** Board size of a fresh game (3–8, a cube's 3–5; default 4); a saved game keeps its own. */
  readonly size?: number;
  /** Shape of a fresh game: 3 for a cube (default 2); a saved game keeps its own. */
  readonly dimensions?: Dimensions;
  /** Seed of a fresh game; random when absent. */
  readonly seed?: number;
  readonly target?: number;
  /** Where to save; null or absent keeps everything in memory. */
  readonly storage?: StorageLike | null;
  /** Storage key prefix, so several games on one page keep apart (default "cube2048"). */
  readonly keyPrefix?: string;
  /** Ignore any saved game and start fresh (the best score is still read). */
  readonly fresh?: boolean;
  readonly undoDepth?: number;
  /** Fresh seeds for new games; injected so tests are deterministic. */
  readonly randomSeed?: () => number;
  /**
   * Follows changes made to storage by someone else (another tab), which the store takes over
   * instead of overwriting them: `followOtherTabs` (store/other-tabs.ts, given by the page alone,
   * so an embed does not carry it). Returns a function that stops.
   */
  readonly otherTabs?: (tab: ThisTab) => () => void;
  /** Whether someone helped with the game in progress (the page's AI): such a game does not raise the best score. */
  readonly helped?: () => boolean;
}

export const DEFAULT_KEY_PREFIX = 'cube2048';

const cryptoSeed = (): number => {
  const buf = new Uint32Array(1);
  globalThis.crypto.getRandomValues(buf);
  return buf[0] ?? 0;
};

type Commit = (game: GameState, kind: ChangeKind, past: readonly GameState[], report?: Change['report']) => void;

/** The actions that play: each commits the next game with its undo steps (the `past` they start from, then theirs). */
function playActions(
  get: () => GameStoreState,
  past: () => readonly GameState[],
  commit: Commit,
  freshGame: (request: NewGameRequest) => GameState,
  undoDepth: number,
): Omit<GameActions, 'dismissNotice'> {
  return {
    move(dir) {
      const before = get().game;
      // A key for `in` or `out` pressed on a square does nothing, like a move that changes nothing.
      if (!directionsFor(before.board).includes(dir)) return false;
      const { state, report } = playMove(before, dir);
      if (!report.moved) return false;
      commit(state, 'move', pushUndo(past(), before, undoDepth), report);
      return true;
    },
    undo() {
      const popped = popUndo(past());
      if (!popped) return false;
      commit(popped.state, 'undo', popped.past);
      return true;
    },
    newGame(request = {}) {
      const before = get().game;
      const sameShape =
        (request.size === undefined || request.size === before.size) &&
        (request.dimensions === undefined || request.dimensions === before.board.dimensions);
      const target = sameShape ? before.target : undefined;
      // No size or dimensions (absent or undefined) keeps the game's own.
      commit(
        freshGame({ target, ...request, size: request.size ?? before.size, dimensions: request.dimensions ?? before.board.dimensions }),
        'new',
        [],
      );
    },
    keepGoing() {
      const before = get().game;
      const next = keepGoing(before);
      if (next !== before) commit(next, 'keepGoing', past());
    },
    startFrom: (game) => commit(game, 'new', []),
  };
}

/** Creates a store that runs the engine: state, actions, persistence. */
export function createGameStore(options: GameStoreOptions = {}): GameStore {
  const keys = storageKeysFor(options.keyPrefix ?? DEFAULT_KEY_PREFIX);
  const pendingNotices: Notice[] = [];
  let noticeId = 0;
  /** zustand's `set`, once the store exists; notices found while reading storage wait for it. */
  let set: StoreApi<GameStoreState>['setState'] | null = null;
  const notify = (kind: NoticeKind, message: string): void => {
    const notice = { id: ++noticeId, kind, message };
    if (set) set((s) => ({ notices: [...s.notices, notice] }));
    else pendingNotices.push(notice);
  };
  const storage = safeStorage(options.storage ?? null, notify);
  let bests: Bests = readBests(storage, keys.best, notify);
  /**
   * The save as this store last read or wrote it. A storage event that finds exactly this is
   * no news from another tab: Chromium may deliver the events of the page's own writes just
   * before a reload to the reloaded page (seen with a multi-megabyte write).
   */
  let ownSave = options.fresh ? null : storage.getItem(keys.game);
  const saved = loadSave(storage, keys.game, ownSave, notify);

  const freshGame = (request: NewGameRequest): GameState => {
    const dimensions = isValidDimensions(request.dimensions) ? request.dimensions : 2;
    const size = request.size !== undefined && isValidSize(request.size, dimensions) ? request.size : (options.size ?? DEFAULT_SIZE);
    const seed = request.seed !== undefined && isValidSeed(request.seed) ? request.seed : (options.randomSeed ?? cryptoSeed)() >>> 0;
    return newGame({ size: isValidSize(size, dimensions) ? size : DEFAULT_SIZE, dimensions, seed, target: request.target });
  };
  const initial =
    saved?.game ?? freshGame({ size: options.size, dimensions: options.dimensions, seed: options.seed, target: options.target });
  let past: readonly GameState[] = saved?.past ?? [];

  const { helped } = options;
  const bestFor = (game: GameState): number => Math.max(bests[bestKey(game)] ?? 0, helped?.() ? 0 : game.score);
  const persist = (game: GameState): void => {
    ownSave = encodeSave(game, past);
    storage.setItem(keys.game, ownSave);
    if (!helped?.()) bests = raiseBest(storage, keys.best, bests, game);
  };
  let seq = 0;
  /** Publishes a new game state as a change of `kind` from the game shown now. */
  const publish = (game: GameState, kind: ChangeKind, report: Change['report'] = null): void =>
    set?.({ game, best: bestFor(game), canUndo: past.length > 0, change: { seq: ++seq, kind, from: api.getState().game.board, report } });
  /** Sets a new game state and its undo steps, saves them and publishes the change. */
  const commit: Commit = (game, kind, next, report = null) => {
    past = next;
    persist(game);
    publish(game, kind, report);
  };

  const api = createStore<GameStoreState>()((zustandSet, get) => {
    set = zustandSet;
    return {
      game: initial,
      best: bestFor(initial),
      canUndo: past.length > 0,
      change: { seq: 0, kind: 'start', from: initial.board, report: null },
      notices: pendingNotices.splice(0),
      ...playActions(get, () => past, commit, freshGame, options.undoDepth ?? UNDO_DEPTH),
      dismissNotice(id) {
        zustandSet((s) => ({ notices: s.notices.filter((n) => n.id !== id) }));
      },
    };
  });
  // A fresh game is saved at once so a reload resumes it rather than rolling new tiles.
  if (!saved) persist(initial);

  let unwatch = options.otherTabs?.({
    storage,
    keys,
    notify,
    ownSave: () => ownSave,
    bestsRaised() {
      bests = mergeBests(bests, readBests(storage, keys.best));
      set?.((s) => ({ best: bestFor(s.game) }));
    },
    takeOver(text, theirs) {
      ownSave = text;
      past = theirs.past;
      publish(theirs.game, 'sync');
    },
  });

  // The narrow face: no setState, so only the actions above change a game.
  return {
    getState: api.getState,
    getInitialState: api.getInitialState,
    subscribe: api.subscribe,
    destroy() {
      unwatch?.();
      unwatch = undefined;
    },
  };
}

export type { ChangeKind };
