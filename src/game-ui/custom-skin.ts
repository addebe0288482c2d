/**
 * What the skin host needs only for skins that are not ours (a host's factory or a
 * registered name), loaded with the first one: the factory, or the line for an unknown
 * name, and a guard around the skin. The guard checks that the factory made a skin; runs its store listeners,
 * its calls, its frames and the callbacks it guards so that one that throws cannot break the
 * move that called it (the store's other listeners, the save) nor reach the page as an uncaught
 * error, and is reported instead; and ends every store subscription on dispose, whether or not
 * the skin ended it.
 */
// Nothing from the registry here (the host passes what is needed): the bundler would otherwise split the embed core in two.
import type { SkinChoice } from '../skins/registry';
import type { FrameClock, Skin, SkinFactory, SkinGuard, SkinOptions } from '../skins/skin';
import { SkinUnavailableError } from '../skins/skin';
import { NO_CUBE_MESSAGE } from '../skins/no-cube';
import { notASkin } from '../skins/not-a-skin';
import { registered } from '../skins/registered';
import { createLifetime } from './lifetime';
import type { GameView } from '../store/types';

/** A registered skin's factory; null for a name nobody registered. */
export const registeredSkin = (name: string): SkinFactory | null => registered.get(name) ?? null;

/** The console line for a name that is neither built in nor registered. */
export const unknownSkinLine = (name: string, known: readonly string[], shown: string): string =>
  `cube2048: skin ${JSON.stringify(name)} is not built in or registered (known: ${known.join(', ')}; register yours before the game mounts), so ${shown} is shown.`;

type Frame = (time: number) => void;

/**
 * `clock` (the browser's frames when absent), each frame run through `run`. A skin asks for
 * the same callback every frame (Playback's tick), so each is wrapped once and frames allocate
 * nothing. The browser's frames are reached here directly: importing the skins' `browserClock`
 * would grow the embed core.
 */
function guardedClock(clock: FrameClock | undefined, run: (callback: Frame, time: number) => void): FrameClock {
  const wrapped = new WeakMap<Frame, Frame>();
  const wrap = (callback: Frame): Frame => {
    let frame = wrapped.get(callback);
    if (!frame) wrapped.set(callback, (frame = (time) => run(callback, time)));
    return frame;
  };
  return {
    now: () => (clock ? clock.now() : performance.now()),
    requestFrame: (callback) => (clock ? clock.requestFrame(wrap(callback)) : requestAnimationFrame(wrap(callback))),
    cancelFrame: (handle) => (clock ? clock.cancelFrame(handle) : cancelAnimationFrame(handle)),
  };
}

/**
 * The skin `factory` makes from `given`, checked and guarded: its store listeners, its calls,
 * its clock's frames and the callbacks it wraps with `options.guard`. `onError` hears the first
 * throw after mounting (a throw in the factory or in mount itself reaches the caller); after it
 * nothing of the skin's runs but `dispose`.
 */
export function guardSkin(factory: SkinFactory, given: SkinOptions, onError: (error: unknown) => void): Skin {
  let broken = false;
  const fail = (error: unknown): void => {
    broken = true;
    onError(error);
  };
  const guarded = (run: () => void): void => {
    try {
      if (!broken) run();
    } catch (error) {
      fail(error);
    }
  };
  const guard: SkinGuard =
    (callback) =>
    (...args) =>
      guarded(() => callback(...args));
  const frame = (callback: Frame, time: number): void => {
    try {
      if (!broken) callback(time);
    } catch (error) {
      fail(error);
    }
  };
  const made: unknown = factory({ ...given, clock: guardedClock(given.clock, frame), guard });
  const problem = notASkin(made);
  if (problem) throw new TypeError(problem);
  const skin = made as Skin;
  // Every store subscription the skin made: each ends when the skin ends it, all end on dispose.
  const subscriptions = createLifetime();
  // The shapes of board it draws ([2] when it does not say): a cube it cannot draw is unavailable, as a missing WebGL is.
  const draws = (view: GameView): boolean => (skin.dimensions ?? [2]).includes(view.game.board.dimensions);
  const unavailable = (): SkinUnavailableError => new SkinUnavailableError(NO_CUBE_MESSAGE, skin.name);
  return {
    name: skin.name,
    ...(skin.dimensions ? { dimensions: skin.dimensions } : {}),
    mount(host, store) {
      if (!draws(store.getState())) throw unavailable();
      // A new game of a shape it cannot draw hands the board to the flat one.
      subscriptions.own(store.subscribe((view) => void (draws(view) || broken || fail(unavailable()))));
      skin.mount(host, {
        getState: store.getState,
        subscribe(listener) {
          const subscription = subscriptions.child();
          subscription.own(store.subscribe(guard(listener)));
          return subscription.end;
        },
      });
    },
    setHint: (dir) => guarded(() => skin.setHint(dir)),
    update: (options) => guarded(() => skin.update(options)),
    finish: () => guarded(() => skin.finish()),
    dispose() {
      broken = true;
      try {
        skin.dispose();
      } catch (error) {
        console.warn(`cube2048: the ${skin.name} skin failed to dispose`, error);
      } finally {
        subscriptions.end();
      }
    },
    ...(skin.inspect ? { inspect: () => skin.inspect!() } : {}),
    // A cube's layers pulled apart (the spread key held), where the skin can.
    ...(skin.spreadLayers ? { spreadLayers: (spread: boolean) => guarded(() => skin.spreadLayers!(spread)) } : {}),
  };
}

/**
 * The factory of a skin of the host's own (`choice` a factory, or `asked` a registered name),
 * guarded: `failed` hears a skin that throws after mounting. Null for a name nobody
 * registered, said in the console (`known` names, and `shown` instead).
 */
export function customFactory(
  choice: SkinChoice,
  asked: string | null,
  failed: (skin: Skin, error: unknown) => void,
  known: readonly string[],
  shown: string,
): SkinFactory | null {
  const made = asked === null ? (choice as SkinFactory) : registeredSkin(asked);
  if (made)
    return (given = {}) => {
      const skin: Skin = guardSkin(made, given, (error) => failed(skin, error));
      return skin;
    };
  console.error(unknownSkinLine(asked ?? '', known, shown));
  return null;
}
