import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { newGame, playMove, toRows } from '../../src/engine';
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
