/**
 * The settings dialog on the game page: its code loads on its first opening, and what it must
 * show by then (the skin shown, and why the one asked for cannot run) waits for it.
 */
import { createLifetime } from '../game-ui/lifetime';
import { byId } from './by-id';
import { onDemand } from './on-demand';
import type { SettingsStore } from './settings';
import type { SettingsPanel, SettingsPanelHooks } from './settings-panel';

export interface SettingsOnDemandOptions extends Omit<SettingsPanelHooks, 'canVibrate'> {
  readonly doc: Document;
  readonly settings: SettingsStore;
}

export function settingsOnDemand({ doc, ...options }: SettingsOnDemandOptions): SettingsPanel {
  const life = createLifetime();
  const opener = byId(doc, 'open-settings');
  let skinShown: Parameters<SettingsPanel['showSkin']> | null = null;
  let panel: SettingsPanel | null = null;
  /** Until the panel has come: the opener loads it. */
  const waiting = life.child();
  const load = onDemand(life, () =>
    import('./settings-panel').then((code) => {
      waiting.end();
      const win = doc.defaultView as Window;
      panel = code.mountSettingsPanel({
        dialog: byId(doc, 'settings-dialog'),
        opener,
        canVibrate: typeof win.navigator.vibrate === 'function' && win.matchMedia('(pointer: coarse)').matches,
        ...options,
      });
      if (skinShown) panel.showSkin(...skinShown);
      return panel;
    }),
  );
  waiting.listen(opener, 'click', () => void load().then(() => opener.click()));
  return {
    showSkin(...shown) {
      skinShown = shown;
      panel?.showSkin(...shown);
    },
    relabel: () => panel?.relabel(),
    dispose: () => life.end(),
  };
}
