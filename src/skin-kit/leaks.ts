/**
 * What a skin leaves behind: while tracking, the window's ways of holding on (event
 * listeners, animation frames, timers, observers, WebGL contexts, nodes outside the host)
 * are counted as they are made and as they are released. Patches the window's prototypes
 * for the time of one kit run, and puts everything back.
 */

interface Listener {
  readonly target: EventTarget;
  readonly type: string;
  readonly listener: unknown;
  readonly capture: boolean;
}

type ObserverKind = 'ResizeObserver' | 'MutationObserver' | 'IntersectionObserver';
const OBSERVERS: readonly ObserverKind[] = ['ResizeObserver', 'MutationObserver', 'IntersectionObserver'];

export interface LeakTracker {
  /** Sentences naming each thing still held, for a skin that was just disposed; empty when clean. */
  leftovers(host: HTMLElement): string[];
  /** Frames the skin asked the window for that have not run. */
  readonly pendingFrames: number;
  /** Undoes every patch. */
  stop(): void;
}

const describeTarget = (target: EventTarget, win: Window): string => {
  if (target === win) return 'the window';
  if (target === win.document) return 'the document';
  if (typeof MediaQueryList === 'function' && target instanceof MediaQueryList) return `the media query ${target.media}`;
  if (target instanceof Element) return `a <${target.localName}> still in the page`;
  return `a ${target.constructor.name}`;
};

/** Whether a listener on `target` outlives the skin (a listener on one of its own removed nodes goes with the node). */
const stillReachable = (target: EventTarget, win: Window): boolean =>
  !(target instanceof Node) || target === win.document || target.isConnected;

const captureOf = (options: unknown): boolean =>
  typeof options === 'boolean'
    ? options
    : typeof options === 'object' && options !== null && Boolean((options as AddEventListenerOptions).capture);

/** Replaces `owner[key]` with `value` for the time of the run (the tracker's `stop` puts the original back). */
type Patch = <T extends object, K extends keyof T>(owner: T, key: K, value: T[K]) => void;

/** Forgets a listener that was removed (or fired once, or was aborted). */
type Forget = (target: EventTarget, type: string, listener: unknown, capture: boolean) => void;

type Observed = Map<object, { kind: ObserverKind; targets: Set<Node> }>;

/** Everything the window holds on the skin's behalf, as the patches count it. */
interface Held {
  readonly added: Set<Node>;
  readonly listeners: readonly Listener[];
  readonly frames: ReadonlySet<number>;
  readonly timeouts: ReadonlySet<number>;
  readonly intervals: ReadonlySet<number>;
  readonly observing: Observed;
  readonly contexts: readonly (WebGLRenderingContext | WebGL2RenderingContext)[];
}

export function trackLeaks(win: Window & typeof globalThis): LeakTracker {
  // Nodes put anywhere but the host (watched with the window's own observer, made before the patches below).
  const added = new Set<Node>();
  const takeAdded = (records: MutationRecord[]): void => {
    for (const record of records) for (const node of record.addedNodes) added.add(node);
  };
  const watcher = new win.MutationObserver(takeAdded);
  watcher.observe(win.document.documentElement, { childList: true, subtree: true });

  const restore: (() => void)[] = [];
  const patch: Patch = (owner, key, value) => {
    const original = owner[key];
    owner[key] = value;
    restore.push(() => {
      owner[key] = original;
    });
  };
  const held: Held = {
    added,
    listeners: trackListeners(win, patch),
    frames: trackFrames(win, patch),
    ...trackTimers(win, patch),
    observing: trackObservers(win, patch),
    contexts: trackContexts(win, patch),
  };

  return {
    get pendingFrames() {
      return held.frames.size;
    },
    leftovers(host) {
      takeAdded(watcher.takeRecords());
      return [...nodeLeftovers(host, added), ...heldLeftovers(host, win, held)];
    },
    stop() {
      watcher.disconnect();
      while (restore.length > 0) restore.pop()?.();
    },
  };
}

/** Listeners: added and not removed (once-listeners that fired, and aborted signals, count as removed). */
function trackListeners(win: Window & typeof globalThis, patch: Patch): Listener[] {
  const listeners: Listener[] = [];
  const proto = win.EventTarget.prototype;
  const add = proto.addEventListener;
  const remove = proto.removeEventListener;
  const forget: Forget = (target, type, listener, capture) => {
    const i = listeners.findIndex((l) => l.target === target && l.type === type && l.listener === listener && l.capture === capture);
    if (i >= 0) listeners.splice(i, 1);
  };
  patch(
    proto,
    'addEventListener',
    function (
      this: EventTarget,
      type: string,
      listener: EventListenerOrEventListenerObject | null,
      options?: boolean | AddEventListenerOptions,
    ) {
      const capture = captureOf(options);
      if (listener && !listeners.some((l) => l.target === this && l.type === type && l.listener === listener && l.capture === capture)) {
        const entry: Listener = { target: this, type, listener, capture };
        listeners.push(entry);
        const opts = typeof options === 'object' ? options : {};
        if (opts.once) add.call(this, type, () => forget(this, type, listener, capture), { once: true, capture });
        opts.signal?.addEventListener('abort', () => forget(this, type, listener, capture), { once: true });
      }
      add.call(this, type, listener, options);
    },
  );
  patch(
    proto,
    'removeEventListener',
    function (
      this: EventTarget,
      type: string,
      listener: EventListenerOrEventListenerObject | null,
      options?: boolean | EventListenerOptions,
    ) {
      forget(this, type, listener, captureOf(options));
      remove.call(this, type, listener, options);
    },
  );
  trackMediaListeners(win, patch, listeners, forget);
  return listeners;
}

/** The old MediaQueryList API is listeners too. */
function trackMediaListeners(win: Window & typeof globalThis, patch: Patch, listeners: Listener[], forget: Forget): void {
  if (typeof win.MediaQueryList !== 'function') return;
  const mql = win.MediaQueryList.prototype;
  const addListener = mql.addListener;
  const removeListener = mql.removeListener;
  patch(mql, 'addListener', function (this: MediaQueryList, listener: ((this: MediaQueryList, ev: MediaQueryListEvent) => unknown) | null) {
    if (listener) listeners.push({ target: this, type: 'change', listener, capture: false });
    addListener.call(this, listener);
  });
  patch(
    mql,
    'removeListener',
    function (this: MediaQueryList, listener: ((this: MediaQueryList, ev: MediaQueryListEvent) => unknown) | null) {
      forget(this, 'change', listener, false);
      removeListener.call(this, listener);
    },
  );
}

/** Animation frames: asked for and neither run nor cancelled. */
function trackFrames(win: Window & typeof globalThis, patch: Patch): Set<number> {
  const frames = new Set<number>();
  const raf = win.requestAnimationFrame.bind(win);
  const caf = win.cancelAnimationFrame.bind(win);
  patch(win, 'requestAnimationFrame', (callback: FrameRequestCallback): number => {
    const handle: number = raf((time) => {
      frames.delete(handle);
      callback(time);
    });
    frames.add(handle);
    return handle;
  });
  patch(win, 'cancelAnimationFrame', (handle: number): void => {
    frames.delete(handle);
    caf(handle);
  });
  return frames;
}

/** Timers: timeouts set and neither run nor cleared, intervals set and not cleared. */
function trackTimers(win: Window & typeof globalThis, patch: Patch): { timeouts: Set<number>; intervals: Set<number> } {
  const timeouts = new Set<number>();
  const intervals = new Set<number>();
  const setT = win.setTimeout.bind(win);
  const clearT = win.clearTimeout.bind(win);
  const setI = win.setInterval.bind(win);
  const clearI = win.clearInterval.bind(win);
  patch(win, 'setTimeout', ((handler: TimerHandler, ms?: number, ...args: unknown[]): number => {
    if (typeof handler !== 'function') return setT(handler, ms, ...args);
    const id: number = setT(
      (...a: unknown[]) => {
        timeouts.delete(id);
        (handler as (...x: unknown[]) => void)(...a);
      },
      ms,
      ...args,
    );
    timeouts.add(id);
    return id;
  }) as typeof win.setTimeout);
  patch(win, 'clearTimeout', ((id?: number): void => {
    if (id !== undefined) timeouts.delete(id);
    clearT(id);
  }) as typeof win.clearTimeout);
  patch(win, 'setInterval', ((handler: TimerHandler, ms?: number, ...args: unknown[]): number => {
    const id = setI(handler, ms, ...args);
    intervals.add(id);
    return id;
  }) as typeof win.setInterval);
  patch(win, 'clearInterval', ((id?: number): void => {
    if (id !== undefined) intervals.delete(id);
    clearI(id);
  }) as typeof win.clearInterval);
  return { timeouts, intervals };
}

/** Observers: still observing a node that is in the page. */
function trackObservers(win: Window & typeof globalThis, patch: Patch): Observed {
  const observing: Observed = new Map();
  for (const kind of OBSERVERS) {
    const Original = win[kind] as unknown as
      | (new (...args: never[]) => { observe(target: Node, options?: unknown): void; disconnect(): void; unobserve?(target: Node): void })
      | undefined;
    if (typeof Original !== 'function') continue;
    const Tracked = class extends Original {
      constructor(...args: never[]) {
        super(...args);
        observing.set(this, { kind, targets: new Set() });
      }
      override observe(target: Node, options?: unknown): void {
        observing.get(this)?.targets.add(target);
        super.observe(target, options);
      }
      override unobserve(target: Node): void {
        observing.get(this)?.targets.delete(target);
        super.unobserve?.(target);
      }
      override disconnect(): void {
        observing.get(this)?.targets.clear();
        super.disconnect();
      }
    };
    patch(win as unknown as Record<string, unknown>, kind, Tracked);
  }
  return observing;
}

/** WebGL contexts: made and not lost (browsers allow a handful at a time). */
function trackContexts(win: Window & typeof globalThis, patch: Patch): (WebGLRenderingContext | WebGL2RenderingContext)[] {
  const contexts: (WebGLRenderingContext | WebGL2RenderingContext)[] = [];
  const canvas = win.HTMLCanvasElement.prototype;
  const getContext = canvas.getContext as (this: HTMLCanvasElement, id: string, options?: unknown) => RenderingContext | null;
  patch(
    canvas as unknown as { getContext: typeof getContext },
    'getContext',
    function (this: HTMLCanvasElement, id: string, options?: unknown) {
      const context = getContext.call(this, id, options);
      if (
        context &&
        (id === 'webgl' || id === 'webgl2' || id === 'experimental-webgl') &&
        !contexts.includes(context as WebGLRenderingContext)
      )
        contexts.push(context as WebGLRenderingContext);
      return context;
    },
  );
  return contexts;
}

/** Nodes left in the host, and nodes the skin put outside it. */
function nodeLeftovers(host: HTMLElement, added: ReadonlySet<Node>): string[] {
  const problems: string[] = [];
  const nodes = host.childNodes.length;
  if (nodes > 0)
    problems.push(
      `dispose() left ${nodes} node${nodes === 1 ? '' : 's'} in the host (first: ${describeNode(host.firstChild)}); remove everything mount() added`,
    );
  const outside = [...added].filter((node) => node.isConnected && !host.contains(node) && !(node.parentNode && added.has(node.parentNode)));
  if (outside.length > 0)
    problems.push(
      `the skin left ${outside.length} node${outside.length === 1 ? '' : 's'} outside the host (first: ${describeNode(outside[0] ?? null)} in ${describeNode(outside[0]?.parentNode ?? null)}); draw only inside the host`,
    );
  return problems;
}

/** Listeners, frames, timers, observers and contexts the window still holds. */
function heldLeftovers(host: HTMLElement, win: Window, { listeners, frames, timeouts, intervals, observing, contexts }: Held): string[] {
  const problems: string[] = [];
  const held = listeners.filter((l) => stillReachable(l.target, win));
  for (const l of held.slice(0, 5)) problems.push(`a "${l.type}" listener on ${describeTarget(l.target, win)} was not removed`);
  if (held.length > 5) problems.push(`and ${held.length - 5} more listeners were not removed`);
  if (frames.size > 0)
    problems.push(
      `${frames.size} animation frame${frames.size === 1 ? ' is' : 's are'} still requested from the window; cancel it in dispose()`,
    );
  if (timeouts.size > 0)
    problems.push(
      `${timeouts.size} timer${timeouts.size === 1 ? '' : 's'} (setTimeout) still pending; clear ${timeouts.size === 1 ? 'it' : 'them'} in dispose()`,
    );
  if (intervals.size > 0)
    problems.push(
      `${intervals.size} setInterval timer${intervals.size === 1 ? '' : 's'} still running; clear ${intervals.size === 1 ? 'it' : 'them'} in dispose()`,
    );
  for (const { kind, targets } of observing.values()) {
    const live = [...targets].filter((t) => t.isConnected);
    if (live.length > 0)
      problems.push(
        `a ${kind} still observes ${live[0] === host ? 'the host' : describeNode(live[0] ?? null)}; disconnect it in dispose()`,
      );
  }
  const alive = contexts.filter((gl) => !gl.isContextLost());
  if (alive.length > 0)
    problems.push(
      `${alive.length} WebGL context${alive.length === 1 ? ' is' : 's are'} still alive; release it (WEBGL_lose_context's loseContext(), or three's renderer.forceContextLoss()), or a page runs out of contexts after a few games`,
    );
  return problems;
}

function describeNode(node: Node | null): string {
  if (!node) return 'nothing';
  if (node instanceof Element) return `<${node.localName}${node.id ? `#${node.id}` : ''}>`;
  if (node.nodeType === 3) return 'a text node';
  return node.nodeName.toLowerCase();
}
