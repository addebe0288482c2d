/**
 * What an embedded game tells its host: `on` callbacks, `cube2048:*` DOM events on the host
 * element, and `subscribe` listeners, all with the game as plain frozen data. They run after
 * the store's own listeners (the skins) have seen a change, so a host that moves from a
 * listener never reorders frames, and a listener that throws is reported, never fatal.
 */
import type { GameView } from '../store/types';
import type { GameCallbacks, GameEventMap, GameEventName, GameSnapshot } from './options';
import { snapshotOf } from './snapshot';

type Emitted = { [K in GameEventName]: readonly [K, GameEventMap[K]] }[GameEventName];

/** The events one change of the store gives rise to. */
function eventsFor(next: GameView, previous: GameView, state: GameSnapshot): Emitted[] {
  const { change } = next;
  if (change === previous.change || change.kind !== 'move' || !change.report) return [];
  const { dir, gained } = change.report;
  const out: Emitted[] = [['move', { state, dir, gained }]];
  if (gained > 0) out.push(['score', { state, gained }]);
  if (next.game.status === 'won' && previous.game.status !== 'won') out.push(['won', { state }]);
  if (next.game.status === 'over' && previous.game.status !== 'over') out.push(['over', { state }]);
  return out;
}

export interface HostEvents {
  /** The game now, as the host last heard of it. */
  snapshot(): GameSnapshot;
  subscribe(listener: (state: GameSnapshot) => void): () => void;
  /** Follows one change of the store; `alive` says whether the game still runs when the news goes out. */
  changed(next: GameView, previous: GameView, alive: () => boolean): void;
  clear(): void;
}

export function createHostEvents(win: Window, target: EventTarget, on: GameCallbacks, first: GameView): HostEvents {
  let snapshot = snapshotOf(first);
  const listeners = new Set<(state: GameSnapshot) => void>();
  const safely = (run: () => void): void => {
    try {
      run();
    } catch (error) {
      // A host's listener that throws is its bug: reported like any uncaught error, and the game goes on.
      win.reportError(error);
    }
  };
  const emit = ([name, detail]: Emitted): void => {
    const callback = on[name] as ((d: typeof detail) => void) | undefined;
    if (callback) safely(() => callback(detail));
    target.dispatchEvent(new CustomEvent(`cube2048:${name}`, { detail, bubbles: true, composed: true }));
  };
  return {
    snapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    changed(next, previous, alive) {
      if (next.game === previous.game && next.best === previous.best && next.canUndo === previous.canUndo) return;
      const state = snapshotOf(next);
      snapshot = state;
      const fired = eventsFor(next, previous, state);
      queueMicrotask(() => {
        if (!alive()) return;
        for (const listener of [...listeners]) safely(() => listener(state));
        for (const event of fired) emit(event);
      });
    },
    clear: () => listeners.clear(),
  };
}
