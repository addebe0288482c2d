import fc from 'fast-check';
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, openSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DIRECTIONS } from '../../src/engine';
import { bundle, runCli, tempDir } from './helpers';
import { boardArb, expected, inputOf } from './judge-cases';

describe('cube2048 oj', () => {
  it('judges the classic example', async () => {
    const run = await runCli(['oj'], { input: '1\n2 2 4 4\n0 0 0 0\n0 0 0 0\n0 0 0 2\nLEFT\n' });
    expect(run).toEqual({ code: 0, stdout: '4 8 0 0\n0 0 0 0\n0 0 0 0\n2 0 0 0\n\n', stderr: '' });
  });

  it('agrees with the engine on 20,000 random cases', async () => {
    const cases = fc.sample(fc.tuple(boardArb, fc.constantFrom(...DIRECTIONS)), { numRuns: 20_000, seed: 2048 });
    const input = inputOf(cases);
    const run = await runCli(['oj'], { input });
    expect(run.code).toBe(0);
    expect(run.stderr).toBe('');
    expect(run.stdout).toBe(cases.map(([rows, dir]) => expected(rows, dir)).join(''));
  });

  it('stops at a bad case with exit 2, one line on stderr, and only the good boards before it', async () => {
    const input = '3\n2 2 0 0 0 0 0 0 0 0 0 0 0 0 0 0 LEFT\n4 4 0 0 0 0 0 0 0 0 0 0 0 0 0 0 RIGHT\n2 2 0 0 0 0 0 0 0 0 0 0 0 0 0 12 UP\n';
    expect(await runCli(['oj'], { input })).toEqual({
      code: 2,
      stdout: '4 0 0 0\n0 0 0 0\n0 0 0 0\n0 0 0 0\n\n0 0 0 8\n0 0 0 0\n0 0 0 0\n0 0 0 0\n\n',
      stderr: 'cube2048 oj: case 3 of 3, row 4 column 4: "12" is not 0 or a power of two\n',
    });
  });

  it.each([
    ['a negative T', '-5\n', 'cube2048 oj: the number of cases T must be a whole number from 0 up, got "-5"\n'],
    [
      'fewer cases than T',
      '2\n0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 2 DOWN\n',
      "cube2048 oj: case 2 of 2: the input ended before this case's board (only 1 of 2 cases given)\n",
    ],
    [
      'an unknown direction',
      '1\n0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 2 NORTH\n',
      'cube2048 oj: case 1 of 1: unknown direction "NORTH" (expected LEFT, RIGHT, UP or DOWN)\n',
    ],
    [
      'a missing number',
      '1\n0 0 0 0 0 0 0 0 0 0 0 0 0 0 2 DOWN\n',
      'cube2048 oj: case 1 of 1, row 4 column 4: expected a number (16 per board), got "DOWN"\n',
    ],
    ['empty input', '', 'cube2048 oj: expected the number of cases T, but the input is empty\n'],
  ])('exits 2 on %s', async (_name, input, stderr) => {
    const run = await runCli(['oj'], { input });
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(stderr);
    expect(run.stdout).not.toContain('2 0 0 0'); // No board of the bad case, in any layout.
  });

  it('ends quietly when its reader goes away early', async () => {
    const cases = 50_000;
    const input = `${cases}\n${'2 2 0 0 0 0 0 0 0 0 0 0 0 0 0 0 LEFT\n'.repeat(cases)}`;
    const result = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
      const child = spawn(process.execPath, [bundle(), 'oj'], { stdio: 'pipe' });
      let stderr = '';
      child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
      // Read one chunk of the output, then close the pipe like `| head` does.
      child.stdout.once('data', () => child.stdout.destroy());
      child.stdin.on('error', () => {});
      child.stdin.end(input);
      child.on('close', (code) => resolve({ code, stderr }));
    });
    expect(result.stderr).toBe('');
    expect(result.code).not.toBeNull();
  });

  it('reads a file on standard input in large chunks with the same result as a pipe', async () => {
    const dir = tempDir();
    try {
      // Over 4 MB, so the file is read in several chunks, with cases cut across them.
      const cases = 100_000;
      const one = '2 2 0 0\n0 4 4 8\n0 0 0 0\n16 0 0 16\nLEFT\n';
      const input = `${cases}\n${one.repeat(cases)}`;
      const file = join(dir.path, 'cases.txt');
      writeFileSync(file, input);
      const fd = openSync(file, 'r');
      const fromFile = spawnSync(process.execPath, [bundle(), 'oj'], { stdio: [fd, 'pipe', 'pipe'], maxBuffer: 64 << 20 });
      closeSync(fd);
      expect(fromFile.status).toBe(0);
      expect(fromFile.stdout.toString()).toBe('4 0 0 0\n8 8 0 0\n0 0 0 0\n32 0 0 0\n\n'.repeat(cases));
      expect((await runCli(['oj'], { input })).stdout).toBe(fromFile.stdout.toString());
    } finally {
      dir.remove();
    }
  });
});
