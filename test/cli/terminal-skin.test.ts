/* eslint-disable no-control-regex -- terminal output is escape sequences; the tests match them. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createGameStore } from '../../src/store';
import type { GameView, ReadonlyStore } from '../../src/store';
import type { ColorMode, TerminalScreen } from '../../src/skins/terminal';
import { createTerminalSkin, detectColorMode, frameLines, renderFrame } from '../../src/skins/terminal';
import { decodeKeys } from '../../src/cli/keys';
import { FRAME_KEYS } from '../../src/cli/play-keys';
import { stripAnsi } from './helpers';
import { frameModel, shown } from './frames';

describe('colour mode', () => {
  it.each([
    [{ TERM: 'xterm-256color', COLORTERM: 'truecolor' }, 'truecolor'],
    [{ TERM: 'xterm', COLORTERM: '24bit' }, 'truecolor'],
    [{ TERM: 'xterm-256color' }, 'ansi256'],
    [{ TERM: 'screen-256color' }, 'ansi256'],
    [{ TERM: 'xterm' }, 'ansi16'],
    [{ TERM: 'linux' }, 'ansi16'],
    [{ TERM: 'xterm-256color', COLORTERM: 'truecolor', NO_COLOR: '1' }, 'mono'],
    [{ TERM: 'xterm-256color', NO_COLOR: '' }, 'ansi256'],
    [{ TERM: 'dumb', COLORTERM: 'truecolor' }, 'plain'],
  ])('%j → %s', (env, mode) => {
    expect(detectColorMode(env)).toBe(mode);
  });
});

describe('a frame', () => {
  it('fills the window exactly: one line per row, none wider than the window', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 3, max: 8 }),
        fc.integer({ min: 10, max: 200 }),
        fc.integer({ min: 5, max: 70 }),
        fc.constantFrom<ColorMode>('truecolor', 'ansi256', 'ansi16', 'mono', 'plain'),
        fc.boolean(),
        (size, columns, rows, mode, notice) => {
          const cells = Uint8Array.from({ length: size * size }, (_, i) => i % (size * size + 2));
          const m = frameModel({
            size,
            cells,
            notices: notice ? ['Your saved game could not be read; it was set aside and a new game was started.'] : [],
          });
          const lines = shown(m, columns, rows, mode);
          expect(lines).toHaveLength(rows);
          for (const line of lines) expect([...line].length).toBeLessThanOrEqual(columns);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('fills the window exactly with a cube too, whatever its size and the window', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 3, max: 5 }),
        fc.integer({ min: 10, max: 200 }),
        fc.integer({ min: 5, max: 70 }),
        fc.constantFrom<ColorMode>('truecolor', 'ansi16', 'plain'),
        (size, columns, rows, mode) => {
          const cells = Uint8Array.from({ length: size ** 3 }, (_, i) => i % 20);
          const lines = shown(frameModel({ size, dimensions: 3, cells }), columns, rows, mode);
          expect(lines).toHaveLength(rows);
          for (const line of lines) expect([...line].length).toBeLessThanOrEqual(columns);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('starts at the cursor home and never ends with a newline, so the screen does not scroll', () => {
    const frame = renderFrame(frameModel(), { columns: 80, rows: 24, mode: 'truecolor', keys: FRAME_KEYS });
    expect(frame.startsWith('\x1b[?2026h\x1b[H')).toBe(true);
    expect(frame.endsWith('\x1b[K\x1b[?2026l')).toBe(true);
    expect(frame.split('\r\n')).toHaveLength(24);
  });

  it('shows the board, the scores and the keys on a 4×4 board in an 80×24 terminal, at full size', () => {
    const text = shown(frameModel(), 80, 24, 'plain').join('\n');
    expect(text).toContain('cube2048');
    expect(text).toMatch(/SCORE 1,234\s+BEST 5,678\s+MOVES 42/);
    expect(text).toContain('u undo');
    // The large layout: three lines per cell, so each value line sits between two blank ones.
    expect(text).toContain('|   2    |   4    |   8    |   16   |');
    expect(text).toContain('|  512   |  1024  |  2048  |  4096  |');
  });

  it('writes no colour or style with TERM=dumb, and no colour with NO_COLOR', () => {
    const plain = renderFrame(frameModel({ merged: new Set([0]) }), { columns: 80, rows: 24, mode: 'plain', keys: FRAME_KEYS });
    expect(plain).not.toMatch(/\x1b\[[0-9;]*m/);
    const mono = renderFrame(frameModel({ merged: new Set([0]) }), { columns: 80, rows: 24, mode: 'mono', keys: FRAME_KEYS });
    expect(mono).not.toMatch(/\x1b\[[0-9;]*[34]8;/);
    expect(mono).toContain('\x1b[0;1m'); // bold is still allowed
  });

  it('colours tiles by value in 24-bit, 256 and 16 colours', () => {
    const truecolor = renderFrame(frameModel(), { columns: 80, rows: 24, mode: 'truecolor', keys: FRAME_KEYS });
    expect(truecolor).toContain('48;2;238;228;218'); // the 2 tile, #eee4da
    expect(renderFrame(frameModel(), { columns: 80, rows: 24, mode: 'ansi256', keys: FRAME_KEYS })).toMatch(/48;5;\d+/);
    expect(renderFrame(frameModel(), { columns: 80, rows: 24, mode: 'ansi16', keys: FRAME_KEYS })).toMatch(/\x1b\[0;1;(3|9)\d;(4|10)\dm/);
  });

  it('lights up merged tiles and fades in new ones, briefly', () => {
    const plainTile = renderFrame(frameModel(), { columns: 80, rows: 24, mode: 'truecolor', keys: FRAME_KEYS });
    const lit = renderFrame(frameModel({ merged: new Set([0]), spawned: new Set([1]) }), {
      columns: 80,
      rows: 24,
      mode: 'truecolor',
      keys: FRAME_KEYS,
    });
    expect(lit).not.toBe(plainTile);
    expect(lit).not.toContain('48;2;238;228;218m   2'); // the 2 tile is drawn lighter while lit
  });

  it('shows the win, game-over, question and notice messages', () => {
    expect(shown(frameModel({ status: 'won' }), 80, 30, 'plain').join('\n')).toContain('You reached 2,048!');
    expect(shown(frameModel({ status: 'won' }), 80, 30, 'plain').join('\n')).toContain('Enter keep going · n new game · q quit');
    expect(shown(frameModel({ status: 'over' }), 80, 30, 'plain').join('\n')).toContain('u undo · n new game · q quit');
    expect(shown(frameModel({ status: 'over', canUndo: false }), 80, 30, 'plain').join('\n')).not.toContain('u undo · n new game');
    expect(shown(frameModel({ prompt: 'Start a new game?' }), 80, 30, 'plain').join('\n')).toContain('y yes · n no');
    expect(shown(frameModel({ notices: ['Saving failed.'] }), 80, 30, 'plain').join('\n')).toContain('! Saving failed.');
    expect(shown(frameModel({ hint: 'left' }), 80, 30, 'mono').join('\n')).toContain('hint ←');
  });

  it('centres the board in the window', () => {
    const lines = shown(frameModel(), 120, 40, 'mono');
    const top = lines.findIndex((l) => l.includes('┌'));
    const bottom = lines.findIndex((l) => l.includes('└'));
    const board = lines[top] as string;
    const left = board.indexOf('┌');
    const right = 120 - (left + board.trim().length);
    expect(Math.abs(left - right)).toBeLessThanOrEqual(1);
    expect(top).toBeGreaterThan(5);
    expect(40 - bottom).toBeGreaterThan(5);
  });

  it('uses the compact layout when the large one does not fit, and says when nothing fits', () => {
    const compact = shown(frameModel({ size: 8, cells: new Uint8Array(64).fill(1) }), 80, 24, 'plain');
    expect(compact.filter((l) => l.includes('|')).length).toBe(8); // one line per row of cells
    const tooSmall = shown(frameModel(), 30, 10, 'truecolor').join('\n');
    expect(tooSmall).toContain('Window too small');
    expect(tooSmall).toContain('have 30×10');
    expect(tooSmall).toContain('press q to quit');
  });

  it('shows a 4×4×4 cube in an 80×24 terminal: its layers two by two, each labelled, and the keys for in and out', () => {
    const cells = new Uint8Array(64);
    cells[0] = 1; // layer 1, top left
    cells[63] = 15; // layer 4, bottom right: 32768, five digits in a five-column cell
    const lines = shown(frameModel({ size: 4, dimensions: 3, cells, target: 32768 }), 80, 24, 'plain').map((l) => l.trimEnd());
    const text = lines.join('\n');
    expect(text).toContain('4×4×4 · reach 32,768');
    expect(text).toMatch(/Layer 1 · front +Layer 2\n/);
    expect(text).toMatch(/Layer 3 +Layer 4 · back\n/);
    expect(text).toContain('f in · b out');
    const rowsOfCells = lines.filter((l) => /\|.*\|/.test(l) && !l.includes('-'));
    expect(rowsOfCells).toHaveLength(8);
    expect(rowsOfCells[0]).toMatch(/^\s*\|\s+2\s+\|/);
    expect(rowsOfCells[7]).toMatch(/\|32768\|$/);
  });

  it('names the window a cube needs when it does not fit', () => {
    const text = shown(frameModel({ size: 5, dimensions: 3, cells: new Uint8Array(125) }), 80, 24, 'plain').join('\n');
    expect(text).toContain('Window too small');
    expect(text).toContain('need 99×24, have 80×24');
    expect(shown(frameModel({ size: 5, dimensions: 3, cells: new Uint8Array(125) }), 99, 24, 'plain').join('\n')).toContain(
      'Layer 5 · back',
    );
  });

  it('labels the layers in the player’s language', async () => {
    const { loadLang } = await import('../../src/i18n/load');
    const lang = await loadLang('de');
    const model = frameModel({ size: 3, dimensions: 3, cells: new Uint8Array(27) });
    const text = frameLines(model, { columns: 100, rows: 40, mode: 'plain', keys: FRAME_KEYS, lang })
      .map((l) => l.map((span) => span.text).join(''))
      .join('\n');
    expect(text).toMatch(/Ebene 1 · vorne +Ebene 2 +Ebene 3 · hinten/);
    expect(text).toContain('f hinein · b heraus');
  });

  it('prints big tiles as 2^e so they fit their cell', () => {
    const lines = frameLines(frameModel({ cells: Uint8Array.from([20, 40, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]) }), {
      columns: 80,
      rows: 24,
      mode: 'plain',
      keys: FRAME_KEYS,
    });
    const text = lines.map((l) => l.map((s) => s.text).join('')).join('\n');
    expect(text).toContain('2^20');
    expect(text).toContain('2^40');
  });
});

describe('the terminal skin', () => {
  const fakeScreen = (): TerminalScreen & { frames: string[]; resize: () => void } => {
    let listener: (() => void) | null = null;
    const frames: string[] = [];
    return {
      columns: 100,
      rows: 30,
      frames,
      write: (text) => void frames.push(text),
      onResize: (l) => {
        listener = l;
        return () => {
          listener = null;
        };
      },
      resize: () => listener?.(),
    };
  };
  const fakeTimers = () => {
    const pending = new Map<number, () => void>();
    let next = 0;
    return {
      pending,
      set: (callback: () => void) => {
        pending.set(++next, callback);
        return next;
      },
      clear: (handle: unknown) => void pending.delete(handle as number),
      runAll: () => {
        for (const [id, callback] of [...pending]) {
          pending.delete(id);
          callback();
        }
      },
    };
  };

  it('draws on mount, on every change and on resize, and stops after dispose', () => {
    const store = createGameStore({ seed: 1 });
    const screen = fakeScreen();
    const timers = fakeTimers();
    const skin = createTerminalSkin({ mode: 'plain', keys: FRAME_KEYS, timers });
    skin.mount(screen, store as ReadonlyStore<GameView>);
    expect(screen.frames).toHaveLength(1);
    const moved = ['left', 'right', 'up', 'down'].some((d) => store.getState().move(d as 'left'));
    expect(moved).toBe(true);
    expect(screen.frames).toHaveLength(2);
    expect(stripAnsi(screen.frames[1] as string)).toContain('MOVES 1');
    screen.resize();
    expect(screen.frames).toHaveLength(3);
    timers.runAll(); // the highlight ends with one more frame
    expect(screen.frames).toHaveLength(4);
    skin.dispose();
    store.getState().newGame();
    screen.resize();
    expect(screen.frames).toHaveLength(4);
    expect(timers.pending.size).toBe(0);
  });

  it('highlights what a move merged and spawned until the timer or finish() ends it', () => {
    const store = createGameStore({ seed: 5 });
    const screen = fakeScreen();
    const timers = fakeTimers();
    const skin = createTerminalSkin({ mode: 'truecolor', keys: FRAME_KEYS, timers });
    skin.mount(screen, store as ReadonlyStore<GameView>);
    for (const d of ['left', 'right', 'up', 'down'] as const) if (store.getState().move(d)) break;
    expect(timers.pending.size).toBe(1);
    const lit = screen.frames.at(-1);
    skin.finish();
    expect(timers.pending.size).toBe(0);
    expect(screen.frames.at(-1)).not.toBe(lit);
    skin.dispose();
  });

  it('shows the store notices through describeNotice', () => {
    const broken = { getItem: () => '{not json', setItem: () => {}, removeItem: () => {} };
    const store = createGameStore({ storage: broken });
    const screen = fakeScreen();
    const skin = createTerminalSkin({ mode: 'plain', keys: FRAME_KEYS, describeNotice: (n) => `NOTICE ${n.kind}` });
    skin.mount(screen, store as ReadonlyStore<GameView>);
    expect(stripAnsi(screen.frames[0] as string)).toContain('! NOTICE corrupt-save');
    skin.dispose();
  });
});

describe('terminal keys', () => {
  it('decodes arrows in normal and application mode, with modifiers', () => {
    expect(decodeKeys('\x1b[A\x1b[B\x1b[C\x1b[D').map((k) => k.name)).toEqual(['up', 'down', 'right', 'left']);
    expect(decodeKeys('\x1bOA\x1bOD').map((k) => k.name)).toEqual(['up', 'left']);
    expect(decodeKeys('\x1b[1;5C').map((k) => k.name)).toEqual(['right']);
  });

  it('decodes several keys in one chunk, Ctrl+C, Enter and a lone Escape', () => {
    expect(decodeKeys('wasd')).toEqual([...'wasd'].map((char) => ({ name: 'char', char })));
    expect(decodeKeys('\x03').map((k) => k.name)).toEqual(['interrupt']);
    expect(decodeKeys('\r').map((k) => k.name)).toEqual(['enter']);
    expect(decodeKeys('\x1b').map((k) => k.name)).toEqual(['escape']);
  });

  it('decodes Page Up and Page Down, with modifiers', () => {
    expect(decodeKeys('\x1b[5~\x1b[6~\x1b[5;5~').map((k) => k.name)).toEqual(['pageUp', 'pageDown', 'pageUp']);
  });

  it('passes over keys it does not use', () => {
    expect(decodeKeys('\x1b[15~x')).toEqual([
      { name: 'unknown', sequence: '\x1b[15~' },
      { name: 'char', char: 'x' },
    ]);
  });
});
