/**
 * What the skin host needs only for skins that are not ours (a host's factory or a
 * registered name), loaded with the first one: the factory, or the line for an unknown
 * name, and a guard around the skin. The guard checks that the factory made a skin; runs its store listeners
 * and its calls so that one that throws cannot break the move that called it (the store's
 * other listeners, the save) and is reported instead; and ends every store subscription
 * on dispose, whether or not the skin ended it.
 */
// Nothing from the registry here (the host passes what is needed): the bundler would otherwise split the embed core in two.
import type { SkinChoice } from '../skins/registry';
import type { Skin, SkinFactory } from '../skins/skin';
import { notASkin } from '../skins/not-a-skin';
import { registered } from '../skins/registered';
import { createLifetime } from './lifetime';

/** A registered skin's factory; null for a name nobody registered. */
export const registeredSkin = (name: string): SkinFactory | null => registered.get(name) ?? null;

/** The console line for a name that is neither built in nor registered. */
export const unknownSkinLine = (name: string, known: readonly string[], shown: string): string =>
  `cube2048: skin ${JSON.stringify(name)} is not built in or registered (known: ${known.join(', ')}; register yours before the game mounts), so ${shown} is shown.`;

/** `made`, checked and guarded; `onError` hears the first throw after mounting (a throw in mount itself reaches the caller). */
export function guardSkin(made: unknown, onError: (error: unknown) => void): Skin {
  const problem = notASkin(made);
  if (problem) throw new TypeError(problem);
  const skin = made as Skin;
  // Every store subscription the skin made: each ends when the skin ends it, all end on dispose.
  const subscriptions = createLifetime();
  let broken = false;
  const guarded = (run: () => void): void => {
    try {
      if (!broken) run();
    } catch (error) {
      broken = true;
      onError(error);
    }
  };
  return {
    name: skin.name,
    mount(host, store) {
      skin.mount(host, {
        getState: store.getState,
        subscribe(listener) {
          const subscription = subscriptions.child();
          subscription.own(store.subscribe((state, previous) => guarded(() => listener(state, previous))));
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
    return (given) => {
      const skin: Skin = guardSkin(made(given), (error) => failed(skin, error));
      return skin;
    };
  console.error(unknownSkinLine(asked ?? '', known, shown));
  return null;
}
