import { MAX_SIZE, MIN_SIZE } from '../engine';
import type { PlayableSkin } from '../skins/registry';
import type { Lang, Locale } from '../i18n/core';
import { ENGLISH, LOCALES, languageName, say } from '../i18n/core';
import { EN_PAGE } from '../i18n/en/page';
import { textOr } from '../i18n/notice';
import { PLAYABLE_SKINS, skinLabel } from '../skins/registry';
import { ask } from '../game-ui/dialogs';
import type { Settings, SettingsStore, ThemeChoice } from './settings';

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

export interface SettingsPanel {
  /** Writes the choices made by code (skins, sizes, languages) again in the page's language. */
  relabel(): void;
  /** Reflects the skin actually shown, and why the one asked for cannot be chosen when it cannot run. */
  showSkin(shown: PlayableSkin, unavailable: { readonly skin: PlayableSkin; readonly reason: string } | null): void;
  dispose(): void;
}

function control<T extends HTMLElement>(form: HTMLElement, selector: string): T {
  const el = form.querySelector<T>(selector);
  if (!el) throw new Error(`settings dialog is missing ${selector}`);
  return el;
}

/**
 * The settings dialog: skin (switched live), board size (asks, then a new game), theme,
 * reduced motion, sound and vibration. Every change applies at once and is remembered.
 */
const motionChoice = (reduced: boolean | null): 'system' | 'full' | 'reduce' => (reduced === null ? 'system' : reduced ? 'reduce' : 'full');

export function mountSettingsPanel(
  dialog: HTMLDialogElement,
  opener: HTMLElement,
  settings: SettingsStore,
  hooks: SettingsPanelHooks,
): SettingsPanel {
  const form = control<HTMLFormElement>(dialog, 'form');
  const radios = (name: string): HTMLInputElement[] => [...form.querySelectorAll<HTMLInputElement>(`input[name="${name}"]`)];
  const size = control<HTMLSelectElement>(form, 'select[name="size"]');
  const sound = control<HTMLInputElement>(form, 'input[name="sound"]');
  const vibration = control<HTMLInputElement>(form, 'input[name="vibration"]');
  const skinNote = control<HTMLElement>(form, '[data-note="skin"]');
  let shownSkin: PlayableSkin | null = null;

  const language = control<HTMLSelectElement>(form, 'select[name="language"]');
  const lang = hooks.lang ?? ((): Lang => ENGLISH);
  const doc = form.ownerDocument;

  const skinChoices = control<HTMLElement>(form, '[data-choices="skin"]');
  if (skinChoices.childElementCount === 0) {
    for (const skin of PLAYABLE_SKINS) {
      const input = Object.assign(doc.createElement('input'), { type: 'radio', name: 'skin', value: skin });
      const label = doc.createElement('label');
      label.append(input, Object.assign(doc.createElement('span'), { textContent: textOr(lang(), `skin.${skin}`, skinLabel(skin)) }));
      skinChoices.append(label);
    }
  }
  if (size.options.length === 0) {
    for (let n = MIN_SIZE; n <= MAX_SIZE; n++) size.add(new Option(say(lang(), EN_PAGE, 'size.option', { size: n }), String(n)));
  }
  // Each language named in itself (and marked as such, so a screen reader says it right).
  if (language.options.length === 0) {
    language.add(new Option(say(lang(), EN_PAGE, 'lang.auto'), 'auto'));
    for (const locale of LOCALES) {
      const option = new Option(languageName(locale), locale);
      option.lang = locale;
      language.add(option);
    }
  }
  const relabel = (): void => {
    const l = lang();
    for (const span of skinChoices.querySelectorAll<HTMLElement>('label span')) {
      const skin = span.previousElementSibling?.getAttribute('value');
      if (skin === 'cubes' || skin === 'flat') span.textContent = textOr(l, `skin.${skin}`, skinLabel(skin));
    }
    for (const option of size.options) option.text = say(l, EN_PAGE, 'size.option', { size: Number(option.value) });
    const auto = language.options[0];
    if (auto) auto.text = say(l, EN_PAGE, 'lang.auto');
  };
  control<HTMLElement>(form, '[data-row="vibration"]').hidden = !hooks.canVibrate;

  const fill = (s: Settings): void => {
    for (const r of radios('skin')) r.checked = r.value === (shownSkin ?? s.skin);
    for (const r of radios('theme')) r.checked = r.value === s.theme;
    size.value = String(hooks.currentSize());
    for (const r of radios('motion')) r.checked = r.value === motionChoice(s.reducedMotion);
    sound.checked = s.sound;
    vibration.checked = s.vibration;
    language.value = s.language;
  };

  const apply = async (event: Event): Promise<void> => {
    const target = event.target as HTMLInputElement | HTMLSelectElement;
    switch (target.name) {
      case 'skin':
        shownSkin = null;
        settings.set({ skin: target.value as PlayableSkin });
        break;
      case 'theme':
        settings.set({ theme: target.value as ThemeChoice });
        break;
      case 'motion':
        // "System" hands the choice back to the system's prefers-reduced-motion.
        settings.set({ reducedMotion: target.value === 'system' ? null : target.value === 'reduce' });
        break;
      case 'sound':
        if (sound.checked) hooks.onSoundOn();
        settings.set({ sound: sound.checked });
        break;
      case 'vibration':
        settings.set({ vibration: vibration.checked });
        break;
      case 'language':
        settings.set({ language: language.value as Locale | 'auto' });
        break;
      case 'size': {
        const wanted = Number(size.value);
        const started = await hooks.requestSize(wanted);
        if (started) dialog.close('size');
        else size.value = String(hooks.currentSize());
        break;
      }
    }
  };
  const onFormChange = (event: Event): void => void apply(event);
  const open = (): void => {
    fill(settings.get());
    void ask(dialog, { lightDismiss: true });
  };

  form.addEventListener('change', onFormChange);
  opener.addEventListener('click', open);
  return {
    relabel,
    showSkin(shown, unavailable) {
      shownSkin = shown;
      for (const r of radios('skin')) r.disabled = r.value === unavailable?.skin;
      skinNote.hidden = unavailable === null;
      skinNote.textContent = unavailable?.reason ?? '';
      if (dialog.open) fill(settings.get());
    },
    dispose() {
      form.removeEventListener('change', onFormChange);
      opener.removeEventListener('click', open);
    },
  };
}
