/**
 * A cube game's own keys in the browser (DEPTH_KEYS and SPREAD_KEYS in keymap.ts): `in` and
 * `out`, and the key held to pull the layers apart. Apart from the game's keys, so that it
 * loads only when a cube is played (page/cube.ts), and a square game never takes Page Up or
 * Page Down from the page.
 */
import type { DepthDirection } from '../engine';
import type { Detach } from './commands';
import { belongsToAnotherControl } from './keyboard';
import { DEPTH_KEYS, SPREAD_KEYS, commandFor } from './keymap';

export interface CubeKeyCommands {
  move(dir: DepthDirection): void;
  /** The layers pulled apart while the key is held (true), back together when it is let go or focus leaves (false). */
  spread(spread: boolean): void;
}

/** Listens on `doc` for keys no other control takes (as the game's keys do); returns a function that stops. */
export function attachCubeKeys(doc: Document, commands: CubeKeyCommands): Detach {
  const win = doc.defaultView as Window;
  let spreading = false;
  const spread = (on: boolean): void => {
    if (on === spreading) return;
    spreading = on;
    commands.spread(on);
  };
  const onKeyDown = (event: KeyboardEvent): void => {
    if (event.defaultPrevented || belongsToAnotherControl(event.target)) return;
    const dir = commandFor(DEPTH_KEYS, event);
    const held = !dir && commandFor(SPREAD_KEYS, event);
    if (!dir && !held) return;
    event.preventDefault();
    if (dir) commands.move(dir);
    else spread(true);
  };
  // Let go with or without a modifier held by then.
  const onKeyUp = ({ key, code }: KeyboardEvent): void => {
    if (commandFor(SPREAD_KEYS, { key, code, ctrlKey: false, metaKey: false, altKey: false, shiftKey: false })) spread(false);
  };
  const letGo = (): void => spread(false);
  doc.addEventListener('keydown', onKeyDown);
  doc.addEventListener('keyup', onKeyUp);
  win.addEventListener('blur', letGo);
  return () => {
    doc.removeEventListener('keydown', onKeyDown);
    doc.removeEventListener('keyup', onKeyUp);
    win.removeEventListener('blur', letGo);
    letGo();
  };
}
