// The game page: wires the store, the page UI, the skins and the input sources. Nothing else.
import './page/styles.css';
import './page/page-dialogs.css';
import { attachGamepadOnDemand, attachKeyboard } from './input';
import { createGameStore } from './store';
import { followOtherTabs } from './store/other-tabs';
import { createLifetime } from './game-ui/lifetime';
import { localStorageOf } from './game-ui/local-storage';
import { matchLocale } from './i18n/choose';
import type { Lang } from './i18n/core';
import { ENGLISH, LOCALES, say } from './i18n/core';
import { EN_PAGE } from './i18n/en/page';
import type { Localize } from './page/language';
import { loadWords, pageLocale } from './page/language';
import { mountPage } from './page/page';
import { DAILY_KEY_PREFIX, DAILY_SIZE, dailyHref, dailySeed, isDailyUrl, utcDay } from './page/daily';
import { createSettingsStore } from './page/settings';
import { linkedGame, parseStartOptions, withoutStartOptions } from './page/url';

const storage = localStorageOf(window);
const isLocalStorage = (area: Storage | null): boolean => {
  try {
    return area === window.localStorage;
  } catch {
    return false;
  }
};
const start = parseStartOptions(location.search);
// `?daily`: today's challenge, saved apart so the normal game waits; its new games are today's seed.
const dailyDay = isDailyUrl(location.search) ? utcDay(new Date()) : null;
const daily = dailyDay === null ? null : { seed: dailySeed(dailyDay), size: DAILY_SIZE };
// A game the AI helped with does not raise the best score (the best of the player's own games); the page says so once mounted.
let helped = (): boolean => false;
const store = createGameStore({
  storage,
  helped: () => helped(),
  ...(daily ? { keyPrefix: DAILY_KEY_PREFIX, size: daily.size, randomSeed: () => daily.seed } : {}),
  // Another tab of the game wrote the save: take its position over rather than overwrite it.
  otherTabs: followOtherTabs((onChange) => {
    const watching = createLifetime();
    watching.listen<StorageEvent>(window, 'storage', (event) => {
      if (isLocalStorage(event.storageArea)) onChange(event.key);
    });
    return () => watching.end();
  }),
});

// The game the address asks for: today's challenge over a daily game of an earlier day, or `?seed=` (and `?size=`) over
// another game. The page starts it, asking first when that would end a game at stake; the address is cleaned at once,
// so a reload resumes whichever game the player keeps.
const asked = daily
  ? store.getState().game.seed !== daily.seed
    ? { seed: daily.seed, size: daily.size }
    : null
  : linkedGame(start, store.getState().game);
if (!daily && (start.seed !== undefined || start.size !== undefined || start.dimensions !== undefined))
  history.replaceState(history.state, '', withoutStartOptions(location.href));

// Played on from a replay during the daily challenge: not today's deal, so it goes to the normal game, and so does the page.
const playOnIn = daily
  ? () => {
      const normal = createGameStore({ storage });
      return {
        store: normal,
        done: () => {
          normal.destroy();
          location.assign(dailyHref(location.href, false));
        },
        release: () => normal.destroy(),
      };
    }
  : undefined;

// The page's language before it shows (its catalogue is a small chunk; English needs none), so it never flashes English.
// A promise, not a top-level await: the page's lazy chunks may then share the entry's code rather than split it up.
const settings = createSettingsStore(storage);
const askedLang = new URLSearchParams(location.search).get('lang');
// A language we do not speak is named in one console line, as the embed's bad options are; the browser's is used.
if (askedLang !== null && matchLocale(askedLang) === null)
  console.error(
    `cube2048: lang=${JSON.stringify(askedLang.slice(0, 40))} is not a language cube2048 speaks (${LOCALES.join(', ')}), so the browser's language is used.`,
  );
const locale = pageLocale(askedLang, settings.get().language, navigator.languages);
// English is the markup itself: an English page loads neither the catalogue loader nor the relabelling.
const words: Promise<{ lang: Lang; localize?: Localize }> =
  locale === 'en'
    ? Promise.resolve({ lang: ENGLISH })
    : loadWords(locale).catch((error: unknown) => {
        console.warn(`cube2048: the page speaks English: its ${locale} words could not be loaded`, error);
        return { lang: ENGLISH };
      });
void words.then(({ lang, localize }) => {
  const page = mountPage({
    doc: document,
    store,
    settings,
    dailyDay,
    lang,
    ...(localize ? { localize } : {}),
    start: asked,
    ...(playOnIn ? { playOnIn } : {}),
  });
  helped = page.helped;
  for (const problem of start.problems) page.notify({ message: problem });

  attachKeyboard(page.game, page.commands, { scope: 'page' });
  attachGamepadOnDemand(window, page.commands);

  // Built sites only (the mode, not NODE_ENV, so a build made under the test runner has it too). Its code waits for
  // the page's load event anyway, so it loads on demand instead of with the first board.
  if (import.meta.env.MODE === 'production')
    void import('./page/pwa').then(
      (pwa) =>
        pwa.registerServiceWorker(window, (update) =>
          page.notify({
            message: say(page.lang(), EN_PAGE, 'update.ready'),
            action: { label: say(page.lang(), EN_PAGE, 'update.reload'), run: update.apply },
          }),
        ),
      // Offline before the site was cached: no offline copy this time, as when registering fails.
      () => undefined,
    );
});
