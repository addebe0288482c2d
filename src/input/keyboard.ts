import type { Direction } from '../engine';
import type { Commands, Detach } from './commands';

export interface KeyboardOptions {
  /**
   * "page": keys work wherever focus is on the page (the full game page; the listener sits on
   * the element's document). "focus": keys work only while focus is inside the game element
   * (embeds; the listener sits on the element itself).
   */
  readonly scope: 'page' | 'focus';
}

/** Arrow keys and vim keys by the character they type. */
const BY_KEY: Readonly<Record<string, Direction>> = {
  ArrowLeft: 'left',
  ArrowRight: 'right',
  ArrowUp: 'up',
  ArrowDown: 'down',
  h: 'left',
  j: 'down',
  k: 'up',
  l: 'right',
};

/** WASD by physical position, so the same hand shape works on AZERTY or Dvorak. */
const BY_CODE: Readonly<Record<string, Direction>> = { KeyW: 'up', KeyA: 'left', KeyS: 'down', KeyD: 'right' };

/** The fields of a keyboard event this module reads; a plain object in tests. */
export interface KeyLike {
  readonly key: string;
  readonly code: string;
  readonly ctrlKey: boolean;
  readonly metaKey: boolean;
  readonly altKey: boolean;
  readonly shiftKey: boolean;
  readonly isComposing?: boolean;
}

export type KeyAction = { readonly kind: 'move'; readonly dir: Direction } | { readonly kind: 'undo' } | { readonly kind: 'newGame' };

/** The command a key press asks for, or null for keys the game leaves to the browser. */
export function actionForKey(event: KeyLike): KeyAction | null {
  if (event.isComposing || event.altKey || event.shiftKey) return null;
  const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
  if (event.ctrlKey || event.metaKey) {
    // Ctrl+Z on most systems, Cmd+Z on a Mac; both held at once is some other shortcut.
    return key === 'z' && event.ctrlKey !== event.metaKey ? { kind: 'undo' } : null;
  }
  if (key === 'u') return { kind: 'undo' };
  if (key === 'n') return { kind: 'newGame' };
  const dir = BY_KEY[key] ?? BY_CODE[event.code];
  return dir ? { kind: 'move', dir } : null;
}

interface ElementLike {
  readonly tagName?: string;
  readonly isContentEditable?: boolean;
  closest?(selector: string): unknown;
}

/**
 * Keys typed into a text field, a list, a contenteditable region or an open dialog belong
 * to it, never to the game.
 */
export function belongsToAnotherControl(target: EventTarget | null): boolean {
  const el = target as ElementLike | null;
  if (!el || typeof el.tagName !== 'string') return false;
  if (el.isContentEditable) return true;
  const tag = el.tagName.toUpperCase();
  if (tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT') return true;
  return Boolean(el.closest?.('dialog, [contenteditable]:not([contenteditable="false"])'));
}

/**
 * Turns key presses into commands for the game in `element`. Returns a function that removes
 * the one listener it added. Keys it takes have their default action (page scrolling) prevented.
 */
export function attachKeyboard(element: HTMLElement, commands: Commands, options: KeyboardOptions): Detach {
  const target: EventTarget = options.scope === 'page' ? element.ownerDocument : element;
  const onKeyDown = (event: Event): void => {
    const e = event as KeyboardEvent;
    // Inside a shadow root e.target is retargeted to its host; composedPath()[0] is the real field.
    const inner = typeof e.composedPath === 'function' ? (e.composedPath()[0] ?? null) : null;
    if (e.defaultPrevented || belongsToAnotherControl(e.target) || belongsToAnotherControl(inner)) return;
    const action = actionForKey(e);
    if (!action) return;
    e.preventDefault();
    if (action.kind === 'move') commands.move(action.dir);
    else if (action.kind === 'undo') commands.undo();
    else commands.newGame();
  };
  target.addEventListener('keydown', onKeyDown);
  return () => target.removeEventListener('keydown', onKeyDown);
}
