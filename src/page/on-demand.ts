/**
 * A part of the page whose code loads on first use (the replay viewer, sharing): made once,
 * when first asked for, and disposed with the page, even if it arrives after the page is gone.
 */
import { createLifetime } from '../game-ui/lifetime';

export interface OnDemand<T> {
  get(): Promise<T>;
  dispose(): void;
}

export function onDemand<T extends { dispose(): void }>(load: () => Promise<T>): OnDemand<T> {
  // A part that arrives after the end is owned by an ended lifetime, which disposes of it at once.
  const life = createLifetime();
  let made: Promise<T> | null = null;
  return {
    get: () => (made ??= load().then((part) => life.own(part))),
    dispose: () => life.end(),
  };
}
