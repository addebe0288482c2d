/**
 * The showcase page: one game drawn in four board styles side by side, for a visitor to play
 * and read about. It wires parts together as main.ts does and adds nothing to the rules; every
 * skin follows the same read-only store. The fourth is the outside example skin (it imports
 * only `cube2048/skin`), registered with `registerSkin` and shown by name, as a host page would.
 *
 * It speaks, looks and moves as the game page does: the language by `?lang=`, the Language
 * setting or the browser's (`pageLocale`), the theme and motion by the settings or the system
 * (`followAppearance`); its controls for them change the game's own settings.
 */
import './showcase.css';
import { createCanvasSkin } from '../examples/skins/canvas';
import type { Direction } from './engine';
import { fallbackText } from './game-ui/fallback';
import { createLifetime } from './game-ui/lifetime';
import { localStorageOf } from './game-ui/local-storage';
import type { Fallback, SkinHost } from './game-ui/skin-host';
import { createSkinHost } from './game-ui/skin-host';
import type { Lang } from './i18n/core';
import { ENGLISH, say } from './i18n/core';
import { EN_SHOWCASE } from './i18n/en/showcase';
import type { Commands } from './input';
import { attachKeyboard, attachSwipe } from './input';
import { followAppearance } from './page/appearance';
import type { Localize } from './page/language';
import { loadWords, pageLocale, speakPageLanguage } from './page/language';
import { createSettingsStore } from './page/settings';
// registerSkin from its module rather than the `cube2048` entry, which would pull the embed's
// modules into this page's graph and split the game page's shared chunks (+1 kB there).
import { BUILT_IN_SKINS, registerSkin } from './skins/registry';
import type { GameStore } from './store';
import { createGameStore } from './store';
import { bindOptions } from './showcase-options';

const $ = <T extends HTMLElement>(selector: string): T => {
  const el = document.querySelector<T>(selector);
  if (!el) throw new Error(`the showcase page is missing ${selector}`);
  return el;
};

const storage = localStorageOf(window);
const store = createGameStore({ storage, keyPrefix: 'cube2048-showcase' });
const settings = createSettingsStore(storage);
registerSkin('canvas', createCanvasSkin);

/** One panel per skin (#cubes, #flat, #text, #canvas), each through the same skin host as the game: one that cannot run here says why above its board and shows the flat one. */
function mountBoards(
  lang: () => Lang,
  options: () => { theme: 'light' | 'dark'; reducedMotion: boolean },
): { hosts: SkinHost[]; relabel(): void } {
  const reasons = new Map<string, Fallback>();
  const note = (name: string): void => {
    const reason = reasons.get(name);
    $(`#${name}-note`).textContent = reason ? fallbackText(reason, lang()) : '';
  };
  const hosts = [...BUILT_IN_SKINS.map((entry) => entry.name), 'canvas'].map((name) => {
    const host = createSkinHost($(`#${name}`), store, {
      options,
      lang,
      onFallback: (reason) => {
        reasons.set(name, reason);
        note(name);
      },
    });
    void host.show(name);
    return host;
  });
  return { hosts, relabel: () => reasons.forEach((_, name) => note(name)) };
}

/** The score cards, the Undo button and the line saying the game is won or over, in `lang`. */
function renderHud(game: GameStore, lang: Lang): void {
  const { game: state, best, canUndo } = game.getState();
  $('#score').textContent = lang.number.format(state.score);
  $('#best').textContent = lang.number.format(best);
  $('#moves').textContent = lang.number.format(state.record.length);
  $('#status').textContent =
    state.status === 'won'
      ? say(lang, EN_SHOWCASE, 'showcase.won')
      : state.status === 'over'
        ? say(lang, EN_SHOWCASE, 'showcase.over')
        : '';
  $<HTMLButtonElement>('#undo').disabled = !canUndo;
}

function start(first: Lang, localize?: Localize): void {
  const life = createLifetime();
  // The markup's words, <html lang dir> and the how-to sentence first; what code writes follows in `relabel`.
  const language = life.own(speakPageLanguage({ doc: document, lang: first, ...(localize ? { localize } : {}), relabel: () => relabel() }));
  const lang = (): Lang => language.lang();
  const hosts: SkinHost[] = [];
  const appearance = life.own(followAppearance(window, settings.get, (now) => hosts.forEach((host) => host.update(now))));
  const boards = mountBoards(lang, appearance.current);
  hosts.push(...boards.hosts);
  const options = life.own(bindOptions($<HTMLFormElement>('.options'), { settings, store, lang }));
  const relabel = (): void => {
    renderHud(store, lang());
    boards.relabel();
    options.relabel();
  };
  relabel();
  life.own(
    settings.subscribe((next, previous) => {
      if (next.theme !== previous.theme || next.reducedMotion !== previous.reducedMotion) appearance.refresh();
      if (next.language !== previous.language) void language.change(pageLocale(null, next.language, navigator.languages));
      options.show();
    }),
  );
  life.own(store.subscribe(() => renderHud(store, lang())));

  // On the showcase a win simply plays on, so every board keeps animating.
  const move = (dir: Direction): void => {
    if (store.getState().game.status === 'won') store.getState().keepGoing();
    store.getState().move(dir);
  };
  const commands: Commands = { move, undo: () => store.getState().undo(), newGame: () => store.getState().newGame() };
  // The game's own keymap, anywhere on the page (its how-to sentence is in the footer), and a swipe on any board.
  life.own(attachKeyboard(document.body, commands, { scope: 'page' }));
  for (const frame of document.querySelectorAll<HTMLElement>('.frame')) life.own(attachSwipe(frame, commands));
  for (const button of document.querySelectorAll<HTMLButtonElement>('.arrows button'))
    life.listen(button, 'click', () => move(button.dataset.dir as Direction));
  life.listen($('#undo'), 'click', commands.undo);
  life.listen($('#new'), 'click', commands.newGame);
}

// The page's words before anything is drawn in them (English is the markup itself and needs no catalogue).
const locale = pageLocale(new URLSearchParams(location.search).get('lang'), settings.get().language, navigator.languages);
const words: Promise<{ lang: Lang; localize?: Localize }> =
  locale === 'en' ? Promise.resolve({ lang: ENGLISH }) : loadWords(locale).catch(() => ({ lang: ENGLISH }));
void words.then(({ lang, localize }) => start(lang, localize));
