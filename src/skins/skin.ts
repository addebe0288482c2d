/**
 * The contract every skin implements. A skin draws what the store holds and animates
 * the steps of each new move report; it never computes a move and never calls an action.
 */
import type { Direction } from '../engine';
import type { GameView, ReadonlyStore } from '../store/types';

export type SkinName = 'cubes' | 'flat' | 'text';
export const SKIN_NAMES: readonly SkinName[] = ['cubes', 'flat', 'text'];

/** Time and frames, injected so tests can step animations by hand. */
export interface FrameClock {
  now(): number;
  requestFrame(callback: (time: number) => void): number;
  cancelFrame(handle: number): void;
}

export interface SkinOptions {
  /** Replace motion with short fades (also follows `prefers-reduced-motion` when undefined). */
  readonly reducedMotion?: boolean;
  /** Colour theme; undefined follows the system. */
  readonly theme?: 'light' | 'dark';
  readonly clock?: FrameClock;
}

export interface Skin {
  readonly name: SkinName;
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
}

export type SkinFactory = (options?: SkinOptions) => Skin;
