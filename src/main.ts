// The game page: wires the store, the page UI, the skins and the input sources. Nothing else.
import './ui/styles.css';
import './ui/page-dialogs.css';
import { attachGamepadOnDemand, attachKeyboard } from './input';
import { createGameStore } from './store';
import { localStorageOf } from './ui/local-storage';
import { mountPage } from './ui/page';
import { registerServiceWorker } from './ui/pwa';
import { DAILY_KEY_PREFIX, DAILY_SIZE, dailyHref, dailySeed, isDailyUrl, utcDay } from './ui/daily';
import { createSettingsStore } from './ui/settings';
import { parseStartOptions, withoutStartOptions } from './ui/url';

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
const store = createGameStore({
  storage,
  ...(daily ? { keyPrefix: DAILY_KEY_PREFIX, size: daily.size, randomSeed: () => daily.seed } : {}),
  // Another tab of the game wrote the save: take its position over rather than overwrite it.
  watchStorage: (onChange) => {
    const listener = (event: StorageEvent): void => {
      if (isLocalStorage(event.storageArea)) onChange(event.key);
    };
    window.addEventListener('storage', listener);
    return () => window.removeEventListener('storage', listener);
  },
});

// A daily game saved on an earlier day gives way to today's.
if (daily && store.getState().game.seed !== daily.seed) store.getState().newGame({ seed: daily.seed, size: daily.size });

// `?seed=` (and `?size=`) start that game once; the address is then cleaned so a reload resumes it.
if (!daily && (start.seed !== undefined || start.size !== undefined)) {
  const { game } = store.getState();
  const size = start.size ?? game.size;
  if (start.seed === undefined || game.seed !== start.seed || game.size !== size) store.getState().newGame({ size, ...(start.seed !== undefined ? { seed: start.seed } : {}) });
  history.replaceState(history.state, '', withoutStartOptions(location.href));
}

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

const page = mountPage({ doc: document, store, settings: createSettingsStore(storage), dailyDay, seeded: !daily && start.seed !== undefined, ...(playOnIn ? { playOnIn } : {}) });
for (const problem of start.problems) page.notify({ message: problem });

attachKeyboard(page.game, page.commands, { scope: 'page' });
attachGamepadOnDemand(window, page.commands);

// Built sites only (the mode, not NODE_ENV, so a build made under the test runner has it too).
if (import.meta.env.MODE === 'production') registerServiceWorker(window, (update) => page.notify({ message: 'A new version of cube2048 is ready.', action: { label: 'Reload', run: update.apply } }));
