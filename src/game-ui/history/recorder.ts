/**
 * Keeps the player's games: follows a store, and when `historyEffect` says a game is kept,
 * writes it to the history database. A kept game is first written to `storage` (synchronous,
 * so a tab closed right after the last move still has it), then to the database, then taken
 * off that list: a game is never lost between the two. The game in progress carries its own
 * meta (start, mode, time played) beside the save, so a reload keeps counting.
 */
import type { GameState } from '../../engine';
import type { GameMode, HistoryEntry } from '../../history/entry';
import { entryId, parseEntry } from '../../history/entry';
import type { GameMeta } from '../../history/keep';
import { entryOf, historyEffect, metaFits, parseMeta, startMeta, tickMeta } from '../../history/keep';
import type { GameStore } from '../../store';
import type { GameView, StorageLike } from '../../store/types';
import type { HistoryDb } from './db';
import { HistoryUnavailable, openHistoryDb } from './db';
import type { Lang } from '../../i18n/core';
import { historyTexts } from './texts';

/** How a game began: its mode, and the daily challenge's day. */
export type GameStart = { readonly mode: GameMode; readonly day?: string };

export interface RecorderOptions {
  /** The database's name: the page's, or an embed's own under its storage key. */
  readonly dbName: string;
  /** Where the game in progress keeps its meta and kept games wait for the database (localStorage). */
  readonly storage: StorageLike;
  /** Prefix of those keys: the store's, so two games on a page keep apart. */
  readonly keyPrefix: string;
  /** How a game starting now began, when not a plain new game (the daily challenge's page says 'daily'). */
  readonly modeOfNewGame?: (game: GameState) => GameStart | null;
  /** How the game already in the store began, when it has no meta yet (the page was opened with `?seed=`). */
  readonly initialMode?: GameStart | null;
  /** A line for the player: the history is unavailable, or a game could not be kept. */
  readonly notify: (message: string) => void;
  /** The language of those lines (the page's or the embed's), read when one is said; English when absent. */
  readonly lang?: () => Lang;
  readonly now?: () => number;
  /** Injected in tests; the browser's own by default. */
  readonly open?: (name: string, onBlocked: () => void) => Promise<HistoryDb>;
  /** Wait before the one retry of a failed write. */
  readonly retryMs?: number;
  /** Changes the store made before the recorder's code arrived (the page notes them from the start), oldest first. */
  readonly missed?: readonly (readonly [view: GameView, previous: GameView])[];
}

export interface Recorder {
  /** Resolves when every game kept so far is in the database, or has been reported as not. */
  settled(): Promise<void>;
  /** The database, or null (with `problem` saying why) when it cannot be used. */
  db(): Promise<HistoryDb | null>;
  readonly problem: () => string | null;
  /** The next new game is of this mode (a chosen seed); cleared by that game, or by `expect(null)`. */
  expect(mode: GameStart | null): void;
  dispose(): void;
}

export function startRecorder(store: GameStore, options: RecorderOptions): Recorder {
  const now = options.now ?? Date.now;
  const metaKey = `${options.keyPrefix}:history-meta:v1`;
  const pendingKey = `${options.keyPrefix}:history-pending:v1`;
  const retryMs = options.retryMs ?? 1000;
  const text = historyTexts(options.lang);
  let disposed = false;
  let problem: string | null = null;

  // --- storage beside the save: never throws (storage may be blocked or full) -------------
  const read = (key: string): unknown => {
    try {
      const text = options.storage.getItem(key);
      return text === null ? null : (JSON.parse(text) as unknown);
    } catch {
      return null;
    }
  };
  const write = (key: string, value: unknown): boolean => {
    try {
      if (value === null) options.storage.removeItem(key);
      else options.storage.setItem(key, JSON.stringify(value));
      return true;
    } catch {
      return false;
    }
  };
  const pending = (): HistoryEntry[] => {
    const list = read(pendingKey);
    if (!Array.isArray(list)) return [];
    return list.flatMap((x: unknown) => {
      const parsed = parseEntry(x);
      return parsed.ok ? [parsed.value] : [];
    });
  };
  const setPending = (list: readonly HistoryEntry[]): boolean => write(pendingKey, list.length === 0 ? null : list);

  // --- the meta of the game in progress -----------------------------------------------------
  let expected: GameStart | null = null;
  /** The meta of a game starting now; `began` says it began in this store (a game already under way when the page opened is just 'normal'). */
  const fresh = (game: GameState, began = true): GameMeta => {
    const wanted =
      expected ??
      options.modeOfNewGame?.(game) ??
      (began && game.record.length > 0 ? { mode: 'forked' as const } : { mode: 'normal' as const });
    expected = null;
    return startMeta(game, wanted.mode, now(), wanted.day);
  };
  const stored = parseMeta(read(metaKey));
  expected = options.initialMode ?? null;
  const first = options.missed?.[0]?.[1].game ?? store.getState().game;
  let meta: GameMeta = stored && metaFits(stored, first) ? stored : fresh(first, false);
  expected = null;
  write(metaKey, meta);

  // --- the database ---------------------------------------------------------------------------
  let opened: Promise<HistoryDb | null> | null = null;
  const tell = (message: string): void => {
    if (!disposed) options.notify(message);
  };
  const db = (): Promise<HistoryDb | null> =>
    (opened ??= (options.open ?? openHistoryDb)(options.dbName, () => {
      // An older tab holds the database: say so; the open goes on and succeeds once that tab goes.
      problem = text.blocked;
      tell(problem);
    }).then(
      (handle) => {
        problem = null;
        if (disposed) handle.close();
        return handle;
      },
      (error: unknown) => {
        problem =
          error instanceof HistoryUnavailable ? text.unavailable(error.reason, error.error) : text.unavailable('failed', String(error));
        tell(problem);
        return null;
      },
    ));

  let writing: Promise<void> = Promise.resolve();
  let toldOfFailure = false;
  /**
   * Games kept by this tab and not yet in the database. The list in `storage` is the copy that
   * survives a closed tab; this one survives that list being unwritable (full or blocked
   * storage) or overwritten by another tab's write at the same moment.
   */
  const keptHere = new Map<string, HistoryEntry>();
  /** Writes what waits (here and in `storage`) to the database, retrying once; a failure is told once, and the games keep waiting. */
  const flush = (): Promise<void> =>
    (writing = writing.then(async () => {
      const waiting = [...new Map([...pending(), ...keptHere.values()].map((e) => [e.id, e])).values()];
      if (waiting.length === 0) return;
      const handle = await db();
      if (!handle) return;
      for (let attempt = 0; attempt < 2; attempt++) {
        try {
          const started = performance.now();
          await handle.put(waiting);
          // What `npm run bench -- history` reads: how long keeping a finished game takes.
          performance.measure('cube2048:history-keep', { start: started });
          const written = new Set(waiting.map((e) => e.id));
          for (const id of written) keptHere.delete(id);
          setPending(pending().filter((e) => !written.has(e.id)));
          toldOfFailure = false;
          return;
        } catch (error) {
          if (attempt === 0) await new Promise((resolve) => setTimeout(resolve, retryMs));
          else if (!toldOfFailure) {
            toldOfFailure = true;
            tell(text.writeFailed(error instanceof DOMException && error.name === 'QuotaExceededError'));
          }
        }
      }
    }));

  const keep = (entry: HistoryEntry): void => {
    keptHere.set(entry.id, entry);
    setPending([...pending().filter((e) => e.id !== entry.id), entry]);
    void flush();
  };

  const retract = (game: GameState): void => {
    const id = entryId({ size: game.size, target: game.target, seed: game.seed, moves: game.record });
    keptHere.delete(id);
    setPending(pending().filter((e) => e.id !== id));
    writing = writing.then(async () => {
      const handle = await db();
      await handle?.remove([id]).catch(() => undefined);
    });
  };

  const follow = (view: GameView, previous: GameView): void => {
    const { kind } = view.change;
    const before = previous.game;
    const after = view.game;
    if (kind === 'move') meta = tickMeta(meta, now());
    const effect = historyEffect(before, after, kind);
    if (effect?.kind === 'keep') {
      keep(entryOf(effect.game, effect.end, metaFits(meta, effect.game) ? meta : fresh(effect.game), now()));
      if (effect.end === 'over') meta = { ...meta, kept: true };
    } else if (effect?.kind === 'retract') {
      retract(effect.game);
      meta = { ...meta, kept: false };
    }
    if (kind === 'new') meta = fresh(after);
    else if (kind === 'sync') {
      // Another tab played this game on: its meta is in storage.
      const theirs = parseMeta(read(metaKey));
      meta = theirs && metaFits(theirs, after) ? theirs : metaFits(meta, after) ? meta : fresh(after);
    }
    write(metaKey, meta);
  };
  for (const [view, previous] of options.missed ?? []) follow(view, previous);
  const unsubscribe = store.subscribe(follow);
  // A game that ended before this code arrived (or before the page was closed) and is not kept yet is kept now.
  const current = store.getState().game;
  if (current.status === 'over' && !meta.kept) {
    keep(entryOf(current, 'over', meta, now()));
    meta = { ...meta, kept: true };
    write(metaKey, meta);
  }

  // Open at once, so a database that cannot be used is told before a game is lost to it; games kept before a tab was closed, or while the database was unavailable, go in now.
  void db();
  if (pending().length > 0) void flush();

  return {
    settled: () => writing,
    db,
    problem: () => problem,
    expect(mode) {
      expected = mode;
    },
    dispose() {
      disposed = true;
      unsubscribe();
      void opened?.then((handle) => handle?.close());
    },
  };
}
