/**
 * Where a cube game's tiles stand, in the cubes skin's board units (one cell pitch is 1, the
 * board's top at y = 0): pure maths, no three. The layers stack up from the board, the last
 * layer lowest and layer 0 (nearest the player) on top, so `in` goes down toward the board and
 * the board is the cube's back. Tiles are small cubes with gaps between them, so inner ones show.
 * Spread apart, the layers come down to one level and slide apart into a grid across the screen,
 * in reading order, until none covers another; the board goes with the last one.
 */
import type { Track } from '../../timeline';
import { SLOT_TOP } from '../measures';

/** A tile's side in a cube game: half a cell, so as much gap as cube between neighbours. */
export const CUBE = 0.5;
/** Spread apart, no cube hides another: they grow to this, their numbers with them. */
const SPREAD_CUBE = 0.8;
/** From one layer's base to the next one's. */
export const LAYER_PITCH = 1;
/** The last layer floats this far above the slots: the board reads as the cube's back, not a layer. */
export const FLOOR_GAP = 0.3;
/** Room between two spread layers, in cells: for the layers' names too (layers.ts), under the cubes that stand up into it. */
export const SPREAD_GAP = 1.1;
/** How long the layers take to spread or close (none under reduced motion). */
export const SPREAD_MS = 260;

/** Height of the base of `layer` (fractional while a tile moves `in` or `out`) in a cube of `size`. */
export const layerBase = (layer: number, size: number): number => SLOT_TOP + FLOOR_GAP + (size - 1 - layer) * LAYER_PITCH;

/** How far apart neighbouring layers are pulled, at `spread` 0 (together) to 1 (apart): a layer's width and a gap. */
export const spreadStep = (size: number, spread: number): number => spread * (size - 1 + CUBE + SPREAD_GAP);

/** How the layers are pulled apart: the view's turn, and the columns of the grid they spread into (rows as many as needed). */
export interface SpreadView {
  readonly spread: number;
  readonly azimuth: number;
  readonly columns: number;
}

/**
 * The columns of the grid `size` layers spread into on a canvas of `aspect` (width / height):
 * the count that shows each layer biggest, each about as tall on screen as wide; the fewest among equals (no empty places).
 */
export function spreadColumns(size: number, aspect: number): number {
  let best = 1;
  let bestScale = 0;
  for (let columns = 1; columns <= size; columns++) {
    const scale = Math.min(aspect / columns, 1 / Math.ceil(size / columns));
    if (scale > bestScale) [best, bestScale] = [columns, scale];
  }
  return best;
}

/**
 * Where `layer` (fractional while a tile moves `in` or `out`: between its two layers' places) is
 * pulled to, written into `out` as a shift across the board (x, z): layers fill the grid of
 * `view.columns` in reading order as the player sees it at `view.azimuth` (layer 0 top left),
 * centred on the board.
 */
export function spreadShift(layer: number, size: number, view: SpreadView, out: { x: number; z: number }): void {
  const step = spreadStep(size, view.spread);
  const { columns } = view;
  const rows = Math.ceil(size / columns);
  const low = Math.floor(layer);
  const high = Math.min(low + 1, size - 1);
  const t = layer - low;
  // Across (the camera's right, (cos a, 0, −sin a)) and down the screen (toward the camera, (sin a, 0, cos a)).
  const across = step * ((low % columns) * (1 - t) + (high % columns) * t - (columns - 1) / 2);
  const down = step * (Math.floor(low / columns) * (1 - t) + Math.floor(high / columns) * t - (rows - 1) / 2);
  const cos = Math.cos(view.azimuth);
  const sin = Math.sin(view.azimuth);
  out.x = across * cos + down * sin;
  out.z = down * cos - across * sin;
}

/** A tile's side at `spread` 0 (together) to 1 (apart). */
export const cubeSide = (spread: number): number => CUBE + (SPREAD_CUBE - CUBE) * spread;

/** Height of the base of `layer`: stacked together, all on the last layer's level when spread apart. */
export const spreadBase = (layer: number, size: number, spread: number): number =>
  layerBase(layer, size) + (layerBase(size - 1, size) - layerBase(layer, size)) * spread;

/** Spread from `from` toward `to` (0 or 1), `t` ms after it started: ease-in-out over SPREAD_MS. */
export function spreadAt(from: number, to: number, t: number): number {
  const p = Math.min(Math.max(t / SPREAD_MS, 0), 1);
  return from + (to - from) * (p < 0.5 ? 2 * p * p : 1 - 2 * (1 - p) ** 2);
}

/**
 * A cube's cell seen by the shared timeline as a square's: its `row` (poseAt's) counts layer
 * after layer, `layer * size + row`, easing between two cells. Written back as the tile's own
 * layer and row, both easing alike. Allocates nothing.
 */
export function splitRow(track: Track, size: number, row: number, out: { layer: number; row: number }): void {
  const from = Math.floor(track.from / size);
  const to = Math.floor(track.to / size);
  const fromLayer = Math.floor(from / size);
  const toLayer = Math.floor(to / size);
  if (from === to) {
    out.layer = fromLayer;
    out.row = from - fromLayer * size;
    return;
  }
  const p = (row - from) / (to - from);
  out.layer = fromLayer + (toLayer - fromLayer) * p;
  out.row = from - fromLayer * size + (to - toLayer * size - (from - fromLayer * size)) * p;
}

/** Half the side of a layer's frame: around its cubes, inside the board's rim. */
export const frameHalf = (size: number): number => size / 2 - 0.05;

/** Where the board goes when spread (with the last layer); one object, so a frame allocates nothing. */
const boardShift = { x: 0, z: 0 };

/**
 * Moves the board's own points (`points[0…15]`, a square's) where the board goes with the last
 * layer, and sets the 32 after them that a cube of `size` must show: the corners of the frames of
 * the layers at the grid's corners, at the last layer's base and above the top layer's tallest
 * cube, pulled apart as `view` says. Three's Vector3s.
 */
export function setLayerReach(
  points: readonly { x: number; y: number; z: number; set(x: number, y: number, z: number): unknown }[],
  size: number,
  view: SpreadView,
): void {
  spreadShift(size - 1, size, view, boardShift);
  for (let i = 0; i < 16; i++) points[i]?.set(points[i]!.x + boardShift.x, points[i]!.y, points[i]!.z + boardShift.z);
  const h = frameHalf(size);
  const step = spreadStep(size, view.spread);
  const across = (step * (view.columns - 1)) / 2;
  const down = (step * (Math.ceil(size / view.columns) - 1)) / 2;
  const cos = Math.cos(view.azimuth);
  const sin = Math.sin(view.azimuth);
  for (let k = 0; k < 32; k++) {
    // The grid's corner (turned with the view), then the frame's corner (on the board's axes).
    const x = k & 1 ? across : -across;
    const z = k & 2 ? down : -down;
    // Above the top layer's cubes, with room for a merged cube's stretch and a win's rise.
    const y = k & 16 ? spreadBase(0, size, view.spread) + cubeSide(view.spread) * 1.3 : layerBase(size - 1, size);
    points[16 + k]?.set(x * cos + z * sin + (k & 4 ? h : -h), y, z * cos - x * sin + (k & 8 ? h : -h));
  }
}
