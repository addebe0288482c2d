/**
 * The contract every skin implements. A skin draws what the store holds and animates
 * the steps of each new move report; it never computes a move and never calls an action.
 */
import type { Dimensions, Direction } from '../engine';
import type { CameraView, ViewCommand } from './camera-view';
import type { LookName } from './looks';
import type { GameView, ReadonlyStore } from '../store/types';

/**
 * The version of this contract. It grows when a skin written for the old one would break:
 * a member a skin must implement is added, a call changes meaning, a guarantee of the store
 * is dropped. New optional members and new helpers keep it (see docs/skins.md).
 */
export const SKIN_API_VERSION = 1;

/** Time and frames, injected so tests can step animations by hand. */
export interface FrameClock {
  now(): number;
  requestFrame(callback: (time: number) => void): number;
  cancelFrame(handle: number): void;
}

/** Wraps a callback so that a throw in it is caught and reported instead of reaching the page. */
export type SkinGuard = <A extends unknown[]>(callback: (...args: A) => void) => (...args: A) => void;

export interface SkinOptions {
  /** Replace motion with short fades (also follows `prefers-reduced-motion` when undefined). */
  readonly reducedMotion?: boolean;
  /** Colour theme; undefined follows the system. */
  readonly theme?: 'light' | 'dark';
  /**
   * Time and frames; the browser's clock and `requestAnimationFrame` when absent. A game gives
   * a skin of the host's own a guarded one: a frame that throws replaces the skin by the flat board.
   */
  readonly clock?: FrameClock;
  /**
   * Given by a game to a skin of the host's own: wrap each callback you hand the browser (an
   * event listener, an observer, a timer) with it, and a throw there replaces the skin by the
   * flat board, as a throwing `mount` does. Absent elsewhere: `options.guard?.(callback) ?? callback`.
   */
  readonly guard?: SkinGuard;
  /** Gentle camera tilt following the pointer (cubes only; default on, always off with reduced motion). */
  readonly parallax?: boolean;
  /** Whether the player may turn and zoom the view (cubes only; default off: a host page may want its drags and wheel). */
  readonly turnable?: boolean;
  /** The view to start in (cubes only; default the tilted view). */
  readonly view?: CameraView;
  /** Told where the player left the view once it has come to rest, null for the tilted view it starts in (cubes only). */
  readonly onView?: (view: CameraView | null) => void;
  /** The look of the cubes, board and background (cubes only; default `clay`; see looks.ts). */
  readonly look?: LookName;
}

/** One tile as a skin shows it at this instant: where (in cells, fractional mid-slide), how big, how opaque. */
export interface TileView {
  readonly value: number;
  readonly row: number;
  readonly col: number;
  readonly scale: number;
  readonly opacity: number;
  /** The layer of a cube it is in (fractional mid-move), 0 nearest the player; absent on a square board. */
  readonly layer?: number;
}

/** What a skin shows right now, for tests, benchmarks and tools; never needed to play. */
export interface SkinInspection {
  /** Frames drawn since mount. */
  readonly frames: number;
  /** Whether an animation is running (a frame is scheduled). */
  readonly animating: boolean;
  /** The tiles drawn in the latest frame, including ones fading or merging away. */
  readonly tiles: readonly TileView[];
}

export interface Skin {
  /** The name it is known by (built-in skins are listed in registry.ts). */
  readonly name: string;
  /** Draws into `host` (which it fills) and follows `store` until disposed. */
  mount(host: HTMLElement, store: ReadonlyStore<GameView>): void;
  /** Shows a suggested direction on the board, or hides it with null. */
  setHint(dir: Direction | null): void;
  /** Changes options on a live skin (reduced motion, theme). */
  update(options: Partial<SkinOptions>): void;
  /** Jumps any running animation to its end. */
  finish(): void;
  /** Frees everything it made: DOM, listeners, observers, timers, GPU resources. */
  dispose(): void;
  /** Turns the view (a skin that can be turned; see `turnable`). */
  turn?(command: ViewCommand): void;
  /** How far the view is turned about the board's vertical, in radians (see `CameraView`); moves follow it. */
  azimuth?(): number;
  /**
   * Pulls a cube's layers apart so that a buried tile can be read (true), or back together
   * (false); the player holds a key or a button for it. Cubes games only; a skin that always
   * shows every layer (flat, text) leaves it out.
   */
  spreadLayers?(spread: boolean): void;
  /** The shapes of board it can draw: [2] when absent. A cube game shows a skin that cannot draw it as the flat board does. */
  readonly dimensions?: readonly Dimensions[];
  /** A snapshot of what is drawn; optional so a minimal skin need not offer it. */
  inspect?(): SkinInspection;
  /** How long it celebrates a win once the winning move has played (not under reduced motion): the win dialog waits as long. */
  readonly winCelebrationMs?: number;
}

export type SkinFactory = (options?: SkinOptions) => Skin;

/** What the player reads when the cubes cannot run here. */
export const NO_WEBGL_MESSAGE = 'This browser cannot draw 3D graphics (WebGL is off or missing), so the flat board is shown.';

/**
 * Thrown by `mount` (or a skin's loader) when a skin cannot run here (no WebGL). `message` is
 * one line a player can read; the skin host falls back to the flat skin and shows it.
 */
export class SkinUnavailableError extends Error {
  override readonly name = 'SkinUnavailableError';
  constructor(
    message: string,
    readonly skin: string,
  ) {
    super(message);
  }
}
