import { createLifetime } from '../game-ui/lifetime';
import type { Settings } from './settings';

export interface Appearance {
  readonly theme: 'light' | 'dark';
  readonly reducedMotion: boolean;
}

/** The colour of the browser's own bars for each theme (the page background). */
const THEME_COLOUR: Readonly<Record<Appearance['theme'], string>> = { light: '#f7f3ec', dark: '#16130f' };

/**
 * Resolves the settings against the system (dark mode, reduced motion), writes the result
 * onto the document for the stylesheet, and calls `onChange` whenever either side changes.
 */
export function followAppearance(
  win: Window,
  settings: () => Settings,
  onChange: (appearance: Appearance) => void,
): { current(): Appearance; refresh(): void; dispose(): void } {
  const dark = win.matchMedia('(prefers-color-scheme: dark)');
  const still = win.matchMedia('(prefers-reduced-motion: reduce)');
  const root = win.document.documentElement;
  let current: Appearance = { theme: 'light', reducedMotion: false };

  const refresh = (): void => {
    const s = settings();
    current = {
      theme: s.theme === 'system' ? (dark.matches ? 'dark' : 'light') : s.theme,
      reducedMotion: s.reducedMotion ?? still.matches,
    };
    root.dataset.theme = current.theme;
    root.dataset.motion = current.reducedMotion ? 'reduce' : 'full';
    for (const meta of win.document.querySelectorAll<HTMLMetaElement>('meta[name="theme-color"]')) {
      meta.content = THEME_COLOUR[current.theme];
      meta.removeAttribute('media');
    }
    onChange(current);
  };
  const life = createLifetime();
  life.listen(dark, 'change', refresh);
  life.listen(still, 'change', refresh);
  refresh();
  return { current: () => current, refresh, dispose: () => life.end() };
}
