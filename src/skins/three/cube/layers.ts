/**
 * A cube game in the cubes skin, loaded the first time a cube is shown (a square game never
 * fetches it). The scene stays the square's (the same instanced cubes, numbers and board, so the
 * same five draw calls and the looks as they are); this module poses the tiles in their layers
 * (layout.ts), turns the numbers to face the camera, hides the contact shadows (the cubes float),
 * adds one instanced mesh of thin frames, one around each layer's base, receding toward the
 * board (the cube's back, where `in` leads), and pulls the layers apart on demand, each then
 * named under its frame ("Layer 1 · front", in the board's language) by a label in the page
 * over the canvas: words cost no draw call, and read as crisply as the page's.
 */
import type { InstancedMesh, MeshBasicMaterial, MeshLambertMaterial, Vector3 } from 'three';
import { ENGLISH } from '../../../i18n/core';
import { followLang } from '../../follow-lang';
import { layerName } from '../../layer-name';
import type { TileView } from '../../skin';
import type { Timeline } from '../../timeline';
import type { Stage } from '../cubes';
import type { CubeLayers, CubesScene } from '../scene';
import { BOARD_THICKNESS, CUBE_HEIGHT, CUBE_SIDE, LABEL_WIDTH, RIM, SLOT_SIDE, SLOT_TOP, heightOf } from '../measures';
import type { SpreadView } from './layout';
import { CUBE, cubeSide, frameHalf, setLayerReach, splitRow, spreadAt, spreadBase, spreadColumns, spreadShift } from './layout';

/** A frame's bars: how thick, and how tall. */
const BAR = 0.045;
const BAR_HEIGHT = 0.03;
/** The second cube of a merge is drawn as much smaller (the square draws it as much lower), inside the first. */
const UNDER = 0.9;
/** A number's width on its cube, and how far toward the camera it stands from the cube's centre (past its nearest corner). */
const LABEL_SHARE = 0.92;
const LABEL_PUSH = 0.45;

/**
 * The numbers of a cube game: each a quad facing the camera, centred on its cube and brought
 * forward past it, so it reads upright from any view and turn. The quad's corners are placed in
 * view space around its cube's centre; the size follows the tile's own scale (a pop, a spawn).
 */
function facingLabels(square: MeshBasicMaterial): MeshBasicMaterial {
  const material = square.clone();
  // The square numbers' patch (per-tile opacity and atlas cell), then the quad's placing.
  material.onBeforeCompile = (shader, renderer) => {
    square.onBeforeCompile(shader, renderer);
    shader.vertexShader = shader.vertexShader.replace(
      '#include <project_vertex>',
      `vec4 mvPosition = modelViewMatrix * instanceMatrix * vec4(0.0, ${(CUBE_HEIGHT / 2).toFixed(3)}, 0.0, 1.0);
float tileScale = length(instanceMatrix[0].xyz) * ${(CUBE_SIDE / CUBE).toFixed(4)};
mvPosition.xyz += vec3(vec2(position.x, -position.z) * ${((LABEL_SHARE * CUBE) / LABEL_WIDTH).toFixed(4)}, ${LABEL_PUSH.toFixed(3)}) * tileScale;
gl_Position = projectionMatrix * mvPosition;`,
    );
  };
  material.customProgramCacheKey = () => 'cube2048-label-cube';
  return material;
}

/** What a scene keeps for cubes once one was shown: made once, freed with the skin. */
interface CubeParts {
  readonly labels: MeshBasicMaterial;
  readonly frames: InstancedMesh;
  /** The frames' own: the slots' colour, or the look's frame colour drawn as light (see `paintFrames`). */
  readonly frameMaterial: MeshLambertMaterial;
}

const partsOf = new WeakMap<CubesScene, CubeParts>();

function cubeParts(board: CubesScene): CubeParts {
  let parts = partsOf.get(board);
  if (parts) return parts;
  const { gpu, materials, slots } = board.parts;
  // The bars are slots stretched thin (their 64 instances hold any cube's 4 a layer), in the slots' colour (the board's is too dark on a dark page).
  // Made from the scene's own objects: importing three's classes here would move three out of the skin's chunk into one of its own.
  const frames = gpu.track(slots.clone());
  const frameMaterial = gpu.track(materials.slot.clone());
  frames.material = frameMaterial;
  board.scene.add(frames);
  parts = { labels: gpu.track(facingLabels(materials.label)), frames, frameMaterial };
  partsOf.set(board, parts);
  return parts;
}

/**
 * The frames in the slots' colour, lit as they are; or, where the look gives its frames a colour
 * for `theme` (neon: its dark slots are faint over a dark page), in that colour as light.
 */
function paintFrames(board: CubesScene, material: MeshLambertMaterial, theme: 'light' | 'dark'): void {
  const frame = board.look?.board?.[theme].frame;
  material.color.copy(board.parts.materials.slot.color);
  material.emissive.set(0);
  if (frame) {
    material.color.set(0);
    material.emissive.set(frame);
  }
}

/** The layers' names while spread: one label each in the page, over the canvas, hidden from assistive technology (the accessible grid names the layers). */
interface LayerLabels {
  readonly root: HTMLElement;
  readonly names: readonly HTMLElement[];
  shown: boolean;
  /** The names' size as last written: written again only when the board's width crosses a phone's. */
  fontSize: string;
}

function layerLabels(host: HTMLElement, size: number): LayerLabels {
  const doc = host.ownerDocument;
  const root = doc.createElement('div');
  root.setAttribute('aria-hidden', 'true');
  root.dataset['layerNames'] = '';
  Object.assign(root.style, { position: 'absolute', inset: '0', overflow: 'hidden', pointerEvents: 'none', display: 'none' });
  const names = Array.from({ length: size }, () => {
    const name = doc.createElement('div');
    Object.assign(name.style, {
      position: 'absolute',
      left: '0',
      top: '0',
      padding: '0.15em 0.6em',
      borderRadius: '999px',
      background: 'rgba(24, 20, 34, 0.78)',
      color: '#fff',
      font: '600 12px/1.3 ui-sans-serif, system-ui, sans-serif',
      whiteSpace: 'nowrap',
    });
    root.append(name);
    return name;
  });
  host.append(root);
  return { root, names, shown: false, fontSize: '' };
}

/**
 * Puts each layer's name under the middle of its frame's near edge, in the gap between the rows
 * of layers (layout.ts's SPREAD_GAP leaves room for it; a cube's top is drawn toward the far edge),
 * the last layer's under its board; faded in as the layers spread, hidden together.
 */
function placeLabels(
  labels: LayerLabels,
  stage: Stage,
  size: number,
  view: SpreadView,
  at: Vector3,
  shift: { x: number; z: number },
): void {
  const shown = view.spread > 0;
  if (shown !== labels.shown) labels.root.style.display = shown ? '' : 'none';
  labels.shown = shown;
  if (!shown) return;
  const camera = stage.view.camera;
  camera.updateMatrixWorld();
  const { cssWidth: width, cssHeight: height } = stage;
  const fontSize = width < 480 ? '10px' : '12px';
  if (fontSize !== labels.fontSize) for (const name of labels.names) name.style.fontSize = fontSize;
  labels.fontSize = fontSize;
  for (let layer = 0; layer < size; layer++) {
    spreadShift(layer, size, view, shift);
    // The last layer's under the board it lies on (the cube's back), the others' under their frame.
    const last = layer === size - 1;
    const h = last ? size / 2 + RIM : frameHalf(size) + BAR;
    const y = last ? -BOARD_THICKNESS : spreadBase(layer, size, view.spread);
    at.set(shift.x + h * Math.sin(view.azimuth), y, shift.z + h * Math.cos(view.azimuth)).project(camera);
    const name = labels.names[layer]!;
    name.style.transform = `translate(${((at.x + 1) / 2) * width}px, ${((1 - at.y) / 2) * height}px) translate(-50%, 25%)`;
    name.style.opacity = String(view.spread);
  }
}

/** Writes the four bars of each layer's frame, at its base, shifted as the layers are spread. */
function placeFrames(frames: InstancedMesh, size: number, view: SpreadView, shift: { x: number; z: number }): void {
  const m = frames.instanceMatrix.array;
  const h = frameHalf(size);
  for (let i = 0; i < 4 * size; i++) {
    const layer = i >> 2;
    const side = i & 3;
    spreadShift(layer, size, view, shift);
    const along = side < 2;
    const sign = side & 1 ? -1 : 1;
    const o = i * 16;
    m[o] = (along ? 2 * h + BAR : BAR) / SLOT_SIDE;
    m[o + 5] = BAR_HEIGHT / (2 * SLOT_TOP);
    m[o + 10] = (along ? BAR : 2 * h + BAR) / SLOT_SIDE;
    m[o + 12] = shift.x + (along ? 0 : sign * h);
    m[o + 13] = spreadBase(layer, size, view.spread) - BAR_HEIGHT;
    m[o + 14] = shift.z + (along ? sign * h : 0);
    m[o + 15] = 1;
  }
  frames.count = 4 * size;
  frames.instanceMatrix.needsUpdate = true;
}

/** Where the spread is going: from `from` toward `to`, started at `start` (the skin's clock). Fields, so frames allocate nothing. */
interface Spreading extends SpreadView {
  spread: number;
  azimuth: number;
  columns: number;
  from: number;
  to: number;
  start: number;
  /** The spread the camera was last fitted to. */
  fitted: number;
}

/**
 * Moves each tile the square's poses (scene.ts) put on one tall board, its row `layer * size + row`,
 * into its layer as a small cube, shifted as the layers are spread, and keeps its layer and row for
 * `inspect`. The square's loop has already timed, sized and lit it. Allocates nothing.
 */
function layTiles(board: CubesScene, timeline: Timeline, view: SpreadView, scratch: Scratch): void {
  const m = board.parts.buffers.matrices.array;
  const { size } = timeline;
  const half = (size - 1) / 2;
  const { cell, shift } = scratch;
  const side = cubeSide(view.spread);
  for (let i = 0; i < board.parts.cubes.count; i++) {
    const track = timeline.tracks[i]!;
    const o = i * 16;
    splitRow(track, size, m[o + 14]! + half, cell);
    scratch.layers[i] = cell.layer;
    scratch.rows[i] = cell.row;
    spreadShift(cell.layer, size, view, shift);
    // The square's cube is CUBE_SIDE wide and heightOf tall (a merge's second one UNDER that): a cube of `side` instead.
    m[o] = m[o + 10] = ((m[o]! * side) / CUBE_SIDE) * (track.under ? UNDER : 1);
    m[o + 5] = (m[o + 5]! * side) / heightOf(track.exponent);
    m[o + 12] = m[o + 12]! + shift.x;
    m[o + 13] = spreadBase(cell.layer, size, view.spread);
    m[o + 14] = cell.row - half + shift.z;
  }
}

interface Scratch {
  readonly cell: { layer: number; row: number };
  readonly shift: { x: number; z: number };
  /** Each tile's layer and row in the latest frame. */
  readonly layers: Float32Array;
  readonly rows: Float32Array;
}

/** The frames painted as the theme and look say, and the layers named while spread, for a cube of `size` in `stage` until `leave`. */
function frameAndName(
  stage: Stage,
  parts: CubeParts,
  size: number,
): { place(view: SpreadView, shift: { x: number; z: number }): void; leave(): void } {
  const { board } = stage;
  const squarePaint = board.paint;
  board.paint = (theme) => {
    squarePaint.call(board, theme);
    paintFrames(board, parts.frameMaterial, theme);
  };
  paintFrames(board, parts.frameMaterial, stage.shared.theme);
  const labels = layerLabels(stage.host!, size);
  const name = (lang = ENGLISH): void => labels.names.forEach((el, layer) => (el.textContent = layerName(lang, layer, size)));
  name();
  const stopLang = followLang(stage.host!, name);
  const at = board.scene.position.clone();
  return {
    place: (view, shift) => placeLabels(labels, stage, size, view, at, shift),
    leave() {
      board.paint = squarePaint;
      stopLang();
      labels.root.remove();
    },
  };
}

/** A cube of `size` in the skin of `stage`: its numbers, frames, camera reach and spread. */
function createLayers(stage: Stage, size: number): CubeLayers {
  const { board, view, shared } = stage;
  const { labels, shadows, materials, floor, slots } = board.parts;
  const parts = cubeParts(board);
  // The numbers' atlas may have grown for this cube since the last one.
  parts.labels.map = materials.label.map;
  parts.labels.needsUpdate = true;
  labels.material = parts.labels;
  shadows.visible = false;
  parts.frames.visible = true;
  const framed = frameAndName(stage, parts, size);
  const count = board.parts.buffers.opacity.count;
  const scratch: Scratch = {
    cell: { layer: 0, row: 0 },
    shift: { x: 0, z: 0 },
    layers: new Float32Array(count),
    rows: new Float32Array(count),
  };
  const spreading: Spreading = { spread: 0, azimuth: 0, columns: 1, from: 0, to: 0, start: 0, fitted: 0 };
  const follow = (): void => {
    spreading.azimuth = view.view.azimuth;
    spreading.columns = spreadColumns(size, view.camera.aspect);
  };
  view.reach = (points: readonly Vector3[], n: number) => {
    follow();
    setLayerReach(points, n, spreading);
  };
  // The square's poses, then this: the frame path of a square game stays as it is.
  const squarePose = board.pose;
  board.pose = (timeline, elapsed) => {
    squarePose.call(board, timeline, elapsed);
    if (layOut(timeline)) stage.playback.request();
  };
  /** Spreads, frames and lays the tiles for this frame; returns whether the layers still spread or close. */
  const layOut = (timeline: Timeline): boolean => {
    const now = shared.clock.now();
    spreading.spread = shared.reducedMotion ? spreading.to : spreadAt(spreading.from, spreading.to, now - spreading.start);
    follow();
    // Refitted while the spread changes (a turn and a resize refit the camera themselves).
    if (spreading.spread !== spreading.fitted) view.fit();
    spreading.fitted = spreading.spread;
    placeFrames(parts.frames, size, spreading, scratch.shift);
    // The board, the cube's back, goes with the last layer.
    spreadShift(size - 1, size, spreading, scratch.shift);
    floor.position.set(scratch.shift.x, 0, scratch.shift.z);
    slots.position.copy(floor.position);
    layTiles(board, timeline, spreading, scratch);
    framed.place(spreading, scratch.shift);
    return spreading.spread !== spreading.to;
  };
  return {
    size,
    spread(spread) {
      spreading.from = spreading.spread;
      spreading.to = spread ? 1 : 0;
      spreading.start = shared.clock.now();
      stage.playback.request();
    },
    tiles(shown) {
      // `shown` lists the tiles drawn in the latest frame, in order: the ones its poses left visible.
      const opacity = board.parts.buffers.opacity.array;
      let k = 0;
      const tiles: TileView[] = [];
      for (let i = 0; i < board.parts.cubes.count && k < shown.length; i++)
        if (opacity[i]! > 0) tiles.push({ ...shown[k++]!, row: scratch.rows[i]!, layer: scratch.layers[i]! });
      return tiles;
    },
    leave() {
      board.pose = squarePose;
      framed.leave();
      view.reach = null;
      labels.material = materials.label;
      shadows.visible = true;
      parts.frames.visible = false;
      floor.position.set(0, 0, 0);
      slots.position.set(0, 0, 0);
    },
  };
}

/**
 * Shows a `cube` (its layers, for the board's size) or a square once this module has loaded,
 * then draws. Nothing once the skin is disposed.
 */
export function stackLayers(stage: Stage, cube: boolean): void {
  const { board } = stage;
  const size = cube ? board.size : 0;
  if (!stage.host || (board.layers?.size ?? 0) === size) return;
  board.layers?.leave();
  board.layers = size ? createLayers(stage, size) : null;
  stage.view.fit();
  stage.playback.request();
}
