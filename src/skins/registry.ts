/**
 * The built-in skins, declared once: name, what a player reads, whether it needs WebGL, and
 * how its code loads. The page's settings, the embed's option checks, the skin host and the
 * showcase all read this list. The flat skin is small and bundled with the page; the cubes
 * skin brings three.js, so it is fetched with `import()` only when asked for, and so is the
 * text skin, which only the showcase uses (embeds stay small).
 */
import { createFlatSkin } from './dom/flat';
import type { SkinFactory } from './skin';
import { NO_WEBGL_MESSAGE, SkinUnavailableError } from './skin';
import { webglAvailable } from './webgl';

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
const skin = <N extends string, P extends boolean>(entry: SkinEntry & { readonly name: N; readonly playable: P }): SkinEntry & { readonly name: N; readonly playable: P } => entry;

export const BUILT_IN_SKINS = [
  skin({ name: 'cubes', label: '3D cubes', playable: true, needsWebgl: true, load: async () => (await import('./three/cubes')).createCubesSkin }),
  skin({ name: 'flat', label: 'Flat', playable: true, needsWebgl: false, load: () => Promise.resolve(createFlatSkin) }),
  skin({ name: 'text', label: 'Text', playable: false, needsWebgl: false, load: async () => (await import('./text/text')).createTextSkin }),
] as const;

type Entry = (typeof BUILT_IN_SKINS)[number];
export type SkinName = Entry['name'];
/** The skins a player can pick on the page and in embeds. */
export type PlayableSkin = Extract<Entry, { readonly playable: true }>['name'];

export const PLAYABLE_SKINS: readonly PlayableSkin[] = BUILT_IN_SKINS.filter((s): s is Extract<Entry, { readonly playable: true }> => s.playable).map((s) => s.name);
/** What a game shows when nobody chose: the cubes (the flat board stands in without WebGL). */
export const DEFAULT_SKIN: PlayableSkin = 'cubes';
/** What stands in when a skin cannot load or run: needs nothing but the DOM. */
export const FALLBACK_SKIN: PlayableSkin = 'flat';

const find = (name: string): SkinEntry | undefined => BUILT_IN_SKINS.find((s) => s.name === name);

/** What players call a skin (the name itself for one that is not built in). */
export const skinLabel = (name: string): string => find(name)?.label ?? name;

/** Loads a skin's code; a skin that needs WebGL where there is none fails at once, before any download. */
export async function loadSkin(name: SkinName): Promise<SkinFactory> {
  const entry = find(name);
  if (!entry) throw new RangeError(`unknown skin "${String(name)}"`);
  if (entry.needsWebgl && !webglAvailable()) throw new SkinUnavailableError(NO_WEBGL_MESSAGE, name);
  return entry.load();
}
