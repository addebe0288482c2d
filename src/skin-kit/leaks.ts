/**
 * What a skin leaves behind: while tracking, the window's ways of holding on (event
 * listeners, animation frames, timers, observers, WebGL contexts, nodes outside the host)
 * are counted as the skin's own code makes them (skin-code.ts: its calls, and the callbacks
 * it handed the window), each with where it was made, and as they are released. Patches the
 * window's prototypes for the time of one kit run, and puts everything back.
 */
import type { SkinCode } from './skin-code';
import { skinCode } from './skin-code';

interface Listener {
  readonly target: EventTarget;
  readonly type: string;
  readonly listener: unknown;
  readonly capture: boolean;
  /** What the window was given: the listener, run as the skin's code. */
  readonly wrapper: EventListener | null;
  /** Where it was added (SkinCode.origin). */
  readonly origin: string;
}

type ObserverKind = 'ResizeObserver' | 'MutationObserver' | 'IntersectionObserver';
const OBSERVERS: readonly ObserverKind[] = ['ResizeObserver', 'MutationObserver', 'IntersectionObserver'];

export interface LeakTracker {
  /** Marks the skin's own code: only what it makes is counted. */
  readonly code: SkinCode;
  /** Sentences naming each thing still held, and where it was made, for a skin that was just disposed; empty when clean. */
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

type Observed = Map<object, { kind: ObserverKind; targets: Set<Node>; origin: string }>;

/** Timers or frames by handle, each with where it was made. */
type Handles = Map<number, string>;

/** Everything the window holds on the skin's behalf, as the patches count it. */
interface Held {
  /** Nodes the skin added, with the call that added them. */
  readonly added: ReadonlyMap<Node, string>;
  readonly listeners: readonly Listener[];
  readonly frames: Handles;
  readonly timeouts: Handles;
  readonly intervals: Handles;
  readonly observing: Observed;
  readonly contexts: readonly { readonly gl: WebGLRenderingContext | WebGL2RenderingContext; readonly origin: string }[];
}

export function trackLeaks(win: Window & typeof globalThis): LeakTracker {
  // Nodes the skin's code puts anywhere (watched with the window's own observer, made before the patches below):
  // the page's mutations are taken and dropped when the skin's code starts, the skin's taken when it stops.
  const added = new Map<Node, string>();
  const watcher = new win.MutationObserver(() => {});
  watcher.observe(win.document.documentElement, { childList: true, subtree: true });
  const code = skinCode(
    () => void watcher.takeRecords(),
    (what) => {
      for (const record of watcher.takeRecords()) for (const node of record.addedNodes) added.set(node, what);
    },
  );

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
    listeners: trackListeners(win, patch, code),
    frames: trackFrames(win, patch, code),
    ...trackTimers(win, patch, code),
    observing: trackObservers(win, patch, code),
    contexts: trackContexts(win, patch, code),
  };

  return {
    code,
    get pendingFrames() {
      return held.frames.size;
    },
    leftovers(host) {
      return [...nodeLeftovers(host, added), ...heldLeftovers(host, win, held)];
    },
    stop() {
      watcher.disconnect();
      while (restore.length > 0) restore.pop()?.();
    },
  };
}

/** Calls a listener as the window would: a function with the target as `this`, or an object's handleEvent. */
const callListener = (listener: EventListenerOrEventListenerObject, target: unknown, event: Event): void =>
  typeof listener === 'function' ? listener.call(target, event) : listener.handleEvent(event);

/**
 * Listeners the skin added and has not removed (once-listeners that fired, and aborted
 * signals, count as removed); each runs as the skin's code.
 */
function trackListeners(win: Window & typeof globalThis, patch: Patch, code: SkinCode): Listener[] {
  const listeners: Listener[] = [];
  const proto = win.EventTarget.prototype;
  const add = proto.addEventListener;
  const remove = proto.removeEventListener;
  const find = (target: EventTarget, type: string, listener: unknown, capture: boolean): Listener | undefined =>
    listeners.find((l) => l.target === target && l.type === type && l.listener === listener && l.capture === capture);
  const forget = (entry: Listener): void => {
    const i = listeners.indexOf(entry);
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
      if (!listener || !code.active || find(this, type, listener, capture)) return add.call(this, type, listener, options);
      const opts = typeof options === 'object' ? options : {};
      const wrapper = function (this: unknown, event: Event): void {
        if (opts.once) forget(entry);
        code.run(`its "${type}" listener`, () => callListener(listener, this, event));
      };
      const entry: Listener = { target: this, type, listener, capture, wrapper, origin: code.origin() };
      listeners.push(entry);
      if (opts.signal) add.call(opts.signal, 'abort', () => forget(entry), { once: true });
      add.call(this, type, wrapper, options);
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
      const entry = find(this, type, listener, captureOf(options));
      if (entry) forget(entry);
      remove.call(this, type, entry?.wrapper ?? listener, options);
    },
  );
  trackMediaListeners(win, patch, listeners, code);
  return listeners;
}

/** The old MediaQueryList API is listeners too. */
function trackMediaListeners(win: Window & typeof globalThis, patch: Patch, listeners: Listener[], code: SkinCode): void {
  if (typeof win.MediaQueryList !== 'function') return;
  const mql = win.MediaQueryList.prototype;
  const addListener = mql.addListener;
  const removeListener = mql.removeListener;
  patch(mql, 'addListener', function (this: MediaQueryList, listener: ((this: MediaQueryList, ev: MediaQueryListEvent) => unknown) | null) {
    if (listener && code.active)
      listeners.push({ target: this, type: 'change', listener, capture: false, wrapper: null, origin: code.origin() });
    addListener.call(this, listener);
  });
  patch(
    mql,
    'removeListener',
    function (this: MediaQueryList, listener: ((this: MediaQueryList, ev: MediaQueryListEvent) => unknown) | null) {
      const i = listeners.findIndex((l) => l.target === this && l.type === 'change' && l.listener === listener && !l.wrapper);
      if (i >= 0) listeners.splice(i, 1);
      removeListener.call(this, listener);
    },
  );
}

/** Animation frames the skin asked for and that neither ran nor were cancelled; each runs as the skin's code. */
function trackFrames(win: Window & typeof globalThis, patch: Patch, code: SkinCode): Handles {
  const frames: Handles = new Map();
  const raf = win.requestAnimationFrame.bind(win);
  const caf = win.cancelAnimationFrame.bind(win);
  patch(win, 'requestAnimationFrame', (callback: FrameRequestCallback): number => {
    if (!code.active) return raf(callback);
    const handle: number = raf((time) => {
      frames.delete(handle);
      code.run('an animation frame it asked for', () => callback(time));
    });
    frames.set(handle, code.origin());
    return handle;
  });
  patch(win, 'cancelAnimationFrame', (handle: number): void => {
    frames.delete(handle);
    caf(handle);
  });
  return frames;
}

/** Timers the skin set: timeouts neither run nor cleared, intervals not cleared; each runs as the skin's code. */
function trackTimers(win: Window & typeof globalThis, patch: Patch, code: SkinCode): { timeouts: Handles; intervals: Handles } {
  const timeouts: Handles = new Map();
  const intervals: Handles = new Map();
  const setT = win.setTimeout.bind(win);
  const clearT = win.clearTimeout.bind(win);
  const setI = win.setInterval.bind(win);
  const clearI = win.clearInterval.bind(win);
  patch(win, 'setTimeout', ((handler: TimerHandler, ms?: number, ...args: unknown[]): number => {
    if (typeof handler !== 'function' || !code.active) return setT(handler, ms, ...args);
    const id: number = setT(
      (...a: unknown[]) => {
        timeouts.delete(id);
        code.run('a timer it set', () => (handler as (...x: unknown[]) => void)(...a));
      },
      ms,
      ...args,
    );
    timeouts.set(id, code.origin());
    return id;
  }) as typeof win.setTimeout);
  patch(win, 'clearTimeout', ((id?: number): void => {
    if (id !== undefined) timeouts.delete(id);
    clearT(id);
  }) as typeof win.clearTimeout);
  patch(win, 'setInterval', ((handler: TimerHandler, ms?: number, ...args: unknown[]): number => {
    if (typeof handler !== 'function' || !code.active) return setI(handler, ms, ...args);
    const id = setI(code.wrap('an interval it set', handler as (...x: unknown[]) => void), ms, ...args);
    intervals.set(id, code.origin());
    return id;
  }) as typeof win.setInterval);
  patch(win, 'clearInterval', ((id?: number): void => {
    if (id !== undefined) intervals.delete(id);
    clearI(id);
  }) as typeof win.clearInterval);
  return { timeouts, intervals };
}

/** Observers the skin made: still observing a node that is in the page; their callbacks run as the skin's code. */
function trackObservers(win: Window & typeof globalThis, patch: Patch, code: SkinCode): Observed {
  const observing: Observed = new Map();
  for (const kind of OBSERVERS) {
    const Original = win[kind] as unknown as
      | (new (
          callback: (...args: never[]) => void,
          ...rest: never[]
        ) => { observe(target: Node, options?: unknown): void; disconnect(): void; unobserve?(target: Node): void })
      | undefined;
    if (typeof Original !== 'function') continue;
    const Tracked = class extends Original {
      constructor(callback: (...args: never[]) => void, ...rest: never[]) {
        const mine = code.active;
        const origin = mine ? code.origin() : '';
        super(mine ? code.wrap(`its ${kind}`, callback) : callback, ...rest);
        if (mine) observing.set(this, { kind, targets: new Set(), origin });
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

/** WebGL contexts the skin made and did not lose (browsers allow a handful at a time). */
function trackContexts(win: Window & typeof globalThis, patch: Patch, code: SkinCode): Held['contexts'] {
  const contexts: { gl: WebGLRenderingContext | WebGL2RenderingContext; origin: string }[] = [];
  const canvas = win.HTMLCanvasElement.prototype;
  const getContext = canvas.getContext as (this: HTMLCanvasElement, id: string, options?: unknown) => RenderingContext | null;
  patch(
    canvas as unknown as { getContext: typeof getContext },
    'getContext',
    function (this: HTMLCanvasElement, id: string, options?: unknown) {
      const context = getContext.call(this, id, options);
      const webgl = id === 'webgl' || id === 'webgl2' || id === 'experimental-webgl';
      if (context && webgl && code.active && !contexts.some((c) => c.gl === context))
        contexts.push({ gl: context as WebGLRenderingContext, origin: code.origin() });
      return context;
    },
  );
  return contexts;
}

/** Where a leftover was made, for the sentence naming it. */
const madeIn = (origin: string | undefined): string => (origin ? ` (made in ${origin})` : '');

/** Nodes left in the host, and nodes the skin put outside it. */
function nodeLeftovers(host: HTMLElement, added: ReadonlyMap<Node, string>): string[] {
  const problems: string[] = [];
  const nodes = host.childNodes.length;
  if (nodes > 0)
    problems.push(
      `dispose() left ${nodes} node${nodes === 1 ? '' : 's'} in the host (first: ${describeNode(host.firstChild)}); remove everything mount() added`,
    );
  const outside = [...added.keys()].filter(
    (node) => node.isConnected && !host.contains(node) && !(node.parentNode && added.has(node.parentNode)),
  );
  const first = outside[0];
  if (first)
    problems.push(
      `the skin left ${outside.length} node${outside.length === 1 ? '' : 's'} outside the host (first: ${describeNode(first)} in ${describeNode(first.parentNode)}, added in ${added.get(first) ?? 'the skin'}); draw only inside the host`,
    );
  return problems;
}

/** Listeners, frames, timers, observers and contexts the window still holds for the skin, each with where it was made. */
function heldLeftovers(host: HTMLElement, win: Window, { listeners, frames, timeouts, intervals, observing, contexts }: Held): string[] {
  const problems: string[] = [];
  const held = listeners.filter((l) => stillReachable(l.target, win));
  for (const l of held.slice(0, 5))
    problems.push(`a "${l.type}" listener on ${describeTarget(l.target, win)} was not removed${madeIn(l.origin)}`);
  if (held.length > 5) problems.push(`and ${held.length - 5} more listeners were not removed`);
  const firstOf = (handles: Handles): string => madeIn(handles.values().next().value);
  if (frames.size > 0)
    problems.push(
      `${frames.size} animation frame${frames.size === 1 ? ' is' : 's are'} still requested from the window${firstOf(frames)}; cancel it in dispose()`,
    );
  if (timeouts.size > 0)
    problems.push(
      `${timeouts.size} timer${timeouts.size === 1 ? '' : 's'} (setTimeout) still pending${firstOf(timeouts)}; clear ${timeouts.size === 1 ? 'it' : 'them'} in dispose()`,
    );
  if (intervals.size > 0)
    problems.push(
      `${intervals.size} setInterval timer${intervals.size === 1 ? '' : 's'} still running${firstOf(intervals)}; clear ${intervals.size === 1 ? 'it' : 'them'} in dispose()`,
    );
  for (const { kind, targets, origin } of observing.values()) {
    const live = [...targets].filter((t) => t.isConnected);
    if (live.length > 0)
      problems.push(
        `a ${kind} still observes ${live[0] === host ? 'the host' : describeNode(live[0] ?? null)}${madeIn(origin)}; disconnect it in dispose()`,
      );
  }
  const alive = contexts.filter(({ gl }) => !gl.isContextLost());
  if (alive.length > 0)
    problems.push(
      `${alive.length} WebGL context${alive.length === 1 ? ' is' : 's are'} still alive${madeIn(alive[0]?.origin)}; release it (WEBGL_lose_context's loseContext(), or three's renderer.forceContextLoss()), or a page runs out of contexts after a few games`,
    );
  return problems;
}

function describeNode(node: Node | null): string {
  if (!node) return 'nothing';
  if (node instanceof Element) return `<${node.localName}${node.id ? `#${node.id}` : ''}>`;
  if (node.nodeType === 3) return 'a text node';
  return node.nodeName.toLowerCase();
}
