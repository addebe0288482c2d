// The game page: wires store + input + view. A plain board until the skins land.
import type { Direction } from './engine';
import { toRows } from './engine';
import { createGameStore } from './store';

const boardEl = document.querySelector<HTMLElement>('#board');
const scoreEl = document.querySelector<HTMLElement>('#score');
if (!boardEl || !scoreEl) throw new Error('page is missing #board or #score');

const store = createGameStore({ storage: window.localStorage });

function render(): void {
  const { game, best } = store.getState();
  boardEl!.replaceChildren(
    ...toRows(game.board).map((row) => {
      const rowEl = document.createElement('div');
      rowEl.className = 'row';
      for (const value of row) {
        const cell = document.createElement('span');
        cell.className = 'cell';
        cell.textContent = value === 0 ? '·' : String(value);
        rowEl.append(cell);
      }
      return rowEl;
    }),
  );
  scoreEl!.textContent = `Score ${game.score} · Best ${best}`;
}

const KEYS: Record<string, Direction> = { ArrowLeft: 'left', ArrowRight: 'right', ArrowUp: 'up', ArrowDown: 'down' };
window.addEventListener('keydown', (e) => {
  const dir = KEYS[e.key];
  if (!dir || e.altKey || e.ctrlKey || e.metaKey) return;
  e.preventDefault();
  store.getState().move(dir);
});
store.subscribe(render);
render();
