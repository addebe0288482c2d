/**
 * A part of the page whose code loads on first use (the replay viewer, sharing): made once,
 * when first asked for, and owned by `owner`, so it ends with it, even if it arrives after
 * the owner has ended (an ended lifetime ends what it is given at once).
 */
import type { Lifetime } from '../game-ui/lifetime';

export type OnDemand<T> = () => Promise<T>;

export function onDemand<T extends { dispose(): void }>(owner: Lifetime, load: () => Promise<T>): OnDemand<T> {
  let made: Promise<T> | null = null;
  return () => (made ??= load().then((part) => owner.own(part)));
}
