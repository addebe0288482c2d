/**
 * The screen's pixel ratio, as the cubes skin draws at it, and a watch on it. Cubes-only, so
 * it loads with three.js and never with the flat page.
 */
import { watchMedia } from '../skin-options';

/** The screen's device pixel ratio; 1 where there is no window (Node, tests). */
export const devicePixelRatioNow = (): number => (typeof window === 'undefined' ? 1 : window.devicePixelRatio || 1);

/**
 * Calls `onChange` whenever the device pixel ratio changes (the window moved to another
 * screen, the browser zoomed), without waiting for a resize. A resolution query matches one
 * ratio only, so each change re-arms it for the new one.
 */
export function watchPixelRatio(onChange: (ratio: number) => void): { stop(): void } {
  let query: ReturnType<typeof watchMedia> | null = null;
  const arm = (): void => {
    query?.stop();
    query = watchMedia(`(resolution: ${devicePixelRatioNow()}dppx)`, changed);
  };
  const changed = (): void => {
    arm();
    onChange(devicePixelRatioNow());
  };
  arm();
  return {
    stop() {
      query?.stop();
      query = null;
    },
  };
}

/** The ratio the drawing buffer uses: sharper than 2× costs fill rate no one sees. */
export const drawingPixelRatio = (): number => Math.min(devicePixelRatioNow(), 2);
