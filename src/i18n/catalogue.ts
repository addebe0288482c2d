/**
 * Every key cube2048 speaks, typed from the English catalogues: a locale's module is a
 * `LocaleCatalogue`, so a key that English does not have is a type error there, and one it
 * lacks falls back to English at run time (test/i18n/catalogues.test.ts requires them all).
 * Type-only imports: no English is bundled with a locale.
 */
import type { Message } from './core';
import type { EN_ANNOUNCE } from './en/announce';
import type { EN_CORE } from './en/core';
import type { EN_CUBE } from './en/cube';
import type { EN_HELP } from './en/help';
import type { EN_KEYS } from './en/keys';
import type { EN_VIEW_HELP } from './en/view-help';
import type { EN_QUESTION } from './en/question';
import type { EN_SKINS } from './en/skins';
import type { EN_STATS } from './en/stats';
import type { EN_DIALOGS } from './en/dialogs';
import type { EN_HISTORY } from './en/history';
import type { EN_LAYERS } from './en/layers';
import type { EN_AI } from './en/ai';
import type { EN_MARKUP } from './en/markup';
import type { EN_NOTICES } from './en/notices';
import type { EN_PAGE } from './en/page';
import type { EN_SHARE } from './en/share';
import type { EN_TERMINAL } from './en/terminal';
import type { EN_SHOWCASE, EN_SHOWCASE_MARKUP } from './en/showcase';

export type English = typeof EN_CORE &
  typeof EN_HELP &
  typeof EN_VIEW_HELP &
  typeof EN_KEYS &
  typeof EN_DIALOGS &
  typeof EN_NOTICES &
  typeof EN_AI &
  typeof EN_SKINS &
  typeof EN_QUESTION &
  typeof EN_HISTORY &
  typeof EN_STATS &
  typeof EN_ANNOUNCE &
  typeof EN_PAGE &
  typeof EN_CUBE &
  typeof EN_SHARE &
  typeof EN_MARKUP &
  typeof EN_TERMINAL &
  typeof EN_LAYERS &
  typeof EN_SHOWCASE_MARKUP &
  typeof EN_SHOWCASE;
export type Key = keyof English;
/** A locale's messages: any key English has, as a sentence or, for a plural, its forms. */
export type LocaleCatalogue = { readonly [K in Key]?: English[K] extends string ? string : Message };
