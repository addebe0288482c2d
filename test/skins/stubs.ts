/** Stand-ins for the few browser objects the skins touch, so their code runs in Node. */
import { vi } from 'vitest';
import type { FrameClock } from '../../src/skins/skin';
import type { CubesRenderer } from '../../src/skins/three/cubes';

/**
 * `module` with each of its classes wrapped so that `onNew` sees every instance made with
 * `new`, for a `vi.mock` of three: what the skin constructs, wherever in its modules.
 */
export function watchConstructions(
  module: Record<string, unknown>,
  onNew: (name: string, instance: object) => void,
): Record<string, unknown> {
  const watched: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(module)) {
    watched[name] =
      typeof value === 'function'
        ? new Proxy(value, {
            construct(target, args, newTarget) {
              const instance = Reflect.construct(target, args, newTarget) as object;
              onNew(name, instance);
              return instance;
            },
          })
        : value;
  }
  return watched;
}

/** A clock whose frames run only when the test advances time. */
export function manualClock(): FrameClock & { advance(ms: number): void; pending(): number } {
  let time = 0;
  let next = 1;
  const frames = new Map<number, (t: number) => void>();
  return {
    now: () => time,
    requestFrame: (cb) => (frames.set(next, cb), next++),
    cancelFrame: (h) => void frames.delete(h),
    pending: () => frames.size,
    advance(ms) {
      time += ms;
      const due = [...frames.values()];
      frames.clear();
      for (const cb of due) cb(time);
    },
  };
}

/** A stand-in for the browser's media queries: `(resolution: Ndppx)` lists whose change events the test fires. */
export function fakeScreen(ratio: number): { setRatio(next: number): void; listening(): string[] } {
  const screen = { devicePixelRatio: ratio };
  const lists = new Map<string, Set<() => void>>();
  vi.stubGlobal('window', screen);
  vi.stubGlobal('matchMedia', (query: string) => {
    const listeners = lists.get(query) ?? new Set<() => void>();
    lists.set(query, listeners);
    return {
      get matches() {
        return query === `(resolution: ${screen.devicePixelRatio}dppx)`;
      },
      addEventListener: (_type: string, listener: () => void) => void listeners.add(listener),
      removeEventListener: (_type: string, listener: () => void) => void listeners.delete(listener),
    };
  });
  return {
    /** Moves to a screen of another ratio: the query that matched the old one stops matching. */
    setRatio(next) {
      const old = `(resolution: ${screen.devicePixelRatio}dppx)`;
      screen.devicePixelRatio = next;
      for (const listener of [...(lists.get(old) ?? [])]) listener();
    },
    listening: () => [...lists].filter(([, listeners]) => listeners.size > 0).map(([query]) => query),
  };
}

/** A canvas for `document.createElement`: a 2D context that draws nothing, and a WebGL probe that says yes. */
function stubCanvas(): object {
  const context2d = new Proxy(
    {},
    {
      get: (_target, key) =>
        key === 'measureText'
          ? () => ({ width: 10, actualBoundingBoxAscent: 8, actualBoundingBoxDescent: 1 })
          : key === 'createRadialGradient'
            ? () => ({ addColorStop() {} })
            : () => undefined,
      set: () => true,
    },
  );
  const webgl = { getExtension: () => null, getParameter: () => '' };
  return {
    width: 0,
    height: 0,
    style: {},
    setAttribute() {},
    addEventListener() {},
    removeEventListener() {},
    remove() {},
    getContext: (kind: string) => (kind === '2d' ? context2d : webgl),
  };
}

/** The DOM globals the cubes skin's `mount` touches: canvases from `document` and a ResizeObserver that never fires. */
export function stubCubesDom(): void {
  vi.stubGlobal('document', { createElement: () => stubCanvas() });
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe(): void {}
      disconnect(): void {}
    },
  );
}

/** A renderer that draws nothing and records what the skin asks of it; `render` only counts (it runs every frame). */
export interface StubRenderer extends CubesRenderer {
  renders: number;
  readonly pixelRatios: number[];
  readonly sizes: string[];
  disposed: boolean;
  contextReleased: boolean;
}

export function stubRenderer(): StubRenderer {
  const renderer: StubRenderer = {
    renders: 0,
    pixelRatios: [],
    sizes: [],
    disposed: false,
    contextReleased: false,
    render: () => void renderer.renders++,
    setPixelRatio: (ratio) => void renderer.pixelRatios.push(ratio),
    setSize: (width, height) => void renderer.sizes.push(`${width}×${height}`),
    setClearColor() {},
    dispose: () => void (renderer.disposed = true),
    forceContextLoss: () => void (renderer.contextReleased = true),
    info: { render: { calls: 0, triangles: 0 }, memory: { geometries: 0, textures: 0 }, programs: [] },
    capabilities: { getMaxAnisotropy: () => 1 },
  };
  return renderer;
}

/** A host element of `side` CSS pixels; `listeners` holds what the skin added, by event type. */
export function stubHost(side: number): { host: HTMLElement; listeners: Map<string, (event: object) => void> } {
  const listeners = new Map<string, (event: object) => void>();
  const host = {
    clientWidth: side,
    clientHeight: side,
    append() {},
    addEventListener: (type: string, listener: (event: object) => void) => void listeners.set(type, listener),
    removeEventListener: (type: string) => void listeners.delete(type),
    getBoundingClientRect: () => ({ left: 0, top: 0, width: side, height: side }),
  };
  return { host: host as unknown as HTMLElement, listeners };
}
