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
    const buf = this.input;
    const end = this.end;
    // Only tokens followed by whitespace are known to be complete until the input ends.
    let limit = end;
    if (!final) {
      limit = this.pos;
      for (let i = end - 1; i >= this.pos; i--) {
        if (SPACE[buf[i] as number] === 1) {
          limit = i + 1;
          break;
        }
      }
    }
    let p = this.pos;

    if (this.total < 0) {
      while (p < limit && SPACE[buf[p] as number] === 1) p++;
      if (p >= limit) {
        if (!final) return 'more';
        return this.fail('expected the number of cases T, but the input is empty');
      }
      const start = p;
      let t = 0;
      while (p < limit) {
        const d = (buf[p] as number) - 48;
        if (d < 0 || d > 9) break;
        t = t * 10 + d;
        p++;
      }
      if (p === start || (p < limit && SPACE[buf[p] as number] !== 1) || p - start > 15)
        return this.fail(`the number of cases T must be a whole number from 0 up, got ${this.tokenAt(start)}`);
      this.total = t;
      this.pos = p;
    }

    const total = this.total;
    const table = this.table;
    const cells = this.cells;
    const out = this.output;
    let o = this.outputLength;
    let judged = this.judged;

    while (judged < total) {
      if (o > out.length - MAX_CASE_OUTPUT) {
        this.pos = p;
        this.judged = judged;
        this.outputLength = o;
        return 'flush';
      }
      const caseStart = p;
      let big = false;
      for (let i = 0; i < CELLS; i++) {
        while (p < limit && SPACE[buf[p] as number] === 1) p++;
        if (p >= limit) {
          if (!final) {
            this.pos = caseStart;
            this.judged = judged;
            this.outputLength = o;
            return 'more';
          }
          this.saveOutput(o, judged);
          return this.fail(
            i === 0
              ? `${this.caseName(judged)}: the input ended before this case's board (only ${judged} of ${total} cases given)`
              : `${this.caseName(judged)}: the input ended after ${i} of the board's 16 numbers`,
          );
        }
        const start = p;
        let v = 0;
        while (p < limit) {
          const d = (buf[p] as number) - 48;
          if (d < 0 || d > 9) break;
          v = v * 10 + d;
          p++;
        }
        if (p === start || (p < limit && SPACE[buf[p] as number] !== 1)) {
          this.saveOutput(o, judged);
          const token = this.tokenAt(start);
          // A signed or fractional number is a wrong value; anything else is not a number at all.
          return this.fail(
            /^"[+-]?[\d.]+(e[+-]?\d+)?"$/i.test(token)
              ? `${this.cellName(judged, i)}: ${token} is not 0 or a power of two`
              : `${this.cellName(judged, i)}: expected a number (16 per board), got ${token}`,
          );
        }
        let e: number;
        if (v === 0) e = 0;
        else if (v <= 0x40000000 && (v & (v - 1)) === 0 && v > 1) e = 31 - Math.clz32(v);
        else if (v > MAX_JUDGE_VALUE) {
          this.saveOutput(o, judged);
          return this.fail(`${this.cellName(judged, i)}: ${this.tokenAt(start)} is too large (tiles go up to 2^${MAX_JUDGE_EXPONENT} = ${MAX_JUDGE_VALUE})`);
        } else {
          e = Math.log2(v);
          if (!Number.isInteger(e) || e < 1) {
            this.saveOutput(o, judged);
            return this.fail(`${this.cellName(judged, i)}: ${this.tokenAt(start)} is not 0 or a power of two`);
          }
        }
        if (e > TABLE_MAX_EXPONENT) big = true;
        cells[i] = e;
      }

      while (p < limit && SPACE[buf[p] as number] === 1) p++;
      if (p >= limit) {
        if (!final) {
          this.pos = caseStart;
          this.judged = judged;
          this.outputLength = o;
          return 'more';
        }
        this.saveOutput(o, judged);
        return this.fail(`${this.caseName(judged)}: the input ended before the direction (${DIRECTION_LIST})`);
      }
      const wordStart = p;
      while (p < limit && SPACE[buf[p] as number] !== 1) p++;
      const d = directionIndex(buf, wordStart, p - wordStart);
      if (d < 0) {
        this.saveOutput(o, judged);
        return this.fail(`${this.caseName(judged)}: unknown direction ${this.tokenAt(wordStart)} (expected ${DIRECTION_LIST})`);
      }

      // The case is valid: only now does any of its board reach the output.
      if (big) {
        const moved = move({ size: 4, cells: cells.slice() }, DIRECTIONS[d] as Direction).board.cells;
        for (let i = 0; i < CELLS; i++) cells[i] = moved[i] as number;
      } else {
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
      if (big) {
        for (let i = 0; i < CELLS; i++) {
          const e = cells[i] as number;
          const from = e * DIGIT_STRIDE;
          const n = DIGIT_COUNT[e] as number;
          for (let j = 0; j < n; j++) out[o++] = DIGITS[from + j] as number;
          out[o++] = (i & 3) === 3 ? 10 : 32;
        }
      } else {
        // Results here are at most 2^16 (five digits): copy five bytes whatever the length,
        // then step over the real digits. No loop whose length varies, so no mispredicted exits;
        // the spare bytes are overwritten by what follows (MAX_CASE_OUTPUT leaves room).
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
      }
      out[o++] = 10;
      judged++;
    }

    this.judged = judged;
    this.outputLength = o;
    // Anything but whitespace after the last case means T or the input is wrong.
    while (p < end && SPACE[buf[p] as number] === 1) p++;
    this.pos = p;
    if (p < end) return this.fail(`unexpected ${this.tokenAt(p)} after the last case (T is ${total})`);
    return final ? 'done' : 'more';
  }

  private saveOutput(o: number, judged: number): void {
    this.outputLength = o;
    this.judged = judged;
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
export async function judgeStream(input: AsyncIterable<Uint8Array | string>, write: (chunk: Uint8Array) => Promise<void>): Promise<string | null> {
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
