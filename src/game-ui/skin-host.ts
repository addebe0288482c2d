import type { Direction } from '../engine';
import type { SkinChoice } from '../skins/registry';
import { DEFAULT_SKIN, FALLBACK_SKIN, isBuiltInSkin, knownSkinNames, loadSkin, skinLabel } from '../skins/registry';
import type { Skin, SkinFactory, SkinOptions } from '../skins/skin';
import { SkinUnavailableError } from '../skins/skin';
import type { Lang } from '../i18n/core';
import { ENGLISH, say } from '../i18n/core';
import { EN_CORE } from '../i18n/en/core';
import type { GameView, ReadonlyStore } from '../store/types';
import type { Lifetime } from './lifetime';
import { createLifetime } from './lifetime';

/**
 * Why the flat board stands in for `skin`: it could not load, could not start, stopped
 * working later, or is unavailable here (`message`: the skin's own reason, such as no
 * WebGL). Data, so the host words it in the player's language (game-ui/fallback.ts).
 */
export interface Fallback {
  readonly why: 'load' | 'start' | 'stopped' | 'unavailable';
  readonly skin: string;
  /** Its name as registered (the words for a skin that is not ours). */
  readonly label: string;
  readonly message: string;
}

export interface SkinHostOptions {
  /** The options a new skin starts with (theme, reduced motion). */
  readonly options: () => SkinOptions;
  /** One line for the player when the asked-for skin cannot run and the flat one stands in. */
  readonly onFallback: (reason: Fallback) => void;
  /** Called once, after the first frame that shows a board. */
  readonly onFirstBoard?: () => void;
  /** The player's language for the line shown when no board can be drawn at all (English when absent). */
  readonly lang?: () => Lang;
}

export interface SkinHost {
  /** The name of the skin showing now, once one is mounted. */
  readonly current: string | null;
  /** Shows the board with a skin (a name or a factory); resolves with the name of the skin actually shown (flat when the asked one cannot run). */
  show(choice: SkinChoice): Promise<string>;
  update(options: Partial<SkinOptions>): void;
  /** Points at `dir` (null hides it); a skin switched in later shows the same hint. */
  setHint(dir: Direction | null): void;
  /** The mounted skin, for tools and benchmarks. */
  skin(): Skin | null;
  dispose(): void;
}

interface Mounted {
  readonly name: string;
  readonly skin: Skin;
  /** Ends the skin and removes its layer: when another replaces it, or with the host. */
  readonly life: Lifetime;
}

/** Why the flat board stands in for `skin`: `why`, unless it is unavailable here (its own reason then, such as no WebGL or a cube it cannot draw). */
function fallbackReason(error: unknown, skin: string, why: Fallback['why']): Fallback {
  const unavailable = error instanceof SkinUnavailableError;
  // For whoever debugs it; the player gets the one line the host shows.
  if (!unavailable) console.warn(`cube2048: the ${skin} skin failed`, error);
  return {
    why: unavailable ? 'unavailable' : why,
    skin,
    label: skinLabel(skin),
    message: unavailable ? error.message : '',
  };
}

/** Runs `done` once the next frame is painted: the frame after mounting draws the board; the message after that frame's callbacks runs once it is painted. */
function afterPaint(done: () => void): void {
  requestAnimationFrame(() => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => done();
    channel.port2.postMessage(null);
  });
}

/** A layer over the whole of `host` for one skin, removed when `part` ends. */
function addLayer(host: HTMLElement, part: Lifetime): HTMLElement {
  const layer = host.ownerDocument.createElement('div');
  layer.className = 'skin-layer';
  Object.assign(layer.style, { position: 'absolute', inset: '0' });
  host.append(layer);
  part.own(() => layer.remove());
  return layer;
}

/**
 * Keeps exactly one skin mounted in `host`. Switching loads the new skin first and swaps
 * in one step, so the board is never blank and the game (the store) is untouched. This is
 * the one fallback path: a skin that cannot load or run (no WebGL, a failed download, a
 * throwing mount; for a host's own skin also a factory that makes no skin, or a skin that
 * throws later, see custom-skin.ts) is replaced by the flat one, with a line saying why;
 * an unknown name shows the default skin.
 */
export function createSkinHost(host: HTMLElement, store: ReadonlyStore<GameView>, options: SkinHostOptions): SkinHost {
  const life = createLifetime();
  const lang = options.lang ?? ((): Lang => ENGLISH);
  let mounted: Mounted | null = null;
  life.own(() => (mounted = null));
  /** Only the latest request may mount; an older one that finishes loading later gives way. */
  let request = 0;
  /** Told once, after the first frame that shows a board. */
  let firstBoard = options.onFirstBoard;
  let hint: Direction | null = null;
  /** The skin being mounted, for the notice when it cannot start. */
  let mounting = '';

  /** Mounts into a fresh layer and ends the old skin only once the new one runs, so a failure leaves the board as it was. */
  const mount = (asked: string | null, factory: SkinFactory): string => {
    const part = life.child();
    const layer = addLayer(host, part);
    let skin: Skin;
    try {
      skin = part.own(factory(options.options()));
      mounting = skin.name;
      skin.mount(layer, store);
    } catch (error) {
      part.end();
      throw error;
    }
    mounted?.life.end();
    mounted = { name: asked ?? skin.name, skin, life: part };
    if (hint) skin.setHint(hint);
    if (firstBoard) afterPaint(firstBoard);
    firstBoard = undefined;
    return mounted.name;
  };

  /** A host's skin that throws after mounting, or cannot draw the game's new shape, gives way to the flat one. */
  const stopped = (skin: Skin, error: unknown): void => {
    if (mounted?.skin !== skin || life.ended) return;
    options.onFallback(fallbackReason(error, mounted.name, 'stopped'));
    void show(FALLBACK_SKIN);
  };

  const show = async (choice: SkinChoice): Promise<string> => {
    const mine = ++request;
    const stale = (): boolean => mine !== request || life.ended;
    const asked = typeof choice === 'function' ? null : choice;
    mounting = asked ?? 'custom';
    let factory: SkinFactory | null = null;
    try {
      factory =
        asked !== null && isBuiltInSkin(asked)
          ? await loadSkin(asked)
          : // A skin of the host's own: guarded, by code loaded only for such skins.
            (await import('./custom-skin')).customFactory(choice, asked, stopped, knownSkinNames(), DEFAULT_SKIN);
      if (!factory) return stale() ? (mounted?.name ?? DEFAULT_SKIN) : show(DEFAULT_SKIN);
      if (stale()) return mounted?.name ?? asked ?? FALLBACK_SKIN;
      return mount(asked, factory);
    } catch (error) {
      const reason = fallbackReason(error, mounting, factory ? 'start' : 'load');
      if (asked === FALLBACK_SKIN || stale()) {
        if (!mounted && !stale()) host.textContent = say(lang(), EN_CORE, 'skin.noBoard');
        return mounted?.name ?? asked ?? FALLBACK_SKIN;
      }
      options.onFallback(reason);
      return show(FALLBACK_SKIN);
    }
  };

  return {
    get current() {
      return mounted?.name ?? null;
    },
    show,
    update(patch) {
      mounted?.skin.update(patch);
    },
    setHint(dir) {
      hint = dir;
      mounted?.skin.setHint(dir);
    },
    skin: () => mounted?.skin ?? null,
    dispose: life.end,
  };
}
