/** Stand-ins for the few browser objects the skins touch, so their code runs in Node. */
import { vi } from 'vitest';

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
