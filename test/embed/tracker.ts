/**
 * A page-side ledger of what scripts leave behind: event listeners (a wrapped
 * addEventListener), observed targets, pending timers and animation frames, and WebGL
 * contexts. Installed with `page.addInitScript(installTracker)` before any page script runs;
 * read through `window.__track`. It holds strong references, so heap measurements use a
 * page without it.
 */

export interface Live {
  /** Listeners added since the mark and still registered, on window, document, a connected node or a non-node target (a media query). */
  readonly listeners: readonly string[];
  /** Targets still observed by Resize/Mutation/IntersectionObservers made since the mark. */
  readonly observed: number;
  /** Timers set since the mark that have neither fired nor been cleared. */
  readonly timers: number;
  /** Animation frames requested since the mark that have neither run nor been cancelled. */
  readonly frames: number;
  /** WebGL contexts made since the mark that are not lost. */
  readonly contexts: number;
  /** WebGL contexts made since the mark. */
  readonly contextsMade: number;
}

export interface Tracker {
  /** A point in time to compare with. */
  mark(): number;
  since(mark: number): Live;
}

declare global {
  interface Window {
    __track: Tracker;
  }
}

/** Runs in the page (serialized by Playwright): it must not use anything from this module's scope. */
export function installTracker(): void {
  let clock = 0;
  type Entry = {
    readonly at: number;
    readonly target: EventTarget;
    readonly type: string;
    readonly listener: unknown;
    readonly capture: boolean;
  };
  const listeners: Entry[] = [];
  const captureOf = (options: unknown): boolean =>
    typeof options === 'boolean' ? options : Boolean((options as { capture?: boolean } | undefined)?.capture);
  const proto = EventTarget.prototype;
  const add = proto.addEventListener;
  const remove = proto.removeEventListener;
  const forget = (target: EventTarget, type: string, listener: unknown, capture: boolean): void => {
    const i = listeners.findIndex((e) => e.target === target && e.type === type && e.listener === listener && e.capture === capture);
    if (i >= 0) listeners.splice(i, 1);
  };
  proto.addEventListener = function (this: EventTarget, type: string, listener: unknown, options?: unknown) {
    const capture = captureOf(options);
    // A listener given a signal is removed when it aborts, and not added at all when it already has (as the browser does).
    const signal = typeof options === 'object' && options !== null ? (options as AddEventListenerOptions).signal : undefined;
    if (
      listener &&
      !signal?.aborted &&
      !listeners.some((e) => e.target === this && e.type === type && e.listener === listener && e.capture === capture)
    ) {
      listeners.push({ at: ++clock, target: this, type, listener, capture });
      // Heard with the untracked addEventListener, so the ledger does not count its own listener.
      if (signal) add.call(signal, 'abort', () => forget(this, type, listener, capture), { once: true });
    }
    return add.call(this, type, listener as EventListener, options as AddEventListenerOptions);
  };
  proto.removeEventListener = function (this: EventTarget, type: string, listener: unknown, options?: unknown) {
    forget(this, type, listener, captureOf(options));
    return remove.call(this, type, listener as EventListener, options as EventListenerOptions);
  };

  const timers = new Map<number, number>();
  const realSetTimeout = window.setTimeout.bind(window);
  const realClearTimeout = window.clearTimeout.bind(window);
  window.setTimeout = ((handler: TimerHandler, ms?: number, ...args: unknown[]) => {
    const at = ++clock;
    const id = realSetTimeout(() => {
      timers.delete(id);
      if (typeof handler === 'function') (handler as (...a: unknown[]) => void)(...args);
    }, ms);
    timers.set(id, at);
    return id;
  }) as typeof window.setTimeout;
  window.clearTimeout = ((id?: number) => {
    if (id !== undefined) timers.delete(id);
    realClearTimeout(id);
  }) as typeof window.clearTimeout;

  const frames = new Map<number, number>();
  const realRaf = window.requestAnimationFrame.bind(window);
  const realCaf = window.cancelAnimationFrame.bind(window);
  window.requestAnimationFrame = (callback) => {
    const at = ++clock;
    const id = realRaf((time) => {
      frames.delete(id);
      callback(time);
    });
    frames.set(id, at);
    return id;
  };
  window.cancelAnimationFrame = (id) => {
    frames.delete(id);
    realCaf(id);
  };

  const observed = new Map<object, { at: number; targets: Set<unknown> }>();
  for (const name of ['ResizeObserver', 'MutationObserver', 'IntersectionObserver'] as const) {
    const Real = window[name] as unknown as {
      prototype: { observe(t: unknown, o?: unknown): void; unobserve?(t: unknown): void; disconnect(): void };
    };
    const observe = Real.prototype.observe;
    const unobserve = Real.prototype.unobserve;
    const disconnect = Real.prototype.disconnect;
    Real.prototype.observe = function (this: object, target: unknown, options?: unknown) {
      const record = observed.get(this) ?? { at: ++clock, targets: new Set() };
      record.targets.add(target);
      observed.set(this, record);
      return observe.call(this, target, options);
    };
    if (unobserve)
      Real.prototype.unobserve = function (this: object, target: unknown) {
        observed.get(this)?.targets.delete(target);
        return unobserve.call(this, target);
      };
    Real.prototype.disconnect = function (this: object) {
      observed.delete(this);
      return disconnect.call(this);
    };
  }

  const contexts: { at: number; gl: WebGLRenderingContext | WebGL2RenderingContext }[] = [];
  const getContext = HTMLCanvasElement.prototype.getContext;
  HTMLCanvasElement.prototype.getContext = function (this: HTMLCanvasElement, kind: string, options?: unknown) {
    const context = (getContext as (this: HTMLCanvasElement, k: string, o?: unknown) => RenderingContext | null).call(this, kind, options);
    if (context && (kind === 'webgl' || kind === 'webgl2') && !contexts.some((c) => c.gl === context))
      contexts.push({ at: ++clock, gl: context as WebGL2RenderingContext });
    return context;
  } as typeof HTMLCanvasElement.prototype.getContext;

  const describe = (target: EventTarget): string | null => {
    if (target === window) return 'window';
    if (target === document) return 'document';
    if (target instanceof Node) return target.isConnected ? `<${(target as Element).localName ?? target.nodeName}>` : null;
    return target.constructor?.name ?? 'object';
  };

  window.__track = {
    mark: () => ++clock,
    since(mark) {
      const after = <T extends { at: number }>(items: Iterable<T>): T[] => [...items].filter((i) => i.at > mark);
      return {
        listeners: after(listeners).flatMap((e) => {
          const where = describe(e.target);
          return where ? [`${where} ${e.type}`] : [];
        }),
        observed: after(observed.values()).reduce((n, r) => n + r.targets.size, 0),
        timers: [...timers.values()].filter((at) => at > mark).length,
        frames: [...frames.values()].filter((at) => at > mark).length,
        contexts: after(contexts).filter((c) => !c.gl.isContextLost()).length,
        contextsMade: after(contexts).length,
      };
    },
  };
}
