import { createStore } from 'zustand/vanilla';
import type { StoreApi } from 'zustand/vanilla';
import type { GameState } from '../engine';
import { DEFAULT_SIZE, UNDO_DEPTH, isValidSeed, isValidSize, keepGoing, newGame, playMove, popUndo, pushUndo } from '../engine';
import type { Bests } from './persistence';
import { decodeBests, mergeBests, decodeSave, encodeBests, encodeSave, keysFor, safeStorage } from './persistence';
import type { Change, ChangeKind, GameStore, GameStoreState, NewGameRequest, Notice, NoticeKind, StorageLike } from './types';

export interface GameStoreOptions {
  /** Board size of a fresh game (3–8, default 4); a saved game keeps its own. */
  readonly size?: number;
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
   * Subscribes to changes made to storage by someone else (another tab); the store
   * takes them over instead of overwriting them. Returns an unsubscribe function.
   */
  readonly watchStorage?: (onChange: (key: string | null) => void) => () => void;
}

export const DEFAULT_KEY_PREFIX = 'cube2048';

const cryptoSeed = (): number => {
  const buf = new Uint32Array(1);
  globalThis.crypto.getRandomValues(buf);
  return buf[0] ?? 0;
};

/** Creates a store that runs the engine: state, actions, persistence. */
export function createGameStore(options: GameStoreOptions = {}): GameStore {
  const keys = keysFor(options.keyPrefix ?? DEFAULT_KEY_PREFIX);
  const undoDepth = options.undoDepth ?? UNDO_DEPTH;
  const randomSeed = options.randomSeed ?? cryptoSeed;
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

  /**
   * Keeps unreadable data under a side key rather than destroying it. Moved, not copied: a
   * copy of a huge unreadable save would not fit the quota next to it, and the failed write
   * would switch all saving off for good.
   */
  const setAside = (key: string, text: string): void => {
    storage.removeItem(key);
    storage.setItem(`${key}:unreadable`, text);
  };

  const readBests = (): Bests => {
    const text = storage.getItem(keys.best);
    if (text === null) return {};
    const parsed = decodeBests(text);
    if (parsed.ok) return parsed.value;
    setAside(keys.best, text);
    notify('corrupt-best', 'Your best score could not be read; it was set aside and is counted again from now.');
    return {};
  };
  let bests: Bests = readBests();

  /**
   * The save as this store last read or wrote it. A storage event that finds exactly this is
   * no news from another tab: Chromium may deliver the events of the page's own writes just
   * before a reload to the reloaded page (seen with a multi-megabyte write).
   */
  let ownSave: string | null = null;

  const readSave = (): { game: GameState; past: readonly GameState[] } | null => {
    const text = storage.getItem(keys.game);
    if (text === null) return null;
    const parsed = decodeSave(text);
    ownSave = text;
    if (parsed.ok) return parsed.value;
    setAside(keys.game, text);
    notify('corrupt-save', 'Your saved game could not be read; a new game was started.');
    return null;
  };

  const freshGame = (request: NewGameRequest): GameState => {
    const size = request.size !== undefined && isValidSize(request.size) ? request.size : (options.size ?? DEFAULT_SIZE);
    const seed = request.seed !== undefined && isValidSeed(request.seed) ? request.seed : randomSeed() >>> 0;
    return newGame({ size, seed, target: request.target });
  };

  const saved = options.fresh ? null : readSave();
  const initial = saved?.game ?? freshGame({ size: options.size, seed: options.seed, target: options.target });
  let past: readonly GameState[] = saved?.past ?? [];

  const bestFor = (game: GameState): number => Math.max(bests[game.size] ?? 0, game.score);

  const readStoredBests = (): Bests => {
    const text = storage.getItem(keys.best);
    const parsed = text === null ? null : decodeBests(text);
    return parsed?.ok ? parsed.value : {};
  };

  /** Raises the stored best for this size when the score beats it; never lowers it. */
  const recordBest = (game: GameState): void => {
    if (game.score <= (bests[game.size] ?? 0)) return;
    // Merge with storage first so a higher best written by another tab is never overwritten.
    bests = mergeBests(mergeBests(bests, readStoredBests()), { [game.size]: game.score });
    storage.setItem(keys.best, encodeBests(bests));
  };

  const persist = (game: GameState): void => {
    ownSave = encodeSave(game, past);
    storage.setItem(keys.game, ownSave);
    recordBest(game);
  };

  let seq = 0;
  const change = (kind: ChangeKind, from: GameState, report: Change['report'] = null): Change => ({
    seq: ++seq,
    kind,
    from: from.board,
    report,
  });

  /** Sets a new game state, saves it and publishes the change. */
  const commit = (game: GameState, kind: ChangeKind, from: GameState, report: Change['report'] = null): void => {
    persist(game);
    set?.({ game, best: bestFor(game), canUndo: past.length > 0, change: change(kind, from, report) });
  };

  let unwatch: (() => void) | null = null;
  let toldOfSync = false;

  const api = createStore<GameStoreState>()((zustandSet, get) => {
    set = zustandSet;
    return {
      game: initial,
      best: bestFor(initial),
      canUndo: past.length > 0,
      change: { seq: 0, kind: 'start', from: initial.board, report: null },
      notices: [...pendingNotices],

      move(dir) {
        const before = get().game;
        const { state, report } = playMove(before, dir);
        if (!report.moved) return false;
        past = pushUndo(past, before, undoDepth);
        commit(state, 'move', before, report);
        return true;
      },

      undo() {
        const popped = popUndo(past);
        if (!popped) return false;
        const before = get().game;
        past = popped.past;
        commit(popped.state, 'undo', before);
        return true;
      },

      newGame(request = {}) {
        const before = get().game;
        past = [];
        commit(
          freshGame({
            size: before.size,
            target: request.size === undefined || request.size === before.size ? before.target : undefined,
            ...request,
          }),
          'new',
          before,
        );
      },

      keepGoing() {
        const before = get().game;
        const next = keepGoing(before);
        if (next !== before) commit(next, 'keepGoing', before);
      },

      startFrom(game) {
        const before = get().game;
        past = [];
        commit(game, 'new', before);
      },

      dismissNotice(id) {
        zustandSet((s) => ({ notices: s.notices.filter((n) => n.id !== id) }));
      },
    };
  });
  pendingNotices.length = 0;

  // A fresh game is saved at once so a reload resumes it rather than rolling new tiles.
  if (!saved) persist(initial);

  if (options.watchStorage) {
    unwatch = options.watchStorage((key) => {
      if (key === null || key === keys.best) {
        bests = mergeBests(bests, readStoredBests());
        set?.((s) => ({ best: bestFor(s.game) }));
      }
      if (key === null || key === keys.game) {
        const text = storage.getItem(keys.game);
        if (text === null || text === ownSave) return;
        const theirs = decodeSave(text);
        if (!theirs.ok) return; // Their write is broken; ours stays and is rewritten on our next move.
        const before = api.getState().game;
        past = theirs.value.past;
        const game = theirs.value.game;
        set?.({ game, best: bestFor(game), canUndo: past.length > 0, change: change('sync', before) });
        if (!toldOfSync) notify('synced', 'This game was continued in another tab; showing its latest position.');
        toldOfSync = true;
        ownSave = text;
      }
    });
  }

  // The narrow face: no setState, so only the actions above change a game.
  return {
    getState: api.getState,
    getInitialState: api.getInitialState,
    subscribe: api.subscribe,
    destroy() {
      unwatch?.();
      unwatch = null;
    },
  };
}

export type { ChangeKind };
