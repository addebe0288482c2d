/**
 * One way to own what a game, a page or one of their parts starts: listeners, timers, frames,
 * subscriptions, observers and the parts it mounts. Ending the lifetime ends them all, newest
 * first, exactly once, so no part keeps a `disposed` flag or a cleanup array of its own.
 *
 * It is an `AbortController` underneath: `signal` goes straight to `addEventListener`, `fetch`
 * or a part that takes one, and aborts when the lifetime ends.
 */

/** Something that can be ended: a cleanup function, a part (`dispose`) or an observer (`disconnect`). */
export type Ending = (() => void) | { dispose(): void } | { disconnect(): void };

export interface Lifetime {
  /** Aborts when the lifetime ends. */
  readonly signal: AbortSignal;
  /** Whether it has ended: work that arrives late (a loaded chunk, a settled promise) checks this before it starts. */
  readonly ended: boolean;
  /** Ends `thing` with this lifetime, or at once if it has ended already. Returns `thing`, so a part can be owned where it is made. */
  own<T extends Ending>(thing: T): T;
  /** `target.addEventListener(type, listener)` until the lifetime ends. */
  listen<E extends Event = Event>(target: EventTarget, type: string, listener: (event: E) => void, options?: AddEventListenerOptions): void;
  /** `setTimeout` that the lifetime clears; the returned function clears it earlier. */
  timeout(run: () => void, ms: number): () => void;
  /** `requestAnimationFrame` that the lifetime cancels; the returned function cancels it earlier. */
  frame(run: (time: number) => void): () => void;
  /** A lifetime that ends with this one, or before it by its own `end()` (a replay opened and closed, a skin switched). */
  child(): Lifetime;
  /** Ends everything owned, newest first, once; an ending that throws does not stop the others (the first error is rethrown after). */
  end(): void;
}

export function createLifetime(): Lifetime {
  const controller = new AbortController();
  const { signal } = controller;
  const endings = new Set<() => void>();

  /** Keeps `stop` until the lifetime ends (runs it at once if it has); the returned function runs it earlier and forgets it. */
  const hold = (stop: () => void): (() => void) => {
    if (signal.aborted) stop();
    else endings.add(stop);
    return () => void (endings.delete(stop) && stop());
  };
  /** A timer or a frame: forgotten when it fires, cancelled if the lifetime ends first. */
  const once = <I>(start: (fire: (time: number) => void) => I, cancel: (id: I) => void, run: (time: number) => void): (() => void) => {
    const stop = (): void => cancel(id);
    const id = start((time) => {
      endings.delete(stop);
      run(time);
    });
    return hold(stop);
  };

  return {
    signal,
    get ended() {
      return signal.aborted;
    },
    own(thing) {
      hold(typeof thing === 'function' ? thing : 'dispose' in thing ? () => thing.dispose() : () => thing.disconnect());
      return thing;
    },
    listen(target, type, listener, options) {
      if (!signal.aborted) target.addEventListener(type, listener as EventListener, { ...options, signal });
    },
    timeout: (run, ms) => once((fire) => setTimeout(fire, ms), clearTimeout, run),
    frame: (run) => once(requestAnimationFrame, cancelAnimationFrame, run),
    child() {
      const inner = createLifetime();
      inner.own(hold(inner.end));
      return inner;
    },
    end() {
      if (signal.aborted) return;
      controller.abort();
      const stops = [...endings].reverse();
      endings.clear();
      let failure: [unknown] | undefined;
      for (const stop of stops)
        try {
          stop();
        } catch (error) {
          failure ??= [error];
        }
      if (failure) throw failure[0];
    },
  };
}
