import type { PlayableSkin } from '../skins/registry';
import type { Lang, Locale } from '../i18n/core';
import { ENGLISH, say } from '../i18n/core';
import { EN_SKINS } from '../i18n/en/skins';
import type { CameraView, ViewCommand } from '../skins/camera-view';
import type { LookName, ViewName } from '../skins/looks';
import { LOOKS, NAMED_VIEWS, VIEW_COMMANDS, VIEW_NAMES } from '../skins/looks';
import { textOr } from '../i18n/notice';
import { PLAYABLE_SKINS, skinLabel } from '../skins/registry';
import { ask } from '../game-ui/dialogs';
import { createLifetime } from '../game-ui/lifetime';
import type { Settings, SettingsStore, ThemeChoice } from './settings';
import { partOf } from './by-id';
import { addSizesAndLanguages, motionChoice, motionSetting, relabelSizesAndLanguages } from './choices';
import type { BoardChoice } from './board-choices';
import { addBoardChoices, allowCubes, boardChoice, boardOfGame, boardValue, relabelBoardChoices } from './board-choices';
import type { GameState } from '../engine';

export interface SettingsPanelHooks {
  /** The game shown: its board's size and shape are the board chosen. */
  readonly game: () => Pick<GameState, 'size' | 'board'>;
  /** Asks the player, then starts a game on `board`; false when they kept their game. */
  readonly requestBoard: (board: BoardChoice) => Promise<boolean>;
  /** Whether a cube may be chosen (not in the daily challenge, which is a square). */
  readonly cubes: boolean;
  /** Called from the click that turns sound on (browsers start audio only from a gesture). */
  readonly onSoundOn: () => void;
  readonly canVibrate: boolean;
  /** Turns the 3D board to a named view; where it comes to rest is kept with the settings, as a view the player leaves is. */
  readonly showView: (view: ViewCommand) => void;
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

/** The form's controls that code fills: the skins, the sizes and the languages. */
function controlsOf(form: HTMLFormElement) {
  return {
    size: control<HTMLSelectElement>(form, 'select[name="size"]'),
    sound: control<HTMLInputElement>(form, 'input[name="sound"]'),
    vibration: control<HTMLInputElement>(form, 'input[name="vibration"]'),
    language: control<HTMLSelectElement>(form, 'select[name="language"]'),
    skinChoices: control<HTMLElement>(form, '[data-choices="skin"]'),
    skinNote: control<HTMLElement>(form, '[data-note="skin"]'),
    lookChoices: control<HTMLElement>(form, '[data-choices="look"]'),
    viewChoices: control<HTMLElement>(form, '[data-choices="view"]'),
    cubesRows: [control<HTMLElement>(form, '[data-row="look"]'), control<HTMLElement>(form, '[data-row="view"]')],
  };
}
type Controls = ReturnType<typeof controlsOf>;

/**
 * A look's preview in the settings: three of its colours (its board, a small tile, a big one),
 * enough to tell the looks apart at a glance without loading them.
 */
const SWATCHES: Readonly<Record<LookName, readonly [string, string, string]>> = {
  clay: ['#bbada0', '#eee4da', '#f2b179'],
  glossy: ['#dfe6ee', '#ffffff', '#f5b83d'],
  glass: ['#cfe8ef', '#f4fbfd', '#7cc6dd'],
  neon: ['#14102a', '#ff3db8', '#3cf2ff'],
};

/** One radio choice with its words (and a look's swatch before them). */
function radio(doc: Document, name: string, value: string, words: string, swatch?: readonly string[]): HTMLLabelElement {
  const label = doc.createElement('label');
  const span = Object.assign(doc.createElement('span'), { textContent: words });
  if (swatch) {
    const [a, b, c] = swatch;
    const preview = Object.assign(doc.createElement('i'), { className: 'swatch' });
    preview.style.background = `linear-gradient(135deg, ${a} 0 40%, ${b} 40% 70%, ${c} 70%)`;
    span.prepend(preview);
  }
  label.append(Object.assign(doc.createElement('input'), { type: 'radio', name, value }), span);
  return label;
}

/** The words of a choice made by code. */
function choiceWords(name: string, value: string, l: Lang): string {
  if (name === 'look') return say(l, EN_SKINS, `look.${value as LookName}`);
  if (name === 'view') return say(l, EN_SKINS, `view.${value as ViewName}`);
  return textOr(l, `skin.${value as PlayableSkin}`, skinLabel(value));
}

/** Adds the choices the markup leaves to code (once: a second panel finds them made). */
function addChoices({ skinChoices, lookChoices, viewChoices, size, language }: Controls, l: Lang): void {
  const doc = size.ownerDocument;
  if (skinChoices.childElementCount === 0) {
    for (const skin of PLAYABLE_SKINS) skinChoices.append(radio(doc, 'skin', skin, choiceWords('skin', skin, l)));
    for (const look of LOOKS) lookChoices.append(radio(doc, 'look', look, choiceWords('look', look, l), SWATCHES[look]));
    for (const view of VIEW_NAMES) viewChoices.append(radio(doc, 'view', view, choiceWords('view', view, l)));
  }
  // The board choices first: the squares and the cubes, grouped (the showcase's list has the squares alone).
  addBoardChoices(size, l);
  addSizesAndLanguages(size, language, l);
}

/** Writes the choices made by code again in `l`. */
function relabelChoices({ skinChoices, lookChoices, viewChoices, size, language }: Controls, l: Lang): void {
  for (const input of [skinChoices, lookChoices, viewChoices].flatMap((c) => [...c.querySelectorAll<HTMLInputElement>('input')])) {
    const span = input.nextElementSibling;
    const words = span?.lastChild;
    if (words) words.textContent = choiceWords(input.name, input.value, l);
  }
  relabelSizesAndLanguages(size, language, l);
  relabelBoardChoices(size, l);
}

/** The named view `view` is, if it is one (null: the tilted view the 3D board starts in). */
function viewName(view: CameraView | null): ViewName | null {
  const near = (a: CameraView, b: CameraView): boolean =>
    Math.abs(a.azimuth - b.azimuth) + Math.abs(a.tilt - b.tilt) + Math.abs(a.zoom - b.zoom) < 1e-3;
  return view === null ? 'tilted' : (VIEW_NAMES.find((name) => near(NAMED_VIEWS[name], view)) ?? null);
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
    case 'look':
      settings.set({ look: value as LookName });
      break;
    case 'view':
      hooks.showView(VIEW_COMMANDS[value as ViewName]);
      break;
    case 'motion':
      settings.set({ reducedMotion: motionSetting(value) });
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
      const started = await hooks.requestBoard(boardChoice(value));
      if (started) dialog.close('size');
      else target.value = boardValue(boardOfGame(hooks.game()));
      break;
    }
  }
}

/**
 * The settings dialog: skin (switched live), the cubes' look and view, board size (asks, then
 * a new game), theme, reduced motion, sound and vibration. Every change applies at once and is remembered.
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
  allowCubes(controls.size, options.cubes);
  control<HTMLElement>(form, '[data-row="vibration"]').hidden = !options.canVibrate;

  const fill = (s: Settings): void => {
    for (const r of radios('skin')) r.checked = r.value === (shownSkin ?? s.skin);
    for (const r of radios('theme')) r.checked = r.value === s.theme;
    for (const r of radios('look')) r.checked = r.value === s.look;
    for (const r of radios('view')) r.checked = r.value === viewName(s.view);
    controls.size.value = boardValue(boardOfGame(options.game()));
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
      // The looks and views are the cubes'.
      for (const row of controls.cubesRows) row.hidden = shown !== 'cubes';
      for (const r of radios('skin')) r.disabled = r.value === unavailable?.skin;
      controls.skinNote.hidden = unavailable === null;
      controls.skinNote.textContent = unavailable?.reason ?? '';
      if (dialog.open) fill(settings.get());
    },
    dispose: () => life.end(),
  };
}
