/**
 * The player's history in the browser's own database (IndexedDB). Two object stores: the
 * games' summaries (what lists and statistics read, small enough to read all 10,000 at once)
 * and their moves (read one at a time, to replay). Each write is one transaction, so a game
 * is either kept whole or not at all, and an import is all or nothing. Ids are the games'
 * content, so two tabs keeping the same game write one entry and different games never clash.
 */
import type { ParseResult } from '../../engine';
import type { GameSummary, HistoryEntry } from '../../history/entry';
import { parseEntry, summaryOf } from '../../history/entry';

/** The schema's version; each step in MIGRATIONS takes the database one version up. */
export const DB_VERSION = 1;
const GAMES = 'games';
const MOVES = 'moves';

/** Upgrades from version i to i + 1. Never edit a step once shipped: add one. */
const MIGRATIONS: readonly ((db: IDBDatabase) => void)[] = [
  (db) => {
    const games = db.createObjectStore(GAMES, { keyPath: 'id' });
    games.createIndex('endedAt', 'endedAt');
    db.createObjectStore(MOVES, { keyPath: 'id' });
  },
];

/** Why the history cannot be used: no database at all, one the browser refused (private windows), or one that failed to open; `error` is the browser's name for it. The words are the view's (texts.ts). */
export type UnavailableReason = 'unsupported' | 'refused' | 'failed';

export class HistoryUnavailable extends Error {
  constructor(
    readonly reason: UnavailableReason,
    readonly error = 'Error',
  ) {
    super(`the history database is unavailable (${reason}, ${error})`);
  }
}

export interface ReadAll {
  readonly games: GameSummary[];
  /** Kept records that could not be read: left in the database untouched, and named. */
  readonly unreadable: readonly { readonly key: string; readonly problem: string }[];
}

export interface HistoryDb {
  readonly name: string;
  /** Keeps the games (new or the same again), all in one transaction: all or nothing. */
  put(entries: readonly HistoryEntry[]): Promise<void>;
  remove(ids: readonly string[]): Promise<void>;
  clear(): Promise<void>;
  /** Every summary, checked; unreadable ones are named, not dropped. */
  summaries(): Promise<ReadAll>;
  /** The whole entry (with its moves), or null if it is gone or unreadable. */
  entry(id: string): Promise<HistoryEntry | null>;
  /** Every whole entry, for export. */
  entries(): Promise<{ readonly entries: HistoryEntry[]; readonly unreadable: ReadAll['unreadable'] }>;
  close(): void;
}

const done = (tx: IDBTransaction): Promise<void> =>
  new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onabort = () => reject(tx.error ?? new DOMException('The write was abandoned.', 'AbortError'));
    tx.onerror = () => undefined; // onabort follows with the error
  });

const result = <T>(request: IDBRequest<T>): Promise<T> =>
  new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new DOMException('The read failed.', 'UnknownError'));
  });

/** A summary read back: every field checked as an entry's would be (the id and move count are kept as stored). */
function parseSummary(value: unknown): { ok: true; value: GameSummary } | { ok: false; error: string } {
  if (typeof value !== 'object' || value === null) return { ok: false, error: 'it is not an object' };
  const o = value as Record<string, unknown>;
  if (typeof o.id !== 'string' || o.id === '') return { ok: false, error: 'it has no id' };
  if (typeof o.moveCount !== 'number' || !Number.isSafeInteger(o.moveCount) || o.moveCount < 0)
    return { ok: false, error: 'its move count is wrong' };
  const parsed = parseEntry({ ...o, moves: '' });
  if (!parsed.ok) return parsed;
  return { ok: true, value: { ...summaryOf(parsed.value), id: o.id, moveCount: o.moveCount } };
}

const keyName = (value: unknown): string =>
  typeof value === 'object' && value !== null && typeof (value as { id?: unknown }).id === 'string'
    ? (value as { id: string }).id
    : '(no id)';

/** A summary and its moves record, as stored, made one checked entry again; the id must be the one its content gives. */
function join(summary: unknown, moves: unknown): ParseResult<HistoryEntry> {
  const letters = typeof moves === 'object' && moves !== null ? (moves as { moves?: unknown }).moves : undefined;
  if (typeof summary !== 'object' || summary === null) return { ok: false, error: 'it is missing' };
  const parsed = parseEntry({ ...summary, moves: letters });
  if (!parsed.ok) return parsed;
  return parsed.value.id === keyName(summary) ? parsed : { ok: false, error: 'its moves do not belong to it' };
}

/**
 * Opens (creating or upgrading) the history database. It closes itself when another tab
 * upgrades it, so this tab never blocks a newer version. When an older tab blocks this one's
 * upgrade, `onBlocked` is called after `blockedMs` and the open goes on waiting: it succeeds
 * as soon as that tab closes.
 */
export function openHistoryDb(
  name: string,
  onBlocked: () => void = () => undefined,
  factory: IDBFactory | undefined = globalThis.indexedDB,
  blockedMs = 2000,
): Promise<HistoryDb> {
  return new Promise((resolve, reject) => {
    if (!factory) return reject(new HistoryUnavailable('unsupported'));
    let request: IDBOpenDBRequest;
    try {
      request = factory.open(name, DB_VERSION);
    } catch (error) {
      // Firefox's private windows and some sandboxes throw here.
      return reject(new HistoryUnavailable('refused', error instanceof Error ? error.name : undefined));
    }
    let blockedTimer: ReturnType<typeof setTimeout> | null = null;
    request.onblocked = () => {
      blockedTimer ??= setTimeout(onBlocked, blockedMs);
    };
    request.onupgradeneeded = (event) => {
      for (let v = event.oldVersion; v < DB_VERSION; v++) MIGRATIONS[v]?.(request.result);
    };
    request.onerror = () => {
      if (blockedTimer) clearTimeout(blockedTimer);
      reject(new HistoryUnavailable('failed', request.error?.name));
    };
    request.onsuccess = () => {
      if (blockedTimer) clearTimeout(blockedTimer);
      const db = request.result;
      db.onversionchange = () => db.close();
      resolve(wrap(name, db));
    };
  });
}

function wrap(name: string, db: IDBDatabase): HistoryDb {
  const read = async (): Promise<ReadAll> => {
    const tx = db.transaction(GAMES, 'readonly');
    const values = await result(tx.objectStore(GAMES).getAll());
    const games: GameSummary[] = [];
    const unreadable: { key: string; problem: string }[] = [];
    for (const value of values) {
      const parsed = parseSummary(value);
      if (parsed.ok) games.push(parsed.value);
      else unreadable.push({ key: keyName(value), problem: parsed.error });
    }
    return { games, unreadable };
  };

  return {
    name,
    async put(entries) {
      if (entries.length === 0) return;
      const tx = db.transaction([GAMES, MOVES], 'readwrite');
      const finished = done(tx);
      const games = tx.objectStore(GAMES);
      const moves = tx.objectStore(MOVES);
      try {
        for (const e of entries) {
          games.put(summaryOf(e));
          moves.put({ id: e.id, moves: e.moves });
        }
      } catch (error) {
        tx.abort();
        await finished.catch(() => undefined);
        throw error;
      }
      await finished;
    },
    async remove(ids) {
      const tx = db.transaction([GAMES, MOVES], 'readwrite');
      const finished = done(tx);
      for (const id of ids) {
        tx.objectStore(GAMES).delete(id);
        tx.objectStore(MOVES).delete(id);
      }
      await finished;
    },
    async clear() {
      const tx = db.transaction([GAMES, MOVES], 'readwrite');
      const finished = done(tx);
      tx.objectStore(GAMES).clear();
      tx.objectStore(MOVES).clear();
      await finished;
    },
    summaries: read,
    async entry(id) {
      const tx = db.transaction([GAMES, MOVES], 'readonly');
      const [summary, moves] = await Promise.all([result(tx.objectStore(GAMES).get(id)), result(tx.objectStore(MOVES).get(id))]);
      const joined = join(summary, moves);
      return joined.ok ? joined.value : null;
    },
    async entries() {
      const tx = db.transaction([GAMES, MOVES], 'readonly');
      const [values, allMoves] = await Promise.all([result(tx.objectStore(GAMES).getAll()), result(tx.objectStore(MOVES).getAll())]);
      const movesOf = new Map((allMoves as unknown[]).map((m) => [keyName(m), m]));
      const entries: HistoryEntry[] = [];
      const unreadable: { key: string; problem: string }[] = [];
      for (const value of values) {
        const joined = join(value, movesOf.get(keyName(value)));
        if (joined.ok) entries.push(joined.value);
        else unreadable.push({ key: keyName(value), problem: joined.error });
      }
      return { entries, unreadable };
    },
    close: () => db.close(),
  };
}
