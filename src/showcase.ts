/**
 * The showcase page: one store, three skins side by side. It wires parts together like
 * main.ts does and adds nothing to the rules; every skin follows the same read-only store.
 */
import type { Direction } from './engine';
import { SkinUnavailableError } from './skins/skin';
import type { Skin, SkinName, SkinOptions } from './skins/skin';
import { loadSkin } from './skins/load';
import { createGameStore } from './store';

const $ = <T extends HTMLElement>(selector: string): T => {
  const el = document.querySelector<T>(selector);
  if (!el) throw new Error(`showcase page is missing ${selector}`);
  return el;
};

const store = createGameStore({ storage: window.localStorage, keyPrefix: 'cube2048-showcase' });
const skins: Skin[] = [];
const reduced = $<HTMLInputElement>('#reduced');
const dark = $<HTMLInputElement>('#dark');
const systemDark = matchMedia('(prefers-color-scheme: dark)').matches;
dark.checked = systemDark;
reduced.checked = matchMedia('(prefers-reduced-motion: reduce)').matches;

const options = (): SkinOptions => ({ reducedMotion: reduced.checked, theme: dark.checked ? 'dark' : 'light' });

async function show(name: SkinName, host: HTMLElement): Promise<void> {
  const skin = (await loadSkin(name))(options());
  try {
    skin.mount(host, store);
    skins.push(skin);
  } catch (error) {
    if (!(error instanceof SkinUnavailableError)) throw error;
    // No WebGL here: say so in one line and show the flat board in its place.
    $('#cubes-note').textContent = error.message;
    const flat = (await loadSkin('flat'))(options());
    flat.mount(host, store);
    skins.push(flat);
  }
}

const STATUS: Record<string, string> = { won: 'You made the target tile! Keep moving to play on.', over: 'No moves left. Undo or start a new game.' };

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

const KEYS: Readonly<Record<string, Direction>> = {
  ArrowLeft: 'left', ArrowRight: 'right', ArrowUp: 'up', ArrowDown: 'down',
  a: 'left', d: 'right', w: 'up', s: 'down', A: 'left', D: 'right', W: 'up', S: 'down',
};

window.addEventListener('keydown', (event) => {
  if (event.altKey || event.ctrlKey || event.metaKey) return;
  const target = event.target as HTMLElement | null;
  if (target?.closest('input, select, textarea, [contenteditable]') && !(target instanceof HTMLInputElement && target.type === 'checkbox')) return;
  const dir = KEYS[event.key];
  if (dir) {
    event.preventDefault();
    move(dir);
  } else if (event.key === 'u' || event.key === 'U') store.getState().undo();
  else if (event.key === 'n' || event.key === 'N') store.getState().newGame();
});

for (const button of document.querySelectorAll<HTMLButtonElement>('.arrows button')) {
  button.addEventListener('click', () => move(button.dataset.dir as Direction));
}
$('#undo').addEventListener('click', () => store.getState().undo());
$('#new').addEventListener('click', () => store.getState().newGame());
$<HTMLSelectElement>('#size').addEventListener('change', (event) => store.getState().newGame({ size: Number((event.target as HTMLSelectElement).value) }));
const applyOptions = (): void => {
  document.documentElement.dataset.theme = dark.checked ? 'dark' : 'light';
  for (const skin of skins) skin.update(options());
};
reduced.addEventListener('change', applyOptions);
dark.addEventListener('change', applyOptions);

store.subscribe(renderHud);
renderHud();
document.documentElement.dataset.theme = dark.checked ? 'dark' : 'light';
void Promise.all([show('cubes', $('#cubes')), show('flat', $('#flat')), show('text', $('#text'))]);
