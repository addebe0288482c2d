/* eslint-disable no-control-regex -- terminal output is escape sequences; the tests match them. */
/**
 * `cube2048 play` on a real pseudo-terminal (util-linux `script`). Each test runs a shell
 * on the pty that records the terminal's settings (`stty -g`) before and after the game,
 * so "the terminal is restored" is checked on the terminal itself, not just in the bytes.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { fromRows, maxTile, newGame, playMove, seedRng, toRows } from '../../src/engine';
import type { GameState } from '../../src/engine';
import { replayProblem } from '../../src/history/archive';
import { parseEntry } from '../../src/history/entry';
import { encodeSave } from '../../src/store/persistence';
import { playGame } from '../history/games';
import type { Pty } from './helpers';
import { boardOnScreen, cliCommand, onPty, runCli, tempDirEach, terminalEnv } from './helpers';

const dir = tempDirEach();
let pty: Pty | null = null;
afterEach(() => {
  pty?.kill();
  pty = null;
});

const stateDir = (): string => join(dir.path, 'state', 'cube2048');
// English unless a test names another language (the machine's own LANG must not change what the tests read).
const env = (extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv => terminalEnv(join(dir.path, 'state'), extra);

/**
 * A shell on the pty: sets the window size, saves the terminal settings, runs the game,
 * prints its exit status, and saves the settings again.
 */
function playOnPty(
  args: string,
  options: { rows?: number; cols?: number; env?: NodeJS.ProcessEnv; background?: boolean; thenRun?: string } = {},
): Pty {
  const before = join(dir.path, 'stty-before');
  const after = join(dir.path, 'stty-after');
  const game = cliCommand(`play ${args}`);
  // In the background (so the test can signal it by pid) the game still reads the terminal;
  // `thenRun` runs beside it once the test writes a line to the fifo "go".
  const alongside = options.thenRun ? `read line < ${join(dir.path, 'go')}; ${options.thenRun}; ` : '';
  const run = options.background || options.thenRun ? `${game} </dev/tty & echo "PID:$!"; ${alongside}wait $!` : game;
  const command = `stty rows ${options.rows ?? 30} cols ${options.cols ?? 100}; stty -g > ${before}; ${run}; echo "EXIT:$?"; stty -g > ${after}`;
  pty = onPty(command, env(options.env));
  return pty;
}

const sttyUnchanged = (): void => {
  const before = readFileSync(join(dir.path, 'stty-before'), 'utf8');
  expect(before).not.toBe('');
  expect(readFileSync(join(dir.path, 'stty-after'), 'utf8')).toBe(before);
};

/** Saves `game` where `play` will find it, as if an earlier run had left it. */
function saveGame(game: GameState): void {
  mkdirSync(stateDir(), { recursive: true });
  writeFileSync(join(stateDir(), 'cube2048.game.v1'), encodeSave(game, []));
}

/** A game on `rows` whose next random numbers come from `seed`. */
const gameOn = (rows: number[][], seed: number): GameState => ({ ...newGame({ seed }), board: fromRows(rows), rng: seedRng(seed) });

const RESTORE = '\x1b[0m\x1b[?7h\x1b[?25h\x1b[?1049l';
const hasBoard = (p: Pty) => (): boolean => boardOnScreen(p.screen()).length === 4;
const exitStatus = (output: string): number | null => {
  const match = /EXIT:(\d+)/.exec(output);
  return match ? Number(match[1]) : null;
};

describe('cube2048 play', () => {
  it('says it needs a terminal and exits 2 when it has none', async () => {
    const run = await runCli(['play'], { env: env() });
    expect(run).toEqual({
      code: 2,
      stdout: '',
      stderr: 'cube2048 play: needs an interactive terminal (standard input and output must both be a terminal).\n',
    });
  });

  it('draws the seeded game, moves it with the keys, and restores the terminal on q', async () => {
    const p = playOnPty('--seed 42');
    let game = newGame({ seed: 42 });
    await p.waitFor(hasBoard(p), 'the first board');
    expect(boardOnScreen(p.screen())).toEqual(toRows(game.board));
    // Raw mode: one key is one move, no Enter, no echo. Arrows, WASD and HJKL all move.
    const keys: [string, 'left' | 'right' | 'up' | 'down'][] = [
      ['\x1b[D', 'left'],
      ['\x1b[A', 'up'],
      ['d', 'right'],
      ['s', 'down'],
      ['h', 'left'],
      ['k', 'up'],
    ];
    for (const [key, dir] of keys) {
      const next = playMove(game, dir);
      if (!next.report.moved) continue;
      game = next.state;
      p.send(key);
      await p.waitFor(() => boardOnScreen(p.screen()).flat().join() === toRows(game.board).flat().join(), `the board after ${dir}`);
      expect(p.screen().join('\n')).toContain(`MOVES ${game.record.length}`);
    }
    expect(p.output()).toContain('\x1b[?25l'); // The cursor was hidden while playing.
    p.send('q');
    expect(await p.exited).toBe(0);
    const output = p.output();
    expect(exitStatus(output)).toBe(0);
    // Colours reset, line wrap and cursor back, main screen back: after the last frame.
    expect(output.lastIndexOf(RESTORE)).toBeGreaterThan(output.lastIndexOf('\x1b[H'));
    expect(output).toContain(`cube2048: score ${game.score}, best ${game.score}, ${game.record.length} moves.`);
    sttyUnchanged();
  });

  it('speaks the language LANG names (here de_DE.UTF-8), its numbers grouped the German way', async () => {
    const p = playOnPty('--seed 7', { env: { LANG: 'de_DE.UTF-8' } });
    let game = newGame({ seed: 7 });
    await p.waitFor(hasBoard(p), 'the first board');
    const screen = (): string => p.screen().join('\n');
    expect(screen()).toContain('PUNKTE 0');
    expect(screen()).toContain('REKORD');
    expect(screen()).toContain('ZÜGE 0');
    expect(screen()).toContain('4×4 · Ziel 2.048');
    // Longer than English, the keys line gets the width it needs (and breaks between its parts only where the window is narrower).
    expect(screen()).toContain('←↑→↓ wasd hjkl schieben · u zurück · n neu · q beenden');
    const dir = (['left', 'right', 'up', 'down'] as const).find((d) => playMove(game, d).report.moved) ?? 'left';
    game = playMove(game, dir).state;
    p.send({ left: 'a', right: 'd', up: 'w', down: 's' }[dir]);
    await p.waitFor(() => screen().includes('ZÜGE 1'), 'one move');
    expect(boardOnScreen(p.screen())).toEqual(toRows(game.board));
    p.send('n');
    await p.waitFor(() => screen().includes('Neues Spiel starten? Dieses endet hier.'), 'the question in German');
    expect(screen()).toMatch(/y ja · n nein/);
    p.send('n');
    await p.waitFor(() => !screen().includes('Neues Spiel starten?'), 'the question answered');
    p.send('q');
    expect(await p.exited).toBe(0);
    expect(p.output()).toContain(`cube2048: ${game.score} Punkte, Rekord ${game.score}, 1 Zug. Gespeichert in`);
  });

  it('undoes with u', async () => {
    const p = playOnPty('--seed 7');
    const start = newGame({ seed: 7 });
    await p.waitFor(hasBoard(p), 'the first board');
    const dir = (['left', 'right', 'up', 'down'] as const).find((d) => playMove(start, d).report.moved) ?? 'left';
    p.send({ left: 'a', right: 'd', up: 'w', down: 's' }[dir]);
    await p.waitFor(() => p.screen().join('\n').includes('MOVES 1'), 'one move');
    p.send('u');
    await p.waitFor(() => p.screen().join('\n').includes('MOVES 0'), 'the undo');
    expect(boardOnScreen(p.screen())).toEqual(toRows(start.board));
    p.send('q');
    expect(await p.exited).toBe(0);
  });

  it('asks before a new game: n then n keeps the game, n then y starts over', async () => {
    const p = playOnPty('--seed 3');
    await p.waitFor(hasBoard(p), 'the first board');
    const game = newGame({ seed: 3 });
    const dir = (['left', 'right', 'up', 'down'] as const).find((d) => playMove(game, d).report.moved) ?? 'left';
    p.send({ left: 'a', right: 'd', up: 'w', down: 's' }[dir]);
    await p.waitFor(() => p.screen().join('\n').includes('MOVES 1'), 'one move');
    p.send('n');
    await p.waitFor(() => p.screen().join('\n').includes('Start a new game?'), 'the question');
    p.send('n');
    await p.waitFor(() => !p.screen().join('\n').includes('Start a new game?'), 'the question to go');
    expect(p.screen().join('\n')).toContain('MOVES 1');
    p.send('n');
    await p.waitFor(() => p.screen().join('\n').includes('Start a new game?'), 'the question again');
    p.send('y');
    await p.waitFor(() => p.screen().join('\n').includes('MOVES 0'), 'a new game');
    p.send('q');
    expect(await p.exited).toBe(0);
  });

  it('restores the terminal on SIGTERM and exits 143', async () => {
    const p = playOnPty('', { background: true });
    await p.waitFor(hasBoard(p), 'the first board');
    const pid = Number(/PID:(\d+)/.exec(p.output())?.[1]);
    expect(pid).toBeGreaterThan(0);
    process.kill(pid, 'SIGTERM');
    await p.waitFor((out) => out.includes('EXIT:'), 'the game to end');
    await p.exited;
    expect(exitStatus(p.output())).toBe(143);
    expect(p.output().lastIndexOf(RESTORE)).toBeGreaterThan(p.output().lastIndexOf('\x1b[H'));
    sttyUnchanged();
  });

  it('restores the terminal on SIGHUP and exits 129', async () => {
    const p = playOnPty('', { background: true });
    await p.waitFor(hasBoard(p), 'the first board');
    process.kill(Number(/PID:(\d+)/.exec(p.output())?.[1]), 'SIGHUP');
    await p.waitFor((out) => out.includes('EXIT:'), 'the game to end');
    await p.exited;
    expect(exitStatus(p.output())).toBe(129);
    sttyUnchanged();
  });

  it('quits on Ctrl+C like q, restoring the terminal', async () => {
    const p = playOnPty('');
    await p.waitFor(hasBoard(p), 'the first board');
    p.send('\x03');
    expect(await p.exited).toBe(0);
    expect(exitStatus(p.output())).toBe(0);
    sttyUnchanged();
  });

  it('continues the saved game on the next run, best score included', async () => {
    const first = playOnPty('--seed 11');
    await first.waitFor(hasBoard(first), 'the first board');
    let game = newGame({ seed: 11 });
    // Play until something merged, so there is a best score to keep.
    for (let i = 0; game.score === 0 || game.record.length < 3; i++) {
      const dir = (['left', 'down', 'right', 'up'] as const)[i % 4] as 'left';
      const next = playMove(game, dir);
      if (!next.report.moved) continue;
      game = next.state;
      first.send({ left: 'a', right: 'd', up: 'w', down: 's' }[dir]);
      await first.waitFor(() => first.screen().join('\n').includes(`MOVES ${game.record.length}`), `move ${game.record.length}`);
    }
    first.send('q');
    await first.exited;
    const second = playOnPty('');
    await second.waitFor(hasBoard(second), 'the board again');
    expect(boardOnScreen(second.screen())).toEqual(toRows(game.board));
    expect(second.screen().join('\n')).toMatch(new RegExp(`SCORE ${game.score}\\s+BEST ${game.score}\\s+MOVES ${game.record.length}`));
    second.send('q');
    expect(await second.exited).toBe(0);
  });

  it('reports a corrupt saved game, keeps it aside, and starts a new one', async () => {
    mkdirSync(stateDir(), { recursive: true });
    const gameFile = join(stateDir(), 'cube2048.game.v1');
    writeFileSync(gameFile, '{"v":1,"game":{"cells":"oops"');
    const p = playOnPty('');
    await p.waitFor(() => p.screen().join(' ').includes('could not be read'), 'the notice');
    await p.waitFor(hasBoard(p), 'a new board');
    p.send('q');
    expect(await p.exited).toBe(0);
    expect(readFileSync(`${gameFile}.unreadable`, 'utf8')).toBe('{"v":1,"game":{"cells":"oops"');
    // The new game was saved in its place, readable.
    expect(JSON.parse(readFileSync(gameFile, 'utf8')).v).toBe(1);
    sttyUnchanged();
  });

  it('tells the player when the window is too small', async () => {
    const p = playOnPty('', { rows: 10, cols: 30 });
    await p.waitFor(() => p.screen().join(' ').includes('Window too small'), 'the message');
    p.send('q');
    expect(await p.exited).toBe(0);
  });

  it('plays on in memory, and says so, when the state folder cannot be written', async () => {
    writeFileSync(join(dir.path, 'state'), 'a file where the folder should be');
    const p = playOnPty('');
    await p.waitFor(() => p.screen().join(' ').includes('will not be kept'), 'the notice');
    await p.waitFor(() => p.screen().join(' ').includes('Cannot write the game history'), 'the history notice');
    p.send('q');
    expect(await p.exited).toBe(0);
    expect(p.output()).toContain('This game was not saved.');
    expect(existsSync(stateDir())).toBe(false);
  });

  it('uses 24-bit colour with COLORTERM=truecolor and none with NO_COLOR', async () => {
    const colour = playOnPty('', { env: { NO_COLOR: undefined, COLORTERM: 'truecolor' } });
    await colour.waitFor((out) => out.includes('MOVES'), 'the first frame');
    expect(colour.output()).toMatch(/\x1b\[[0-9;]*48;2;\d+;\d+;\d+/);
    colour.send('q');
    await colour.exited;
    const plain = playOnPty('');
    await plain.waitFor((out) => out.includes('MOVES'), 'the first frame');
    expect(plain.output()).not.toMatch(/\x1b\[[0-9;]*[34]8;/);
    plain.send('q');
    await plain.exited;
  });

  it('announces a win, and keeps going on Enter', async () => {
    const rows = [
      [1024, 1024, 0, 0],
      [2, 4, 8, 16],
      [0, 0, 0, 0],
      [0, 0, 0, 0],
    ];
    saveGame(gameOn(rows, 1));
    const p = playOnPty('');
    await p.waitFor(hasBoard(p), 'the saved board');
    expect(boardOnScreen(p.screen())[0]).toEqual([1024, 1024, 0, 0]);
    p.send('a');
    await p.waitFor(() => p.screen().join('\n').includes('You reached 2,048!'), 'the win');
    expect(p.screen().join('\n')).toContain('Enter keep going · n new game · q quit');
    expect(boardOnScreen(p.screen())[0]?.[0]).toBe(2048);
    p.send('\r');
    await p.waitFor(() => !p.screen().join('\n').includes('You reached'), 'the message to go');
    p.send('d');
    await p.waitFor(() => p.screen().join('\n').includes('MOVES 2'), 'a move after the win');
    p.send('q');
    expect(await p.exited).toBe(0);
  });

  it('says when the game is over, and u takes the last move back', async () => {
    const rows = [
      [2, 4, 2, 4],
      [4, 2, 4, 2],
      [2, 4, 2, 4],
      [4, 2, 8, 8],
    ];
    // A seed whose spawn after the merge leaves no move.
    const seed = Array.from({ length: 100 }, (_, s) => s).find((s) => playMove(gameOn(rows, s), 'left').state.status === 'over');
    expect(seed).toBeDefined();
    saveGame(gameOn(rows, seed as number));
    const p = playOnPty('');
    await p.waitFor(hasBoard(p), 'the saved board');
    p.send('\x1b[D');
    await p.waitFor(() => p.screen().join('\n').includes('Game over: no move is left.'), 'game over');
    expect(p.screen().join('\n')).toContain('u undo · n new game · q quit');
    p.send('u');
    // The whole redraw, not just the prompt's removal: a loaded machine can show the screen half drawn.
    await p.waitFor(
      () => !p.screen().join('\n').includes('Game over') && JSON.stringify(boardOnScreen(p.screen())) === JSON.stringify(rows),
      'the undo',
    );
    expect(boardOnScreen(p.screen())).toEqual(rows);
    p.send('q');
    expect(await p.exited).toBe(0);
  });

  it('keeps a game played to game over in history.jsonl, with its start from an earlier run, and takes it back on undo', async () => {
    const seed = 42;
    const game = playGame({ size: 3, seed });
    expect(game.status).toBe('over');
    expect(maxTile(game.board)).toBeLessThan(game.target); // No win to acknowledge on the way.
    const keys = [...game.record].map((letter) => ({ L: 'a', R: 'd', U: 'w', D: 's' })[letter] ?? '').join('');
    const has3x3 = (p: Pty) => (): boolean => boardOnScreen(p.screen()).length === 3;

    const first = playOnPty(`--size 3 --seed ${seed}`);
    await first.waitFor(has3x3(first), 'the first board');
    first.send(keys.slice(0, 5));
    await first.waitFor(() => first.screen().join('\n').includes('MOVES 5'), 'five moves');
    first.send('q');
    await first.exited;
    const meta = JSON.parse(readFileSync(join(stateDir(), 'history-current.json'), 'utf8')) as { startedAt: number; mode: string };
    expect(meta.mode).toBe('seeded');
    expect(existsSync(join(stateDir(), 'history.jsonl'))).toBe(false);

    const second = playOnPty('');
    await second.waitFor(has3x3(second), 'the board again');
    second.send(keys.slice(5));
    await second.waitFor(() => second.screen().join('\n').includes('Game over'), 'game over');
    const lines = readFileSync(join(stateDir(), 'history.jsonl'), 'utf8').split('\n').filter(Boolean);
    expect(lines).toHaveLength(1);
    const parsed = parseEntry(JSON.parse(lines[0] as string));
    if (!parsed.ok) throw new Error(parsed.error);
    const entry = parsed.value;
    expect(entry).toMatchObject({
      size: 3,
      seed,
      moves: game.record,
      score: game.score,
      maxTile: maxTile(game.board),
      end: 'over',
      mode: 'seeded',
      startedAt: meta.startedAt,
    });
    expect(entry.endedAt).toBeGreaterThanOrEqual(entry.startedAt);
    expect(replayProblem(entry)).toBeNull();

    second.send('u');
    await second.waitFor(() => !second.screen().join('\n').includes('Game over'), 'the undo');
    expect(readFileSync(join(stateDir(), 'history.jsonl'), 'utf8').split('\n').filter(Boolean)[1]).toBe(
      JSON.stringify({ retract: entry.id }),
    );
    second.send('q');
    expect(await second.exited).toBe(0);
  });

  it('asks before --new replaces a saved game at stake: n continues it, y starts over and keeps it as left', async () => {
    const game = playGame({ size: 3, seed: 5, moves: 10 });
    const first = playOnPty('--size 3 --seed 5');
    await first.waitFor(() => boardOnScreen(first.screen()).length === 3, 'the first board');
    first.send([...game.record].map((letter) => ({ L: 'a', R: 'd', U: 'w', D: 's' })[letter] ?? '').join(''));
    await first.waitFor(() => first.screen().join('\n').includes('MOVES 10'), 'ten moves');
    first.send('q');
    await first.exited;
    const history = (): Record<string, unknown>[] =>
      existsSync(join(stateDir(), 'history.jsonl'))
        ? readFileSync(join(stateDir(), 'history.jsonl'), 'utf8')
            .split('\n')
            .filter(Boolean)
            .map((line) => JSON.parse(line) as Record<string, unknown>)
        : [];

    const declined = playOnPty('--new');
    await declined.waitFor(() => declined.screen().join('\n').includes('Start a new game?'), 'the question over the saved game');
    expect(boardOnScreen(declined.screen())).toEqual(toRows(game.board));
    declined.send('n');
    await declined.waitFor(() => !declined.screen().join('\n').includes('Start a new game?'), 'the question to go');
    expect(declined.screen().join('\n')).toContain('MOVES 10');
    declined.send('q');
    expect(await declined.exited).toBe(0);
    expect(history()).toEqual([]);

    const accepted = playOnPty('--new');
    await accepted.waitFor(() => accepted.screen().join('\n').includes('Start a new game?'), 'the question again');
    accepted.send('y');
    await accepted.waitFor(hasBoard(accepted), 'a new 4 by 4 board');
    expect(accepted.screen().join('\n')).toContain('MOVES 0');
    accepted.send('q');
    expect(await accepted.exited).toBe(0);
    expect(history()).toEqual([expect.objectContaining({ size: 3, seed: 5, moves: game.record, end: 'left', mode: 'seeded' })]);
  });

  it('keeps a game of 10 moves as left when the new-game key replaces it, after asking', async () => {
    const game = playGame({ size: 4, seed: 8, moves: 10 });
    const p = playOnPty('--seed 8');
    await p.waitFor(hasBoard(p), 'the first board');
    p.send([...game.record].map((letter) => ({ L: 'a', R: 'd', U: 'w', D: 's' })[letter] ?? '').join(''));
    await p.waitFor(() => p.screen().join('\n').includes('MOVES 10'), 'ten moves');
    p.send('n');
    await p.waitFor(() => p.screen().join('\n').includes('Start a new game?'), 'the question');
    p.send('n');
    await p.waitFor(() => !p.screen().join('\n').includes('Start a new game?'), 'the question to go');
    expect(p.screen().join('\n')).toContain('MOVES 10');
    expect(existsSync(join(stateDir(), 'history.jsonl')), 'a game kept going is not kept').toBe(false);
    p.send('n');
    await p.waitFor(() => p.screen().join('\n').includes('Start a new game?'), 'the question again');
    p.send('y');
    await p.waitFor(() => p.screen().join('\n').includes('MOVES 0'), 'a new game');
    p.send('q');
    expect(await p.exited).toBe(0);
    const lines = readFileSync(join(stateDir(), 'history.jsonl'), 'utf8').split('\n').filter(Boolean);
    expect(lines.map((line) => JSON.parse(line) as Record<string, unknown>)).toEqual([
      expect.objectContaining({ size: 4, seed: 8, moves: game.record, end: 'left', mode: 'seeded' }),
    ]);
  });

  it('re-centres the board when the window is resized', async () => {
    execFileSync('mkfifo', [join(dir.path, 'go')]);
    const p = playOnPty('', { rows: 30, cols: 100, thenRun: 'stty rows 22 cols 60 </dev/tty' });
    await p.waitFor(hasBoard(p), 'the first board');
    const leftAt = (lines: string[]): number => (lines.find((l) => l.includes('┌')) ?? '').indexOf('┌');
    const wide = p.screen();
    expect(wide).toHaveLength(30);
    writeFileSync(join(dir.path, 'go'), 'resize\n');
    // Centred: as much space left of the board as right of it, in 60 columns.
    const centred = (lines: string[]): boolean => {
      const board = lines.find((l) => l.includes('┌')) ?? '';
      return board !== '' && Math.abs(leftAt(lines) - (60 - leftAt(lines) - board.trim().length)) <= 1;
    };
    // The screen can show 22 rows before the whole new frame has arrived: wait for the frame itself.
    await p.waitFor(() => p.screen().length === 22 && centred(p.screen()), 'a centred frame for the new size');
    const narrow = p.screen();
    expect(centred(narrow)).toBe(true);
    expect(leftAt(narrow)).toBeLessThan(leftAt(wide));
    p.send('q');
    expect(await p.exited).toBe(0);
    sttyUnchanged();
  });
});
