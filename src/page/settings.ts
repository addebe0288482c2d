import { isRecord as isObject } from '../engine/untrusted';
import type { Locale } from '../i18n/core';
import { LOCALES } from '../i18n/core';
import type { CameraView } from '../skins/camera-view';
import type { LookName } from '../skins/looks';
import { DEFAULT_LOOK, LOOKS } from '../skins/looks';
import type { PlayableSkin } from '../skins/registry';
import { DEFAULT_SKIN, PLAYABLE_SKINS } from '../skins/registry';
import type { StorageLike } from '../store/types';

export type ThemeChoice = 'system' | 'light' | 'dark';

export interface Settings {
  readonly skin: PlayableSkin;
  readonly theme: ThemeChoice;
  /** null follows the system's `prefers-reduced-motion`. */
  readonly reducedMotion: boolean | null;
  readonly sound: boolean;
  readonly vibration: boolean;
  /** The language the page speaks; "auto" follows the browser's languages. */
  readonly language: Locale | 'auto';
  /** Where the player left the 3D view; null: the tilted view it starts in. */
  readonly view: CameraView | null;
  /** The 3D cubes' look. */
  readonly look: LookName;
}

export const DEFAULT_SETTINGS: Settings = {
  skin: DEFAULT_SKIN,
  theme: 'system',
  reducedMotion: null,
  sound: false,
  vibration: true,
  language: 'auto',
  view: null,
  look: DEFAULT_LOOK,
};

export const SETTINGS_KEY = 'cube2048:settings:v1';

const oneOf = <T extends string>(value: unknown, allowed: readonly T[], fallback: T): T =>
  allowed.includes(value as T) ? (value as T) : fallback;
const bool = (value: unknown, fallback: boolean): boolean => (typeof value === 'boolean' ? value : fallback);

/** A saved view: three numbers (the skin keeps a view within its limits, so only the shape is checked here). */
const viewOf = (x: unknown): CameraView | null =>
  isObject(x) && [x.azimuth, x.tilt, x.zoom].every(Number.isFinite)
    ? { azimuth: x.azimuth as number, tilt: x.tilt as number, zoom: x.zoom as number }
    : null;

/** Reads saved settings field by field: anything unreadable falls back to its default, nothing throws. */
export function parseSettings(text: string | null): Settings {
  if (text === null) return DEFAULT_SETTINGS;
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return DEFAULT_SETTINGS;
  }
  if (!isObject(data)) return DEFAULT_SETTINGS;
  const d = DEFAULT_SETTINGS;
  return {
    skin: oneOf(data.skin, PLAYABLE_SKINS, d.skin),
    theme: oneOf(data.theme, ['system', 'light', 'dark'], d.theme),
    reducedMotion: data.reducedMotion === null || typeof data.reducedMotion === 'boolean' ? data.reducedMotion : d.reducedMotion,
    sound: bool(data.sound, d.sound),
    vibration: bool(data.vibration, d.vibration),
    language: oneOf(data.language, ['auto', ...LOCALES], d.language),
    view: viewOf(data.view),
    look: oneOf(data.look, LOOKS, d.look),
  };
}

export interface SettingsStore {
  get(): Settings;
  set(patch: Partial<Settings>): void;
  subscribe(listener: (next: Settings, previous: Settings) => void): () => void;
}

/** Settings kept in `storage` (never throwing: private mode just forgets them on reload). */
export function createSettingsStore(storage: StorageLike | null): SettingsStore {
  const read = (): string | null => {
    try {
      return storage?.getItem(SETTINGS_KEY) ?? null;
    } catch {
      return null;
    }
  };
  let current = parseSettings(read());
  const listeners = new Set<(next: Settings, previous: Settings) => void>();
  return {
    get: () => current,
    set(patch) {
      const previous = current;
      current = { ...current, ...patch };
      try {
        storage?.setItem(SETTINGS_KEY, JSON.stringify(current));
      } catch {
        // The game's own notice already says saving is unavailable; settings still apply now.
      }
      for (const listener of listeners) listener(current, previous);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
