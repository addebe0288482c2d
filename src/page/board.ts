/**
 * The board on the game page: the skin that draws it, started with the resolved theme and
 * motion and following their changes, and the flat board standing in, with a line saying
 * why, when the skin asked for cannot run here.
 */
import type { Lang } from '../i18n/core';
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

export interface PageBoardOptions {
  readonly board: HTMLElement;
  readonly store: GameStore;
  readonly settings: SettingsStore;
  readonly notify: (notice: PageNotice) => void;
  readonly lang: () => Lang;
}

export interface PageBoard {
  readonly host: SkinHost;
  /** The theme and motion the board is drawn with now, which a skin starts with (a fresh object after each change, so a skin may keep it). */
  readonly appearance: () => Appearance;
  /** Resolves the theme and motion again after their settings changed. */
  refresh(): void;
  /** Shows `wanted`: resolves with the skin shown and, when that is not `wanted`, why `wanted` cannot run. */
  show(wanted: PlayableSkin): Promise<Parameters<SettingsPanel['showSkin']>>;
  dispose(): void;
}

export function mountPageBoard({ board, store, settings, notify, lang }: PageBoardOptions): PageBoard {
  const life = createLifetime();
  // Appearance first: the skin starts with the resolved theme and motion, and follows changes (once it is there).
  let drawn: SkinHost | null = null;
  const appearance = life.own(followAppearance(board.ownerDocument.defaultView as Window, settings.get, (a) => drawn?.update(a)));
  /** Why the skin asked for cannot run here, once one could not. */
  let unavailable: Promise<string> | null = null;
  const host = (drawn = life.own(
    createSkinHost(board, store, {
      options: appearance.current,
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
    async show(wanted) {
      const actual = (await host.show(wanted)) as PlayableSkin;
      const reason = actual === wanted || unavailable === null ? null : await unavailable;
      return [actual, reason === null ? null : { skin: wanted, reason }];
    },
    dispose: () => life.end(),
  };
}
