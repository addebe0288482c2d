import type { CubeDirection } from '../engine';
import type { Commands, Detach, FrameScheduler } from './commands';
import { browserFrames } from './commands';

/** The part of the Gamepad API this module reads; plain objects in tests. */
export interface PadLike {
  readonly index: number;
  readonly connected: boolean;
  readonly buttons: readonly { readonly pressed: boolean }[];
  readonly axes: readonly number[];
}

export interface GamepadOptions {
  /** Stick travel (0–1) that counts as a push; it must fall back below half of it to count again. */
  readonly deadzone?: number;
  readonly frames?: FrameScheduler;
  /** Defaults to `navigator.getGamepads()`. */
  readonly getGamepads?: () => readonly (PadLike | null)[];
}

/**
 * Standard mapping: d-pad buttons 12–15; the shoulder buttons slide a cube's tiles, the right one (5)
 * away from the player (`in`), the left one (4) toward them (`out`; on a square board they do
 * nothing, as the store refuses those moves there); B (1) undoes.
 */
const BUTTONS: readonly [number, CubeDirection][] = [
  [12, 'up'],
  [13, 'down'],
  [14, 'left'],
  [15, 'right'],
  [5, 'in'],
  [4, 'out'],
];
const UNDO_BUTTON = 1;

type Control = CubeDirection | 'undo';

/** The browser's pads; none where the API is missing or blocked (a sandboxed iframe throws). */
function readPads(win: Window): readonly (PadLike | null)[] {
  try {
    return win.navigator.getGamepads?.() ?? [];
  } catch {
    return [];
  }
}

/** Which control a pad holds right now: d-pad and shoulders first, then the left stick, then undo. */
function heldControl(pad: PadLike, deadzone: number, stickWasHeld: boolean): Control | null {
  for (const [button, dir] of BUTTONS) if (pad.buttons[button]?.pressed) return dir;
  const x = pad.axes[0] ?? 0;
  const y = pad.axes[1] ?? 0;
  // Hysteresis: once pushed, the stick must come back near the centre before it moves again.
  const reach = stickWasHeld ? deadzone / 2 : deadzone;
  if (Math.max(Math.abs(x), Math.abs(y)) >= reach) {
    if (Math.abs(x) > Math.abs(y)) return x > 0 ? 'right' : 'left';
    return y > 0 ? 'down' : 'up';
  }
  if (pad.buttons[UNDO_BUTTON]?.pressed) return 'undo';
  return null;
}

/**
 * Gamepads become commands: one move per press of the d-pad, a shoulder button or a push of
 * the left stick, undo on B. Polls once a frame, and only while a gamepad is connected.
 */
export function attachGamepad(win: Window, commands: Commands, options: GamepadOptions = {}): Detach {
  const deadzone = options.deadzone ?? 0.5;
  const frames = options.frames ?? browserFrames();
  const getGamepads = options.getGamepads ?? ((): readonly (PadLike | null)[] => readPads(win));
  /** What each pad held at the last poll, so a held control fires once. */
  const held = new Map<number, Control | null>();
  let frame: number | null = null;

  const poll = (): void => {
    frame = null;
    let connected = 0;
    for (const pad of getGamepads()) {
      if (!pad?.connected) continue;
      connected++;
      const before = held.get(pad.index) ?? null;
      const now = heldControl(pad, deadzone, before !== null && before !== 'undo');
      held.set(pad.index, now);
      if (now === null || now === before) continue;
      if (now === 'undo') commands.undo();
      else commands.move(now);
    }
    if (connected > 0) frame = frames.requestFrame(poll);
    else held.clear();
  };
  const start = (): void => {
    if (frame === null) frame = frames.requestFrame(poll);
  };
  const onDisconnect = (event: Event): void => {
    const pad = (event as GamepadEvent).gamepad as PadLike | undefined;
    if (pad) held.delete(pad.index);
  };

  win.addEventListener('gamepadconnected', start);
  win.addEventListener('gamepaddisconnected', onDisconnect);
  // A pad plugged in before the page loaded is reported only once a button is pressed; poll if one is there.
  if (getGamepads().some((pad) => pad?.connected)) start();
  return () => {
    win.removeEventListener('gamepadconnected', start);
    win.removeEventListener('gamepaddisconnected', onDisconnect);
    if (frame !== null) frames.cancelFrame(frame);
    frame = null;
    held.clear();
  };
}
