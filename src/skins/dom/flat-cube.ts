/**
 * The flat board's drawing of a cube, loaded the first time a cube game is shown (flat.ts):
 * one panel per layer, each under its name, laid out for the box (cube-layout.ts); a tile
 * that moves in or out travels from one panel's cell to the next's. Styles through the CSSOM
 * only, like the square board. The names follow the language marked on the nearest `lang`.
 */
import { ENGLISH } from '../../i18n/core';
import type { CubePose } from '../cube-pose';
import { cubePose } from '../cube-pose';
import { followLang } from '../follow-lang';
import { layerName } from '../layer-name';
import { BOARD_COLOURS, TILE_FONT, labelFontScale, textColour, tileColour, tileLabel, tileValue } from '../palette';
import type { TileView } from '../skin';
import type { GameView, ReadonlyStore } from '../../store/types';
import type { Pose, Timeline, Track } from '../timeline';
import type { CubeLayout } from './cube-layout';
import { layoutCube, tileCorner, tileSide } from './cube-layout';

/** What the square board's skin asks of the cube's drawing. */
export interface CubeView {
  /** Shows `timeline`'s cube (hiding the square board's parts) and places it at its start. */
  begin(timeline: Timeline): void;
  draw(timeline: Timeline, elapsed: number): void;
  /** The tiles drawn at `elapsed`, with their layers. */
  tiles(timeline: Timeline, elapsed: number): TileView[];
  dispose(): void;
}

function styled(style: Partial<CSSStyleDeclaration>): HTMLDivElement {
  const el = document.createElement('div');
  Object.assign(el.style, style);
  return el;
}

/** A tile's look for `track` in a layout whose tiles are `side` px. */
function dressTile(el: HTMLDivElement, track: Track, side: number): void {
  const label = tileLabel(track.exponent);
  el.textContent = label.replace('^', '');
  Object.assign(el.style, {
    display: 'grid',
    width: `${side}px`,
    height: `${side}px`,
    background: tileColour(track.exponent),
    color: textColour(track.exponent),
    fontSize: `${(labelFontScale(label) * side).toFixed(2)}px`,
    zIndex: track.kind === 'merged' || track.kind === 'spawn' ? '3' : track.under ? '1' : '2',
  });
}

/** One layer's panel: its board, its slots and its name. */
function panelFor(size: number): { panel: HTMLDivElement; name: HTMLDivElement; slots: HTMLDivElement[] } {
  const panel = styled({ position: 'absolute', borderRadius: '6px', overflow: 'hidden' });
  const name = styled({
    position: 'absolute',
    left: '0',
    right: '0',
    top: '0',
    display: 'grid',
    placeItems: 'center',
    fontFamily: TILE_FONT,
    fontWeight: '700',
    whiteSpace: 'nowrap',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
  });
  name.dir = 'auto';
  const slots = Array.from({ length: size * size }, () => styled({ position: 'absolute', borderRadius: '5%' }));
  panel.append(name, ...slots);
  return { panel, name, slots };
}

/** The timeline's `poseAt`, handed in by the square board: importing it here would split the embed core in two (the bundler moves the palette out). */
export type PoseAt = (track: Track, size: number, elapsed: number, out: Pose) => boolean;

type Panel = ReturnType<typeof panelFor>;

/** Sizes and places the panels, their names and slots for `layout`, in `theme`'s colours. */
function arrange(panels: readonly Panel[], layout: CubeLayout, size: number, theme: 'light' | 'dark'): void {
  const colours = BOARD_COLOURS[theme];
  const tile = tileSide(layout, size);
  panels.forEach(({ panel, name, slots }, i) => {
    const corner = layout.panels[i] ?? { x: 0, y: 0 };
    const { side, label } = layout;
    Object.assign(panel.style, {
      left: `${corner.x}px`,
      top: `${corner.y}px`,
      width: `${side}px`,
      height: `${side + label}px`,
      background: colours.board,
    });
    Object.assign(name.style, { height: `${label}px`, fontSize: `${layout.font}px`, color: colours.hint });
    slots.forEach((slot, cell) => {
      const place = tileCorner(layout, size, i, Math.floor(cell / size), cell % size);
      const [left, top] = [place.x - corner.x, place.y - corner.y];
      Object.assign(slot.style, { left: `${left}px`, top: `${top}px`, width: `${tile}px`, height: `${tile}px`, background: colours.slot });
    });
  });
}

/** A tile's element, put on `layer` the first time it is needed. */
function tileAt(tiles: HTMLDivElement[], i: number, layer: HTMLDivElement): HTMLDivElement {
  let el = tiles[i];
  if (el) return el;
  el = styled({ position: 'absolute', left: '0', top: '0', placeItems: 'center', borderRadius: '5%', fontFamily: TILE_FONT });
  Object.assign(el.style, { fontWeight: '700', lineHeight: '1', willChange: 'transform, opacity' });
  tiles[i] = el;
  layer.append(el);
  return el;
}

/** Places every tile of `timeline` `elapsed` ms in, between two panels while it moves in or out. */
function placeTiles(
  tiles: readonly HTMLDivElement[],
  timeline: Timeline,
  elapsed: number,
  layout: CubeLayout,
  poseAt: PoseAt,
  pose: CubePose,
): void {
  const { tracks, size } = timeline;
  for (let i = 0; i < tracks.length; i++) {
    const el = tiles[i];
    if (!el) continue;
    const visible = poseAt(tracks[i]!, size * size, elapsed, pose);
    cubePose(tracks[i]!, size, pose);
    el.style.visibility = visible ? 'visible' : 'hidden';
    if (!visible) continue;
    const corner = tileCorner(layout, size, pose.layer, pose.row, pose.col);
    el.style.transform = `translate(${corner.x.toFixed(2)}px, ${corner.y.toFixed(2)}px) scale(${pose.scale.toFixed(4)})`;
    el.style.opacity = pose.opacity.toFixed(3);
  }
}

/**
 * Hides the square board's own parts while a cube shows: its background, its slots and its hint
 * badge (the first two children of `root`, given back by `show`), and its tiles (the rest but
 * `layer`, which the square board shows again as it redraws them).
 */
function squareParts(root: HTMLDivElement, layer: HTMLDivElement): { hide(): void; show(): void } {
  const kept = new Map<HTMLElement, string>();
  return {
    hide() {
      root.style.background = 'none';
      [...root.children].forEach((part, i) => {
        if (part === layer || !(part instanceof HTMLElement)) return;
        if (i < 2 && !kept.has(part)) kept.set(part, part.style.display);
        part.style.display = 'none';
      });
    },
    show() {
      for (const [part, display] of kept) part.style.display = display;
      kept.clear();
    },
  };
}

export default function createCubeView(
  root: HTMLDivElement,
  settings: { readonly theme: 'light' | 'dark' },
  poseAt: PoseAt,
  store: ReadonlyStore<GameView>,
): CubeView {
  const layer = styled({ position: 'absolute', inset: '0' });
  root.append(layer);
  const square = squareParts(root, layer);
  const pose: CubePose = { col: 0, row: 0, scale: 1, opacity: 1, layer: 0 };
  let panels: Panel[] = [];
  const tiles: HTMLDivElement[] = [];
  let shown: Timeline | null = null;
  let elapsed = 0;
  let layout: CubeLayout | null = null;
  let lang = ENGLISH;

  const name = (): void => panels.forEach((p, i) => (p.name.textContent = layerName(lang, i, panels.length)));
  const stopLang = followLang(root, (spoken) => {
    lang = spoken;
    name();
  });

  /** Lays the panels out for the box and dresses each tile of `timeline` for it. */
  function dress(timeline: Timeline): void {
    const { size, tracks } = timeline;
    if (panels.length !== size) {
      panels = Array.from({ length: size }, () => panelFor(size));
      layer.replaceChildren(...panels.map((p) => p.panel));
      tiles.length = 0;
      name();
    }
    layout = layoutCube(root.clientWidth, root.clientHeight, size);
    arrange(panels, layout, size, settings.theme);
    const side = tileSide(layout, size);
    tracks.forEach((track, i) => dressTile(tileAt(tiles, i, layer), track, side));
    for (let i = tracks.length; i < tiles.length; i++) tiles[i]!.style.display = 'none';
  }

  function draw(timeline: Timeline, at: number): void {
    elapsed = at;
    if (layout) placeTiles(tiles, timeline, at, layout, poseAt, pose);
  }

  // A new box (a turned phone, a resized window) lays the panels out again where the tiles are now.
  const resizing = new ResizeObserver(() => {
    if (!shown) return;
    dress(shown);
    draw(shown, elapsed);
  });
  resizing.observe(root);
  // A square game again: the square board (flat.ts, which has redrawn its tiles) gets its parts back.
  const unsubscribe = store.subscribe((view) => {
    if (view.game.board.dimensions === 3 || !shown) return;
    shown = null;
    layer.style.display = 'none';
    square.show();
  });

  return {
    begin(timeline) {
      square.hide();
      layer.style.display = '';
      shown = timeline;
      dress(timeline);
      draw(timeline, 0);
    },
    draw,
    tiles(timeline, at) {
      const seen: CubePose = { col: 0, row: 0, scale: 0, opacity: 0, layer: 0 };
      return timeline.tracks.flatMap((track) => {
        if (!poseAt(track, timeline.size ** 2, at, seen)) return [];
        cubePose(track, timeline.size, seen);
        const { row, col, scale, opacity, layer: depth } = seen;
        return [{ value: tileValue(track.exponent), row, col, scale, opacity, layer: depth }];
      });
    },
    dispose() {
      unsubscribe();
      resizing.disconnect();
      stopLang();
      layer.remove();
    },
  };
}
