import { MAX_SIZE, MIN_SIZE } from '../engine';
import type { PlayableSkin } from '../skins/registry';
import { PLAYABLE_SKINS, skinLabel } from '../skins/registry';
import { ask } from './dialogs';
import type { Settings, SettingsStore, ThemeChoice } from './settings';

export interface SettingsPanelHooks {
  readonly currentSize: () => number;
  /** Asks the player, then starts a game of `size`; false when they kept their game. */
  readonly requestSize: (size: number) => Promise<boolean>;
  /** Called from the click that turns sound on (browsers start audio only from a gesture). */
  readonly onSoundOn: () => void;
  readonly canVibrate: boolean;
}

export interface SettingsPanel {
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

export function mountSettingsPanel(dialog: HTMLDialogElement, opener: HTMLElement, settings: SettingsStore, hooks: SettingsPanelHooks): SettingsPanel {
  const form = control<HTMLFormElement>(dialog, 'form');
  const radios = (name: string): HTMLInputElement[] => [...form.querySelectorAll<HTMLInputElement>(`input[name="${name}"]`)];
  const size = control<HTMLSelectElement>(form, 'select[name="size"]');
  const sound = control<HTMLInputElement>(form, 'input[name="sound"]');
  const vibration = control<HTMLInputElement>(form, 'input[name="vibration"]');
  const skinNote = control<HTMLElement>(form, '[data-note="skin"]');
  let shownSkin: PlayableSkin | null = null;

  const skinChoices = control<HTMLElement>(form, '[data-choices="skin"]');
  if (skinChoices.childElementCount === 0) {
    const doc = form.ownerDocument;
    for (const skin of PLAYABLE_SKINS) {
      const input = Object.assign(doc.createElement('input'), { type: 'radio', name: 'skin', value: skin });
      const label = doc.createElement('label');
      label.append(input, Object.assign(doc.createElement('span'), { textContent: skinLabel(skin) }));
      skinChoices.append(label);
    }
  }
  if (size.options.length === 0) {
    for (let n = MIN_SIZE; n <= MAX_SIZE; n++) size.add(new Option(`${n} × ${n}`, String(n)));
  }
  control<HTMLElement>(form, '[data-row="vibration"]').hidden = !hooks.canVibrate;

  const fill = (s: Settings): void => {
    for (const r of radios('skin')) r.checked = r.value === (shownSkin ?? s.skin);
    for (const r of radios('theme')) r.checked = r.value === s.theme;
    size.value = String(hooks.currentSize());
    for (const r of radios('motion')) r.checked = r.value === motionChoice(s.reducedMotion);
    sound.checked = s.sound;
    vibration.checked = s.vibration;
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
