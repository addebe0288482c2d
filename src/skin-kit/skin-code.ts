/**
 * Whose code is running: the kit marks each call into the skin, and each callback the skin
 * handed the window runs marked too, so that only what the skin's own code asks the window
 * for counts as the skin's. A test runner's listeners, a dev server's keep-alive timer or the
 * page's own game, made meanwhile, are none of the skin's business. Each thing counted keeps
 * where it was made: the skin's call and the line of code that made it.
 */

export interface SkinCode {
  /** Whether the skin's own code is running now. */
  readonly active: boolean;
  /** Runs `body` as the skin's code; `what` names the call ("mount(host, store)"). */
  run<T>(what: string, body: () => T): T;
  /** `callback`, run as the skin's code whenever it is called (a frame, a timer, a listener the skin set). */
  wrap<A extends unknown[], R>(what: string, callback: (...args: A) => R): (...args: A) => R;
  /**
   * Where the thing being made now was made ("mount(host, store), at mount (…/my-skin.js:40:7)").
   * Call it straight from the window's patched function, so that the line after that one is the skin's.
   */
  origin(): string;
  /** The skin's call running now ("" when none). */
  readonly what: string;
}

/** Stack lines that name a place in code (Chromium's "Error" heading and engines' native frames have none). */
const PLACE = /:\d+:\d+\)?$/;

/** The line of `stack` two calls above the one that made it: origin() is one, the patched window function the other. */
function callerLine(stack: string | undefined): string {
  const places = (stack ?? '').split('\n').filter((line) => PLACE.test(line.trim()));
  return (places[2] ?? places[places.length - 1] ?? '').trim().replace(/^at /, '');
}

/**
 * `enter` runs when the skin's code starts after none ran, `leave(what)` when it stops again:
 * the kit takes the DOM mutations of the time between as the skin's.
 */
export function skinCode(enter: () => void, leave: (what: string) => void): SkinCode {
  const calls: string[] = [];
  const run = <T>(what: string, body: () => T): T => {
    if (calls.length === 0) enter();
    calls.push(what);
    try {
      return body();
    } finally {
      calls.pop();
      if (calls.length === 0) leave(what);
    }
  };
  return {
    get active() {
      return calls.length > 0;
    },
    get what() {
      return calls[calls.length - 1] ?? '';
    },
    run,
    wrap(what, callback) {
      return function (this: unknown, ...args) {
        return run(what, () => callback.apply(this, args));
      };
    },
    origin() {
      const line = callerLine(new Error().stack);
      const what = calls[calls.length - 1] ?? 'the skin';
      return line ? `${what}, at ${line}` : what;
    },
  };
}
