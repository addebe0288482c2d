/**
 * The history export file and its import. Pure: text in, checked entries out, so the page's
 * import and any tool read a file the same way. Every game is replayed before it is
 * accepted; a bad one is named and skipped, a bad file is refused as a whole.
 *
 * The file: `{"format":"cube2048-history","v":1,"games":[…]}` with one game per line, so
 * two exports diff line by line.
 */
import type { ParseResult } from '../engine';
import { maxTile } from '../engine';
import { fail, isRecord, own, parseJson } from '../engine/untrusted';
import type { HistoryEntry } from './entry';
import { ENTRY_FIELDS, parseEntry, recordOfEntry } from './entry';
import { verifyRecord } from '../replay/record';

export const ARCHIVE_FORMAT = 'cube2048-history';
export const ARCHIVE_VERSION = 1;
/** The largest file read, in characters (the format is ASCII, so about bytes): refused before parsing. */
export const MAX_ARCHIVE_CHARS = 64 * 1024 * 1024;

export interface DecodedArchive {
  /** The games that passed every check, once each, in file order. */
  readonly games: HistoryEntry[];
  /** The games left out: `index` counts from 0 in the file's list; `reason` names it from 1 ("Game 12: …"). */
  readonly skipped: { readonly index: number; readonly reason: string }[];
  /** Games that appeared again in the file (same id): merged into the first, not skipped. */
  readonly duplicates: number;
}

/** One entry as one line of JSON (the terminal's history file uses the same lines). */
export const entryLine = (entry: HistoryEntry): string => JSON.stringify(entry, ENTRY_FIELDS as string[]);

export function encodeArchive(entries: readonly HistoryEntry[]): string {
  const head = `{"format":"${ARCHIVE_FORMAT}","v":${ARCHIVE_VERSION},"games":[`;
  if (entries.length === 0) return `${head}]}\n`;
  return `${head}\n${entries.map(entryLine).join(',\n')}\n]}\n`;
}

/**
 * Why a parsed entry's moves do not give what it says, or null when they do: every move
 * must change the board, the score and tile must match, and a game kept at game over must
 * have no move left.
 */
export function replayProblem(entry: HistoryEntry): string | null {
  const verified = verifyRecord(recordOfEntry(entry));
  if (verified.invalidAt !== null) return `its move ${verified.invalidAt + 1} does not change the board`;
  if (verified.problem !== null)
    return `its moves do not match its score and tile (they give ${verified.final.score} and ${maxTile(verified.final.board)}, it says ${entry.score} and ${entry.maxTile})`;
  if (entry.end === 'over' && verified.final.status !== 'over') return 'it says the game was over, but its moves leave a move to play';
  return null;
}

/**
 * The whole-file checks of an export, without the games': its list of games, unchecked, or
 * why the file is refused. With `checkArchiveGame`, a caller can check the games in slices
 * (replaying 10,000 games takes seconds) and show progress; `decodeArchive` does it all at once.
 */
export function openArchive(text: string): ParseResult<readonly unknown[]> {
  if (text.length > MAX_ARCHIVE_CHARS)
    return fail(`The file is too large to be a cube2048 history (over ${MAX_ARCHIVE_CHARS / 1024 / 1024} MB).`);
  const data = parseJson(text);
  if (data === undefined) return fail('The file is not valid JSON.');
  if (!isRecord(data)) return fail('The file is not a cube2048 history.');
  const get = (k: string): unknown => own(data, k);
  if (get('format') !== ARCHIVE_FORMAT) return fail('The file is not a cube2048 history.');
  const v = get('v');
  if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < 1)
    return fail('The file is not a cube2048 history: its version is missing.');
  if (v > ARCHIVE_VERSION)
    return fail(`The file was made by a newer version of cube2048 (history format ${v}); update cube2048 to read it.`);
  const list = get('games');
  if (!Array.isArray(list)) return fail('The file is not a cube2048 history: it has no list of games.');
  return { ok: true, value: list as readonly unknown[] };
}

/** One game of the file's list (at `index`, from 0), parsed and replayed; the error names it ("Game 12: …."). */
export function checkArchiveGame(item: unknown, index: number): ParseResult<HistoryEntry> {
  const parsed = parseEntry(item);
  const problem = parsed.ok ? replayProblem(parsed.value) : parsed.error;
  return parsed.ok && problem === null ? parsed : fail(`Game ${index + 1}: ${problem}.`);
}

/** Reads an export file. A file that is not one (or too big, or from a newer version) is an error; bad games are skipped and named. */
export function decodeArchive(text: string): ParseResult<DecodedArchive> {
  const list = openArchive(text);
  if (!list.ok) return list;
  const games: HistoryEntry[] = [];
  const skipped: { index: number; reason: string }[] = [];
  const seen = new Set<string>();
  let duplicates = 0;
  list.value.forEach((item, index) => {
    const checked = checkArchiveGame(item, index);
    if (!checked.ok) return void skipped.push({ index, reason: checked.error });
    if (seen.has(checked.value.id)) return void duplicates++;
    seen.add(checked.value.id);
    games.push(checked.value);
  });
  return { ok: true, value: { games, skipped, duplicates } };
}

/** The incoming games not already kept (by id), each once: what an import adds. */
export function mergeEntries(existing: readonly HistoryEntry[] | ReadonlySet<string>, incoming: readonly HistoryEntry[]): HistoryEntry[] {
  const isList = (x: typeof existing): x is readonly HistoryEntry[] => Array.isArray(x);
  const known = new Set<string>(isList(existing) ? existing.map((e) => e.id) : existing);
  const added: HistoryEntry[] = [];
  for (const entry of incoming) {
    if (known.has(entry.id)) continue;
    known.add(entry.id);
    added.push(entry);
  }
  return added;
}
