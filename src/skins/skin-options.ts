/**
 * The options every animated skin shares, following the system (media queries) where the
 * page leaves them unset.
 */
import { browserClock } from './playback';
import type { FrameClock, SkinOptions } from './skin';

/** A media query's current answer, kept up to date until `stop`. */
export function watchMedia(query: string, onChange: () => void): { readonly matches: () => boolean; stop(): void } {
  const list = typeof matchMedia === 'function' ? matchMedia(query) : null;
  list?.addEventListener('change', onChange);
  return { matches: () => list?.matches ?? false, stop: () => list?.removeEventListener('change', onChange) };
}

export interface SharedOptions {
  update(options: Partial<SkinOptions>): void;
  readonly clock: FrameClock;
  readonly reducedMotion: boolean;
  readonly theme: 'light' | 'dark';
  /** Camera tilt: on unless turned off, and always off with reduced motion. */
  readonly parallax: boolean;
  stop(): void;
}

/** Resolves the options every animated skin shares, following the system where they are unset. */
export function createSharedOptions(initial: SkinOptions, onChange: () => void): SharedOptions {
  let options = initial;
  const motionQuery = watchMedia('(prefers-reduced-motion: reduce)', onChange);
  const themeQuery = watchMedia('(prefers-color-scheme: dark)', onChange);
  const reducedMotion = (): boolean => options.reducedMotion ?? motionQuery.matches();
  return {
    update(patch) {
      options = { ...options, ...patch };
    },
    get clock() {
      return options.clock ?? browserClock;
    },
    get reducedMotion() {
      return reducedMotion();
    },
    get theme() {
      return options.theme ?? (themeQuery.matches() ? 'dark' : 'light');
    },
    get parallax() {
      return (options.parallax ?? true) && !reducedMotion();
    },
    stop() {
      motionQuery.stop();
      themeQuery.stop();
    },
  };
}
