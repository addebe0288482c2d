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
  /** `setInterval` that the lifetime clears; the returned function clears it earlier. */
  interval(run: () => void, ms: number): () => void;
  /** `requestAnimationFrame` that the lifetime cancels; the returned function cancels it earlier. */
  frame(run: (time: number) => void): () => void;
  /** A lifetime that ends with this one, or before it by its own `end()` (a replay opened and closed, a skin switched). */
  child(): Lifetime;
  /** Ends everything owned, newest first, once; an ending that throws does not stop the others (the first error is rethrown after). */
  end(): void;
}

function endingOf(thing: Ending): () => void {
  if (typeof thing === 'function') return thing;
  return 'dispose' in thing ? () => thing.dispose() : () => thing.disconnect();
}

export function createLifetime(): Lifetime {
  const controller = new AbortController();
  const endings = new Set<() => void>();

  /** Keeps `stop` until the lifetime ends; the returned function runs it earlier and forgets it. */
  const hold = (stop: () => void): (() => void) => {
    if (controller.signal.aborted) {
      stop();
      return () => undefined;
    }
    endings.add(stop);
    return () => {
      if (endings.delete(stop)) stop();
    };
  };

  const lifetime: Lifetime = {
    signal: controller.signal,
    get ended() {
      return controller.signal.aborted;
    },
    own(thing) {
      hold(endingOf(thing));
      return thing;
    },
    listen(target, type, listener, options) {
      if (!controller.signal.aborted) target.addEventListener(type, listener as EventListener, { ...options, signal: controller.signal });
    },
    timeout(run, ms) {
      const id = setTimeout(() => {
        endings.delete(stop);
        run();
      }, ms);
      const stop = (): void => clearTimeout(id);
      return hold(stop);
    },
    interval(run, ms) {
      const id = setInterval(run, ms);
      return hold(() => clearInterval(id));
    },
    frame(run) {
      const id = requestAnimationFrame((time) => {
        endings.delete(stop);
        run(time);
      });
      const stop = (): void => cancelAnimationFrame(id);
      return hold(stop);
    },
    child() {
      const inner = createLifetime();
      const forget = hold(() => inner.end());
      inner.own(() => forget());
      return inner;
    },
    end() {
      if (controller.signal.aborted) return;
      controller.abort();
      const errors: unknown[] = [];
      for (const stop of [...endings].reverse()) {
        endings.delete(stop);
        try {
          stop();
        } catch (error) {
          errors.push(error);
        }
      }
      if (errors.length > 0) throw errors[0];
    },
  };
  return lifetime;
}
