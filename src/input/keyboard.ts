import type { Commands, Detach } from './commands';
import { GAME_KEYS, GAME_SHORTCUTS, HOW_TO, PAGE_HELP, commandFor } from './keymap';

export type { KeyLike } from './keymap';

export interface KeyboardOptions {
  /**
   * "page": keys work wherever focus is on the page (the full game page; the listener sits on
   * the element's document). "focus": keys work only while focus is inside the game element
   * (embeds; the listener sits on the element itself).
   */
  readonly scope: 'page' | 'focus';
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
    const inner = e.composedPath?.()[0] ?? null;
    if (e.defaultPrevented || belongsToAnotherControl(e.target) || belongsToAnotherControl(inner)) return;
    const command = commandFor(GAME_KEYS, e);
    if (!command) return;
    e.preventDefault();
    if (command === 'undo') commands.undo();
    else if (command === 'newGame') commands.newGame();
    else commands.move(command);
  };
  target.addEventListener('keydown', onKeyDown);
  return () => target.removeEventListener('keydown', onKeyDown);
}

/**
 * Writes the keymap into a page's own help, so the page never spells a key out: each
 * `[data-keys]` element gets the aria-keyshortcuts of the command it names, and each
 * `[data-how-to]` element the how-to sentence, each key in a <kbd>.
 * `howTo`: the sentence in the player's language (`howToSentence`, src/input/how-to.ts), key labels in [brackets], for
 * `[data-how-to]`, English by default, left as it is when null; `viewHowTo` (`viewHowToSentence`), when given, for `[data-how-to="view"]`.
 */
export function describeKeys(root: ParentNode & Node, howTo: string | null = HOW_TO, viewHowTo?: string): void {
  const doc = root.ownerDocument ?? (root as Document);
  const shortcuts: Readonly<Record<string, string>> = { ...GAME_SHORTCUTS, ...PAGE_HELP.shortcuts };
  for (const el of root.querySelectorAll<HTMLElement>('[data-keys]'))
    el.setAttribute('aria-keyshortcuts', shortcuts[el.dataset['keys'] ?? ''] ?? '');
  const kbd = (label: string): HTMLElement => Object.assign(doc.createElement('kbd'), { textContent: label });
  for (const el of root.querySelectorAll<HTMLElement>('[data-how-to]')) {
    const sentence = el.dataset['howTo'] ? viewHowTo : howTo;
    if (sentence !== undefined && sentence !== null)
      el.replaceChildren(...sentence.split(/[[\]]/).map((part, i) => (i % 2 === 1 ? kbd(part) : part)));
  }
}
