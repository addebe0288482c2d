/**
 * The plain-text skin: the board in a `<pre>`, redrawn on every change (text does not
 * slide). It proves the contract needs nothing but a read-only store.
 */
import type { Direction } from '../../engine';
import type { GameView, ReadonlyStore } from '../../store/types';
import { tileValue } from '../palette';
import type { Skin, SkinInspection, SkinOptions, TileView } from '../skin';
import { formatLayers, hintLine } from './layout';

/** Monospace glyphs are about 0.6em wide; box-drawing lines join only when lines are set tight. */
const GLYPH_WIDTH_EM = 0.6;
const LINE_HEIGHT_EM = 1.0;

/** The skin's elements: a box sized to the host (its container units fit the text), and the `<pre>` in it. */
function createTextElements(): { root: HTMLDivElement; pre: HTMLPreElement } {
  const root = document.createElement('div');
  Object.assign(root.style, {
    width: '100%',
    height: '100%',
    containerType: 'size',
    display: 'grid',
    placeItems: 'center',
    overflow: 'hidden',
  });
  const pre = document.createElement('pre');
  pre.setAttribute('aria-label', 'Board as text');
  Object.assign(pre.style, {
    margin: '0',
    lineHeight: String(LINE_HEIGHT_EM),
    fontFamily: '"DejaVu Sans Mono", Menlo, Consolas, monospace',
    fontWeight: '600',
  });
  root.append(pre);
  return { root, pre };
}

/** The board's tiles as drawn: text does not move, so each sits whole on its cell. */
function tilesOf(store: ReadonlyStore<GameView> | null): TileView[] {
  const tiles: TileView[] = [];
  const board = store?.getState().game.board;
  board?.cells.forEach((e, i) => {
    // A cube's cells come layer after layer; each layer's rows and columns are those of a square.
    if (e !== 0)
      tiles.push({ value: tileValue(e), row: Math.floor(i / board.size) % board.size, col: i % board.size, scale: 1, opacity: 1 });
  });
  return tiles;
}

export function createTextSkin(options: SkinOptions = {}): Skin {
  let root: HTMLDivElement | null = null;
  let pre: HTMLPreElement | null = null;
  let store: ReadonlyStore<GameView> | null = null;
  let unsubscribe: (() => void) | null = null;
  let hint: Direction | null = null;
  let theme = options.theme;
  let frames = 0;

  function render(): void {
    if (!pre || !store) return;
    const { board } = store.getState().game;
    const lines = formatLayers(board);
    lines.push(hint ? hintLine(hint) : '');
    pre.textContent = lines.join('\n');
    const columns = lines[0]?.length ?? 1;
    // Fit the text to the host in both directions; container units follow the host's size.
    pre.style.fontSize = `min(${(100 / (columns * GLYPH_WIDTH_EM)).toFixed(3)}cqw, ${(100 / (lines.length * LINE_HEIGHT_EM)).toFixed(3)}cqh)`;
    frames++;
  }

  function paint(): void {
    if (!root) return;
    const dark =
      theme === 'dark' || (theme === undefined && typeof matchMedia === 'function' && matchMedia('(prefers-color-scheme: dark)').matches);
    root.style.color = dark ? '#eee4da' : '#776e65';
  }

  return {
    name: 'text',
    dimensions: [2, 3],
    mount(host, source) {
      if (root) throw new Error('this skin is already mounted; dispose it first');
      store = source;
      ({ root, pre } = createTextElements());
      host.append(root);
      paint();
      unsubscribe = source.subscribe((state, previous) => {
        if (state.change.seq !== previous.change.seq || state.game !== previous.game) render();
      });
      render();
    },
    setHint(dir) {
      hint = dir;
      render();
    },
    update(next) {
      if ('theme' in next) theme = next.theme;
      paint();
    },
    finish() {},
    dispose() {
      unsubscribe?.();
      unsubscribe = null;
      root?.remove();
      root = null;
      pre = null;
      store = null;
    },
    inspect(): SkinInspection {
      return { frames, animating: false, tiles: tilesOf(store) };
    },
  };
}
