import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DIRECTIONS } from '../../src/engine';
import type { Direction } from '../../src/engine';
import { judgeBytes, judgeStream } from '../../src/cli/judge';
import { runMain } from './helpers';
import { firstRow } from '../engine/boards';
import { boardArb, caseText, expected, inputOf } from './judge-cases';

const text = (bytes: Uint8Array): string => Buffer.from(bytes).toString('utf8');

const judge = (input: string): { output: string; error: string | null } => {
  const result = judgeBytes(input);
  return { output: text(result.output), error: result.error };
};

const dirArb = fc.constantFrom(...DIRECTIONS);

describe('the judge', () => {
  it('prints the example of the classic task', () => {
    expect(judge('1\n2 2 4 4\n0 0 0 0\n0 0 0 0\n0 0 0 2\nLEFT\n')).toEqual({
      output: '4 8 0 0\n0 0 0 0\n0 0 0 0\n2 0 0 0\n\n',
      error: null,
    });
  });

  it('merges each tile once, the pair nearest the wall first', () => {
    const cases: [number[][], Direction, string][] = [
      [firstRow([2, 2, 2, 2]), 'left', '4 4 0 0'],
      [firstRow([2, 2, 2, 2]), 'right', '0 0 4 4'],
      [firstRow([2, 2, 2, 0]), 'right', '0 0 2 4'],
      [firstRow([2, 0, 2, 2]), 'left', '4 2 0 0'],
      [firstRow([4, 4, 8, 8]), 'left', '8 16 0 0'],
    ];
    for (const [rows, dir, first] of cases) expect(judge(inputOf([[rows, dir]])).output.split('\n')[0]).toBe(first);
  });

  it('regression: [2, 2, 4, 0] moved left is [4, 4, 0, 0], not [8, 0, 0, 0] (the seed article’s processRowOptimized)', () => {
    expect(judge(inputOf([[firstRow([2, 2, 4, 0]), 'left']])).output.split('\n')[0]).toBe('4 4 0 0');
  });

  it('moves columns for UP and DOWN', () => {
    const rows = [
      [2, 0, 4, 0],
      [2, 0, 4, 8],
      [0, 0, 8, 8],
      [4, 2, 8, 16],
    ];
    expect(judge(inputOf([[rows, 'up']])).output).toBe('4 2 8 16\n4 0 16 16\n0 0 0 0\n0 0 0 0\n\n');
    expect(judge(inputOf([[rows, 'down']])).output).toBe('0 0 0 0\n0 0 0 0\n4 0 8 16\n4 2 16 16\n\n');
  });

  it('prints an unchanged board when the move changes nothing', () => {
    const rows = [
      [2, 4, 8, 16],
      [4, 8, 16, 32],
      [8, 16, 32, 64],
      [16, 32, 64, 128],
    ];
    expect(judge(inputOf([[rows, 'left']])).output).toBe(expected(rows, 'left'));
  });

  it('agrees with the engine on random boards and directions', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(boardArb, dirArb), { minLength: 1, maxLength: 20 }), (cases) => {
        const result = judge(inputOf(cases));
        expect(result.error).toBeNull();
        expect(result.output).toBe(cases.map(([rows, dir]) => expected(rows, dir)).join(''));
      }),
      { numRuns: 300 },
    );
  });

  it('merges two 32768 tiles into 65536 and moves tiles up to 2^52 through the engine', () => {
    expect(judge(inputOf([[firstRow([32768, 32768, 0, 0]), 'left']])).output.split('\n')[0]).toBe('65536 0 0 0');
    const big = 2 ** 52;
    const result = judge(
      inputOf([
        [
          [
            [0, big, 0, big],
            [65536, 65536, 2, 2],
            [0, 0, 0, 0],
            [131072, 0, 0, 4],
          ],
          'right',
        ],
      ]),
    );
    expect(result).toEqual({ output: `0 0 0 ${2 ** 53}\n0 0 131072 4\n0 0 0 0\n0 0 131072 4\n\n`, error: null });
  });

  it('accepts any whitespace layout: one line, tabs, CRLF, no final newline, leading zeros', () => {
    const want = '4 8 0 0\n0 0 0 0\n0 0 0 0\n2 0 0 0\n\n';
    for (const input of [
      '1 2 2 4 4 0 0 0 0 0 0 0 0 0 0 0 2 LEFT',
      '\t1\r\n2\t2 4 4\r\n0 0 0 0\r\n0 0 0 0\r\n0 0 0 2\r\nLEFT\r\n',
      '\n\n 1 \n\n 2 2 4 4 0 0 0 0 0 0 0 0 0 0 0 2\n\n LEFT \n\n',
      '01 02 2 004 4 0 0 0 0 0 0 0 0 0 0 0 2 LEFT',
    ])
      expect(judge(input)).toEqual({ output: want, error: null });
  });

  it('prints nothing for T = 0', () => {
    expect(judge('0\n')).toEqual({ output: '', error: null });
  });

  it('gives the same output however the input is split into chunks', async () => {
    const cases: [number[][], Direction][] = fc.sample(fc.tuple(boardArb, dirArb), { numRuns: 40, seed: 7 });
    const input = Buffer.from(inputOf(cases));
    const whole = text(judgeBytes(input).output);
    await fc.assert(
      fc.asyncProperty(fc.array(fc.integer({ min: 1, max: input.length }), { maxLength: 30 }), async (cuts) => {
        const points = [0, ...[...new Set(cuts)].sort((a, b) => a - b), input.length];
        const chunks = points.slice(1).map((end, i) => input.subarray(points[i], end));
        const out: Buffer[] = [];
        const error = await judgeStream(
          (async function* () {
            yield* chunks;
          })(),
          async (chunk) => void out.push(Buffer.from(chunk)),
        );
        expect(error).toBeNull();
        expect(Buffer.concat(out).toString('utf8')).toBe(whole);
      }),
      { numRuns: 100 },
    );
  });

  it('byte by byte, a bad case is still found with the good boards before it', async () => {
    const input = Buffer.from(`2\n${caseText(firstRow([2, 2, 0, 0]), 'left')}2 2 0 0 0 0 0 0 0 0 0 0 0 0 0 3 UP\n`);
    const out: Buffer[] = [];
    const error = await judgeStream(
      (async function* () {
        for (let i = 0; i < input.length; i++) yield input.subarray(i, i + 1);
      })(),
      async (chunk) => void out.push(Buffer.from(chunk)),
    );
    expect(error).toBe('case 2 of 2, row 4 column 4: "3" is not 0 or a power of two');
    expect(Buffer.concat(out).toString('utf8')).toBe('4 0 0 0\n0 0 0 0\n0 0 0 0\n0 0 0 0\n\n');
  });

  it('writes its output in flushes when it outgrows its buffer, and loses none of it', () => {
    const cases: [number[][], Direction][] = fc.sample(fc.tuple(boardArb, dirArb), { numRuns: 30_000, seed: 11 });
    const result = judge(inputOf(cases));
    expect(result.error).toBeNull();
    expect(result.output.length).toBeGreaterThan(1 << 20);
    expect(result.output).toBe(cases.map(([rows, dir]) => expected(rows, dir)).join(''));
  });
});

describe('bad input', () => {
  const good = '2 2 0 0 0 0 0 0 0 0 0 0 0 0 0 0 LEFT\n';
  const firstBoard = '4 0 0 0\n0 0 0 0\n0 0 0 0\n0 0 0 0\n\n';
  const bad: [name: string, input: string, message: string, printed: string][] = [
    ['empty input', '', 'expected the number of cases T, but the input is empty', ''],
    ['a negative T', '-1\n', 'the number of cases T must be a whole number from 0 up, got "-1"', ''],
    ['a T that is not a number', 'three\n', 'the number of cases T must be a whole number from 0 up, got "three"', ''],
    [
      'a missing number (the direction comes early)',
      `2\n${good}2 2 0 0 0 0 0 0 0 0 0 0 0 0 0 LEFT\n`,
      'case 2 of 2, row 4 column 4: expected a number (16 per board), got "LEFT"',
      firstBoard,
    ],
    [
      'a value that is not a power of two',
      `2\n${good}2 2 0 0 0 0 6 0 0 0 0 0 0 0 0 0 LEFT\n`,
      'case 2 of 2, row 2 column 3: "6" is not 0 or a power of two',
      firstBoard,
    ],
    [
      'the value 1',
      `2\n${good}1 2 0 0 0 0 0 0 0 0 0 0 0 0 0 0 LEFT\n`,
      'case 2 of 2, row 1 column 1: "1" is not 0 or a power of two',
      firstBoard,
    ],
    [
      'a negative value',
      `2\n${good}-2 2 0 0 0 0 0 0 0 0 0 0 0 0 0 0 LEFT\n`,
      'case 2 of 2, row 1 column 1: "-2" is not 0 or a power of two',
      firstBoard,
    ],
    [
      'a fraction',
      `2\n${good}2.5 2 0 0 0 0 0 0 0 0 0 0 0 0 0 0 LEFT\n`,
      'case 2 of 2, row 1 column 1: "2.5" is not 0 or a power of two',
      firstBoard,
    ],
    [
      'a number glued to letters',
      `2\n${good}2 2x 0 0 0 0 0 0 0 0 0 0 0 0 0 0 LEFT\n`,
      'case 2 of 2, row 1 column 2: expected a number (16 per board), got "2x"',
      firstBoard,
    ],
    [
      'a tile above 2^52',
      `2\n${good}${2 ** 53} 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 LEFT\n`,
      `case 2 of 2, row 1 column 1: "${2 ** 53}" is too large (tiles go up to 2^52 = ${2 ** 52})`,
      firstBoard,
    ],
    [
      'an unknown direction',
      `2\n${good}2 2 0 0 0 0 0 0 0 0 0 0 0 0 0 0 SIDEWAYS\n`,
      'case 2 of 2: unknown direction "SIDEWAYS" (expected LEFT, RIGHT, UP or DOWN)',
      firstBoard,
    ],
    [
      'a lower-case direction',
      `2\n${good}2 2 0 0 0 0 0 0 0 0 0 0 0 0 0 0 left\n`,
      'case 2 of 2: unknown direction "left" (expected LEFT, RIGHT, UP or DOWN)',
      firstBoard,
    ],
    [
      'a board cut short by the end of input',
      `2\n${good}2 2 0 0 0`,
      "case 2 of 2: the input ended after 5 of the board's 16 numbers",
      firstBoard,
    ],
    [
      'a board without its direction',
      `2\n${good}2 2 0 0 0 0 0 0 0 0 0 0 0 0 0 0\n`,
      'case 2 of 2: the input ended before the direction (LEFT, RIGHT, UP or DOWN)',
      firstBoard,
    ],
    ['fewer cases than T', `3\n${good}`, "case 2 of 3: the input ended before this case's board (only 1 of 3 cases given)", firstBoard],
    ['text after the last case', `1\n${good}junk\n`, 'unexpected "junk" after the last case (T is 1)', firstBoard],
  ];
  it.each(bad)(
    '%s: one message naming the case and the token; the good boards before it, none of the bad one',
    (_name, input, message, printed) => {
      expect(judge(input)).toEqual({ output: printed, error: message });
    },
  );

  it.each(bad)('%s: `cube2048 oj` prints the message on stderr and exits 2', async (_name, input, message, printed) => {
    expect(await runMain(['oj'], { input })).toEqual({ code: 2, stdout: printed, stderr: `cube2048 oj: ${message}\n` });
  });

  it('shortens a very long bad token in the message', () => {
    const result = judge(`1\n${'x'.repeat(500)}`);
    expect(result.error).toBe(`case 1 of 1, row 1 column 1: expected a number (16 per board), got "${'x'.repeat(40)}…"`);
  });
});
