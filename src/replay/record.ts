/**
 * Game records: a game is fully decided by its shape, seed, target and moves, so a record
 * is just those, plus the final score and largest tile as a checksum. Records travel as
 * compact base64url links (`#g=…`) and as JSON files; both are verified by replaying.
 */
import type { Dimensions, GameState, ParseResult } from '../engine';
import {
  MAX_CUBE_SIZE,
  MAX_SIZE,
  continueGame,
  directionOf,
  isValidDimensions,
  isValidSeed,
  isValidSize,
  isValidTarget,
  maxTile,
  newGame,
  replay,
  toRows,
} from '../engine';
import { fail, isRecord, own, parseJson } from '../engine/untrusted';

/** Version of square records (links and files), unchanged since the first: every old one still loads. */
export const RECORD_VERSION = 1;
/** Links of cube games: the shape is stated and moves take 3 bits, for I and O. */
export const CUBE_LINK_VERSION = 2;
/** A generous cap: a strong AI game to 65536 takes about 30,000 moves. */
export const MAX_RECORD_MOVES = 200_000;
/** Longest link code accepted before any decoding work (a bit above MAX_RECORD_MOVES' size). */
const MAX_CODE_LENGTH = Math.ceil(((MAX_RECORD_MOVES / 4 + 32) * 4) / 3) + 4;

export interface GameRecord {
  readonly size: number;
  /** 3 for a cube; absent (as in every record made before cubes) for a square. */
  readonly dimensions?: Dimensions;
  readonly seed: number;
  readonly target: number;
  /** One letter per move: L, R, U, D, and I, O in a cube. */
  readonly moves: string;
  /** Checksum: the final score and largest tile of the recorded game. */
  readonly score: number;
  readonly maxTile: number;
}

/** The shape of a record's game: 2 unless it says 3. */
export const dimensionsOf = (record: GameRecord): Dimensions => record.dimensions ?? 2;

/** The options that start a record's game, for `newGame` and `replay`. */
const startOf = (r: GameRecord): { size: number; dimensions: Dimensions; seed: number; target: number } => ({
  size: r.size,
  dimensions: dimensionsOf(r),
  seed: r.seed,
  target: r.target,
});

export const recordOf = (game: GameState): GameRecord => ({
  size: game.size,
  ...(game.board.dimensions === 3 ? { dimensions: 3 as const } : {}),
  seed: game.seed,
  target: game.target,
  moves: game.record,
  score: game.score,
  maxTile: maxTile(game.board),
});

// --- binary layout of a square (version 1): version, size-3 (3 bits) | log2 target (5 bits),
// seed (u32 LE), varint score, log2 max tile, varint move count, then moves at 2 bits each.
// A cube (version 2): version, dimensions, size, log2 target, then as version 1 with moves
// at 3 bits each. Moves fill each byte from its lowest bit and may straddle bytes.
const CODES = 'LRUDIO';
const bitsPerMove = (dimensions: Dimensions): number => (dimensions === 3 ? 3 : 2);

function writeMoves(out: number[], moves: string, bits: number): void {
  const bytes = new Uint8Array(Math.ceil((moves.length * bits) / 8));
  for (let m = 0; m < moves.length; m++) {
    const code = Math.max(0, CODES.indexOf(moves[m] as string));
    for (let b = 0; b < bits; b++) {
      const bit = m * bits + b;
      if ((code >> b) & 1) bytes[bit >> 3] = (bytes[bit >> 3] as number) | (1 << (bit & 7));
    }
  }
  out.push(...bytes);
}

/** The moves packed at `bits` each from `start`, or null when a code is no move. */
function readMoves(bytes: Uint8Array, start: number, count: number, bits: number): string | null {
  let moves = '';
  for (let m = 0; m < count; m++) {
    let code = 0;
    for (let b = 0; b < bits; b++) code |= (((bytes[start + ((m * bits + b) >> 3)] as number) >> ((m * bits + b) & 7)) & 1) << b;
    const letter = CODES[code];
    if (letter === undefined) return null;
    moves += letter;
  }
  return moves;
}

function writeVarint(out: number[], value: number): void {
  let v = value;
  while (v >= 0x80) {
    out.push((v % 0x80) | 0x80);
    v = Math.floor(v / 0x80);
  }
  out.push(v);
}

function readVarint(bytes: Uint8Array, at: { i: number }): number | null {
  let value = 0;
  let scale = 1;
  for (let n = 0; n < 8; n++) {
    const b = bytes[at.i++];
    if (b === undefined) return null;
    value += (b & 0x7f) * scale;
    if (value > Number.MAX_SAFE_INTEGER) return null;
    if ((b & 0x80) === 0) return value;
    scale *= 0x80;
  }
  return null;
}

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const B64_INDEX = new Map([...B64].map((c, i) => [c, i]));

function toBase64Url(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const n = ((bytes[i] ?? 0) << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    const chars = Math.min(4, Math.ceil(((bytes.length - i) * 8) / 6));
    for (let k = 0; k < chars; k++) out += B64[(n >> (18 - 6 * k)) & 63];
  }
  return out;
}

function fromBase64Url(text: string): Uint8Array | null {
  if (text.length % 4 === 1) return null;
  const bytes = new Uint8Array(Math.floor((text.length * 6) / 8));
  let acc = 0;
  let bits = 0;
  let j = 0;
  for (const c of text) {
    const v = B64_INDEX.get(c);
    if (v === undefined) return null;
    acc = ((acc << 6) | v) & 0xffffff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      bytes[j++] = (acc >> bits) & 0xff;
    }
  }
  return bytes;
}

export function encodeRecord(record: GameRecord): string {
  const dimensions = dimensionsOf(record);
  const out: number[] =
    dimensions === 3
      ? [CUBE_LINK_VERSION, dimensions, record.size, Math.log2(record.target)]
      : [RECORD_VERSION, ((record.size - 3) << 5) | Math.log2(record.target)];
  for (let k = 0; k < 4; k++) out.push((record.seed >>> (8 * k)) & 0xff);
  writeVarint(out, record.score);
  out.push(Math.log2(Math.max(record.maxTile, 1)));
  writeVarint(out, record.moves.length);
  writeMoves(out, record.moves, bitsPerMove(dimensions));
  return toBase64Url(Uint8Array.from(out));
}

/** The shape and target a link states, and where its seed starts; null for a version this code does not read. */
function linkHeader(bytes: Uint8Array): { dimensions: number; size: number; target: number; at: number } | null {
  if (bytes[0] === RECORD_VERSION) {
    const packed = bytes[1] as number;
    return { dimensions: 2, size: (packed >> 5) + 3, target: 2 ** (packed & 31), at: 2 };
  }
  if (bytes[0] === CUBE_LINK_VERSION)
    return { dimensions: bytes[1] as number, size: bytes[2] as number, target: 2 ** (bytes[3] as number), at: 4 };
  return null;
}

/** Decodes a link code. Checks the shape only; `verifyRecord` replays it. */
export function decodeRecord(code: string): ParseResult<GameRecord> {
  if (code.length === 0) return fail('The link holds no game.');
  if (code.length > MAX_CODE_LENGTH) return fail(`The link is too long (over ${MAX_RECORD_MOVES.toLocaleString('en-US')} moves).`);
  const bytes = fromBase64Url(code);
  if (!bytes) return fail('The link is damaged: it is not a cube2048 game code.');
  if (bytes.length < 9) return fail('The link is cut short.');
  const header = linkHeader(bytes);
  if (!header) return fail(`The link was made by another version of cube2048 (format ${bytes[0]}).`);
  const { dimensions, size, target } = header;
  if (!isValidDimensions(dimensions)) return fail(`The link's board has ${dimensions} dimensions, not 2 or 3.`);
  const s = header.at;
  const seed =
    ((bytes[s] as number) | ((bytes[s + 1] as number) << 8) | ((bytes[s + 2] as number) << 16) | ((bytes[s + 3] as number) << 24)) >>> 0;
  const at = { i: s + 4 };
  const score = readVarint(bytes, at);
  const maxExp = bytes[at.i++];
  const count = readVarint(bytes, at);
  if (score === null || maxExp === undefined || count === null) return fail('The link is cut short.');
  if (count > MAX_RECORD_MOVES) return fail(`The game in the link is too long (${count.toLocaleString('en-US')} moves).`);
  const needed = Math.ceil((count * bitsPerMove(dimensions)) / 8);
  if (bytes.length - at.i < needed) return fail('The link is cut short.');
  if (bytes.length - at.i > needed) return fail('The link has trailing data.');
  const moves = readMoves(bytes, at.i, count, bitsPerMove(dimensions));
  if (moves === null) return fail('The link is damaged: it holds a move that is no direction.');
  const shape = dimensions === 3 ? { dimensions } : {};
  return checkShape({ size, ...shape, seed, target, moves, score, maxTile: maxExp === 0 ? 0 : 2 ** maxExp });
}

function checkShape(r: GameRecord): ParseResult<GameRecord> {
  const dimensions = dimensionsOf(r);
  if (!isValidSize(r.size, dimensions))
    return fail(`The board size ${r.size} is not between 3 and ${dimensions === 3 ? MAX_CUBE_SIZE : MAX_SIZE}.`);
  if (dimensions !== 3 && /[IO]/.test(r.moves)) return fail('The moves go in or out, but the board is a square.');
  if (!isValidSeed(r.seed)) return fail('The seed is not a whole number from 0 to 4294967295.');
  if (!isValidTarget(r.target, r.size, dimensions)) return fail(`The target ${r.target} is not a valid goal tile.`);
  if (!Number.isSafeInteger(r.score) || r.score < 0) return fail('The recorded score is not a whole number.');
  return { ok: true, value: r };
}

/** JSON for export and import (a file a player can keep). */
export function recordToJson(record: GameRecord): string {
  return `${JSON.stringify({ format: 'cube2048-record', v: RECORD_VERSION, ...record }, null, 2)}\n`;
}

export function recordFromJson(text: string): ParseResult<GameRecord> {
  if (text.length > MAX_RECORD_MOVES + 10_000) return fail('The file is too large to be a cube2048 game.');
  const data = parseJson(text);
  if (data === undefined) return fail('The file is not valid JSON.');
  if (!isRecord(data)) return fail('The file is not a cube2048 game record.');
  const get = (k: string): unknown => own(data, k);
  if (get('format') !== 'cube2048-record') return fail('The file is not a cube2048 game record.');
  if (get('v') !== RECORD_VERSION)
    return fail(`The file was made by another version of cube2048 (format ${JSON.stringify(get('v')) ?? 'none'}).`);
  const moves = get('moves');
  if (typeof moves !== 'string' || !/^[LRUDIO]*$/.test(moves))
    return fail('The moves are not a string of L, R, U, D (and I, O in a cube).');
  const dimensions = get('dimensions') ?? 2;
  if (!isValidDimensions(dimensions)) return fail("The record's dimensions are not 2 or 3.");
  if (moves.length > MAX_RECORD_MOVES) return fail(`The game is too long (${moves.length.toLocaleString('en-US')} moves).`);
  const [size, seed, target, score, max] = ['size', 'seed', 'target', 'score', 'maxTile'].map(get);
  if (![size, seed, target, score, max].every((x) => typeof x === 'number'))
    return fail('The record is missing its size, seed, target, score or max tile.');
  return checkShape({
    size: size as number,
    ...(dimensions === 3 ? { dimensions } : {}),
    seed: seed as number,
    target: target as number,
    moves,
    score: score as number,
    maxTile: max as number,
  });
}

/** What is wrong with a record, as data: a host words it in the player's language (the replay viewer), `problem` in English. */
export type RecordFault =
  /** Move `move` (1-based), toward `dir`, changes nothing: the game is good up to there. */
  | { readonly kind: 'stuck'; readonly move: number; readonly dir: string }
  /** Every move plays, but to another score or best tile than the record says. */
  | { readonly kind: 'checksum'; readonly score: number; readonly tile: number; readonly recordScore: number; readonly recordTile: number };

export interface Verified {
  /** The states after 0, 1, … n valid moves are recomputed on demand by `stateAt`. */
  readonly final: GameState;
  /** Index of the first invalid move, or null when every move is valid. */
  readonly invalidAt: number | null;
  /** What is wrong, or null when the record checks out. */
  readonly fault: RecordFault | null;
  /** The fault in English words (for the terminal, logs and import reports), or null when the record checks out. */
  readonly problem: string | null;
}

const faultText = (fault: RecordFault): string =>
  fault.kind === 'stuck'
    ? `Move ${fault.move} (${fault.dir}) does not change the board; the game is shown up to there.`
    : `The checksum does not match: the moves give score ${fault.score} and tile ${fault.tile}, the record says ${fault.recordScore} and ${fault.recordTile}.`;

/** Replays the record: every move must change the board and the checksum must match. */
export function verifyRecord(record: GameRecord): Verified {
  const { state, invalidAt } = replay(startOf(record), record.moves);
  const verified = (fault: RecordFault | null): Verified => ({
    final: state,
    invalidAt,
    fault,
    problem: fault && faultText(fault),
  });
  if (invalidAt !== null) {
    const letter = record.moves[invalidAt] as string;
    return verified({ kind: 'stuck', move: invalidAt + 1, dir: directionOf(letter) ?? letter });
  }
  const tile = maxTile(state.board);
  if (state.score !== record.score || tile !== record.maxTile)
    return verified({ kind: 'checksum', score: state.score, tile, recordScore: record.score, recordTile: record.maxTile });
  return verified(null);
}

/** The link code found in a share link, a bare code, or a `g=` fragment. */
export function codeFromLink(link: string): string {
  const trimmed = link.trim();
  const hash = trimmed.indexOf('#');
  const fragment = hash >= 0 ? trimmed.slice(hash + 1) : trimmed;
  const params = new URLSearchParams(fragment);
  return params.get('g') ?? fragment;
}

/** Rows of values after the record's last valid move, for printing. */
export const finalRows = (v: Verified): number[][] => toRows(v.final.board);

/**
 * Random access into a verified record for a replay viewer: states are recomputed from
 * checkpoints every 64 moves, so scrubbing a 100,000-move game stays fast and small.
 */
export class ReplayTimeline {
  static readonly CHECKPOINT_EVERY = 64;
  /** Number of valid moves; positions run from 0 (the start) to `length`. */
  readonly length: number;
  private readonly checkpoints: GameState[] = [];

  constructor(readonly record: GameRecord) {
    let state = newGame(startOf(record));
    this.checkpoints.push(state);
    let invalid: number | null = null;
    for (let i = 0; i < record.moves.length && invalid === null; i += ReplayTimeline.CHECKPOINT_EVERY) {
      const chunk = continueGame(state, record.moves.slice(i, i + ReplayTimeline.CHECKPOINT_EVERY));
      state = chunk.state;
      if (chunk.invalidAt !== null) invalid = i + chunk.invalidAt;
      else if (state.record.length % ReplayTimeline.CHECKPOINT_EVERY === 0) this.checkpoints.push(state);
    }
    this.length = invalid ?? record.moves.length;
  }

  /** The game after `position` moves (clamped to the valid range). */
  stateAt(position: number): GameState {
    const p = Math.max(0, Math.min(this.length, Math.floor(position)));
    const base = this.checkpoints[Math.floor(p / ReplayTimeline.CHECKPOINT_EVERY)] as GameState;
    return continueGame(base, this.record.moves.slice(base.record.length, p)).state;
  }
}
