import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CUBE_DIRECTIONS, newGame, playMove, toLayers, toRows } from '../../src/engine';
import type { GameState } from '../../src/engine';
import { encodeRecord, recordOf, recordToJson } from '../../src/replay/record';
import { runCli, runMain } from './helpers';

function played(seed: number, moves: number): GameState {
  let state = newGame({ seed });
  const prefs = ['down', 'left', 'right', 'up'] as const;
  for (let i = 0; i < moves; i++) {
    const next = prefs.map((d) => playMove(state, d)).find((r) => r.report.moved);
    if (!next) break;
    state = next.state;
  }
  return state;
}

describe('cube2048 replay', () => {
  const game = played(21, 120);
  const code = encodeRecord(recordOf(game));

  it('verifies a share link and prints the final board and score', async () => {
    const run = await runMain(['replay', `https://example.org/cube2048/#g=${code}`]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Verified: every move changes the board and the checksum matches.');
    expect(run.stdout).toContain(`Score ${game.score.toLocaleString('en-US')}`);
  });

  it('agrees with the engine on the final board, as JSON', async () => {
    const run = await runMain(['replay', '--json', code]);
    const result = JSON.parse(run.stdout);
    expect(result).toMatchObject({ valid: true, score: game.score, moves: game.record.length, board: toRows(game.board) });
  });

  it('reads an exported JSON file', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'cube2048-replay-')), 'game.json');
    writeFileSync(file, recordToJson(recordOf(game)));
    const run = await runCli(['replay', file]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`${game.record.length} moves`);
  });

  it('names the first invalid move and exits 1', async () => {
    const record = { ...recordOf(game), moves: `${game.record}${game.record.at(-1)}${game.record.at(-1)}${game.record.at(-1)}` };
    const run = await runMain(['replay', encodeRecord(record)]);
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/Not valid: Move \d+ \(\w+\) does not change the board/);
  });

  it('rejects a damaged link with one clear line and exits 2', async () => {
    const run = await runMain(['replay', 'not*a*code']);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe('cube2048 replay: The link is damaged: it is not a cube2048 game code.\n');
  });

  it('asks for its argument', async () => {
    const run = await runMain(['replay']);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/missing LINK-OR-FILE/);
  });
});

describe('cube2048 replay of a cube game', () => {
  let cube = newGame({ size: 3, dimensions: 3, seed: 33 });
  for (let i = 0; i < 80; i++) {
    const next = CUBE_DIRECTIONS.map((d) => playMove(cube, d)).find((r) => r.report.moved);
    if (!next) break;
    cube = next.state;
  }
  const code = encodeRecord(recordOf(cube));

  it('verifies a cube link and prints each layer of the final cube, front first', async () => {
    expect(cube.record).toMatch(/I/);
    const run = await runMain(['replay', `https://example.org/cube2048/#g=${code}`]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`Game: 3×3×3, seed 33, target 4,096, ${cube.record.length} moves`);
    expect(run.stdout).toContain('Verified: every move changes the board and the checksum matches.');
    expect(run.stdout).toMatch(/Layer 1 \(front\):\n[^\n]+\n[^\n]+\n[^\n]+\n\nLayer 2:\n[\s\S]+\n\nLayer 3 \(back\):\n/);
  });

  it('gives the cube as its layers in JSON, and names a move in or out that changes nothing', async () => {
    const result = JSON.parse((await runMain(['replay', '--json', code])).stdout);
    expect(result).toMatchObject({ valid: true, dimensions: 3, size: 3, score: cube.score, board: toLayers(cube.board) });
    const blocked = CUBE_DIRECTIONS.find((d) => !playMove(cube, d).report.moved);
    if (blocked === undefined) throw new Error('every direction moves this cube; pick another seed');
    const letter = { left: 'L', right: 'R', up: 'U', down: 'D', in: 'I', out: 'O' }[blocked];
    const run = await runMain(['replay', encodeRecord({ ...recordOf(cube), moves: `${cube.record}${letter}` })]);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain(`Not valid: Move ${cube.record.length + 1} (${blocked}) does not change the board`);
  });
});
