import type { GameState, ParseResult, SavedGame } from '../engine';
import { parseGame, serializeGame } from '../engine';
import { isRecord as isObject } from '../engine/untrusted';
import type { NoticeKind, StorageLike } from './types';

/**
 * Saved-game envelope. Undo snapshots are ancestors of the current game, so their
 * move records are prefixes of its record: each keeps only its length, which keeps a
 * 10,000-move game with 100 undo steps small.
 */
export interface SaveFile {
  readonly v: 1;
  readonly game: SavedGame;
  readonly undo: readonly (Omit<SavedGame, 'record'> & { readonly moves: number })[];
}

export interface Loaded {
  readonly game: GameState;
  readonly past: readonly GameState[];
}

/**
 * An undo snapshot never changes, yet it is saved again after every move until it drops off
 * the history (100 moves): each is encoded once, on first save.
 */
const undoEntries = new WeakMap<GameState, string>();

function undoEntry(state: GameState): string {
  let json = undoEntries.get(state);
  if (json === undefined) {
    const { record, ...rest } = serializeGame(state);
    json = JSON.stringify({ ...rest, moves: record.length });
    undoEntries.set(state, json);
  }
  return json;
}

/** The save file as JSON: `{ v: 1, game, undo }` (a SaveFile), built from the cached undo entries. */
export function encodeSave(game: GameState, past: readonly GameState[]): string {
  return `{"v":1,"game":${JSON.stringify(serializeGame(game))},"undo":[${past.map(undoEntry).join(',')}]}`;
}

export function decodeSave(text: string): ParseResult<Loaded> {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return { ok: false, error: 'the save is not valid JSON' };
  }
  if (!isObject(data) || data.v !== 1) return { ok: false, error: 'unsupported save format' };
  const game = parseGame(data.game);
  if (!game.ok) return game;
  const undo = data.undo;
  if (!Array.isArray(undo) || undo.length > 1000) return { ok: false, error: 'the undo stack is not a list' };
  const past: GameState[] = [];
  for (const [i, entry] of undo.entries()) {
    if (!isObject(entry)) return { ok: false, error: `undo step ${i} is not an object` };
    const moves = entry.moves;
    if (!Number.isSafeInteger(moves) || (moves as number) < 0 || (moves as number) >= game.value.record.length)
      return { ok: false, error: `undo step ${i} does not precede the game` };
    const parsed = parseGame({ ...entry, record: game.value.record.slice(0, moves as number) });
    if (!parsed.ok) return { ok: false, error: `undo step ${i}: ${parsed.error}` };
    const s = parsed.value;
    if (s.size !== game.value.size || s.seed !== game.value.seed || s.target !== game.value.target)
      return { ok: false, error: `undo step ${i} belongs to another game` };
    past.push(s);
  }
  return { ok: true, value: { game: game.value, past } };
}

/** Best scores by board size. */
export type Bests = Readonly<Record<number, number>>;

/** The higher best for every size found in either. */
export function mergeBests(a: Bests, b: Bests): Bests {
  const out: Record<number, number> = { ...a };
  for (const [size, value] of Object.entries(b)) out[Number(size)] = Math.max(value, out[Number(size)] ?? 0);
  return out;
}

export function encodeBests(bests: Bests): string {
  return JSON.stringify({ v: 1, bySize: bests });
}

export function decodeBests(text: string): ParseResult<Bests> {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return { ok: false, error: 'the best scores are not valid JSON' };
  }
  if (!isObject(data) || data.v !== 1 || !isObject(data.bySize)) return { ok: false, error: 'unsupported best-score format' };
  const out: Record<number, number> = {};
  for (const [key, value] of Object.entries(data.bySize)) {
    const size = Number(key);
    if (!/^[3-8]$/.test(key) || !Number.isSafeInteger(value) || (value as number) < 0)
      return { ok: false, error: `best score for "${key}" is not a whole number` };
    out[size] = value as number;
  }
  return { ok: true, value: out };
}

/**
 * Keeps unreadable data under a side key rather than destroying it. Moved, not copied: a
 * copy of a huge unreadable save would not fit the quota next to it, and the failed write
 * would switch all saving off for good.
 */
function setAside(storage: StorageLike, key: string, text: string): void {
  storage.removeItem(key);
  storage.setItem(`${key}:unreadable`, text);
}

type Notify = (kind: NoticeKind, message: string) => void;

/** The best scores stored under `key`. Unreadable ones count as none; given `notify`, they are also set aside and told. */
export function readBests(storage: StorageLike, key: string, notify?: Notify): Bests {
  const text = storage.getItem(key);
  if (text === null) return {};
  const parsed = decodeBests(text);
  if (parsed.ok) return parsed.value;
  if (notify) {
    setAside(storage, key, text);
    notify('corrupt-best', 'Your best score could not be read; it was set aside and is counted again from now.');
  }
  return {};
}

/** The bests after `game`: its size's raised when its score beats it (never lowered), and written under `key`. */
export function raiseBest(storage: StorageLike, key: string, bests: Bests, game: GameState): Bests {
  if (game.score <= (bests[game.size] ?? 0)) return bests;
  // Merge with storage first so a higher best written by another tab is never overwritten.
  const raised = mergeBests(mergeBests(bests, readBests(storage, key)), { [game.size]: game.score });
  storage.setItem(key, encodeBests(raised));
  return raised;
}

/** The game saved as `text` under `key`, or null: none, or unreadable, then set aside and told. */
export function loadSave(storage: StorageLike, key: string, text: string | null, notify: Notify): Loaded | null {
  if (text === null) return null;
  const parsed = decodeSave(text);
  if (parsed.ok) return parsed.value;
  setAside(storage, key, text);
  notify('corrupt-save', 'Your saved game could not be read; a new game was started.');
  return null;
}

/** Where a game and its best scores are stored (not key bindings: those are src/input/keymap.ts). */
export interface StorageKeys {
  readonly game: string;
  readonly best: string;
}

export const storageKeysFor = (prefix: string): StorageKeys => ({ game: `${prefix}:game:v1`, best: `${prefix}:best:v1` });

/**
 * Storage that never throws: the first failure switches to memory and is reported
 * once through `onFailure`, so private mode or a full quota never stop the game.
 */
export function safeStorage(storage: StorageLike | null, onFailure: (kind: NoticeKind, message: string) => void): StorageLike {
  const memory = new Map<string, string>();
  let backing = storage;
  const fallBack = (): void => {
    if (!backing) return;
    backing = null;
    onFailure('storage-unavailable', 'Saving is unavailable in this browser; your game will not survive a reload.');
  };
  return {
    getItem(key) {
      if (backing) {
        try {
          return backing.getItem(key);
        } catch {
          fallBack();
        }
      }
      return memory.get(key) ?? null;
    },
    setItem(key, value) {
      memory.set(key, value);
      if (backing) {
        try {
          backing.setItem(key, value);
        } catch {
          fallBack();
        }
      }
    },
    removeItem(key) {
      memory.delete(key);
      if (backing) {
        try {
          backing.removeItem(key);
        } catch {
          fallBack();
        }
      }
    },
  };
}
