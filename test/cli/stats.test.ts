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
/** A finished game on a `size` board (a cube with `dimensions` 3), ended `hour` hours after the epoch plus a bit. */
const kept = (size: number, seed: number, hour: number, dimensions: 2 | 3 = 2): HistoryEntry => {
  const game = playGame({ size, seed, dimensions, ...(size > 3 || dimensions === 3 ? { moves: 60 } : {}) });
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

  it('keeps cube games apart from square ones of the same size, and shows one shape with --dimensions', async () => {
    const cubes = [kept(3, 4, 4, 3), kept(3, 5, 5, 3), kept(4, 6, 6, 3)];
    writeHistory([...games, ...cubes].map(entryLine));
    const all = await runCli(['stats'], { env: env() });
    const titles = all.stdout.split('\n').filter((line) => /^\S.* · \d+ games?$/.test(line));
    expect(titles).toEqual([
      'All boards · 6 games',
      '3×3 board · 2 games',
      '4×4 board · 1 game',
      '3×3×3 board · 2 games',
      '4×4×4 board · 1 game',
    ]);
    const onlyCubes = await runCli(['stats', '--dimensions', '3', '--size', '3'], { env: env({ LANG: 'C' }) });
    expect(onlyCubes.stdout.startsWith('3x3x3 board - 2 games\n')).toBe(true);
    const json = JSON.parse((await runCli(['stats', '--json', '--dimensions', '3'], { env: env() })).stdout) as Statistics;
    expect(json.overall.played).toBe(3);
    expect(json.bySize.map((g) => [g.size, g.dimensions, g.played])).toEqual([
      [3, 3, 2],
      [4, 3, 1],
    ]);
    expect((await runCli(['stats', '--size', '5', '--dimensions', '3'], { env: env() })).stdout).toBe(
      'No 5×5×5 games kept yet: play one with cube2048 play --size 5 --dimensions 3.\n',
    );
    writeHistory(games.map(entryLine));
    expect((await runCli(['stats', '--dimensions', '3'], { env: env() })).stdout).toBe(
      'No cube games kept yet: play one with cube2048 play --dimensions 3.\n',
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

describe('cube2048 stats and the games the AI helped with', () => {
  /** The game `kept` makes, with the AI's moves and hints counted (as an import from the browser brings it). */
  const helped = (size: number, seed: number, hour: number): HistoryEntry => ({ ...kept(size, seed, hour), aiMoves: 12, hints: 1 });

  it('counts only the player’s own games, says how many the AI helped with, and counts them too with --assisted', async () => {
    const ai = helped(4, 9, 4);
    writeHistory([...games, ai].map(entryLine));
    const own = await runCli(['stats'], { env: env() });
    expect(own.code).toBe(0);
    expect(own.stdout).toContain('All boards · 3 games');
    expect(own.stdout).toContain('4×4 board · 1 game\n');
    expect(own.stdout.endsWith('\nGames the AI helped with, not counted: 1 (add --assisted to count them)\n')).toBe(true);
    const all = await runCli(['stats', '--assisted'], { env: env() });
    expect(all.stdout).toContain('All boards · 4 games');
    expect(all.stdout).toContain('4×4 board · 2 games\n');
    expect(all.stdout.endsWith('\nGames the AI helped with, counted: 1\n')).toBe(true);
    const de = await runCli(['stats'], { env: env({ LANG: 'de_DE.UTF-8' }) });
    expect(de.stdout).toContain('Spiele mit KI-Hilfe, nicht gezählt: 1 (mit --assisted zählen sie mit)');
  });

  it('says so in the JSON, and never lets an assisted game set the best score', async () => {
    const ai = helped(4, 7, 5);
    // The player's own games are those the AI's game outscored.
    const own = games.filter((g) => g.score < ai.score);
    expect(own.length).toBeGreaterThan(0);
    writeHistory([...own, ai].map(entryLine));
    const stats = JSON.parse((await runCli(['stats', '--json'], { env: env() })).stdout) as Statistics;
    expect(stats).toMatchObject({ assisted: 1, withAssisted: false, overall: { played: own.length } });
    expect(stats.overall.bestScore).toBe(Math.max(...own.map((g) => g.score)));
    const withThem = JSON.parse((await runCli(['stats', '--json', '--assisted'], { env: env() })).stdout) as Statistics;
    expect(withThem).toMatchObject({ assisted: 1, withAssisted: true, overall: { played: own.length + 1, bestScore: ai.score } });
  });

  it('says there are no games of the player’s own when the AI helped with every one', async () => {
    writeHistory([entryLine(helped(3, 1, 1))]);
    expect((await runCli(['stats'], { env: env() })).stdout).toBe(
      'No games kept yet: play with cube2048 play.\nGames the AI helped with, not counted: 1 (add --assisted to count them)\n',
    );
  });

  it('is never fed by cube2048 ai: the AI’s games do not go into the player’s history', async () => {
    writeHistory(games.map(entryLine));
    const before = readFileSync(historyPath(), 'utf8');
    const run = await runCli(['ai', '--games', '2', '--max-moves', '40', '--deterministic'], { env: env() });
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/seed/i);
    expect(readFileSync(historyPath(), 'utf8')).toBe(before);
    const stats = JSON.parse((await runCli(['stats', '--json', '--assisted'], { env: env() })).stdout) as Statistics;
    expect(stats.overall.played).toBe(games.length);
  });
});
