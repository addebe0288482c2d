/**
 * `cube2048 stats` on a prepared history file, spawned as the built command (it reads no
 * terminal, so pipes will do).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { entryLine } from '../../src/history/archive';
import type { HistoryEntry } from '../../src/history/entry';
import { entryOf, startMeta } from '../../src/history/keep';
import type { Statistics } from '../../src/history/statistics';
import { playGame } from '../history/games';
import { runCli, tempDirEach } from './helpers';

const dir = tempDirEach();

const stateDir = (): string => join(dir.path, 'state', 'cube2048');
const historyPath = (): string => join(stateDir(), 'history.jsonl');
const env = (extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv => ({
  XDG_STATE_HOME: join(dir.path, 'state'),
  LANG: 'C.UTF-8',
  LC_ALL: '',
  LC_CTYPE: '',
  ...extra,
});

const HOUR = 3_600_000;
/** A finished game on a `size` board, ended `hour` hours after the epoch plus a bit. */
const kept = (size: number, seed: number, hour: number): HistoryEntry => {
  const game = playGame({ size, seed, ...(size > 3 ? { moves: 60 } : {}) });
  const meta = { ...startMeta(game, 'normal', hour * HOUR), playedMs: 90_000 };
  return entryOf(game, game.status === 'over' ? 'over' : 'left', meta, hour * HOUR + 100_000);
};
const games = [kept(3, 1, 1), kept(3, 2, 2), kept(4, 3, 3)];
const writeHistory = (lines: readonly string[]): void => {
  mkdirSync(stateDir(), { recursive: true });
  writeFileSync(historyPath(), lines.map((l) => `${l}\n`).join(''));
};

describe('cube2048 stats', () => {
  it('says no game is kept yet, and exits 0, before the first game', async () => {
    expect(await runCli(['stats'], { env: env() })).toEqual({
      code: 0,
      stdout: 'No games kept yet: play with cube2048 play.\n',
      stderr: '',
    });
  });

  it('prints every board and each size, with a bar for each largest tile and the scores over time', async () => {
    writeHistory(games.map(entryLine));
    const run = await runCli(['stats'], { env: env() });
    expect(run.code).toBe(0);
    expect(run.stderr).toBe('');
    expect(run.stdout).toContain('All boards · 3 games');
    expect(run.stdout).toContain('3×3 board · 2 games');
    expect(run.stdout).toContain('4×4 board · 1 game\n');
    expect(run.stdout).toMatch(/^ {2}Time played {3}4 min$/m);
    const best = Math.max(...games.map((g) => g.maxTile));
    expect(run.stdout).toMatch(new RegExp(`^ +${best} █+ +\\d+$`, 'm'));
    expect(run.stdout).toMatch(/^ {4}[▁▂▃▄▅▆▇█]{3} {2}[\d,]+ to [\d,]+$/m);
  });

  it('tells one game once: one block under its board, its score, and no chart of one score', async () => {
    const only = kept(4, 3, 3);
    writeHistory([entryLine(only)]);
    const run = await runCli(['stats'], { env: env() });
    expect(run.code).toBe(0);
    expect(run.stdout).not.toContain('All boards');
    expect(run.stdout.match(/^.*board · 1 game$/gm)).toEqual(['4×4 board · 1 game']);
    expect(run.stdout).toMatch(new RegExp(`^ {2}Score +${only.score.toLocaleString('en-US')}$`, 'm'));
    expect(run.stdout).not.toMatch(/Scores|median| to /);
  });

  it('speaks the language LANG names, its labels in one column however wide their characters', async () => {
    expect((await runCli(['stats'], { env: env({ LANG: 'de_DE.UTF-8' }) })).stdout).toBe(
      'Noch keine Spiele aufbewahrt: Spiel mit cube2048 play.\n',
    );
    writeHistory(games.map(entryLine));
    const de = await runCli(['stats'], { env: env({ LANG: 'de_DE.UTF-8' }) });
    expect(de.stdout).toContain('Alle Spielfelder · 3 Spiele');
    expect(de.stdout).toContain('Spielfeld 4×4 · 1 Spiel\n');
    expect(de.stdout).toMatch(/^ {2}Spielzeit +4 min$/m);
    const ja = await runCli(['stats'], { env: env({ LANG: 'ja_JP.UTF-8' }) });
    expect(ja.stdout).toContain('すべての盤面 · 3 ゲーム');
    // "最長のゲーム" is five characters, ten columns: the values still start in one column.
    const starts = ja.stdout
      .split('\n')
      .filter((line) => /^ {2}\S/.test(line) && !line.includes('最大タイル'))
      .slice(0, 7)
      .map((line) => {
        const label = /^ {2}(\S+)/.exec(line)?.[1] ?? '';
        return (
          [...label].reduce((w, c) => w + ((c.codePointAt(0) ?? 0) > 0x2e80 ? 2 : 1), 2) + (/^ {2}\S+( +)/.exec(line)?.[1]?.length ?? 0)
        );
      });
    expect(new Set(starts).size).toBe(1);
  });

  it('prints only one size with --size, and plain ASCII when the locale is not UTF-8', async () => {
    writeHistory(games.map(entryLine));
    const run = await runCli(['stats', '--size', '3'], { env: env({ LANG: 'C' }) });
    expect(run.code).toBe(0);
    expect(run.stdout.startsWith('3x3 board - 2 games\n')).toBe(true);
    expect(run.stdout).not.toContain('4x4');
    expect(run.stdout).toMatch(/^[\x20-\x7e\n]*$/);
    expect((await runCli(['stats', '--size', '6'], { env: env() })).stdout).toBe(
      'No 6×6 games kept yet: play one with cube2048 play --size 6.\n',
    );
  });

  it('prints the statistics object as JSON with --json', async () => {
    writeHistory(games.map(entryLine));
    const stats = JSON.parse((await runCli(['stats', '--json'], { env: env() })).stdout) as Statistics;
    expect(stats.today).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(stats.overall).toMatchObject({ played: 3, totalPlayedMs: 270_000, totalMoves: games.reduce((s, g) => s + g.moveCount, 0) });
    expect(stats.bySize.map((g) => [g.size, g.played])).toEqual([
      [3, 2],
      [4, 1],
    ]);
    expect(stats.overall.scores.map((p) => p.id)).toEqual(games.map((g) => g.id));
    const only = JSON.parse((await runCli(['stats', '--json', '--size', '4'], { env: env() })).stdout) as Statistics;
    expect(only.overall.played).toBe(1);
    expect(only.bySize.map((g) => g.size)).toEqual([4]);
  });

  it('sets a corrupt line aside, names it on stderr, and counts the rest', async () => {
    writeHistory([entryLine(games[0] as HistoryEntry), '{"size":4,"sco', entryLine(games[1] as HistoryEntry)]);
    const run = await runCli(['stats', '--json'], { env: env() });
    expect(run.code).toBe(0);
    expect(run.stderr).toBe(
      `cube2048 stats: Line 2 of ${historyPath()} could not be read; it was moved to ${join(stateDir(), 'history.unreadable.jsonl')}.\n`,
    );
    expect((JSON.parse(run.stdout) as Statistics).overall.played).toBe(2);
    expect(readFileSync(join(stateDir(), 'history.unreadable.jsonl'), 'utf8')).toBe('{"size":4,"sco\n');
    // Set aside once: the next run reads a clean file.
    expect((await runCli(['stats'], { env: env() })).stderr).toBe('');
  });

  it('names the lines it set aside in the terminal’s language, listed as the language lists them', async () => {
    writeHistory(['{"size":', entryLine(games[0] as HistoryEntry), 'nonsense', '{}']);
    const run = await runCli(['stats'], { env: { ...env(), LANG: 'de_DE.UTF-8' } });
    expect(run.stderr).toBe(
      `cube2048 stats: Die Zeilen 1, 3 und 4 von ${historyPath()} waren nicht lesbar; sie wurden nach ${join(stateDir(), 'history.unreadable.jsonl')} verschoben.\n`,
    );
  });

  it('leaves out a game taken back, and merges a game kept twice', async () => {
    const [a, b] = games as [HistoryEntry, HistoryEntry];
    writeHistory([entryLine(a), entryLine(b), JSON.stringify({ retract: b.id }), entryLine(a)]);
    const stats = JSON.parse((await runCli(['stats', '--json'], { env: env() })).stdout) as Statistics;
    expect(stats.overall.scores.map((p) => p.id)).toEqual([a.id]);
  });

  it('refuses a board size of 9 as a usage error', async () => {
    expect(await runCli(['stats', '--size', '9'], { env: env() })).toEqual({
      code: 2,
      stdout: '',
      stderr: 'cube2048 stats: --size must be a whole number from 3 to 8, got "9"\nRun "cube2048 stats --help" for its usage.\n',
    });
    expect(existsSync(stateDir())).toBe(false);
  });
});
