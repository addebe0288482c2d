/**
 * The cubes skin's looks and the 3D board's views by name: what a page, an embed option or an
 * attribute may ask for. Each look's materials, lights and background are data in
 * `three/looks/` and load when chosen; this list is all that the first load carries. `clay` is
 * the look the game starts in. The views are here, not with the limits and turning
 * (camera-view.ts, which re-exports them), so that what the first load carries is one small module.
 */
import type { CameraView, ViewCommand } from './camera-view';

export const LOOKS = ['clay', 'glossy', 'glass', 'neon'] as const;
export type LookName = (typeof LOOKS)[number];
export const DEFAULT_LOOK: LookName = 'clay';

export const isLook = (value: unknown): value is LookName => (LOOKS as readonly unknown[]).includes(value);

/** The views a player (or a key) snaps to: `tilted` is the one the page starts with. */
export const NAMED_VIEWS = {
  tilted: { azimuth: 0, tilt: (24 * Math.PI) / 180, zoom: 1 },
  top: { azimuth: 0, tilt: 0, zoom: 1 },
} as const satisfies Record<string, CameraView>;
export type ViewName = keyof typeof NAMED_VIEWS;
export const VIEW_NAMES = Object.keys(NAMED_VIEWS) as ViewName[];
/** The command that turns a board to each named view (the skin's `turn`). */
export const VIEW_COMMANDS: Readonly<Record<ViewName, ViewCommand>> = { tilted: 'resetView', top: 'topView' };
