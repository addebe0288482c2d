import type { GameState, SavedGame } from '../engine';
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

/** JSON text's value, or undefined where it is not JSON. */
function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * The game saved as `text` and its undo steps, or null where any of it cannot be read: every
 * step must be an earlier position of the same game. Why it cannot is told to no one (the save is
 * set aside whole, see loadSave), so it is not worded.
 */
export function decodeSave(text: string): Loaded | null {
  const data = parseJson(text);
  if (!isObject(data) || data.v !== 1) return null;
  const game = parseGame(data.game);
  const undo = data.undo;
  if (!game.ok || !Array.isArray(undo) || undo.length > 1000) return null;
  const { record, size, seed, target } = game.value;
  const past: GameState[] = [];
  for (const entry of undo as unknown[]) {
    const moves = isObject(entry) ? entry.moves : undefined;
    if (!Number.isSafeInteger(moves) || (moves as number) < 0 || (moves as number) >= record.length) return null;
    const step = parseGame({ ...(entry as object), record: record.slice(0, moves as number) });
    if (
      !step.ok ||
      step.value.size !== size ||
      step.value.board.dimensions !== game.value.board.dimensions ||
      step.value.seed !== seed ||
      step.value.target !== target
    )
      return null;
    past.push(step.value);
  }
  return { game: game.value, past };
}

/** Best scores by board shape (`bestKey`): "4" for the 4×4 square, "4x4x4" for the cube. */
export type Bests = Readonly<Record<string, number>>;

/** The key of a game's shape in `Bests`: a cube's best never counts as a square's. */
export const bestKey = (game: GameState): string =>
  game.board.dimensions === 3 ? `${game.size}x${game.size}x${game.size}` : String(game.size);

/** The higher best for every shape found in either. */
export function mergeBests(a: Bests, b: Bests): Bests {
  const out: Record<string, number> = { ...a };
  for (const [shape, value] of Object.entries(b)) out[shape] = Math.max(value, out[shape] ?? 0);
  return out;
}

export function encodeBests(bests: Bests): string {
  return JSON.stringify({ v: 1, bySize: bests });
}

/** The best scores saved as `text`, or null where they cannot all be read (a whole number for each square size from 3 to 8 and cube size from 3 to 5). */
export function decodeBests(text: string): Bests | null {
  const data = parseJson(text);
  if (!isObject(data) || data.v !== 1 || !isObject(data.bySize)) return null;
  const out: Record<string, number> = {};
  for (const [key, value] of Object.entries(data.bySize)) {
    if (!/^[3-8]$|^([3-5])x\1x\1$/.test(key) || !Number.isSafeInteger(value) || (value as number) < 0) return null;
    out[key] = value as number;
  }
  return out;
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
  if (parsed) return parsed;
  if (notify) {
    setAside(storage, key, text);
    notify('corrupt-best', 'Your best score could not be read; it was set aside and is counted again from now.');
  }
  return {};
}

/** The bests after `game`: its shape's raised when its score beats it (never lowered), and written under `key`. */
export function raiseBest(storage: StorageLike, key: string, bests: Bests, game: GameState): Bests {
  if (game.score <= (bests[bestKey(game)] ?? 0)) return bests;
  // Merge with storage first so a higher best written by another tab is never overwritten.
  const raised = mergeBests(mergeBests(bests, readBests(storage, key)), { [bestKey(game)]: game.score });
  storage.setItem(key, encodeBests(raised));
  return raised;
}

/** The game saved as `text` under `key`, or null: none, or unreadable, then set aside and told. */
export function loadSave(storage: StorageLike, key: string, text: string | null, notify: Notify): Loaded | null {
  if (text === null) return null;
  const parsed = decodeSave(text);
  if (parsed) return parsed;
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
