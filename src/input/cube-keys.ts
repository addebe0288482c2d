/**
 * A cube game's own keys in the browser (DEPTH_KEYS and SPREAD_KEYS in cube-keymap.ts): `in` and
 * `out`, and the key held to pull the layers apart. Apart from the game's keys, so that it
 * loads only when a cube is played (page/cube.ts, embed/cube-keys.ts), and a square game never
 * takes Page Up or Page Down from the page.
 */
import type { DepthDirection } from '../engine';
import type { Detach } from './commands';
import { belongsToAnotherControl } from './keyboard';
import { DEPTH_KEYS, SPREAD_KEYS, isSpreadKey } from './cube-keymap';
import { commandFor } from './keymap';

export interface CubeKeyCommands {
  move(dir: DepthDirection): void;
  /** The layers pulled apart while the key is held (true), back together when it is let go or focus leaves (false). */
  spread(spread: boolean): void;
  /** Whether the keys act now (a cube is played); always when absent. */
  active?(): boolean;
}

/**
 * Listens on `target` for keys no other control takes (as the game's keys do): a document
 * (keys anywhere on the page) or an element (keys while focus is inside it, as an embed's
 * "focus" scope); returns a function that stops.
 */
export function attachCubeKeys(target: Document | HTMLElement, commands: CubeKeyCommands): Detach {
  const doc = target.ownerDocument ?? (target as Document);
  // Let go when the window loses focus, or when focus leaves the element.
  const [away, leave]: [EventTarget, string] = target === doc ? [doc.defaultView as Window, 'blur'] : [target, 'focusout'];
  let spreading = false;
  const spread = (on: boolean): void => {
    if (on === spreading) return;
    spreading = on;
    commands.spread(on);
  };
  const onKeyDown = (event: Event): void => {
    const e = event as KeyboardEvent;
    // Inside a shadow root e.target is retargeted to its host; composedPath()[0] is the real field (as keyboard.ts reads it).
    if (e.defaultPrevented || belongsToAnotherControl(e.target) || belongsToAnotherControl(e.composedPath?.()[0] ?? null)) return;
    if (commands.active?.() === false) return;
    const dir = commandFor(DEPTH_KEYS, e);
    const held = !dir && commandFor(SPREAD_KEYS, e);
    if (!dir && !held) return;
    e.preventDefault();
    if (dir) commands.move(dir);
    else spread(true);
  };
  // Let go with or without a modifier held by then.
  const onKeyUp = (event: Event): void => {
    if (isSpreadKey(event as KeyboardEvent)) spread(false);
  };
  const letGo = (): void => spread(false);
  target.addEventListener('keydown', onKeyDown);
  target.addEventListener('keyup', onKeyUp);
  away.addEventListener(leave, letGo);
  return () => {
    target.removeEventListener('keydown', onKeyDown);
    target.removeEventListener('keyup', onKeyUp);
    away.removeEventListener(leave, letGo);
    letGo();
  };
}
