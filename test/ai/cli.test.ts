import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { aiCommand } from '../../src/cli/ai';
import type { CommandIO } from '../../src/cli/command';
import { UsageError } from '../../src/cli/command';

/** Runs `cube2048 ai args…` in-process through the command's `run`, collecting its output. */
async function runAi(
  args: readonly string[],
  { tty = false, interruptAfterMs = 0 } = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
  const stdout = new PassThrough();
  const stderr = Object.assign(new PassThrough(), { isTTY: tty, columns: 100 });
  let out = '';
  let err = '';
  stdout.on('data', (d: Buffer) => (out += d.toString()));
  stderr.on('data', (d: Buffer) => (err += d.toString()));
  const io: CommandIO = {
    stdin: new PassThrough(),
    stdout,
    stderr,
    env: {},
    isTTY: tty,
    onSignal: (signal, handler) => {
      const timer = signal === 'SIGINT' && interruptAfterMs > 0 ? setTimeout(handler, interruptAfterMs) : undefined;
      return () => clearTimeout(timer);
    },
    onFatal: () => () => {},
    exit: (code) => {
      throw new Error(`exit ${code}`);
    },
  };
  const code = await aiCommand.run(args, io);
  return { code, stdout: out, stderr: err };
}

interface Report {
  preset: string;
  games: { seed: number; maxTile: number; score: number; moves: number; seconds: number; movesPerSecond: number; nodes: number }[];
  summary: { games: number; reached: Record<string, number>; meanScore: number; medianScore: number; nodesPerSecond: number };
}

describe('cube2048 ai', () => {
  it('plays seeded games and prints one JSON document with each game and the summary', async () => {
    const { code, stdout, stderr } = await runAi(['--games', '2', '--preset', 'fast', '--json', '--max-moves', '40'], { tty: true });
    expect(code).toBe(0);
    expect(stderr).toBe('');
    const report = JSON.parse(stdout) as Report;
    expect(report.preset).toBe('fast');
    expect(report.games.map((g) => g.seed).sort()).toEqual([1, 2]);
    for (const game of report.games) {
      expect(game.moves).toBe(40);
      expect(game.score).toBeGreaterThan(0);
      expect(game.nodes).toBeGreaterThan(0);
    }
    expect(report.summary.games).toBe(2);
    expect(Object.keys(report.summary.reached)).toEqual(['2048', '4096', '8192', '16384', '32768']);
    expect(report.summary.medianScore).toBe(report.summary.meanScore);
    expect(report.summary.nodesPerSecond).toBeGreaterThan(0);
  });

  it('prints a line per game, the summary, and a progress line on a terminal', async () => {
    const { code, stdout, stderr } = await runAi(['--games', '2', '--seed', '9', '--max-moves', '20'], { tty: true });
    expect(code).toBe(0);
    expect(stdout).toMatch(/^ +9 +\d+ +\d+ +20 /m);
    expect(stdout).toMatch(/^ +10 +\d+ +\d+ +20 /m);
    expect(stdout).toMatch(/reached {2}2048 0\.0% {2}4096 0\.0%/);
    expect(stdout).toMatch(/score {4}mean \d+ {2}median \d+/);
    expect(stdout).toMatch(/M nodes\/s per thread/);
    expect(stderr).toMatch(/games \d\/2 done/);
  });

  it('plays games on worker threads with --workers', async () => {
    const { code, stdout } = await runAi(['--games', '3', '--workers', '2', '--json', '--max-moves', '25']);
    expect(code).toBe(0);
    const report = JSON.parse(stdout) as Report;
    expect(report.games.map((g) => g.seed).sort()).toEqual([1, 2, 3]);
    expect(report.games.every((g) => g.moves === 25)).toBe(true);
  });

  it('replays the same games from the same seeds when the clock is off', async () => {
    const args = ['--games', '1', '--seed', '77', '--json', '--deterministic', '--max-moves', '60'];
    const scores = async () => (JSON.parse((await runAi(args)).stdout) as Report).games.map((g) => [g.score, g.maxTile]);
    expect(await scores()).toEqual(await scores());
  });

  it('stops on Ctrl-C, reporting the finished games and where the unfinished one stood', async () => {
    const { code, stdout } = await runAi(['--games', '3', '--seed', '5'], { interruptAfterMs: 400 });
    expect(code).toBe(1);
    expect(stdout).toMatch(/interrupted after 0 of 3 games/);
    expect(stdout).toMatch(/unfinished: seed 5 at move \d+, best tile \d+/);
  });

  it('keeps each finished game in a journal and, run again, counts those games instead of playing them again', async () => {
    const journal = join(mkdtempSync(join(tmpdir(), 'cube2048-journal-')), 'games.jsonl');
    const common = ['--seed', '3', '--deterministic', '--max-moves', '30', '--journal', journal];
    const first = JSON.parse((await runAi(['--games', '2', '--json', ...common])).stdout) as Report & { resumed: number };
    expect(first.resumed).toBe(0);
    expect(readFileSync(journal, 'utf8').trim().split('\n')).toHaveLength(2);

    const second = JSON.parse((await runAi(['--games', '3', '--json', ...common])).stdout) as Report & { resumed: number };
    expect(second.resumed, 'seeds 3 and 4 come from the journal').toBe(2);
    expect(second.games.map((g) => g.seed)).toEqual([3, 4, 5]);
    expect(second.games.slice(0, 2).map((g) => g.score)).toEqual(first.games.map((g) => g.score));
    expect(second.summary.games).toBe(3);
    expect(readFileSync(journal, 'utf8').trim().split('\n'), 'only seed 5 was added').toHaveLength(3);

    const text = await runAi(['--games', '3', ...common]);
    expect(text.code).toBe(0);
    expect(text.stdout.split('\n')[0]).toMatch(/^cube2048 ai: 3 games on a 4×4 board, preset fast, seeds from 3, /);
    expect(text.stdout).toContain(`3 of them already in ${journal}, counted without playing them again`);
    expect(text.stdout).toMatch(/^ +5 +\d+ +\d+ +30 /m);
  });

  it('refuses a journal played with other settings, or whose moves do not give its scores, naming the line', async () => {
    const journal = join(mkdtempSync(join(tmpdir(), 'cube2048-journal-')), 'games.jsonl');
    const common = ['--games', '1', '--seed', '8', '--deterministic', '--max-moves', '20', '--json', '--journal', journal];
    await runAi(common);
    const line = readFileSync(journal, 'utf8').trim();

    await expect(runAi([...common, '--preset', 'strong'])).rejects.toThrow(
      new UsageError(
        `${journal} line 1 is a game played with --preset fast --size 4 --deterministic --max-moves 20, and this run is --preset strong --size 4 --deterministic --max-moves 20: use another journal`,
      ),
    );
    const game = (JSON.parse(line) as { game: { score: number } }).game;
    writeFileSync(journal, `${line.replace(`"score":${game.score}`, `"score":${game.score + 4}`)}\n`);
    await expect(runAi(common)).rejects.toThrow(
      `${journal} line 1: seed 8 does not replay to the game written beside it (The checksum does not match: the moves give score ${game.score} and tile`,
    );
    writeFileSync(journal, `${line}\n{"half a line"\n`);
    await expect(runAi(common)).rejects.toThrow(`${journal} line 2 is not a game written by cube2048 ai --journal`);
    await expect(runAi(['--journal', ''])).rejects.toThrow('option --journal needs a value (--journal FILE)');
  });

  it('plays cubes with --dimensions 3, in and out among the moves, and journals them as cube games', async () => {
    const journal = join(mkdtempSync(join(tmpdir(), 'cube2048-journal-')), 'cubes.jsonl');
    const common = [
      '--size',
      '3',
      '--dimensions',
      '3',
      '--seed',
      '2',
      '--deterministic',
      '--max-moves',
      '60',
      '--json',
      '--journal',
      journal,
    ];
    const first = JSON.parse((await runAi(['--games', '2', ...common])).stdout) as Report & { size: number; dimensions: number };
    expect([first.size, first.dimensions]).toEqual([3, 3]);
    for (const game of first.games) expect(game.moves).toBe(60);
    const lines = readFileSync(journal, 'utf8').trim().split('\n');
    for (const line of lines) expect((JSON.parse(line) as { game: { record: string } }).game.record).toMatch(/^[LRUDIO]{60}$/);
    expect(lines.join('')).toMatch(/[IO]/);
    const again = JSON.parse((await runAi(['--games', '2', ...common])).stdout) as Report & { resumed: number };
    expect(again.resumed, 'the journal replays as cube games').toBe(2);
    const text = await runAi(['--games', '2', ...common.filter((arg) => arg !== '--json')]);
    expect(text.stdout.split('\n')[0], 'the text report names the board it plays').toMatch(
      /^cube2048 ai: 2 games on a 3×3×3 cube, preset fast, /,
    );
    const square = ['--games', '1', '--size', '3', '--seed', '2', '--deterministic', '--max-moves', '60', '--json', '--journal', journal];
    await expect(runAi(square)).rejects.toThrow(/is a game played with --preset fast --size 3 --dimensions 3 --deterministic/);
    await expect(runAi(['--dimensions', '3', '--size', '6'])).rejects.toThrow(/--size must be a whole number from 3 to 5/);
  });

  it('refuses bad options with a usage error naming them', async () => {
    await expect(runAi(['--preset', 'slow'])).rejects.toThrow(new UsageError('--preset must be fast or strong, got "slow"'));
    await expect(runAi(['--games', '0'])).rejects.toThrow(/--games must be a whole number from 1/);
    await expect(runAi(['--size', '9'])).rejects.toThrow(/--size must be a whole number from 3 to 8/);
    await expect(runAi(['extra'])).rejects.toThrow(/unexpected argument "extra"/);
  });
});
