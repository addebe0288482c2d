/**
 * The built-in skins, declared once: name, what a player reads, whether it needs WebGL, and
 * how its code loads. The page's settings, the embed's option checks, the skin host and the
 * showcase all read this list. The cubes skin brings three.js, so it is fetched with `import()`
 * only when asked for, and so is the text skin, which only the showcase uses (embeds stay
 * small); how the flat board comes depends on the build (flat-loader.ts).
 */
import { loadFlatSkin } from './flat-loader';
import type { SkinFactory } from './skin';
import { NO_WEBGL_MESSAGE, SkinUnavailableError } from './skin';
import { registered } from './registered';
import { webglAvailable } from './webgl-available';

export interface SkinEntry {
  readonly name: string;
  /** The skin's name in the settings, and in "the … board could not start" notices. */
  readonly label: string;
  /** Offered to players (the page's settings, embeds); the text skin is for the showcase and tests. */
  readonly playable: boolean;
  /** Cannot run without WebGL 2: checked before its code is fetched. */
  readonly needsWebgl: boolean;
  readonly load: () => Promise<SkinFactory>;
}

/** Keeps an entry's name and whether it is playable as literal types; its loader is typed as any skin's, so the published types never reach three.js. */
const skin = <N extends string, P extends boolean>(
  entry: SkinEntry & { readonly name: N; readonly playable: P },
): SkinEntry & { readonly name: N; readonly playable: P } => entry;

export const BUILT_IN_SKINS = [
  skin({
    name: 'cubes',
    label: '3D cubes',
    playable: true,
    needsWebgl: true,
    load: async () => (await import('./three/cubes')).createCubesSkin,
  }),
  skin({ name: 'flat', label: 'Flat', playable: true, needsWebgl: false, load: loadFlatSkin }),
  skin({ name: 'text', label: 'Text', playable: false, needsWebgl: false, load: async () => (await import('./text/text')).createTextSkin }),
] as const;

type Entry = (typeof BUILT_IN_SKINS)[number];
export type SkinName = Entry['name'];
/** The skins a player can pick on the page and in embeds. */
export type PlayableSkin = Extract<Entry, { readonly playable: true }>['name'];

export const PLAYABLE_SKINS: readonly PlayableSkin[] = BUILT_IN_SKINS.filter(
  (s): s is Extract<Entry, { readonly playable: true }> => s.playable,
).map((s) => s.name);
/** What a game shows when nobody chose: the cubes (the flat board stands in without WebGL). */
export const DEFAULT_SKIN: PlayableSkin = 'cubes';
/** What stands in when a skin cannot load or run: needs nothing but the DOM. */
export const FALLBACK_SKIN: PlayableSkin = 'flat';

/** What a game is asked to show: a skin's name (built in or registered), or a factory of the host's own. */
export type SkinChoice = string | SkinFactory;

/** Names a skin may be registered under: they go in attributes and addresses as they are. */
const NAME_PATTERN = /^[a-z][a-z0-9-]{0,31}$/;

const find = (name: string): SkinEntry | undefined => BUILT_IN_SKINS.find((s) => s.name === name);

/** A name that may be registered or asked for (its spelling, not whether it exists). */
export const isSkinName = (value: unknown): value is string => typeof value === 'string' && NAME_PATTERN.test(value);

/**
 * Makes a skin of your own known by `name`, so `<cube-2048 skin="name">`, `mountGame(el, { skin:
 * 'name' })` and `setSkin('name')` show it. Register before the game mounts (in the same module
 * as the element's import is early enough). A built-in name, a name already registered, a
 * name that is not lower-case letters, digits and hyphens, or a factory that is not a
 * function is refused with an error saying which.
 */
export function registerSkin(name: string, factory: SkinFactory): void {
  // Terse on purpose: every byte here is in the embed core.
  const problem = !isSkinName(name)
    ? `a name of a-z, 0-9 and - (a letter first, 32 at most), not ${JSON.stringify(name)}`
    : typeof factory !== 'function'
      ? 'a factory function'
      : find(name) || registered.has(name)
        ? `a name of its own: "${name}" is ${find(name) ? 'built in' : 'already registered'}`
        : null;
  if (problem) throw new TypeError(`cube2048: registerSkin needs ${problem}`);
  registered.set(name, factory);
}

/** What players call a skin (the name itself for one that is not built in). */
export const skinLabel = (name: string): string => find(name)?.label ?? name;

/** Whether `name` is one of ours (the rest are registered, or unknown). */
export const isBuiltInSkin = (name: string): boolean => find(name) !== undefined;

/** The names a host may ask for: the playable built-in skins, then the registered ones. */
export const knownSkinNames = (): string[] => [...PLAYABLE_SKINS, ...registered.keys()];

/** Loads a built-in skin's code; one that needs WebGL where there is none fails at once, before any download. */
export async function loadSkin(name: string): Promise<SkinFactory> {
  const entry = find(name);
  if (!entry) throw new RangeError(`unknown skin "${name}"`);
  if (entry.needsWebgl && !webglAvailable()) throw new SkinUnavailableError(NO_WEBGL_MESSAGE, name);
  return entry.load();
}
