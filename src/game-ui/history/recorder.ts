/**
 * Keeps the player's games: follows a store, and when `historyEffect` says a game is kept,
 * writes it to the history database. A kept game is first written to `storage` (synchronous,
 * so a tab closed right after the last move still has it), then to the database, then taken
 * off that list: a game is never lost between the two. The game in progress carries its own
 * meta (start, mode, time played) beside the save, so a reload keeps counting.
 */
import type { GameState } from '../../engine';
import type { GameMode, HistoryEntry } from '../../history/entry';
import { parseEntry } from '../../history/entry';
import type { GameMeta } from '../../history/keep';
import { entryOf, helpMeta, historyEffect, idOfGame, metaFits, parseMeta, startMeta, tickMeta } from '../../history/keep';
import type { GameStore } from '../../store';
import type { GameView, StorageLike } from '../../store/types';
import type { HistoryDb } from './db';
import { HistoryUnavailable, openHistoryDb } from './db';
import type { Lang } from '../../i18n/core';
import type { HistoryTexts } from './texts';
import { historyTexts } from './texts';
import type { Lifetime } from '../lifetime';
import { createLifetime } from '../lifetime';
import type { Assistance, HelpAt, MissedChange } from './noting';
import { helpAt, historyKeys } from './noting';

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
  /** The help the page's AI gives, so a kept game says how much it had; absent where no AI plays. */
  readonly assistance?: Assistance;
  /** Changes the store made before the recorder's code arrived (the page notes them from the start), oldest first. */
  readonly missed?: readonly MissedChange[];
  /** When the page began noting changes for it: the start of a game already in the store that has no meta yet. */
  readonly since?: number;
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

/** Storage beside the save, as JSON: never throws (storage may be blocked or full). */
interface SideStorage {
  read(key: string): unknown;
  /** Writes `value` (null removes the key); false when storage refused it. */
  write(key: string, value: unknown): boolean;
}

function sideStorage(storage: StorageLike): SideStorage {
  return {
    read(key) {
      try {
        const text = storage.getItem(key);
        return text === null ? null : (JSON.parse(text) as unknown);
      } catch {
        return null;
      }
    },
    write(key, value) {
      try {
        if (value === null) storage.removeItem(key);
        else storage.setItem(key, JSON.stringify(value));
        return true;
      } catch {
        return false;
      }
    },
  };
}

/** The games kept and waiting for the database, listed in storage under `key`: the copy that survives a closed tab. */
interface WaitingList {
  read(): HistoryEntry[];
  /** Writes the list (an empty one removes the key); false when storage refused it. */
  write(list: readonly HistoryEntry[]): boolean;
}

function waitingList(side: SideStorage, key: string): WaitingList {
  return {
    read() {
      const list = side.read(key);
      if (!Array.isArray(list)) return [];
      return list.flatMap((x: unknown) => {
        const parsed = parseEntry(x);
        return parsed.ok ? [parsed.value] : [];
      });
    },
    write: (list) => side.write(key, list.length === 0 ? null : list),
  };
}

/** The history database, opened once, and closed when `life` ends. */
interface OpenedDb {
  /** The database, or null (with `problem` saying why) when it cannot be used. */
  db(): Promise<HistoryDb | null>;
  problem(): string | null;
}

/** Opens the database on first use; a blocked or failed open is told (`tell`) in the player's words. */
function openOnce(options: RecorderOptions, text: HistoryTexts, tell: (message: string) => void, life: Lifetime): OpenedDb {
  let problem: string | null = null;
  let opened: Promise<HistoryDb | null> | null = null;
  const db = (): Promise<HistoryDb | null> =>
    (opened ??= (options.open ?? openHistoryDb)(options.dbName, () => {
      // An older tab holds the database: say so; the open goes on and succeeds once that tab goes.
      problem = text.blocked;
      tell(problem);
    }).then(
      (handle) => {
        problem = null;
        life.own(() => handle.close());
        return handle;
      },
      (error: unknown) => {
        problem =
          error instanceof HistoryUnavailable ? text.unavailable(error.reason, error.error) : text.unavailable('failed', String(error));
        tell(problem);
        return null;
      },
    ));
  return { db, problem: () => problem };
}

/** Puts kept games in the database, and takes them back out. */
interface Writer {
  keep(entry: HistoryEntry): void;
  retract(game: GameState): void;
  /** Writes what waits (here and in storage) to the database. */
  flush(): Promise<void>;
  /** Resolves when every game kept so far is in the database, or has been reported as not. */
  settled(): Promise<void>;
}

/**
 * A kept game is first listed in `waiting` (synchronous, so a tab closed right after the last
 * move still has it), then written to the database, then taken off that list: a game is never
 * lost between the two. A write is retried once; a failure is told once, and the games keep waiting.
 */
function writer(waiting: WaitingList, { db }: OpenedDb, fail: (quota: boolean) => void, retryMs: number): Writer {
  let writing: Promise<void> = Promise.resolve();
  let toldOfFailure = false;
  /**
   * Games kept by this tab and not yet in the database. The list in storage is the copy that
   * survives a closed tab; this one survives that list being unwritable (full or blocked
   * storage) or overwritten by another tab's write at the same moment.
   */
  const keptHere = new Map<string, HistoryEntry>();
  const put = async (handle: HistoryDb, games: readonly HistoryEntry[]): Promise<void> => {
    const started = performance.now();
    await handle.put(games);
    // What `npm run bench -- history` reads: how long keeping a finished game takes.
    performance.measure('cube2048:history-keep', { start: started });
    const written = new Set(games.map((e) => e.id));
    for (const id of written) keptHere.delete(id);
    waiting.write(waiting.read().filter((e) => !written.has(e.id)));
    toldOfFailure = false;
  };
  const flush = (): Promise<void> =>
    (writing = writing.then(async () => {
      const games = [...new Map([...waiting.read(), ...keptHere.values()].map((e) => [e.id, e])).values()];
      if (games.length === 0) return;
      const handle = await db();
      if (!handle) return;
      for (let attempt = 0; attempt < 2; attempt++) {
        try {
          return await put(handle, games);
        } catch (error) {
          if (attempt === 0) await new Promise((resolve) => setTimeout(resolve, retryMs));
          else if (!toldOfFailure) {
            toldOfFailure = true;
            fail(error instanceof DOMException && error.name === 'QuotaExceededError');
          }
        }
      }
    }));
  return {
    keep(entry) {
      keptHere.set(entry.id, entry);
      waiting.write([...waiting.read().filter((e) => e.id !== entry.id), entry]);
      void flush();
    },
    retract(game) {
      const id = idOfGame(game);
      keptHere.delete(id);
      waiting.write(waiting.read().filter((e) => e.id !== id));
      writing = writing.then(async () => {
        const handle = await db();
        await handle?.remove([id]).catch(() => undefined);
      });
    },
    flush,
    settled: () => writing,
  };
}

/** The meta of the game in progress (start, mode, time played), kept beside the save under `key`. */
interface MetaKeeper {
  current: GameMeta;
  /** The meta of a game starting now; `began`: it began in this store (a game already under way when the page opened is just 'normal'). */
  fresh(game: GameState, began?: boolean): GameMeta;
  /** The next new game is of this mode. */
  expect(mode: GameStart | null): void;
  save(): void;
}

function metaKeeper(options: RecorderOptions, side: SideStorage, key: string, first: GameState, now: () => number): MetaKeeper {
  let expected: GameStart | null = options.initialMode ?? null;
  const fresh = (game: GameState, began = true): GameMeta => {
    const wanted =
      expected ??
      options.modeOfNewGame?.(game) ??
      (began && game.record.length > 0 ? { mode: 'forked' as const } : { mode: 'normal' as const });
    expected = null;
    return startMeta(game, wanted.mode, now(), wanted.day);
  };
  const stored = parseMeta(side.read(key));
  const keeper: MetaKeeper = {
    current: stored && metaFits(stored, first) ? stored : fresh(first, false),
    fresh,
    expect(mode) {
      expected = mode;
    },
    save: () => void side.write(key, keeper.current),
  };
  expected = null;
  keeper.save();
  return keeper;
}

/** Counts into the game's meta, at each change (before it may be kept), the AI's move and the hints shown since the last change. */
function helpCounter(meta: MetaKeeper, read: (view: GameView) => HelpAt | undefined, hintsBefore: number): (view: GameView) => void {
  let hintsSeen = hintsBefore;
  return (view) => {
    const help = read(view);
    if (!help) return;
    if (view.change.kind === 'move' && help.aiMove) meta.current = helpMeta(meta.current, 'aiMoves');
    for (; hintsSeen < help.hints; hintsSeen++) meta.current = helpMeta(meta.current, 'hints');
  };
}

/** What each change of the store does: a move counts time played; a game that ends or is left is kept; an undone game over is taken back. */
function follower(
  meta: MetaKeeper,
  games: Writer,
  side: SideStorage,
  key: string,
  now: () => number,
  help: (view: GameView) => void,
): (view: GameView, previous: GameView) => void {
  return (view: GameView, previous: GameView): void => {
    const { kind } = view.change;
    const after = view.game;
    if (kind === 'move') meta.current = tickMeta(meta.current, now());
    help(view);
    const effect = historyEffect(previous.game, after, kind);
    if (effect?.kind === 'keep') {
      const fits = metaFits(meta.current, effect.game);
      games.keep(entryOf(effect.game, effect.end, fits ? meta.current : meta.fresh(effect.game), now()));
      if (effect.end === 'over') meta.current = { ...meta.current, kept: true };
    } else if (effect?.kind === 'retract') {
      games.retract(effect.game);
      meta.current = { ...meta.current, kept: false };
    }
    if (kind === 'new') meta.current = meta.fresh(after);
    else if (kind === 'sync') {
      // Another tab played this game on: its meta is in storage.
      const theirs = parseMeta(side.read(key));
      meta.current = theirs && metaFits(theirs, after) ? theirs : metaFits(meta.current, after) ? meta.current : meta.fresh(after);
    }
    meta.save();
  };
}

export function startRecorder(store: GameStore, options: RecorderOptions): Recorder {
  const life = createLifetime();
  const clock = options.now ?? Date.now;
  // While it takes up the changes it missed, the recorder's time is each change's own: time played counts as it was played.
  let then: number | undefined = options.since;
  const now = (): number => then ?? clock();
  const keys = historyKeys(options.keyPrefix);
  const metaKey = keys.meta;
  const text = historyTexts(options.lang);
  const tell = (message: string): void => {
    if (!life.ended) options.notify(message);
  };
  const side = sideStorage(options.storage);
  const waiting = waitingList(side, keys.waiting);
  const opened = openOnce(options, text, tell, life);
  const games = writer(waiting, opened, (quota) => tell(text.writeFailed(quota)), options.retryMs ?? 1000);
  const meta = metaKeeper(options, side, metaKey, options.missed?.[0]?.[1].game ?? store.getState().game, now);

  // Hints shown before the recorder counts are not the game's, unless the host noted changes from its start (then none was shown before).
  const hintsBefore = options.missed ? 0 : (options.assistance?.hints() ?? 0);
  let noted: HelpAt | undefined;
  const help = helpCounter(meta, (view) => noted ?? helpAt(options.assistance, view), hintsBefore);
  const follow = follower(meta, games, side, metaKey, now, help);
  for (const [view, previous, at, helped] of options.missed ?? []) {
    then = at;
    noted = helped;
    follow(view, previous);
  }
  then = undefined;
  noted = undefined;
  life.own(store.subscribe(follow));
  // A game that ended before this code arrived (or before the page was closed) and is not kept yet is kept now.
  const current = store.getState().game;
  if (current.status === 'over' && !meta.current.kept) {
    games.keep(entryOf(current, 'over', meta.current, now()));
    meta.current = { ...meta.current, kept: true };
    meta.save();
  }

  // Open at once, so a database that cannot be used is told before a game is lost to it; games kept before a tab was closed, or while the database was unavailable, go in now.
  void opened.db();
  if (waiting.read().length > 0) void games.flush();

  return { settled: games.settled, db: opened.db, problem: opened.problem, expect: meta.expect, dispose: life.end };
}
