/**
 * The showcase page: one store, four skins side by side. It wires parts together like
 * main.ts does and adds nothing to the rules; every skin follows the same read-only store.
 * The fourth is the outside example skin (it imports only `cube2048/skin`), registered with
 * `registerSkin` and shown by name, as a host page would.
 */
import { ENGLISH } from './i18n/core';
import { fallbackText } from './game-ui/fallback';
import type { Fallback } from './game-ui/skin-host';
import { createCanvasSkin } from '../examples/skins/canvas';
import type { Direction } from './engine';
import { attachKeyboard, describeKeys } from './input';
// registerSkin from its module rather than the `cube2048` entry, which would pull the embed's
// modules into this page's graph and split the game page's shared chunks (+1 kB there).
import { BUILT_IN_SKINS, registerSkin } from './skins/registry';
import type { SkinOptions } from './skins/skin';
import { createGameStore } from './store';
import type { SkinHost } from './game-ui/skin-host';
import { createSkinHost } from './game-ui/skin-host';

const $ = <T extends HTMLElement>(selector: string): T => {
  const el = document.querySelector<T>(selector);
  if (!el) throw new Error(`showcase page is missing ${selector}`);
  return el;
};

const store = createGameStore({ storage: window.localStorage, keyPrefix: 'cube2048-showcase' });
const reduced = $<HTMLInputElement>('#reduced');
const dark = $<HTMLInputElement>('#dark');
const systemDark = matchMedia('(prefers-color-scheme: dark)').matches;
dark.checked = systemDark;
reduced.checked = matchMedia('(prefers-reduced-motion: reduce)').matches;

const options = (): SkinOptions => ({ reducedMotion: reduced.checked, theme: dark.checked ? 'dark' : 'light' });

registerSkin('canvas', createCanvasSkin);
for (const entry of BUILT_IN_SKINS) $(`[data-skin-label="${entry.name}"]`).textContent = entry.label;

// One panel per skin (#cubes, #flat, #text, #canvas), each through the same skin host as the game: one that cannot run here says why in its note and shows the flat board.
const skins: SkinHost[] = [...BUILT_IN_SKINS.map((entry) => entry.name), 'canvas'].map((name) => {
  const onFallback = (reason: Fallback): void => {
    const note = document.querySelector<HTMLElement>(`#${name}-note`);
    if (note) note.textContent = fallbackText(reason, ENGLISH);
  };
  const host = createSkinHost($(`#${name}`), store, { options, onFallback });
  void host.show(name);
  return host;
});

const STATUS: Record<string, string> = {
  won: 'You made the target tile! Keep moving to play on.',
  over: 'No moves left. Undo or start a new game.',
};

function renderHud(): void {
  const { game, best, canUndo } = store.getState();
  $('#score').textContent = game.score.toLocaleString('en');
  $('#best').textContent = best.toLocaleString('en');
  $('#moves').textContent = game.record.length.toLocaleString('en');
  $('#status').textContent = STATUS[game.status] ?? '';
  $<HTMLButtonElement>('#undo').disabled = !canUndo;
  $<HTMLSelectElement>('#size').value = String(game.size);
}

function move(dir: Direction): void {
  const state = store.getState();
  // On the showcase a win simply plays on, so every skin keeps animating.
  if (state.game.status === 'won') state.keepGoing();
  store.getState().move(dir);
}

// The game's own keymap, anywhere on the page, and its how-to sentence in the footer.
describeKeys(document);
attachKeyboard(document.body, { move, undo: () => store.getState().undo(), newGame: () => store.getState().newGame() }, { scope: 'page' });

for (const button of document.querySelectorAll<HTMLButtonElement>('.arrows button')) {
  button.addEventListener('click', () => move(button.dataset.dir as Direction));
}
$('#undo').addEventListener('click', () => store.getState().undo());
$('#new').addEventListener('click', () => store.getState().newGame());
$<HTMLSelectElement>('#size').addEventListener('change', (event) =>
  store.getState().newGame({ size: Number((event.target as HTMLSelectElement).value) }),
);
const applyOptions = (): void => {
  document.documentElement.dataset.theme = dark.checked ? 'dark' : 'light';
  for (const skin of skins) skin.update(options());
};
reduced.addEventListener('change', applyOptions);
dark.addEventListener('change', applyOptions);

store.subscribe(renderHud);
renderHud();
document.documentElement.dataset.theme = dark.checked ? 'dark' : 'light';
