/**
 * How the 3D board is seen: turned about its vertical, tilted from straight down, and zoomed
 * out: the named views, and the limits every view is kept within.
 * Pure and small: the page keeps the player's view with its settings.
 */
export interface CameraView {
  /** Radians the camera has swung about the board's vertical, counter-clockwise seen from above (the board then looks turned clockwise); 0 shows it upright. */
  readonly azimuth: number;
  /** Radians from straight down. */
  readonly tilt: number;
  /** The camera's distance as a share of the distance that just fits the board: 1 fills the canvas. */
  readonly zoom: number;
}

export type { ViewName } from './looks';
export { NAMED_VIEWS, VIEW_NAMES } from './looks';

/**
 * Beyond these a tile can no longer be read: tilted further, tall cubes hide the numbers
 * behind them; zoomed out further, a number is too small on a phone. Zoomed in past 1 a
 * corner tile would leave the canvas.
 */
const MAX_TILT = (46 * Math.PI) / 180;
export const MAX_ZOOM = 1.5;

const clamp = (x: number, low: number, high: number): number => Math.min(high, Math.max(low, x));

/** `view` within the limits, its azimuth within one turn (−π…π). */
export function clampView({ azimuth, tilt, zoom }: CameraView): CameraView {
  const turn = 2 * Math.PI;
  return { azimuth: azimuth - turn * Math.round(azimuth / turn), tilt: clamp(tilt, 0, MAX_TILT), zoom: clamp(zoom, 1, MAX_ZOOM) };
}

/** What a key or a control asks of the view: a quarter turn either way, the top view, or back to the default. */
export type ViewCommand = 'turnLeft' | 'turnRight' | 'topView' | 'resetView';
