/**
 * The showcase's options: the board size of its game, and the game's own settings for the
 * language, the theme and the motion (a change here is the game page's setting too, as if
 * made in its settings dialog).
 */
import type { Lang, Locale } from './i18n/core';
import { createLifetime } from './game-ui/lifetime';
import { partOf } from './page/by-id';
import { addSizesAndLanguages, motionChoice, motionSetting, relabelSizesAndLanguages } from './page/choices';
import type { SettingsStore, ThemeChoice } from './page/settings';
import type { GameStore } from './store';

export interface ShowcaseOptions {
  /** Writes the choices made by code again in the page's language. */
  relabel(): void;
  /** Shows the settings and the board size as they are now. */
  show(): void;
  dispose(): void;
}

export function bindOptions(
  form: HTMLFormElement,
  { settings, store, lang }: { settings: SettingsStore; store: GameStore; lang: () => Lang },
): ShowcaseOptions {
  const life = createLifetime();
  const size = partOf<HTMLSelectElement>(form, 'select[name="size"]', 'the showcase options');
  const language = partOf<HTMLSelectElement>(form, 'select[name="language"]', 'the showcase options');
  const radios = (name: string): HTMLInputElement[] => [...form.querySelectorAll<HTMLInputElement>(`input[name="${name}"]`)];
  addSizesAndLanguages(size, language, lang());

  const show = (): void => {
    const now = settings.get();
    size.value = String(store.getState().game.size);
    language.value = now.language;
    for (const r of radios('theme')) r.checked = r.value === now.theme;
    for (const r of radios('motion')) r.checked = r.value === motionChoice(now.reducedMotion);
  };
  life.listen(form, 'change', (event) => {
    const { name, value } = event.target as HTMLInputElement | HTMLSelectElement;
    // The showcase's own game, which it keeps apart from the game page's: a new size simply starts one.
    if (name === 'size') store.getState().newGame({ size: Number(value) });
    else if (name === 'language') settings.set({ language: value as Locale | 'auto' });
    else if (name === 'theme') settings.set({ theme: value as ThemeChoice });
    else if (name === 'motion') settings.set({ reducedMotion: motionSetting(value) });
  });
  life.listen(form, 'submit', (event) => event.preventDefault());
  life.own(store.subscribe(() => (size.value = String(store.getState().game.size))));
  show();
  return { relabel: () => relabelSizesAndLanguages(size, language, lang()), show, dispose: () => life.end() };
}
