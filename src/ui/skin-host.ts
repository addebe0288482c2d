import type { Direction } from '../engine';
import type { SkinName } from '../skins/registry';
import { FALLBACK_SKIN, loadSkin, skinLabel } from '../skins/registry';
import type { Skin, SkinFactory, SkinOptions } from '../skins/skin';
import { SkinUnavailableError } from '../skins/skin';
import type { GameView, ReadonlyStore } from '../store/types';

export interface SkinHostOptions {
  /** The options a new skin starts with (theme, reduced motion). */
  readonly options: () => SkinOptions;
  /** One line for the player when the asked-for skin cannot run and the flat one stands in. */
  readonly onFallback: (reason: string) => void;
  /** Called once, after the first frame that shows a board. */
  readonly onFirstBoard?: () => void;
}

export interface SkinHost {
  /** The skin showing now, once one is mounted. */
  readonly current: SkinName | null;
  /** Shows the board with `name`; resolves with the skin actually shown (flat when the asked one cannot run). */
  show(name: SkinName): Promise<SkinName>;
  update(options: Partial<SkinOptions>): void;
  /** Points at `dir` (null hides it); a skin switched in later shows the same hint. */
  setHint(dir: Direction | null): void;
  /** The mounted skin, for tools and benchmarks. */
  skin(): Skin | null;
  dispose(): void;
}

/**
 * Keeps exactly one skin mounted in `host`. Switching loads the new skin first and swaps
 * in one step, so the board is never blank and the game (the store) is untouched. This is
 * the one fallback path: a skin that cannot load or run (no WebGL, a failed download, a
 * throwing mount) is replaced by the flat one, with a line saying why.
 */
export function createSkinHost(host: HTMLElement, store: ReadonlyStore<GameView>, options: SkinHostOptions): SkinHost {
  let mounted: { name: SkinName; skin: Skin; layer: HTMLElement } | null = null;
  /** Only the latest request may mount; an older one that finishes loading later gives way. */
  let request = 0;
  let firstBoardSeen = false;
  let disposed = false;
  let hint: Direction | null = null;

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
  const mount = (name: SkinName, factory: SkinFactory): void => {
    const layer = host.ownerDocument.createElement('div');
    layer.className = 'skin-layer';
    Object.assign(layer.style, { position: 'absolute', inset: '0' });
    host.append(layer);
    const skin = factory(options.options());
    try {
      skin.mount(layer, store);
    } catch (error) {
      skin.dispose();
      layer.remove();
      throw error;
    }
    if (mounted) {
      mounted.skin.dispose();
      mounted.layer.remove();
    }
    mounted = { name, skin, layer };
    if (hint) skin.setHint(hint);
    reportFirstBoard();
  };

  const show = async (name: SkinName): Promise<SkinName> => {
    const mine = ++request;
    const stale = (): boolean => mine !== request || disposed;
    let reason: string;
    let factory: SkinFactory | null = null;
    try {
      factory = await loadSkin(name);
      if (stale()) return mounted?.name ?? name;
      mount(name, factory);
      return name;
    } catch (error) {
      if (error instanceof SkinUnavailableError) reason = error.message;
      else {
        // For whoever debugs it; the player gets the one line below.
        console.warn(`cube2048: the ${name} skin failed`, error);
        reason = `The ${skinLabel(name)} ${factory ? 'could not start in this browser' : 'could not be loaded'}, so the flat board is shown.`;
      }
      if (name === FALLBACK_SKIN || stale()) {
        if (!mounted && !stale()) host.textContent = 'The board could not be shown. Please reload the page.';
        return mounted?.name ?? name;
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
