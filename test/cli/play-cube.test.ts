/**
 * `cube2048 play --dimensions 3` on a real pseudo-terminal (util-linux `script`): a cube's
 * layers side by side, each labelled, moved by the keys for in and out as by the others.
 */
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { CubeDirection, GameState } from '../../src/engine';
import { newGame, playMove, toLayers } from '../../src/engine';
import type { Pty } from './helpers';
import { cliCommand, layersOnScreen, onPty, tempDirEach, terminalEnv } from './helpers';

const dir = tempDirEach();
let pty: Pty | null = null;
afterEach(() => {
  pty?.kill();
  pty = null;
});

const env = (): NodeJS.ProcessEnv => terminalEnv(join(dir.path, 'state'));

const playOnPty = (args: string): Pty => {
  pty = onPty(`stty rows 30 cols 100; ${cliCommand(`play ${args}`)}; echo "EXIT:$?"`, env());
  return pty;
};

/** The key the test presses for each direction: in and out by both of their keys. */
const KEYS: readonly [string, CubeDirection][] = [
  ['f', 'in'],
  ['\x1b[D', 'left'],
  ['b', 'out'],
  ['\x1b[6~', 'in'],
  ['w', 'up'],
  ['\x1b[5~', 'out'],
  ['l', 'right'],
  ['j', 'down'],
];

describe('cube2048 play --dimensions 3', () => {
  it('draws the cube layer by layer, each labelled, and moves it in and out with f, b, Page Down and Page Up', async () => {
    const p = playOnPty('--dimensions 3 --size 3 --seed 42');
    const shown = (): number[][][] => layersOnScreen(p.screen(), 3);
    let game: GameState = newGame({ size: 3, dimensions: 3, seed: 42 });
    await p.waitFor(() => shown().length === 3, 'the three layers');
    expect(shown()).toEqual(toLayers(game.board));
    const screen = (): string => p.screen().join('\n');
    expect(screen()).toContain('3×3×3 · reach 4,096');
    expect(screen()).toMatch(/Layer 1 · front +Layer 2/);
    expect(screen()).toContain('Layer 3 · back');
    expect(screen()).toContain('f in · b out');
    let moved = 0;
    for (const [key, dirName] of KEYS) {
      const next = playMove(game, dirName);
      if (!next.report.moved) continue;
      game = next.state;
      moved += dirName === 'in' || dirName === 'out' ? 1 : 0;
      p.send(key);
      await p.waitFor(() => JSON.stringify(shown()) === JSON.stringify(toLayers(game.board)), `the cube after ${dirName}`);
      expect(screen()).toContain(`MOVES ${game.record.length}`);
    }
    expect(moved).toBeGreaterThan(1);
    p.send('q');
    expect(await p.exited).toBe(0);
    expect(p.output()).toContain(`cube2048: score ${game.score}, best ${game.score}, ${game.record.length} moves.`);
  });

  it('continues the saved cube on the next run, and --dimensions 2 starts a square after asking', async () => {
    const first = playOnPty('--dimensions 3 --seed 9');
    await first.waitFor(() => layersOnScreen(first.screen(), 4).length === 4, 'the four layers');
    const dirName = (['in', 'out', 'left', 'right'] as const).find(
      (d) => playMove(newGame({ size: 4, dimensions: 3, seed: 9 }), d).report.moved,
    );
    first.send(dirName === 'in' ? 'f' : dirName === 'out' ? 'b' : dirName === 'left' ? 'h' : 'l');
    await first.waitFor(() => first.screen().join('\n').includes('MOVES 1'), 'one move');
    first.send('q');
    expect(await first.exited).toBe(0);

    const again = playOnPty('');
    await again.waitFor(() => again.screen().join('\n').includes('4×4×4'), 'the saved cube');
    expect(again.screen().join('\n')).toContain('MOVES 1');
    again.send('q');
    expect(await again.exited).toBe(0);

    const square = playOnPty('--dimensions 2');
    await square.waitFor(() => square.screen().join('\n').includes('Start a new game?'), 'the question');
    square.send('y');
    await square.waitFor(() => /4×4 · reach 2,048/.test(square.screen().join('\n')), 'a square');
    expect(square.screen().join('\n')).not.toContain('Layer');
    square.send('q');
    expect(await square.exited).toBe(0);
  });

  it('refuses a cube larger than 5 before taking the terminal', async () => {
    const p = playOnPty('--dimensions 3 --size 6');
    await p.waitFor(() => p.output().includes('EXIT:'), 'the exit');
    expect(p.output()).toContain('--size must be a whole number from 3 to 5, got "6"');
  });
});
