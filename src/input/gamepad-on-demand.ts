import type { Commands, Detach } from './commands';
import type { GamepadOptions, PadLike } from './gamepad';

/**
 * Few players have a gamepad, so its polling code loads only once one is there: when the
 * browser reports a connection, or at once if a pad is already connected.
 */
export function attachGamepadOnDemand(win: Window, commands: Commands, options: GamepadOptions = {}): Detach {
  let detach: Detach | null = null;
  let stopped = false;
  const load = (): void => {
    win.removeEventListener('gamepadconnected', load);
    import('./gamepad').then(
      ({ attachGamepad }) => {
        if (!stopped) detach = attachGamepad(win, commands, options);
      },
      () => win.addEventListener('gamepadconnected', load),
    );
  };
  win.addEventListener('gamepadconnected', load);
  if (padConnected(win, options.getGamepads)) load();
  return () => {
    stopped = true;
    win.removeEventListener('gamepadconnected', load);
    detach?.();
  };
}

/** A sandboxed frame may throw on getGamepads: no pads there. */
function padConnected(win: Window, getGamepads?: () => readonly (PadLike | null)[]): boolean {
  try {
    const pads: readonly (PadLike | null)[] = getGamepads ? getGamepads() : (win.navigator.getGamepads?.() ?? []);
    return pads.some((pad) => pad?.connected);
  } catch {
    return false;
  }
}
