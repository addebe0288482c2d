/**
 * Scripts the harness puts in a page, before the page's own, where the engine's automation
 * lacks the feature: its own sources are sent (`.toString()`), so each must stand alone.
 */

/**
 * A function's source as an expression the page can evaluate. Run through tsx (the
 * benchmarks), esbuild names functions with a `__name` helper that exists only in Node; the
 * wrapper gives the page a harmless one.
 */
export const sourceOf = (fn: (...args: never[]) => unknown): string => `((__name) => (${fn.toString()}))((f) => f)`;

/**
 * `prefers-color-scheme` and `prefers-reduced-motion` as a test sets them, for engines whose
 * automation cannot emulate media features (Firefox over BiDi, WebKitGTK's WebDriver). Queries
 * through `matchMedia` see the emulated value and hear its changes. The driver puts the
 * current setting in the script's source, so it holds from the first script of every load,
 * as emulation does in Chromium. CSS `@media` rules still follow the real system, which the
 * tests do not rely on (the page's theme and motion are set from script).
 */
export function mediaShim(initial: { colorScheme?: string; reducedMotion?: string }): void {
  type Features = { colorScheme?: string; reducedMotion?: string };
  let state: Features = { ...initial };
  const real = window.matchMedia.bind(window);
  const watched: { query: string; list: MediaQueryList; fake: EventTarget & { matches: boolean }; last: boolean }[] = [];
  const emulated = (query: string): boolean | null => {
    const m = /prefers-(color-scheme|reduced-motion)\s*:\s*([a-z-]+)/.exec(query);
    if (!m) return null;
    const value = m[1] === 'color-scheme' ? state.colorScheme : state.reducedMotion;
    return value === undefined ? null : value === m[2];
  };
  const fire = (entry: (typeof watched)[number]): void => {
    const matches = entry.fake.matches;
    if (matches === entry.last) return;
    entry.last = matches;
    const event = new Event('change');
    Object.defineProperties(event, { matches: { value: matches }, media: { value: entry.list.media } });
    entry.fake.dispatchEvent(event);
  };
  window.matchMedia = (query: string): MediaQueryList => {
    const list = real(query);
    if (!/prefers-(color-scheme|reduced-motion)/.test(query)) return list;
    const target = new EventTarget();
    let onchange: ((e: Event) => void) | null = null;
    // Accessors, defined (not assigned, which would copy their values once).
    const fake = Object.defineProperties(target, {
      media: { value: list.media },
      matches: { get: () => emulated(query) ?? list.matches },
      addListener: { value: (f: (e: Event) => void) => target.addEventListener('change', f) },
      removeListener: { value: (f: (e: Event) => void) => target.removeEventListener('change', f) },
      onchange: {
        get: () => onchange,
        set: (f: ((e: Event) => void) | null) => {
          if (onchange) target.removeEventListener('change', onchange);
          onchange = f;
          if (f) target.addEventListener('change', f);
        },
      },
    }) as EventTarget & { matches: boolean };
    // The real list is not listened to: a listener there would outlive the page's own, and
    // the tests never change the real system setting while a page runs.
    watched.push({ query, list, fake, last: fake.matches });
    return fake as unknown as MediaQueryList;
  };
  Object.defineProperty(window, '__cube2048Media', {
    value: (features: Features) => {
      state = { ...state, ...features };
      for (const entry of watched) fire(entry);
    },
  });
}

/**
 * Console messages and uncaught errors, kept in the page for an engine whose automation does
 * not report them (WebKitGTK's WebDriver has no log). The harness collects them before each
 * navigation, so a reload loses nothing it already logged.
 */
export function consoleCollector(): void {
  const log = { errors: [] as string[], messages: [] as string[] };
  Object.defineProperty(window, '__cube2048Console', { value: log });
  // A frame's messages go to the top page's log too, which is the one the harness reads (as
  // Chromium's and Firefox's automation report every frame's console with the page's).
  const MARK = '__cube2048Console';
  const note = (kind: 'errors' | 'messages', line: string): void => {
    log[kind].push(line);
    if (window.top !== window) window.top?.postMessage({ [MARK]: { kind, line } }, '*');
  };
  if (window.top === window)
    window.addEventListener('message', (e) => {
      const entry = (e.data as Record<string, { kind: 'errors' | 'messages'; line: string } | undefined> | null)?.[MARK];
      if (entry) log[entry.kind].push(entry.line);
    });
  const text = (args: unknown[]): string =>
    args
      .map((a) => {
        if (a instanceof Error) return a.message;
        if (typeof a === 'object' && a !== null) {
          try {
            return JSON.stringify(a);
          } catch {
            return String(a);
          }
        }
        return String(a);
      })
      .join(' ');
  const methods = { log: 'log', info: 'info', warn: 'warning', error: 'error', debug: 'debug' } as const;
  for (const [method, type] of Object.entries(methods)) {
    const original = console[method as keyof typeof methods].bind(console);
    console[method as keyof typeof methods] = (...args: unknown[]) => {
      note('messages', `${type}: ${text(args)}`);
      if (type === 'error') note('errors', `console.error: ${text(args)}`);
      original(...args);
    };
  }
  window.addEventListener('error', (e) => {
    note('errors', `pageerror: ${e.error instanceof Error ? e.error.message : e.message}`);
  });
  window.addEventListener('unhandledrejection', (e) => {
    note('errors', `pageerror: ${e.reason instanceof Error ? e.reason.message : String(e.reason)}`);
  });
}

export const mediaShimSource = (features: object): string => `${sourceOf(mediaShim)}(${JSON.stringify(features)})`;

/** Applies emulated features to a loaded page that has the shim (an expression, for `evaluate`). */
export const applyMedia = (features: object): string => `window.__cube2048Media && window.__cube2048Media(${JSON.stringify(features)})`;

/** The collector's entries since the last call, emptied (an expression, for `evaluate`). */
export const TAKE_CONSOLE = `(() => { const log = window.__cube2048Console; if (!log) return { errors: [], messages: [] }; const out = { errors: log.errors.splice(0), messages: log.messages.splice(0) }; return out; })()`;
