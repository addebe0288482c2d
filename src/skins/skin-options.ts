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

/** Resolves the options every animated skin shares, following the system where they are unset. */
export class SkinSettings {
  private options: SkinOptions;
  private readonly motionQuery: ReturnType<typeof watchMedia>;
  private readonly themeQuery: ReturnType<typeof watchMedia>;

  constructor(options: SkinOptions, onChange: () => void) {
    this.options = options;
    this.motionQuery = watchMedia('(prefers-reduced-motion: reduce)', onChange);
    this.themeQuery = watchMedia('(prefers-color-scheme: dark)', onChange);
  }

  update(options: Partial<SkinOptions>): void {
    this.options = { ...this.options, ...options };
  }

  get clock(): FrameClock {
    return this.options.clock ?? browserClock;
  }

  get reducedMotion(): boolean {
    return this.options.reducedMotion ?? this.motionQuery.matches();
  }

  get theme(): 'light' | 'dark' {
    return this.options.theme ?? (this.themeQuery.matches() ? 'dark' : 'light');
  }

  get parallax(): boolean {
    return (this.options.parallax ?? true) && !this.reducedMotion;
  }

  stop(): void {
    this.motionQuery.stop();
    this.themeQuery.stop();
  }
}
