import type { Direction } from '../engine';
import type { SkinChoice } from '../skins/registry';
import { DEFAULT_SKIN, FALLBACK_SKIN, isBuiltInSkin, knownSkinNames, loadSkin, skinLabel } from '../skins/registry';
import type { Skin, SkinFactory, SkinOptions } from '../skins/skin';
import { SkinUnavailableError } from '../skins/skin';
import type { Lang } from '../i18n/core';
import { ENGLISH, say } from '../i18n/core';
import { EN_CORE } from '../i18n/en/core';
import type { GameView, ReadonlyStore } from '../store/types';

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
  readonly layer: HTMLElement;
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
  const lang = options.lang ?? ((): Lang => ENGLISH);
  let mounted: Mounted | null = null;
  /** Only the latest request may mount; an older one that finishes loading later gives way. */
  let request = 0;
  let firstBoardSeen = false;
  let disposed = false;
  let hint: Direction | null = null;
  /** The skin being mounted, for the notice when it cannot start. */
  let mounting = '';

  const reportFirstBoard = (): void => {
    if (firstBoardSeen || !options.onFirstBoard) return;
    firstBoardSeen = true;
    const done = options.onFirstBoard;
    // The frame after mounting draws the board; the message after that frame's callbacks runs once it is painted.
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => done();
      channel.port2.postMessage(null);
    });
  };

  /** Mounts into a fresh layer and removes the old skin only once the new one runs, so a failure leaves the board as it was. */
  const mount = (asked: string | null, factory: SkinFactory): string => {
    const layer = host.ownerDocument.createElement('div');
    layer.className = 'skin-layer';
    Object.assign(layer.style, { position: 'absolute', inset: '0' });
    host.append(layer);
    let skin: Skin | undefined;
    try {
      skin = factory(options.options());
      mounting = skin.name;
      skin.mount(layer, store);
    } catch (error) {
      skin?.dispose();
      layer.remove();
      throw error;
    }
    if (mounted) {
      mounted.skin.dispose();
      mounted.layer.remove();
    }
    mounted = { name: asked ?? skin.name, skin, layer };
    if (hint) skin.setHint(hint);
    reportFirstBoard();
    return mounted.name;
  };

  const show = async (choice: SkinChoice): Promise<string> => {
    const mine = ++request;
    const stale = (): boolean => mine !== request || disposed;
    const asked = typeof choice === 'function' ? null : choice;
    mounting = asked ?? 'custom';
    let reason: Fallback;
    let factory: SkinFactory | null = null;
    try {
      if (asked !== null && isBuiltInSkin(asked)) factory = await loadSkin(asked);
      else {
        // A skin of the host's own: guarded, by code loaded only for such skins.
        const custom = await import('./custom-skin');
        const made = asked === null ? (choice as SkinFactory) : custom.registeredSkin(asked);
        if (!made) {
          console.error(custom.unknownSkinLine(asked ?? '', knownSkinNames(), DEFAULT_SKIN));
          return stale() ? (mounted?.name ?? DEFAULT_SKIN) : show(DEFAULT_SKIN);
        }
        factory = (given) => {
          const skin = custom.guardSkin(made(given), (error) => {
            if (mounted?.skin !== skin || disposed) return;
            console.warn(`cube2048: the ${skin.name} skin failed`, error);
            options.onFallback({ why: 'stopped', skin: mounted.name, label: skinLabel(mounted.name), message: '' });
            void show(FALLBACK_SKIN);
          });
          return skin;
        };
      }
      if (stale()) return mounted?.name ?? asked ?? FALLBACK_SKIN;
      return mount(asked, factory!);
    } catch (error) {
      if (error instanceof SkinUnavailableError)
        reason = { why: 'unavailable', skin: mounting, label: skinLabel(mounting), message: error.message };
      else {
        // For whoever debugs it; the player gets the one line below.
        console.warn(`cube2048: the ${mounting} skin failed`, error);
        reason = { why: factory ? 'start' : 'load', skin: mounting, label: skinLabel(mounting), message: '' };
      }
      if (asked === FALLBACK_SKIN || stale()) {
        if (!mounted && !stale()) host.textContent = say(lang(), EN_CORE, 'skin.noBoard');
        return mounted?.name ?? asked ?? FALLBACK_SKIN;
      }
    }
    options.onFallback(reason);
    return show(FALLBACK_SKIN);
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
    dispose() {
      disposed = true;
      mounted?.skin.dispose();
      mounted?.layer.remove();
      mounted = null;
    },
  };
}
