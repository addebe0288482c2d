/**
 * The batch move judge: reads `T` and then `T` cases of a 4×4 board (16 tile values) and a
 * direction word, and writes each board after the move (no spawn, no score) as four lines
 * of four numbers and an empty line.
 *
 * Speed comes from doing little per byte: input is scanned in large chunks with numbers
 * parsed by hand, every line of four tiles is moved with one lookup in a 65,536-entry
 * table, and output is written into a large byte buffer. The table is built by the
 * engine's own `move`, so the judge and the game share one set of rules; tiles above
 * 2^15 (which do not fit the table's 4-bit exponents) are moved by the engine directly.
 */
import type { Direction } from '../engine';
import { DIRECTIONS, buildLineTable, linesFor, move } from '../engine';

/** Largest input tile exponent: a merge of two 2^52 tiles gives 2^53, still exact in a double. */
export const MAX_JUDGE_EXPONENT = 52;
const MAX_JUDGE_VALUE = 2 ** MAX_JUDGE_EXPONENT;
/** Exponents that fit the table's four bits; bigger tiles take the engine's path. */
const TABLE_MAX_EXPONENT = 15;
const CELLS = 16;

let lineTable: Uint8Array | null = null;
/** The engine's line table (engine/line-table.ts), built on first use (about 20 ms) and shared afterwards. */
export const sharedLineTable = (): Uint8Array => (lineTable ??= buildLineTable());

/** For each direction (in DIRECTIONS order), its four lines of cell indices, each from the wall. */
const LINES = new Int32Array(DIRECTIONS.length * CELLS);
DIRECTIONS.forEach((dir, d) => linesFor(4, dir).forEach((line, l) => LINES.set(line, d * CELLS + l * 4)));

/** Decimal bytes of 2^e (and "0" for e = 0), for every exponent a result can hold. */
const DIGIT_STRIDE = 16;
const DIGITS = new Uint8Array((MAX_JUDGE_EXPONENT + 2) * DIGIT_STRIDE);
const DIGIT_COUNT = new Uint8Array(MAX_JUDGE_EXPONENT + 2);
for (let e = 0; e <= MAX_JUDGE_EXPONENT + 1; e++) {
  const text = e === 0 ? '0' : String(2 ** e);
  DIGIT_COUNT[e] = text.length;
  for (let i = 0; i < text.length; i++) DIGITS[e * DIGIT_STRIDE + i] = text.charCodeAt(i);
}

/** The most bytes one case can print: 16 numbers of at most 16 digits, separators, blank line. */
const MAX_CASE_OUTPUT = CELLS * (DIGIT_STRIDE + 1) + 1;
const OUTPUT_SIZE = 1 << 20;

/** Bytes that separate tokens: space, tab, newline, vertical tab, form feed, carriage return. */
const SPACE = new Uint8Array(256);
for (const c of [9, 10, 11, 12, 13, 32]) SPACE[c] = 1;

const DIRECTION_WORDS = DIRECTIONS.map((d) => d.toUpperCase());
const DIRECTION_LIST = 'LEFT, RIGHT, UP or DOWN';

/** What `step` reached: wants more input, has output to flush, finished, or found bad input. */
export type JudgeStatus = 'more' | 'flush' | 'done' | 'error';

/** Outcome of judging a whole input at once. */
export interface JudgeResult {
  readonly output: Uint8Array;
  /** Null on success; otherwise the message (output then holds the boards of the good cases before it). */
  readonly error: string | null;
}

/**
 * An incremental judge: `push` input as it arrives, call `step` until it asks for more,
 * `takeOutput` whenever it asks for a flush, and `step(true)` once the input has ended.
 */
export class Judge {
  private input = new Uint8Array(1 << 20);
  private pos = 0;
  private end = 0;
  /** T, once read; -1 before. */
  private total = -1;
  /** Cases judged so far. */
  private judged = 0;
  private output = Buffer.allocUnsafe(OUTPUT_SIZE);
  private outputLength = 0;
  private readonly cells = new Uint8Array(CELLS);
  private readonly table: Uint8Array;
  /** The message once a case is bad. */
  error: string | null = null;

  constructor(table: Uint8Array = sharedLineTable()) {
    this.table = table;
  }

  /** Appends a copy of `chunk` (the caller may reuse it), dropping what has been consumed. */
  push(chunk: Uint8Array): void {
    const rest = this.end - this.pos;
    if (this.pos > 0) {
      this.input.copyWithin(0, this.pos, this.end);
      this.pos = 0;
      this.end = rest;
    }
    if (rest + chunk.length > this.input.length) {
      const bigger = new Uint8Array(Math.max(this.input.length * 2, rest + chunk.length));
      bigger.set(this.input.subarray(0, rest));
      this.input = bigger;
    }
    this.input.set(chunk, this.end);
    this.end += chunk.length;
  }

  /** The boards printed since the last call; the judge continues into a fresh buffer. */
  takeOutput(): Uint8Array {
    const out = this.output.subarray(0, this.outputLength);
    this.output = Buffer.allocUnsafe(OUTPUT_SIZE);
    this.outputLength = 0;
    return out;
  }

  /**
   * Judges every complete case in the input so far. `final` says the input has ended, so
   * whatever is missing is an error rather than something still to come.
   */
  step(final: boolean): JudgeStatus {
    if (this.error !== null) return 'error';
    // Only tokens followed by whitespace are known to be complete until the input ends.
    const limit = final ? this.end : this.completeEnd();
    if (this.total < 0) {
      const status = this.readTotal(limit, final);
      if (status !== null) return status;
    }
    while (this.judged < this.total) {
      if (this.outputLength > this.output.length - MAX_CASE_OUTPUT) return 'flush';
      const status = this.judgeCase(limit, final);
      if (status !== null) return status;
    }
    return this.afterLastCase(final);
  }

  /** Where the complete tokens end: just after the last whitespace byte (or `pos` if there is none). */
  private completeEnd(): number {
    const buf = this.input;
    for (let i = this.end - 1; i >= this.pos; i--) if (SPACE[buf[i] as number] === 1) return i + 1;
    return this.pos;
  }

  /** Reads T; null once it is read. */
  private readTotal(limit: number, final: boolean): JudgeStatus | null {
    const buf = this.input;
    let p = skipSpace(buf, this.pos, limit);
    if (p >= limit) return final ? this.fail('expected the number of cases T, but the input is empty') : 'more';
    const start = p;
    let t = 0;
    for (; p < limit; p++) {
      const d = (buf[p] as number) - 48;
      if (d < 0 || d > 9) break;
      t = t * 10 + d;
    }
    if (p === start || (p < limit && SPACE[buf[p] as number] !== 1) || p - start > 15)
      return this.fail(`the number of cases T must be a whole number from 0 up, got ${this.tokenAt(start)}`);
    this.total = t;
    this.pos = p;
    return null;
  }

  /**
   * Judges the case at `pos`. A valid case is printed and consumed (null); otherwise
   * nothing of it is: it is cut off (see `cutOff`) or bad ('error'). The state is only
   * written once a case is whole, so every early return leaves it as the last case did.
   */
  private judgeCase(limit: number, final: boolean): JudgeStatus | null {
    const buf = this.input;
    const cells = this.cells;
    let p = this.pos;
    let big = false;
    for (let i = 0; i < CELLS; i++) {
      p = skipSpace(buf, p, limit);
      if (p >= limit) return this.cutOff(final, i);
      const start = p;
      let v = 0;
      for (; p < limit; p++) {
        const d = (buf[p] as number) - 48;
        if (d < 0 || d > 9) break;
        v = v * 10 + d;
      }
      if (p === start || (p < limit && SPACE[buf[p] as number] !== 1)) return this.fail(this.notANumber(i, start));
      let e: number;
      if (v === 0) e = 0;
      else if (v <= 0x40000000 && (v & (v - 1)) === 0 && v > 1) e = 31 - Math.clz32(v);
      else {
        e = this.largeExponent(v, i, start);
        if (e < 0) return 'error';
      }
      if (e > TABLE_MAX_EXPONENT) big = true;
      cells[i] = e;
    }

    p = skipSpace(buf, p, limit);
    if (p >= limit) return this.cutOff(final, CELLS);
    const wordStart = p;
    while (p < limit && SPACE[buf[p] as number] !== 1) p++;
    const d = directionIndex(buf, wordStart, p - wordStart);
    if (d < 0) return this.fail(`${this.caseName(this.judged)}: unknown direction ${this.tokenAt(wordStart)} (expected ${DIRECTION_LIST})`);

    // The case is valid: only now does any of its board reach the output.
    if (big) {
      this.moveByEngine(d);
      this.outputLength = this.printAnyTiles(this.outputLength);
    } else {
      this.moveByTable(d);
      this.outputLength = this.printSmallTiles(this.outputLength);
    }
    this.pos = p;
    this.judged++;
    return null;
  }

  /**
   * The one way out of a case that ends at `limit` after `read` of its 16 numbers (16: before
   * its direction): more input may complete it, or, once the input has ended, it is an error.
   */
  private cutOff(final: boolean, read: number): JudgeStatus {
    if (!final) return 'more';
    const name = this.caseName(this.judged);
    if (read === 0)
      return this.fail(`${name}: the input ended before this case's board (only ${this.judged} of ${this.total} cases given)`);
    if (read < CELLS) return this.fail(`${name}: the input ended after ${read} of the board's 16 numbers`);
    return this.fail(`${name}: the input ended before the direction (${DIRECTION_LIST})`);
  }

  /** The message for a token that is not a whole number: a signed or fractional number is a wrong value; anything else is not a number at all. */
  private notANumber(cell: number, start: number): string {
    const token = this.tokenAt(start);
    return /^"[+-]?[\d.]+(e[+-]?\d+)?"$/i.test(token)
      ? `${this.cellName(this.judged, cell)}: ${token} is not 0 or a power of two`
      : `${this.cellName(this.judged, cell)}: expected a number (16 per board), got ${token}`;
  }

  /** The exponent of a tile above 2^30 (or of 1), or -1 after failing on a value that is no tile. */
  private largeExponent(v: number, cell: number, start: number): number {
    if (v > MAX_JUDGE_VALUE) {
      this.fail(
        `${this.cellName(this.judged, cell)}: ${this.tokenAt(start)} is too large (tiles go up to 2^${MAX_JUDGE_EXPONENT} = ${MAX_JUDGE_VALUE})`,
      );
      return -1;
    }
    const e = Math.log2(v);
    if (Number.isInteger(e) && e >= 1) return e;
    this.fail(`${this.cellName(this.judged, cell)}: ${this.tokenAt(start)} is not 0 or a power of two`);
    return -1;
  }

  /** Moves `cells` in direction `d` with one table lookup per line (every exponent at most 15). */
  private moveByTable(d: number): void {
    const cells = this.cells;
    const table = this.table;
    const lines = d * CELLS;
    for (let l = lines; l < lines + CELLS; l += 4) {
      const a = LINES[l] as number;
      const b = LINES[l + 1] as number;
      const c = LINES[l + 2] as number;
      const f = LINES[l + 3] as number;
      const row = ((cells[a] as number) | ((cells[b] as number) << 4) | ((cells[c] as number) << 8) | ((cells[f] as number) << 12)) * 4;
      cells[a] = table[row] as number;
      cells[b] = table[row + 1] as number;
      cells[c] = table[row + 2] as number;
      cells[f] = table[row + 3] as number;
    }
  }

  /** Moves `cells` with the engine itself, for tiles too big for the table. */
  private moveByEngine(d: number): void {
    const moved = move({ size: 4, dimensions: 2, cells: this.cells.slice() }, DIRECTIONS[d] as Direction).board.cells;
    this.cells.set(moved);
  }

  /** Prints `cells` at `o` when every tile is at most 2^16; returns the end. */
  private printSmallTiles(o: number): number {
    const cells = this.cells;
    const out = this.output;
    // At most five digits: copy five bytes whatever the length, then step over the real digits.
    // No loop whose length varies, so no mispredicted exits; the spare bytes are overwritten by
    // what follows (MAX_CASE_OUTPUT leaves room).
    for (let i = 0; i < CELLS; i++) {
      const from = (cells[i] as number) * DIGIT_STRIDE;
      out[o] = DIGITS[from] as number;
      out[o + 1] = DIGITS[from + 1] as number;
      out[o + 2] = DIGITS[from + 2] as number;
      out[o + 3] = DIGITS[from + 3] as number;
      out[o + 4] = DIGITS[from + 4] as number;
      o += DIGIT_COUNT[cells[i] as number] as number;
      out[o++] = (i & 3) === 3 ? 10 : 32;
    }
    out[o++] = 10;
    return o;
  }

  /** Prints `cells` at `o`, tiles of any size; returns the end. */
  private printAnyTiles(o: number): number {
    const cells = this.cells;
    const out = this.output;
    for (let i = 0; i < CELLS; i++) {
      const e = cells[i] as number;
      const from = e * DIGIT_STRIDE;
      const n = DIGIT_COUNT[e] as number;
      for (let j = 0; j < n; j++) out[o++] = DIGITS[from + j] as number;
      out[o++] = (i & 3) === 3 ? 10 : 32;
    }
    out[o++] = 10;
    return o;
  }

  /** After the last case only whitespace may follow: anything else means T or the input is wrong. */
  private afterLastCase(final: boolean): JudgeStatus {
    const p = skipSpace(this.input, this.pos, this.end);
    this.pos = p;
    if (p < this.end) return this.fail(`unexpected ${this.tokenAt(p)} after the last case (T is ${this.total})`);
    return final ? 'done' : 'more';
  }

  private fail(message: string): 'error' {
    this.error = message;
    return 'error';
  }

  private caseName(index: number): string {
    return `case ${index + 1} of ${this.total}`;
  }

  private cellName(index: number, cell: number): string {
    return `${this.caseName(index)}, row ${(cell >> 2) + 1} column ${(cell & 3) + 1}`;
  }

  /** The token starting at `start`, quoted for a message (long ones shortened). */
  private tokenAt(start: number): string {
    let stop = start;
    while (stop < this.end && SPACE[this.input[stop] as number] !== 1 && stop - start < 41) stop++;
    const text = Buffer.from(this.input.subarray(start, Math.min(stop, start + 40))).toString('utf8');
    return JSON.stringify(stop - start > 40 ? `${text}…` : text);
  }
}

/** The first byte at or after `p` (and before `limit`) that is not whitespace. */
function skipSpace(buf: Uint8Array, p: number, limit: number): number {
  while (p < limit && SPACE[buf[p] as number] === 1) p++;
  return p;
}

/** The index in DIRECTIONS of the upper-case direction word at buf[start, start + length), or -1. */
function directionIndex(buf: Uint8Array, start: number, length: number): number {
  for (let d = 0; d < DIRECTION_WORDS.length; d++) {
    const word = DIRECTION_WORDS[d] as string;
    if (word.length !== length) continue;
    let same = true;
    for (let i = 0; i < length && same; i++) same = buf[start + i] === word.charCodeAt(i);
    if (same) return d;
  }
  return -1;
}

/** Judges a whole input held in memory (tests, small inputs). */
export function judgeBytes(input: Uint8Array | string, table?: Uint8Array): JudgeResult {
  const judge = new Judge(table);
  const chunks: Uint8Array[] = [];
  judge.push(typeof input === 'string' ? Buffer.from(input, 'utf8') : input);
  for (;;) {
    const status = judge.step(true);
    if (status === 'flush') {
      chunks.push(judge.takeOutput());
      continue;
    }
    chunks.push(judge.takeOutput());
    return { output: Buffer.concat(chunks), error: status === 'error' ? judge.error : null };
  }
}

/**
 * Judges a stream: reads chunks from `input`, hands output chunks to `write` (awaiting it,
 * so a slow reader applies back-pressure) and resolves to null or the error message.
 */
export async function judgeStream(
  input: AsyncIterable<Uint8Array | string>,
  write: (chunk: Uint8Array) => Promise<void>,
): Promise<string | null> {
  const judge = new Judge();
  const drain = async (final: boolean): Promise<JudgeStatus> => {
    for (;;) {
      const status = judge.step(final);
      if (status !== 'flush') return status;
      await write(judge.takeOutput());
    }
  };
  for await (const chunk of input) {
    judge.push(typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk);
    if ((await drain(false)) === 'error') break;
  }
  const status = judge.error === null ? await drain(true) : 'error';
  const rest = judge.takeOutput();
  if (rest.length > 0) await write(rest);
  return status === 'error' ? judge.error : null;
}
