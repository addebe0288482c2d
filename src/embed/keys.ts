/**
 * An embedded game's keys and gamepad. In "focus" scope keys reach the game only while it
 * has focus, and a gamepad is polled only then too, so a host page's own controls keep their
 * keys; in "page" scope the game takes keys anywhere in its document (as the iframe page does).
 */
import type { Commands, Detach } from '../input';
import { attachGamepadOnDemand, attachKeyboard } from '../input';
import type { KeyboardScope } from './options';

export interface EmbedKeys {
  /** Moves the keyboard listener to another scope. */
  rebind(scope: KeyboardScope): void;
  detach: Detach;
}

export function attachEmbedKeys(win: Window, root: HTMLElement, commands: Commands, initial: KeyboardScope): EmbedKeys {
  let scope = initial;
  let detachKeys: Detach = () => undefined;
  let detachPad: Detach | null = null;
  const padOn = (): void => void (detachPad ??= attachGamepadOnDemand(win, commands));
  const padOff = (): void => {
    detachPad?.();
    detachPad = null;
  };
  const onFocusOut = (event: FocusEvent): void => {
    if (scope === 'focus' && !root.contains(event.relatedTarget as Node | null)) padOff();
  };
  const rebind = (next: KeyboardScope): void => {
    scope = next;
    detachKeys();
    padOff();
    detachKeys = attachKeyboard(root, commands, { scope });
    if (scope === 'page' || root.matches(':focus-within')) padOn();
  };
  rebind(initial);
  root.addEventListener('focusin', padOn);
  root.addEventListener('focusout', onFocusOut);
  return {
    rebind,
    detach() {
      detachKeys();
      padOff();
      root.removeEventListener('focusin', padOn);
      root.removeEventListener('focusout', onFocusOut);
    },
  };
}
