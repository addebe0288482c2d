import { describe, expect, it } from 'vitest';
import { DEPTH_KEYS } from '../../src/input/cube-keymap';
import { ANSWER_KEYS, GAME_KEYS, TERMINAL_KEYS, keyLabel, keysFor } from '../../src/input/keymap';
import { FRAME_KEYS, answerOf, commandOfKey, keysHelp } from '../../src/cli/play-keys';
import { decodeKeys } from '../../src/cli/keys';
import { renderFrame } from '../../src/skins/terminal';
import { frameModel } from './frames';
import { stripAnsi } from './helpers';

const commandsOf = (input: string) => decodeKeys(input).map(commandOfKey);
const asTyped = (key: string): string => (keyLabel(key).length === 1 ? keyLabel(key).toLowerCase() : keyLabel(key));

describe('the keys of cube2048 play', () => {
  it('slide with the arrows, wasd and hjkl in either case, and take the rest of the game’s keys', () => {
    expect(commandsOf('\x1b[D\x1b[A\x1b[C\x1b[B')).toEqual(['left', 'up', 'right', 'down']);
    expect(commandsOf('wasdWASD')).toEqual(['up', 'left', 'down', 'right', 'up', 'left', 'down', 'right']);
    expect(commandsOf('hjklHJKL')).toEqual(['left', 'down', 'up', 'right', 'left', 'down', 'up', 'right']);
    expect(commandsOf('uUnN\rcCqQ\x03\x04\x1b\x0c')).toEqual([
      'undo',
      'undo',
      'newGame',
      'newGame',
      'keepGoing',
      'keepGoing',
      'keepGoing',
      'quit',
      'quit',
      'quit',
      'quit',
      'finish',
      'redraw',
    ]);
  });

  it('send a cube’s tiles in with f and Page Down, out with b and Page Up (with modifiers too)', () => {
    expect(commandsOf('fFbB\x1b[6~\x1b[5~\x1b[6;2~')).toEqual(['in', 'in', 'out', 'out', 'in', 'out', 'in']);
  });

  it('leave every other key alone, Ctrl+Z included (a browser’s undo, not a terminal’s)', () => {
    expect(commandsOf('zxiy 1\t\x1a\x7f\x1b[15~')).toEqual(Array(10).fill(null));
  });

  it('answer the yes/no question with y, in either case', () => {
    expect(decodeKeys('yYnx').map(answerOf)).toEqual(['yes', 'yes', 'no', null]);
  });

  it('are each named in the Keys block of --help', () => {
    const help = keysHelp();
    const named = [
      ...keysFor(GAME_KEYS, 'undo', 'terminal'),
      ...keysFor(GAME_KEYS, 'newGame'),
      ...Object.keys(DEPTH_KEYS),
      ...Object.keys(TERMINAL_KEYS),
    ];
    for (const key of named) expect(help).toContain(asTyped(key));
    expect(help).toMatch(/^ {2}← ↑ → ↓, w a s d, h j k l {3}slide the tiles$/m);
    expect(help).toMatch(/^ {2}q, Ctrl\+C, Ctrl\+D {11}quit \(the game stays saved\)$/m);
    expect(help).toMatch(/^ {2}f, PageDown +on a cube: slide the tiles in, away from you/m);
  });

  it('give the terminal skin the first key of each command, and the answers', () => {
    expect(FRAME_KEYS).toEqual({
      move: '←↑→↓ wasd hjkl',
      movePlain: 'arrows/wasd/hjkl',
      in: 'f',
      out: 'b',
      undo: 'u',
      newGame: 'n',
      keepGoing: 'Enter',
      quit: 'q',
      yes: 'y',
      no: 'n',
    });
    expect([FRAME_KEYS.yes, FRAME_KEYS.no]).toEqual(Object.keys(ANSWER_KEYS));
  });

  it('are the only keys the skin names: it prints whatever labels it is given', () => {
    const model = frameModel({ cells: new Uint8Array(16), score: 0, best: 0, moves: 0, status: 'over' });
    const keys = {
      move: 'M',
      movePlain: 'MP',
      in: 'I1',
      out: 'O1',
      undo: 'U1',
      newGame: 'N1',
      keepGoing: 'K1',
      quit: 'Q1',
      yes: 'Y1',
      no: 'N2',
    };
    const text = stripAnsi(renderFrame(model, { columns: 80, rows: 30, mode: 'plain', keys }));
    expect(text).toContain('U1 undo · N1 new game · Q1 quit');
    expect(text).toContain('MP move · U1 undo · N1 new · Q1 quit');
    expect(stripAnsi(renderFrame(model, { columns: 80, rows: 30, mode: 'truecolor', keys }))).toContain('M move · U1 undo');
  });
});
