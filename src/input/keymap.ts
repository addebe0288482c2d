/**
 * Every key binding of cube2048 in one place (a cube's own, in cube-keymap.ts beside it, only
 * where a cube is played): which key asks for which command in the browser game, the page's AI
 * panel, the terminal and the replay viewer, and how help texts name those keys. Pure (no DOM), so the terminal command reads it too. Help texts take a
 * command's keys from here, never writing them out (the page and the embed read copies made
 * by these functions and kept true by a test: see the end).
 *
 * A keymap maps written keys to commands. A key is a KeyboardEvent `key` ('ArrowLeft', 'u',
 * ' '; a letter matches in either case) or, for a key by its place whatever the layout, a
 * `code` ('KeyW'). Before it, 'Mod+' asks for Ctrl or ⌘ held (in a browser: a terminal has no
 * ⌘, and there Ctrl+letters are control characters), 'Ctrl+' for Ctrl in a terminal,
 * '[Shift+]' lets Shift be held, and '[Any+]' anything. Otherwise no modifier may be held:
 * Shift+arrow and Alt+letter stay the browser's.
 */
import type { DepthDirection, Direction } from '../engine';

export type GameCommand = Direction | 'undo' | 'newGame';
/** What turns the 3D view (skins/camera-view.ts's `ViewCommand`). */
export type ViewKeyCommand = 'turnLeft' | 'turnRight' | 'topView' | 'resetView';
export type KeyCommand =
  | GameCommand
  | DepthDirection
  | 'spread'
  | ViewKeyCommand
  | 'hint'
  | 'stopAutoplay'
  | 'keepGoing'
  | 'quit'
  | 'finish'
  | 'redraw'
  | 'yes'
  | 'no'
  | 'back'
  | 'forward'
  | 'first'
  | 'last'
  | 'playPause';
export type Keymap<C extends KeyCommand = KeyCommand> = Readonly<Record<string, C>>;

/**
 * The game's keys, in the browser and in the terminal. Move keys come in sets of four, one
 * key per direction, written in the order players name them (arrows, WASD, HJKL).
 */
export const GAME_KEYS: Keymap<GameCommand> = {
  ArrowLeft: 'left',
  ArrowUp: 'up',
  ArrowRight: 'right',
  ArrowDown: 'down',
  // By place, so the same hand shape works on AZERTY (Z Q S D) or Dvorak.
  KeyW: 'up',
  KeyA: 'left',
  KeyS: 'down',
  KeyD: 'right',
  h: 'left',
  j: 'down',
  k: 'up',
  l: 'right',
  u: 'undo',
  'Mod+z': 'undo',
  n: 'newGame',
};

/** The AI panel's keys on the game page; I for "idea" is free among the game keys. */
export const AI_KEYS: Keymap<'hint' | 'stopAutoplay'> = { '[Shift+]i': 'hint', '[Any+]Escape': 'stopAutoplay' };

/**
 * The 3D view's keys on the game page: a quarter turn either way with Q and E (by place, beside
 * WASD), the view from the top with T, and back to the tilted view with R.
 */
export const VIEW_KEYS: Keymap<ViewKeyCommand> = { KeyQ: 'turnLeft', KeyE: 'turnRight', t: 'topView', r: 'resetView' };

/** The terminal's own keys, besides the game's. */
export const TERMINAL_KEYS: Keymap<'keepGoing' | 'quit' | 'finish' | 'redraw'> = {
  Enter: 'keepGoing',
  c: 'keepGoing',
  q: 'quit',
  'Ctrl+c': 'quit',
  'Ctrl+d': 'quit',
  Escape: 'finish',
  'Ctrl+l': 'redraw',
};

/** Answers to the terminal's yes/no question (any other key but quit also says no). */
export const ANSWER_KEYS: Keymap<'yes' | 'no'> = { y: 'yes', n: 'no' };

/** The replay viewer's keys. */
export const REPLAY_KEYS: Keymap<'back' | 'forward' | 'first' | 'last' | 'playPause'> = {
  '[Shift+]ArrowLeft': 'back',
  '[Shift+]ArrowRight': 'forward',
  '[Shift+]Home': 'first',
  '[Shift+]End': 'last',
  '[Shift+] ': 'playPause',
  '[Shift+]k': 'playPause',
};

/** The fields of a keyboard event the keymap reads; a terminal's keys are turned into these too. */
export interface KeyLike {
  readonly key: string;
  readonly code: string;
  readonly ctrlKey: boolean;
  readonly metaKey: boolean;
  readonly altKey: boolean;
  readonly shiftKey: boolean;
  readonly isComposing?: boolean;
}

export type KeyPlace = 'browser' | 'terminal';

/**
 * The command key press `e` asks for in `map`, or null. The character typed counts first,
 * then the key's place: a layout that types H where QWERTY has D means H.
 */
export function commandFor<C extends KeyCommand>(map: Keymap<C>, e: KeyLike, place: KeyPlace = 'browser'): C | null {
  const ctrl = e.ctrlKey || e.metaKey;
  const lookup = (name: string): C | undefined => {
    const any = map[`[Any+]${name}`];
    // Alt, a composition, or Ctrl and ⌘ together: some other shortcut, unless anything goes.
    if (any || e.altKey || e.isComposing || (e.ctrlKey && e.metaKey)) return any;
    if (e.shiftKey) return ctrl ? undefined : map[`[Shift+]${name}`];
    return ctrl ? map[(place === 'browser' ? 'Mod+' : 'Ctrl+') + name] : (map[name] ?? map[`[Shift+]${name}`]);
  };
  return lookup(e.key.length === 1 ? e.key.toLowerCase() : e.key) ?? (/^Key[A-Z]$/.test(e.code) ? lookup(e.code) : undefined) ?? null;
}

/** The keys `map` binds to `command`, in its order ('Mod+' keys only in the browser). */
export const keysFor = (map: Keymap, command: KeyCommand, place: KeyPlace = 'browser'): string[] =>
  Object.keys(map).filter((key) => map[key] === command && (place === 'browser' || !key.startsWith('Mod+')));

const GLYPHS: Readonly<Record<string, string>> = {
  ArrowLeft: '←',
  ArrowUp: '↑',
  ArrowRight: '→',
  ArrowDown: '↓',
  ' ': 'Space',
  Escape: 'Esc',
};

/**
 * How help texts name a key: as shown ('←', 'W' for the place KeyW, 'U', 'Ctrl+Z' for Ctrl or ⌘,
 * 'Space', 'Esc'), or with `aria` in aria-keyshortcuts syntax ('ArrowLeft', 'Control+Z Meta+Z').
 */
export function keyLabel(key: string, aria = false): string {
  const name = key.replace(/^.*\+\]?/, '');
  const printed = name === ' ' ? 'Space' : name.length === 1 ? name.toUpperCase() : name.replace(/^Key/, '');
  const base = aria ? printed : (GLYPHS[name] ?? printed);
  if (!/^(Mod|Ctrl)\+/.test(key)) return base;
  return aria ? `Control+${base}${key.startsWith('Mod+') ? ` Meta+${base}` : ''}` : `Ctrl+${base}`;
}

/** The keys of `command` in aria-keyshortcuts syntax: 'U Control+Z Meta+Z'. */
export const ariaKeys = (map: Keymap, command: KeyCommand): string =>
  keysFor(map, command)
    .map((key) => keyLabel(key, true))
    .join(' ');

/** The move keys of `map` in their sets of four (arrows, WASD, HJKL). */
export function moveSets(map: Keymap = GAME_KEYS): string[][] {
  const keys = Object.keys(map).filter((key) => /^(left|right|up|down)$/.test(map[key] as string));
  const sets: string[][] = [];
  for (let i = 0; i < keys.length; i += 4) sets.push(keys.slice(i, i + 4));
  return sets;
}

/** The keys of the how-to sentence, by what they do, each key cap in [brackets] (a set of letters is one cap). */
export interface HowToCaps {
  /** One entry per set of move keys: '[←][↑][→][↓]', '[WASD]'. */
  readonly move: readonly string[];
  readonly undo: readonly string[];
  readonly newGame: readonly string[];
}

/** The keys of the view's how-to sentence, by what they do, each key cap in [brackets]. */
export interface ViewHowToCaps {
  readonly turn: readonly string[];
  readonly top: readonly string[];
  readonly reset: readonly string[];
}

/** A command's keys in `map` as help texts' key caps, each in [brackets]. */
export const capsOf = (map: Keymap, command: KeyCommand): string[] => keysFor(map, command).map((key) => `[${keyLabel(key)}]`);

/** The view's how-to sentence's key caps, from the bindings above. */
export const viewHowToCaps = (): ViewHowToCaps => ({
  turn: [...capsOf(VIEW_KEYS, 'turnLeft'), ...capsOf(VIEW_KEYS, 'turnRight')],
  top: capsOf(VIEW_KEYS, 'topView'),
  reset: capsOf(VIEW_KEYS, 'resetView'),
});

/** The how-to sentence's key caps, from the bindings above. */
export function howToCaps(): HowToCaps {
  const caps = (labels: readonly string[]): string => `[${labels.join('][')}]`;
  const of = (command: KeyCommand): string[] => capsOf(GAME_KEYS, command);
  const move = moveSets().map((set) => {
    const labels = set.map((key) => keyLabel(key));
    return labels.every((label) => /^[A-Z]$/.test(label)) ? `[${labels.join('')}]` : caps(labels);
  });
  return { move, undo: of('undo'), newGame: of('newGame') };
}

/*
 * The keymap as the game page and the embed show it: what `howToCaps`, `ariaKeys` and
 * `keyLabel` make of the bindings above, written out because those bundles have no room for
 * that code (some 0.4 kB gzip; their size budgets are full). test/input/keymap.test.ts holds
 * each entry to the bindings and, when a binding changes, prints the entry to write here.
 */

/** `howToSentence()`: the how-to sentence in English, each key cap in [brackets] (the embed's before another language loads). */
export const HOW_TO =
  'Slide the tiles with [←][↑][→][↓], [WASD], [HJKL] or a swipe. Equal tiles merge. [U] or [Ctrl+Z] undoes, [N] starts a new game.';

/** `ariaKeys(GAME_KEYS, …)` of the game's buttons (the page's and the embed's). */
export const GAME_SHORTCUTS = { newGame: 'N', undo: 'U Control+Z Meta+Z' } as const;

/** The game page's own: `ariaKeys` of its other buttons (the AI's hint, the replay viewer's, the view's reset), and `keyLabel` of the AI panel's keys for its buttons' titles. */
export const PAGE_HELP = {
  shortcuts: { hint: 'I', back: 'ArrowLeft', forward: 'ArrowRight', playPause: 'Space K', resetView: 'R' },
  labels: { hint: 'I', stopAutoplay: 'Esc' },
} as const;
