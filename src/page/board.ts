/**
 * The board on the game page: the skin that draws it, started with the resolved theme and
 * motion and following their changes, and the flat board standing in, with a line saying
 * why, when the skin asked for cannot run here. The 3D board turns here (see the README):
 * the view the player leaves is kept with the settings, the reset button shows while it is
 * turned, and moves follow it.
 */
import type { CubeDirection } from '../engine';
import type { Lang } from '../i18n/core';
import { boardDirection } from '../input/view-direction';
import type { ViewCommand } from '../skins/camera-view';
import type { PlayableSkin } from '../skins/registry';
import type { GameStore } from '../store';
import type { PageNotice } from '../game-ui/notices';
import { createLifetime } from '../game-ui/lifetime';
import type { SkinHost } from '../game-ui/skin-host';
import { createSkinHost } from '../game-ui/skin-host';
import type { Appearance } from './appearance';
import { followAppearance } from './appearance';
import type { SettingsStore } from './settings';
import type { SettingsPanel } from './settings-panel';
import type { Turning } from './turning';

export interface PageBoardOptions {
  readonly board: HTMLElement;
  /** The button that puts the 3D view back, shown while it is turned. */
  readonly resetView: HTMLElement;
  readonly store: GameStore;
  readonly settings: SettingsStore;
  readonly notify: (notice: PageNotice) => void;
  readonly lang: () => Lang;
  /** What a skin waits for before its first frame: the page's parts for the game shown (a cube's help), so they do not move the board once drawn. */
  readonly settled?: () => Promise<void>;
}

export interface PageBoard {
  readonly host: SkinHost;
  /** The theme and motion the board is drawn with now, which a skin starts with (a fresh object after each change, so a skin may keep it). */
  readonly appearance: () => Appearance;
  /** Resolves the theme and motion again after their settings changed. */
  refresh(): void;
  /** Writes its words again in the page's language (the sentence on turning the board). */
  relabel(): void;
  /** The board's direction for a move toward `screen`, as the board is seen now. */
  onBoard(screen: CubeDirection): CubeDirection;
  /** Turns the 3D board (to a named view, from the settings); where it comes to rest is kept as any view the player leaves. */
  showView(command: ViewCommand): void;
  /** Shows `wanted`: resolves with the skin shown and, when that is not `wanted`, why `wanted` cannot run. */
  show(wanted: PlayableSkin): Promise<Parameters<SettingsPanel['showSkin']>>;
  dispose(): void;
}

export function mountPageBoard({ board, resetView, store, settings, notify, lang, settled }: PageBoardOptions): PageBoard {
  const life = createLifetime();
  // Appearance first: the skin starts with the resolved theme and motion, and follows changes (once it is there).
  let drawn: SkinHost | null = null;
  const appearance = life.own(followAppearance(board.ownerDocument.defaultView as Window, settings.get, (a) => drawn?.update(a)));
  /** Why the skin asked for cannot run here, once one could not. */
  let unavailable: Promise<string> | null = null;
  /** Turning's keys, reset button and words: loaded once a board that turns shows (null before, unless `load`). */
  let turningPart: Promise<Turning> | null = null;
  const turning = (load = false): Promise<Turning> | null =>
    load
      ? (turningPart ??= import('./turning').then((part) =>
          life.own(part.startTurning({ doc: board.ownerDocument, resetView, settings, skin: () => host.skin(), lang })),
        ))
      : turningPart;
  const host = (drawn = life.own(
    createSkinHost(board, store, {
      options: () => ({
        ...appearance.current(),
        turnable: true,
        view: settings.get().view ?? undefined,
        look: settings.get().look,
        onView: (view) => {
          settings.set({ view });
          void turning()?.then((part) => part.refresh());
        },
      }),
      onFallback: (reason) => {
        // Rare, so its words load only then.
        unavailable = import('../game-ui/fallback').then((words) => words.fallbackText(reason, lang()));
        void unavailable.then((message) => notify({ message }));
      },
      onFirstBoard: () => performance.mark('cube2048:first-board'),
      lang,
    }),
  ));
  return {
    host,
    appearance: appearance.current,
    refresh: appearance.refresh,
    relabel: () => void turning()?.then((part) => part.relabel()),
    onBoard: (screen) => boardDirection(host.skin()?.azimuth?.() ?? 0, screen),
    showView: (command) => host.skin()?.turn?.(command),
    async show(wanted) {
      // The cubes turn: their keys' sentence is written before their first frame, which it would push up under a player's finger.
      if (wanted === 'cubes') await turning(true)?.catch(() => null);
      await settled?.();
      const actual = (await host.show(wanted)) as PlayableSkin;
      void turning(Boolean(host.skin()?.turn))?.then((part) => part.refresh());
      const reason = actual === wanted || unavailable === null ? null : await unavailable;
      return [actual, reason === null ? null : { skin: wanted, reason }];
    },
    dispose: () => life.end(),
  };
}
