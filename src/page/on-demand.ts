/**
 * A part of the page whose code loads on first use (the replay viewer, sharing): made once,
 * when first asked for, and disposed with the page, even if it arrives after the page is gone.
 */
export interface OnDemand<T> {
  get(): Promise<T>;
  dispose(): void;
}

export function onDemand<T extends { dispose(): void }>(load: () => Promise<T>): OnDemand<T> {
  let made: Promise<T> | null = null;
  let disposed = false;
  let loaded: T | null = null;
  return {
    get: () =>
      (made ??= load().then((part) => {
        if (disposed) part.dispose();
        else loaded = part;
        return part;
      })),
    dispose() {
      disposed = true;
      loaded?.dispose();
      loaded = null;
    },
  };
}
