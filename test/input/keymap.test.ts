import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Direction } from '../../src/engine';
import type { KeyLike } from '../../src/input';
import { CUBE_HOW_TO_CAPS, CUBE_SHORTCUTS, cubeHowToSentence } from '../../src/input/cube-how-to';
import { HOW_TO_CAPS, howToSentence } from '../../src/input/how-to';
import { VIEW_HOW_TO_CAPS, viewHowToSentence } from '../../src/input/view-how-to';
import { DEPTH_KEYS, SPREAD_KEYS, cubeHowToCaps } from '../../src/input/cube-keymap';
import { viewHowToCaps } from '../../src/input/keymap';
import {
  AI_KEYS,
  ANSWER_KEYS,
  GAME_KEYS,
  GAME_SHORTCUTS,
  HOW_TO,
  PAGE_HELP,
  REPLAY_KEYS,
  TERMINAL_KEYS,
  VIEW_KEYS,
  ariaKeys,
  commandFor,
  howToCaps,
  keyLabel,
  keysFor,
  moveSets,
} from '../../src/input';

/** The game's keys as src/input/keyboard.ts wrote them out before the keymap: the behaviour to keep. */
function gameKeysBefore(e: KeyLike): Direction | 'undo' | 'newGame' | null {
  if (e.isComposing || e.altKey || e.shiftKey) return null;
  const key = e.key.length === 1 ? e.key.toLowerCase() : e.key;
  if (e.ctrlKey || e.metaKey) return key === 'z' && e.ctrlKey !== e.metaKey ? 'undo' : null;
  if (key === 'u') return 'undo';
  if (key === 'n') return 'newGame';
  const byKey: Record<string, Direction> = {
    ArrowLeft: 'left',
    ArrowRight: 'right',
    ArrowUp: 'up',
    ArrowDown: 'down',
    h: 'left',
    j: 'down',
    k: 'up',
    l: 'right',
  };
  const byCode: Record<string, Direction> = { KeyW: 'up', KeyA: 'left', KeyS: 'down', KeyD: 'right' };
  return byKey[key] ?? byCode[e.code] ?? null;
}

const KEYS = [
  'ArrowLeft',
  'ArrowRight',
  'ArrowUp',
  'ArrowDown',
  'Escape',
  'Enter',
  ' ',
  'Home',
  'End',
  'Tab',
  'PageUp',
  'PageDown',
  ...'abcdfhijklnqsuwxyzABFHIKNUWXZé1',
];
const CODES = [
  'KeyA',
  'KeyB',
  'KeyD',
  'KeyF',
  'KeyH',
  'KeyQ',
  'KeyS',
  'KeyW',
  'KeyX',
  'KeyZ',
  'KeyI',
  'KeyU',
  'ArrowLeft',
  'Space',
  'Digit1',
  '',
];
const arbKey: fc.Arbitrary<KeyLike> = fc.record({
  key: fc.constantFrom(...KEYS),
  code: fc.constantFrom(...CODES),
  ctrlKey: fc.boolean(),
  metaKey: fc.boolean(),
  altKey: fc.boolean(),
  shiftKey: fc.boolean(),
  isComposing: fc.boolean(),
});
const key = (k: string, extra: Partial<KeyLike> = {}): KeyLike => ({
  key: k,
  code: '',
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  shiftKey: false,
  ...extra,
});

describe('the keymap', () => {
  it('gives the game the commands its keys always gave, whatever the layout and modifiers', () => {
    fc.assert(
      fc.property(arbKey, (e) => {
        expect(commandFor(GAME_KEYS, e)).toBe(gameKeysBefore(e));
      }),
      { numRuns: 5000 },
    );
  });

  it('takes the character typed before the key’s place: a layout that types H where QWERTY has D means H', () => {
    expect(commandFor(GAME_KEYS, key('h', { code: 'KeyD' }))).toBe('left');
    expect(commandFor(GAME_KEYS, key('z', { code: 'KeyW' }))).toBe('up');
  });

  it('gives the AI panel I (with or without Shift) for a hint, and Esc with anything held to stop autoplay', () => {
    expect([key('i'), key('I'), key('I', { shiftKey: true })].map((e) => commandFor(AI_KEYS, e))).toEqual(['hint', 'hint', 'hint']);
    expect(
      [key('i', { ctrlKey: true }), key('i', { metaKey: true }), key('i', { altKey: true })].map((e) => commandFor(AI_KEYS, e)),
    ).toEqual([null, null, null]);
    expect([key('Escape'), key('Escape', { ctrlKey: true, altKey: true, shiftKey: true })].map((e) => commandFor(AI_KEYS, e))).toEqual([
      'stopAutoplay',
      'stopAutoplay',
    ]);
  });

  it('gives the replay viewer its steps, ends and play/pause, Shift allowed, Ctrl, ⌘ and Alt not', () => {
    const keys = ['ArrowLeft', 'ArrowRight', 'Home', 'End', ' ', 'k'];
    expect(keys.map((k) => commandFor(REPLAY_KEYS, key(k)))).toEqual(['back', 'forward', 'first', 'last', 'playPause', 'playPause']);
    expect(keys.map((k) => commandFor(REPLAY_KEYS, key(k, { shiftKey: true })))).toEqual([
      'back',
      'forward',
      'first',
      'last',
      'playPause',
      'playPause',
    ]);
    for (const held of [{ ctrlKey: true }, { metaKey: true }, { altKey: true }])
      expect(keys.map((k) => commandFor(REPLAY_KEYS, key(k, held)))).toEqual(keys.map(() => null));
  });

  it('gives Ctrl or ⌘ with Z to undo in a browser only: a terminal’s Ctrl+letters are its own', () => {
    expect(commandFor(GAME_KEYS, key('z', { ctrlKey: true }), 'browser')).toBe('undo');
    expect(commandFor(GAME_KEYS, key('z', { ctrlKey: true }), 'terminal')).toBeNull();
    expect(commandFor(TERMINAL_KEYS, key('l', { ctrlKey: true }), 'terminal')).toBe('redraw');
    expect(commandFor(TERMINAL_KEYS, key('l', { ctrlKey: true }), 'browser')).toBeNull();
    expect(keysFor(GAME_KEYS, 'undo', 'terminal')).toEqual(['u']);
  });

  it('writes the move keys in sets of four, each set moving all four ways', () => {
    const sets = moveSets();
    expect(sets.length).toBeGreaterThan(0);
    for (const set of sets) expect(set.map((k) => GAME_KEYS[k]).sort()).toEqual(['down', 'left', 'right', 'up']);
  });

  it('names keys for people and for aria-keyshortcuts', () => {
    expect(['ArrowLeft', 'KeyW', 'u', 'Mod+z', 'Ctrl+l', ' ', '[Any+]Escape', '[Shift+]i', 'Enter'].map((k) => keyLabel(k))).toEqual([
      '←',
      'W',
      'U',
      'Ctrl+Z',
      'Ctrl+L',
      'Space',
      'Esc',
      'I',
      'Enter',
    ]);
    expect(['ArrowLeft', 'KeyW', 'u', 'Mod+z', 'Ctrl+l', ' ', '[Any+]Escape'].map((k) => keyLabel(k, true))).toEqual([
      'ArrowLeft',
      'W',
      'U',
      'Control+Z Meta+Z',
      'Control+L',
      'Space',
      'Escape',
    ]);
    expect(ariaKeys(GAME_KEYS, 'undo')).toBe('U Control+Z Meta+Z');
  });
});

describe('the help the game page and the embed show', () => {
  it('is what the keymap makes of its bindings (when a binding changes, write the new value the failure shows)', () => {
    expect(HOW_TO_CAPS, 'HOW_TO_CAPS in src/input/how-to.ts').toEqual(howToCaps());
    expect(HOW_TO, 'HOW_TO in src/input/keymap.ts').toBe(howToSentence());
    expect(GAME_SHORTCUTS).toEqual({ newGame: ariaKeys(GAME_KEYS, 'newGame'), undo: ariaKeys(GAME_KEYS, 'undo') });
    expect(PAGE_HELP.shortcuts).toEqual({
      hint: ariaKeys(AI_KEYS, 'hint'),
      back: ariaKeys(REPLAY_KEYS, 'back'),
      forward: ariaKeys(REPLAY_KEYS, 'forward'),
      playPause: ariaKeys(REPLAY_KEYS, 'playPause'),
      resetView: ariaKeys(VIEW_KEYS, 'resetView'),
    });
    expect(VIEW_HOW_TO_CAPS, 'VIEW_HOW_TO_CAPS in src/input/view-how-to.ts').toEqual(viewHowToCaps());
    expect(CUBE_HOW_TO_CAPS, 'CUBE_HOW_TO_CAPS in src/input/cube-how-to.ts').toEqual(cubeHowToCaps());
    expect(CUBE_SHORTCUTS, 'CUBE_SHORTCUTS in src/input/cube-how-to.ts').toEqual({
      in: ariaKeys(DEPTH_KEYS, 'in'),
      out: ariaKeys(DEPTH_KEYS, 'out'),
      spread: ariaKeys(SPREAD_KEYS, 'spread'),
    });
    expect(PAGE_HELP.labels).toEqual({
      hint: keysFor(AI_KEYS, 'hint')
        .map((k) => keyLabel(k))
        .join(' or '),
      stopAutoplay: keysFor(AI_KEYS, 'stopAutoplay')
        .map((k) => keyLabel(k))
        .join(' or '),
    });
  });

  it('names every key of the game in the how-to sentence, each key cap in brackets', () => {
    const named = howToSentence()
      .split(/[[\]]/)
      .filter((_, i) => i % 2 === 1);
    for (const set of moveSets()) for (const k of set) expect(named.join(' ')).toContain(keyLabel(k));
    for (const k of Object.keys(GAME_KEYS).filter((k) => !/^(left|right|up|down)$/.test(GAME_KEYS[k] as string)))
      expect(named).toContain(keyLabel(k));
    expect(howToSentence().replace(/[[\]]/g, '')).toBe(
      'Slide the tiles with ←↑→↓, WASD, HJKL or a swipe. Equal tiles merge. U or Ctrl+Z undoes, N starts a new game.',
    );
  });

  it('lists as many keys as the keymap binds, in the language’s words for a list and a choice', () => {
    const keys = { move: ['[A]', '[B]', '[C]'], undo: ['[U]', '[R]', '[Ctrl+Z]'], newGame: ['[N]'] };
    expect(howToSentence(undefined, keys)).toBe(
      'Slide the tiles with [A], [B], [C] or a swipe. Equal tiles merge. [U] or [R] or [Ctrl+Z] undoes, [N] starts a new game.',
    );
  });

  it('names every key of the AI panel and of the replay buttons (Home and End have no button, as before)', () => {
    for (const k of Object.keys(AI_KEYS)) expect(Object.values(PAGE_HELP.labels)).toContain(keyLabel(k));
    for (const k of Object.keys(REPLAY_KEYS).filter((k) => !['first', 'last'].includes(REPLAY_KEYS[k] as string)))
      expect(Object.values(PAGE_HELP.shortcuts).join(' ').split(' ')).toContain(keyLabel(k, true));
  });

  it('leaves the game page’s markup no key to spell out: its buttons name commands, its how-to is filled in', () => {
    const html = readFileSync(resolve(import.meta.dirname, '../../index.html'), 'utf8');
    expect(html).not.toMatch(/aria-keyshortcuts=|<kbd>/);
    const named = [...html.matchAll(/data-keys="(\w+)"/g)].map((m) => m[1]);
    expect(named.sort()).toEqual(Object.keys({ ...GAME_SHORTCUTS, ...PAGE_HELP.shortcuts }).sort());
    expect(html).toMatch(/<p id="how-to" class="how-to">\s*<span class="keys-help" data-how-to><\/span>/);
  });

  it('turns the 3D view with Q and E by their place (beside WASD, on any layout), T for the top and R to reset; never with a modifier', () => {
    expect(commandFor(VIEW_KEYS, key('q', { code: 'KeyQ' }))).toBe('turnLeft');
    expect(commandFor(VIEW_KEYS, key('e', { code: 'KeyE' }))).toBe('turnRight');
    // AZERTY types A where QWERTY has Q.
    expect(commandFor(VIEW_KEYS, key('a', { code: 'KeyQ' }))).toBe('turnLeft');
    expect(commandFor(VIEW_KEYS, key('t', { code: 'KeyT' }))).toBe('topView');
    expect(commandFor(VIEW_KEYS, key('R', { code: 'KeyR', shiftKey: true }))).toBeNull();
    expect(commandFor(VIEW_KEYS, key('r', { code: 'KeyR', ctrlKey: true }))).toBeNull();
    expect(commandFor(VIEW_KEYS, key('r', { code: 'KeyR' }))).toBe('resetView');
    // No key of the game's does anything to the view, nor the other way round.
    fc.assert(fc.property(arbKey, (e) => commandFor(VIEW_KEYS, e) === null || commandFor(GAME_KEYS, e) === null));
  });

  it('names every key of the view in its how-to sentence', () => {
    const named = viewHowToSentence()
      .split(/[[\]]/)
      .filter((_, i) => i % 2 === 1);
    expect(named.sort()).toEqual(
      Object.keys(VIEW_KEYS)
        .map((k) => keyLabel(k))
        .sort(),
    );
  });

  it('gives a cube F and Page Down for in, B and Page Up for out, and X held to spread the layers; never with a modifier', () => {
    expect(['f', 'F', 'PageDown', 'b', 'B', 'PageUp'].map((k) => commandFor(DEPTH_KEYS, key(k)))).toEqual([
      'in',
      'in',
      'in',
      'out',
      'out',
      'out',
    ]);
    expect(commandFor(SPREAD_KEYS, key('x', { code: 'KeyX' }))).toBe('spread');
    for (const held of [{ ctrlKey: true }, { metaKey: true }, { altKey: true }, { shiftKey: true }]) {
      expect(commandFor(DEPTH_KEYS, key('f', held))).toBeNull();
      expect(commandFor(SPREAD_KEYS, key('x', held))).toBeNull();
    }
  });

  it('binds a cube’s keys to nothing else in the browser: the game’s, the AI panel’s, the view’s', () => {
    // By the character typed and by its place on QWERTY; a layout typing F where QWERTY has A moves left, as the game’s keys go first.
    for (const k of [...Object.keys(DEPTH_KEYS), ...Object.keys(SPREAD_KEYS)])
      for (const map of [GAME_KEYS, AI_KEYS, VIEW_KEYS]) {
        expect(commandFor(map, key(k, { code: /^[a-z]$/.test(k) ? `Key${k.toUpperCase()}` : k }))).toBeNull();
        expect(commandFor(map, key(k.toUpperCase(), { shiftKey: true }))).toBeNull();
      }
  });

  it('names every key of a cube in its how-to sentence', () => {
    const named = cubeHowToSentence()
      .split(/[[\]]/)
      .filter((_, i) => i % 2 === 1);
    expect(named.sort()).toEqual([...Object.keys(DEPTH_KEYS), ...Object.keys(SPREAD_KEYS)].map((k) => keyLabel(k)).sort());
    expect(cubeHowToSentence().replace(/[[\]]/g, '')).toBe(
      'On a cube, F or PageDown slides the tiles away from you and B or PageUp toward you; hold X to pull the layers apart.',
    );
  });

  it('gives the terminal’s yes/no question its answers', () => {
    expect([key('y'), key('Y'), key('n')].map((e) => commandFor(ANSWER_KEYS, e, 'terminal'))).toEqual(['yes', 'yes', 'no']);
  });
});
