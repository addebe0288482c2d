/**
 * The terminal's game history: `history.jsonl` in the state directory, one kept game per
 * line (the whole entry, moves included, as in an export file).
 *
 * - A game is kept by appending its line in one write to a file opened for appending
 *   (O_APPEND), so two `cube2048 play` at once never interleave or lose a line.
 * - A game taken back (undo from game over) appends a tombstone, `{"retract":"<id>"}`,
 *   rather than rewriting the file: appending stays the only write while playing. A later
 *   line with the same id keeps it again (undo, then the same move again).
 * - Reading never fails on a bad line: it is appended to `history.unreadable.jsonl`, the
 *   history is rewritten without it (temporary file, then rename), and one message names it.
 *
 * Beside it, `history-current.json` holds the game in progress's meta (start time, mode,
 * time played), so a game continued in a later `cube2048 play` keeps them.
 */
import {
  appendFileSync,
  closeSync,
  fstatSync,
  mkdirSync,
  openSync,
  readFileSync,
  readSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { isRecord, own, parseJson } from '../engine/untrusted';
import { entryLine } from '../history/archive';
import type { HistoryEntry } from '../history/entry';
import { parseEntry } from '../history/entry';
import type { GameMeta } from '../history/keep';
import { parseMeta } from '../history/keep';

export const HISTORY_FILE = 'history.jsonl';
export const UNREADABLE_FILE = 'history.unreadable.jsonl';
export const META_FILE = 'history-current.json';

export interface HistoryRead {
  /** The kept games, once each (by id), in the order they were first kept; retracted ones left out. */
  readonly entries: HistoryEntry[];
  /** The lines that could not be read (numbered from 1) and where they went (null: skipped, they could not be moved); null when every line was read. */
  readonly problem: UnreadableLines | null;
}

export interface UnreadableLines {
  readonly lines: readonly number[];
  readonly file: string;
  readonly movedTo: string | null;
}

export interface HistoryFile {
  readonly path: string;
  readonly unreadablePath: string;
  /** Keeps a game. Throws when the file cannot be written. */
  append(entry: HistoryEntry): void;
  /** Takes a kept game back out. Throws when the file cannot be written. */
  retract(id: string): void;
  /** Every kept game; a missing file is an empty history. Bad lines are set aside (see above). */
  read(): HistoryRead;
  /** The meta of the game in progress, or null when there is none (or it cannot be read). */
  readMeta(): GameMeta | null;
  /** Throws when the file cannot be written. */
  writeMeta(meta: GameMeta): void;
}

/** One line of the history: a kept game, a tombstone taking one back, or a line that cannot be read. */
type Line = { kind: 'keep'; entry: HistoryEntry } | { kind: 'retract'; id: string } | { kind: 'bad' };

function parseLine(text: string): Line {
  const data = parseJson(text);
  if (data === undefined) return { kind: 'bad' };
  if (isRecord(data) && Object.hasOwn(data, 'retract')) {
    const id = own(data, 'retract');
    return typeof id === 'string' ? { kind: 'retract', id } : { kind: 'bad' };
  }
  const parsed = parseEntry(data);
  return parsed.ok ? { kind: 'keep', entry: parsed.value } : { kind: 'bad' };
}

const isMissing = (error: unknown): boolean => (error as NodeJS.ErrnoException).code === 'ENOENT';

/** Appends `line` to the file at `path` in one write; starts it on a new line if the file's last one was cut short. */
function appendLine(directory: string, path: string, line: string): void {
  mkdirSync(directory, { recursive: true });
  const fd = openSync(path, 'a+');
  try {
    const { size } = fstatSync(fd);
    const last = Buffer.alloc(1);
    const cut = size > 0 && readSync(fd, last, 0, 1, size - 1) === 1 && last[0] !== 0x0a;
    appendFileSync(fd, `${cut ? '\n' : ''}${line}\n`);
  } finally {
    closeSync(fd);
  }
}

/**
 * Rewrites the history at `path` without its bad lines (moved to `unreadablePath`), unless another
 * game appended meanwhile (then they stay, for the next read); returns whether it did.
 */
function setAside(path: string, unreadablePath: string, text: string, bad: readonly string[], good: readonly string[]): boolean {
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, good.map((l) => `${l}\n`).join(''));
  if (statSync(path).size !== Buffer.byteLength(text)) {
    rmSync(temporary, { force: true });
    return false;
  }
  appendFileSync(unreadablePath, bad.map((l) => `${l}\n`).join(''));
  renameSync(temporary, path);
  return true;
}

/** The history's lines sorted: the games kept (by id, retracted ones out), the lines that read, and the bad ones. */
function sortLines(text: string): { kept: Map<string, HistoryEntry>; good: string[]; bad: { number: number; text: string }[] } {
  const kept = new Map<string, HistoryEntry>();
  const good: string[] = [];
  const bad: { number: number; text: string }[] = [];
  text.split('\n').forEach((raw, i) => {
    if (raw.trim() === '') return;
    const line = parseLine(raw);
    if (line.kind === 'bad') return void bad.push({ number: i + 1, text: raw });
    good.push(raw);
    if (line.kind === 'retract') kept.delete(line.id);
    else if (!kept.has(line.entry.id)) kept.set(line.entry.id, line.entry);
  });
  return { kept, good, bad };
}

/** Reads the history at `path`: a missing file is an empty one, and bad lines are set aside. */
function readHistory(path: string, unreadablePath: string): HistoryRead {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if (isMissing(error)) return { entries: [], problem: null };
    throw error;
  }
  const { kept, good, bad } = sortLines(text);
  if (bad.length === 0) return { entries: [...kept.values()], problem: null };
  let moved: boolean;
  try {
    moved = setAside(
      path,
      unreadablePath,
      text,
      bad.map((b) => b.text),
      good,
    );
  } catch {
    moved = false;
  }
  return {
    entries: [...kept.values()],
    problem: { lines: bad.map((b) => b.number), file: path, movedTo: moved ? unreadablePath : null },
  };
}

export function openHistoryFile(directory: string): HistoryFile {
  const path = join(directory, HISTORY_FILE);
  const unreadablePath = join(directory, UNREADABLE_FILE);
  const metaPath = join(directory, META_FILE);
  return {
    path,
    unreadablePath,
    append: (entry) => appendLine(directory, path, entryLine(entry)),
    retract: (id) => appendLine(directory, path, JSON.stringify({ retract: id })),
    read: () => readHistory(path, unreadablePath),
    readMeta() {
      try {
        return parseMeta(JSON.parse(readFileSync(metaPath, 'utf8')));
      } catch {
        return null;
      }
    },
    writeMeta(meta) {
      mkdirSync(directory, { recursive: true });
      const temporary = `${metaPath}.${process.pid}.tmp`;
      writeFileSync(temporary, `${JSON.stringify(meta)}\n`);
      renameSync(temporary, metaPath);
    },
  };
}
