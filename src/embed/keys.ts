/**
 * An embedded game's keys and gamepad. In "focus" scope keys reach the game only while it
 * has focus, and a gamepad is polled only then too, so a host page's own controls keep their
 * keys; in "page" scope the game takes keys anywhere in its document (as the iframe page does).
 * A cube's keys (in, out, spread held) join them with the first cube played (cube-keys.ts).
 */
import type { Commands, Detach } from '../input';
import { attachGamepadOnDemand, attachKeyboard } from '../input';
import { createLifetime } from '../game-ui/lifetime';
import type { SkinHost } from '../game-ui/skin-host';
import { loadWhenWanted } from '../game-ui/when-wanted';
import type { GameStore } from '../store';
import type { KeyboardScope } from './options';

export interface EmbedKeys {
  /** Moves the keyboard listener to another scope. */
  rebind(scope: KeyboardScope): void;
  dispose(): void;
}

export function attachEmbedKeys(
  win: Window,
  root: HTMLElement,
  commands: Commands,
  initial: KeyboardScope,
  game: { readonly store: GameStore; readonly skins: Pick<SkinHost, 'skin'> },
): EmbedKeys {
  const life = createLifetime();
  let scope = initial;
  let detachKeys: Detach = () => undefined;
  let detachPad: Detach | null = null;
  let attach = attachKeyboard;
  const padOn = (): void => void (detachPad ??= attachGamepadOnDemand(win, commands));
  const padOff = (): void => {
    detachPad?.();
    detachPad = null;
  };
  const rebind = (next: KeyboardScope): void => {
    scope = next;
    detachKeys();
    padOff();
    detachKeys = attach(root, commands, { scope });
    if (scope === 'page' || root.matches(':focus-within')) padOn();
  };
  rebind(initial);
  life.own(() => {
    detachKeys();
    padOff();
  });
  life.listen(root, 'focusin', padOn);
  life.listen<FocusEvent>(root, 'focusout', (event) => {
    if (scope === 'focus' && !root.contains(event.relatedTarget as Node | null)) padOff();
  });
  // From the first cube on, the keys are attached with a cube's (while the keys last).
  loadWhenWanted(
    game.store,
    () =>
      import('./cube-keys').then((code) => {
        attach = code.withCubeKeys(game.store, game.skins);
        if (!life.ended) rebind(scope);
        // Nothing more to end: they end with the keys.
        return () => undefined;
      }),
    life,
    (view) => view.game.board.dimensions > 2,
  );
  return { rebind, dispose: life.end };
}
