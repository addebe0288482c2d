/**
 * The keys of `cube2048 play`, from the one keymap (src/input/keymap.ts): what a decoded
 * terminal key asks for, the labels the terminal skin prints, and the Keys block of --help.
 */
import type { FrameKeys } from '../skins/terminal';
import type { KeyCommand, KeyLike, Keymap } from '../input/keymap';
import { DEPTH_KEYS } from '../input/cube-keymap';
import { ANSWER_KEYS, GAME_KEYS, TERMINAL_KEYS, commandFor, keyLabel, keysFor, moveSets } from '../input/keymap';
import type { Key } from './keys';

/** Every key the game takes in a terminal (the yes/no answers aside); in and out move only a cube. */
const PLAY_KEYS: Keymap = { ...GAME_KEYS, ...DEPTH_KEYS, ...TERMINAL_KEYS };

const NAMED: Readonly<Partial<Record<Key['name'], string>>> = {
  up: 'ArrowUp',
  down: 'ArrowDown',
  left: 'ArrowLeft',
  right: 'ArrowRight',
  pageUp: 'PageUp',
  pageDown: 'PageDown',
  enter: 'Enter',
  escape: 'Escape',
  backspace: 'Backspace',
};

/**
 * A decoded terminal key as the keymap reads keys. A terminal sends characters, not key
 * places, so a letter also stands for its QWERTY place (w is KeyW), and a control character
 * is Ctrl with its letter (Ctrl+C arrives as "interrupt").
 */
export function keyLike(key: Key): KeyLike {
  const plain = { code: '', ctrlKey: false, metaKey: false, altKey: false, shiftKey: false };
  if (key.name === 'interrupt') return { ...plain, key: 'c', ctrlKey: true };
  if (key.name === 'eof') return { ...plain, key: 'd', ctrlKey: true };
  if (key.name !== 'char') return { ...plain, key: NAMED[key.name] ?? 'Unidentified' };
  const code = key.char.charCodeAt(0);
  if (code < 32) return { ...plain, key: String.fromCharCode(code + 96), ctrlKey: true };
  return { ...plain, key: key.char, code: /^[a-z]$/i.test(key.char) ? `Key${key.char.toUpperCase()}` : '' };
}

/** What `key` asks for in the game, or null. */
export const commandOfKey = (key: Key): KeyCommand | null => commandFor(PLAY_KEYS, keyLike(key), 'terminal');

/** How `key` answers a yes/no question, or null (any key but yes says no). */
export const answerOf = (key: Key): 'yes' | 'no' | null => commandFor(ANSWER_KEYS, keyLike(key), 'terminal');

/** A key as the terminal prints it: letters in lower case, as they are typed. */
const label = (key: string): string => {
  const text = keyLabel(key);
  return text.length === 1 ? text.toLowerCase() : text;
};
const first = (map: Keymap, command: KeyCommand): string => label(keysFor(map, command, 'terminal')[0] ?? '');
const sets = moveSets(GAME_KEYS);

/** What the terminal skin prints for each key it names: each command's first key. */
export const FRAME_KEYS: FrameKeys = {
  move: sets.map((set) => set.map(label).join('')).join(' '),
  movePlain: sets.map((set) => (set.every((key) => key.startsWith('Arrow')) ? 'arrows' : set.map(label).join(''))).join('/'),
  in: first(DEPTH_KEYS, 'in'),
  out: first(DEPTH_KEYS, 'out'),
  undo: first(GAME_KEYS, 'undo'),
  newGame: first(GAME_KEYS, 'newGame'),
  keepGoing: first(TERMINAL_KEYS, 'keepGoing'),
  quit: first(TERMINAL_KEYS, 'quit'),
  yes: first(ANSWER_KEYS, 'yes'),
  no: first(ANSWER_KEYS, 'no'),
};

/** What each command does, in the Keys block of --help. */
const DOES: readonly (readonly [command: KeyCommand | 'move', does: string])[] = [
  ['move', 'slide the tiles'],
  ['in', 'on a cube: slide the tiles in, away from you (to the last layer)'],
  ['out', 'on a cube: slide the tiles out, toward you (to layer 1)'],
  ['undo', 'undo the last move'],
  ['newGame', 'new game (asks first)'],
  ['keepGoing', 'keep going after reaching 2048'],
  ['quit', 'quit (the game stays saved)'],
  ['finish', 'clear the marks on the tiles the last move changed'],
  ['redraw', 'redraw the screen'],
];

/** The Keys block of `cube2048 play --help`: every key the game takes, each command on a line. */
export function keysHelp(): string {
  const rows = DOES.map(([command, does]) => {
    const keys = command === 'move' ? sets.map((set) => set.map(label).join(' ')) : keysFor(PLAY_KEYS, command, 'terminal').map(label);
    return [keys.join(', '), does] as const;
  });
  const width = Math.max(...rows.map(([keys]) => keys.length)) + 3;
  return rows.map(([keys, does]) => `  ${keys.padEnd(width)}${does}`).join('\n');
}
