import { MAX_SIZE, MIN_SIZE } from '../engine';
import type { PlayableSkin } from '../skins/registry';
import type { Lang, Locale } from '../i18n/core';
import { ENGLISH, LOCALES, languageName, say } from '../i18n/core';
import { EN_PAGE } from '../i18n/en/page';
import { textOr } from '../i18n/notice';
import { PLAYABLE_SKINS, skinLabel } from '../skins/registry';
import { ask } from '../game-ui/dialogs';
import { createLifetime } from '../game-ui/lifetime';
import type { Settings, SettingsStore, ThemeChoice } from './settings';
import { partOf } from './by-id';

export interface SettingsPanelHooks {
  readonly currentSize: () => number;
  /** Asks the player, then starts a game of `size`; false when they kept their game. */
  readonly requestSize: (size: number) => Promise<boolean>;
  /** Called from the click that turns sound on (browsers start audio only from a gesture). */
  readonly onSoundOn: () => void;
  readonly canVibrate: boolean;
  /** The page's language now. */
  readonly lang?: () => Lang;
}

export interface SettingsPanelOptions extends SettingsPanelHooks {
  readonly dialog: HTMLDialogElement;
  /** The button that opens the dialog. */
  readonly opener: HTMLElement;
  readonly settings: SettingsStore;
}

export interface SettingsPanel {
  /** Writes the choices made by code (skins, sizes, languages) again in the page's language. */
  relabel(): void;
  /** Reflects the skin actually shown, and why the one asked for cannot be chosen when it cannot run. */
  showSkin(shown: PlayableSkin, unavailable: { readonly skin: PlayableSkin; readonly reason: string } | null): void;
  dispose(): void;
}

const control = <T extends HTMLElement>(form: HTMLElement, selector: string): T => partOf<T>(form, selector, 'the settings dialog');

const motionChoice = (reduced: boolean | null): 'system' | 'full' | 'reduce' => (reduced === null ? 'system' : reduced ? 'reduce' : 'full');

/** The form's controls that code fills: the skins, the sizes and the languages. */
function controlsOf(form: HTMLFormElement) {
  return {
    size: control<HTMLSelectElement>(form, 'select[name="size"]'),
    sound: control<HTMLInputElement>(form, 'input[name="sound"]'),
    vibration: control<HTMLInputElement>(form, 'input[name="vibration"]'),
    language: control<HTMLSelectElement>(form, 'select[name="language"]'),
    skinChoices: control<HTMLElement>(form, '[data-choices="skin"]'),
    skinNote: control<HTMLElement>(form, '[data-note="skin"]'),
  };
}
type Controls = ReturnType<typeof controlsOf>;

/** Adds the choices the markup leaves to code (once: a second panel finds them made). */
function addChoices({ skinChoices, size, language }: Controls, l: Lang): void {
  const doc = size.ownerDocument;
  if (skinChoices.childElementCount === 0) {
    for (const skin of PLAYABLE_SKINS) {
      const input = Object.assign(doc.createElement('input'), { type: 'radio', name: 'skin', value: skin });
      const label = doc.createElement('label');
      label.append(input, Object.assign(doc.createElement('span'), { textContent: textOr(l, `skin.${skin}`, skinLabel(skin)) }));
      skinChoices.append(label);
    }
  }
  if (size.options.length === 0) {
    for (let n = MIN_SIZE; n <= MAX_SIZE; n++) size.add(new Option(say(l, EN_PAGE, 'size.option', { size: n }), String(n)));
  }
  // Each language named in itself (and marked as such, so a screen reader says it right).
  if (language.options.length === 0) {
    language.add(new Option(say(l, EN_PAGE, 'lang.auto'), 'auto'));
    for (const locale of LOCALES) {
      const option = new Option(languageName(locale), locale);
      option.lang = locale;
      language.add(option);
    }
  }
}

/** Writes the choices made by code again in `l`. */
function relabelChoices({ skinChoices, size, language }: Controls, l: Lang): void {
  for (const span of skinChoices.querySelectorAll<HTMLElement>('label span')) {
    const skin = span.previousElementSibling?.getAttribute('value');
    if (skin === 'cubes' || skin === 'flat') span.textContent = textOr(l, `skin.${skin}`, skinLabel(skin));
  }
  for (const option of size.options) option.text = say(l, EN_PAGE, 'size.option', { size: Number(option.value) });
  const auto = language.options[0];
  if (auto) auto.text = say(l, EN_PAGE, 'lang.auto');
}

/** Applies the change the player made in the form: remembered at once, or (a board size) asked about first. */
async function applyChange(
  target: HTMLInputElement | HTMLSelectElement,
  { dialog, settings, ...hooks }: SettingsPanelOptions,
): Promise<void> {
  const value = target.value;
  switch (target.name) {
    case 'skin':
      settings.set({ skin: value as PlayableSkin });
      break;
    case 'theme':
      settings.set({ theme: value as ThemeChoice });
      break;
    case 'motion':
      // "System" hands the choice back to the system's prefers-reduced-motion.
      settings.set({ reducedMotion: value === 'system' ? null : value === 'reduce' });
      break;
    case 'sound': {
      const on = (target as HTMLInputElement).checked;
      if (on) hooks.onSoundOn();
      settings.set({ sound: on });
      break;
    }
    case 'vibration':
      settings.set({ vibration: (target as HTMLInputElement).checked });
      break;
    case 'language':
      settings.set({ language: value as Locale | 'auto' });
      break;
    case 'size': {
      const started = await hooks.requestSize(Number(value));
      if (started) dialog.close('size');
      else target.value = String(hooks.currentSize());
      break;
    }
  }
}

/**
 * The settings dialog: skin (switched live), board size (asks, then a new game), theme,
 * reduced motion, sound and vibration. Every change applies at once and is remembered.
 */
export function mountSettingsPanel(options: SettingsPanelOptions): SettingsPanel {
  const { dialog, opener, settings } = options;
  const life = createLifetime();
  const lang = options.lang ?? ((): Lang => ENGLISH);
  const form = control<HTMLFormElement>(dialog, 'form');
  const radios = (name: string): HTMLInputElement[] => [...form.querySelectorAll<HTMLInputElement>(`input[name="${name}"]`)];
  const controls = controlsOf(form);
  let shownSkin: PlayableSkin | null = null;
  addChoices(controls, lang());
  control<HTMLElement>(form, '[data-row="vibration"]').hidden = !options.canVibrate;

  const fill = (s: Settings): void => {
    for (const r of radios('skin')) r.checked = r.value === (shownSkin ?? s.skin);
    for (const r of radios('theme')) r.checked = r.value === s.theme;
    controls.size.value = String(options.currentSize());
    for (const r of radios('motion')) r.checked = r.value === motionChoice(s.reducedMotion);
    controls.sound.checked = s.sound;
    controls.vibration.checked = s.vibration;
    controls.language.value = s.language;
  };

  life.listen(form, 'change', (event) => {
    const target = event.target as HTMLInputElement | HTMLSelectElement;
    // The skin chosen is the one asked for from now on, not the one shown instead.
    if (target.name === 'skin') shownSkin = null;
    void applyChange(target, options);
  });
  life.listen(opener, 'click', () => {
    fill(settings.get());
    void ask(dialog, { lightDismiss: true });
  });
  return {
    relabel: () => relabelChoices(controls, lang()),
    showSkin(shown, unavailable) {
      shownSkin = shown;
      for (const r of radios('skin')) r.disabled = r.value === unavailable?.skin;
      controls.skinNote.hidden = unavailable === null;
      controls.skinNote.textContent = unavailable?.reason ?? '';
      if (dialog.open) fill(settings.get());
    },
    dispose: () => life.end(),
  };
}
