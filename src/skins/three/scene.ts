/**
 * What the cubes skin draws: a board of slots, and the tiles as three InstancedMeshes (cubes,
 * their numbers, their contact shadows) sharing one instance-matrix buffer and one opacity
 * buffer. Five draw calls whatever the tile count (six with a hint, drawn last over everything);
 * the effects (effects.ts) only change the cubes' matrices and glow. `begin` writes the
 * per-tile colours, glow and labels once per change; `pose` writes 18 floats a tile per
 * frame into preallocated arrays and allocates nothing.
 */
import {
  BufferGeometry,
  Color,
  DirectionalLight,
  DynamicDrawUsage,
  HemisphereLight,
  InstancedBufferAttribute,
  InstancedMesh,
  Mesh,
  Scene,
} from 'three';
import type { Direction } from '../../engine';
import { tileColour, tileGlow } from '../palette';
import type { Pose, Timeline } from '../timeline';
import type { TileView } from '../skin';
import { poseAt } from '../timeline';
import type { LabelAtlas } from './atlas';
import { CELL_WIDTH, drawLabelAtlas } from './atlas';
import type { CubesEffects, TileShape } from './effects';
import type { GpuResources } from './gpu-resources';
import type { Look } from './looks/look';
import type { Lights } from './finish';
import type { CubesMaterials } from './materials';
import { createMaterials, paintBoard, useAtlas } from './materials';
import { CUBE_HEIGHT, CUBE_SIDE, LABEL_WIDTH, SLOT_TOP, heightOf } from './measures';
import { boardGeometry, cubeGeometry, hintGeometry, labelGeometry, shadowGeometry, slotGeometry } from './shapes';

/** Largest board the engine allows is 8×8; mid-fade a cell can hold two tiles, plus one spawn. */
const MAX_TILES = 2 * 8 * 8 + 1;
const MAX_SLOTS = 8 * 8;
/** The second cube of a merge is drawn this much lower, so the first one's top face covers it. */
const UNDER = 0.9;

export interface CubesScene {
  readonly scene: Scene;
  /** Cells a side of the board built last; 0 before the first `build`. */
  readonly size: number;
  /** Builds the board of `n`×`n` slots (and numbers up to what its `cells` can reach); `anisotropy` for the numbers' texture. */
  build(n: number, anisotropy: number, cells: number): void;
  /** A cube's layers (cube/layers.ts, loaded when a cube is first shown) while a cube is shown; null for a square. */
  layers: CubeLayers | null;
  /** The look worn (looks/wear.ts sets it and dresses `parts`); null for clay as built here. */
  look: Look | null;
  /** What a look dresses, for looks/wear.ts. */
  readonly parts: LookParts;
  paint(theme: 'light' | 'dark'): void;
  /** Shows the hint on the rim, pointing outwards; null hides it. */
  showHint(hint: Direction | null): void;
  /** Per-tile colours, glow and labels: once per change, not per frame. */
  begin(timeline: Timeline): void;
  /** Writes every tile's matrix and opacity `elapsed` ms into `timeline`. Runs every frame and allocates nothing. */
  pose(timeline: Timeline, elapsed: number): void;
}

/** What a cube's layers do in place of a square's poses (cube/layers.ts). */
export interface CubeLayers {
  /** Cells a side of the cube it was built for. */
  readonly size: number;
  /** Pulls the layers apart (true) or together, eased unless motion is reduced; asks for the frames. */
  spread(spread: boolean): void;
  /** The tiles drawn in the latest frame, as `tilesAt` lists them (`shown`), each in its layer and row (for `inspect`). */
  tiles(shown: readonly TileView[]): TileView[];
  /** Puts the square's numbers, shadows, hint and camera back (a square game follows), leaving the layers unseen. */
  leave(): void;
}

/** The scene's parts a look dresses beyond the board's colours (which follow `look` on the next `paint`). */
export interface LookParts {
  readonly gpu: GpuResources;
  readonly materials: CubesMaterials;
  readonly cubes: InstancedMesh;
  readonly shadows: InstancedMesh;
  /** The per-tile colours, which a look's halos take. */
  readonly colours: InstancedBufferAttribute;
  readonly lights: Lights;
  /** What a cube's layers (cube/layers.ts) take over or copy: the numbers, the board and slots (the frames' bars are slots), the per-tile buffers. */
  readonly labels: InstancedMesh;
  readonly slots: InstancedMesh;
  readonly floor: Mesh;
  readonly buffers: PoseBuffers;
}

/**
 * Clay's lights (looks/wear.ts sets another look's). No environment map: prefiltering one costs
 * seconds of GPU time on software renderers (a shiny look computes its reflections in the shader
 * instead). A sky/ground fill, a key light from behind-left and a soft front fill do the job.
 */
function addLights(scene: Scene): Lights {
  const hemisphere = new HemisphereLight(0xffffff, 0xb8a894, 1.45);
  const sun = new DirectionalLight(0xffffff, 1.9);
  sun.position.set(-2.2, 8, 4.2);
  const fill = new DirectionalLight(0xfff4e8, 0.45);
  fill.position.set(3, 2.5, 6);
  scene.add(hemisphere, sun, sun.target, fill, fill.target);
  return { hemisphere, sun, fill };
}

/** Puts the `n`×`n` slots in place, centred on the board. */
function placeSlots(slots: InstancedMesh, n: number): void {
  const half = (n - 1) / 2;
  const m = slots.instanceMatrix.array;
  for (let i = 0; i < n * n; i++) {
    const o = i * 16;
    m.fill(0, o, o + 16);
    m[o] = m[o + 5] = m[o + 10] = m[o + 15] = 1;
    m[o + 12] = (i % n) - half;
    m[o + 14] = Math.floor(i / n) - half;
  }
  slots.count = n * n;
  slots.instanceMatrix.needsUpdate = true;
}

/** Shows the hint on the rim of a board of `size`, pointing outwards; null hides it. */
function placeHint(hintBar: Mesh, hint: Direction | null, size: number): void {
  if (!hint || size === 0) {
    hintBar.visible = false;
    return;
  }
  // Over the outer slots' edge and the rim, inside the board's edge, so a tightly fitted camera never cuts it off.
  const edge = size / 2 - 0.07;
  hintBar.rotation.y = hint === 'right' ? 0 : hint === 'left' ? Math.PI : hint === 'up' ? Math.PI / 2 : -Math.PI / 2;
  hintBar.position.set(hint === 'left' ? -edge : hint === 'right' ? edge : 0, 0.004, hint === 'up' ? -edge : hint === 'down' ? edge : 0);
  hintBar.visible = true;
}

/** The three geometries of a tile, tracked, each reading the shared per-tile opacity; the cube its glow, the number its atlas cell. */
function tileGeometries(
  gpu: GpuResources,
  opacity: InstancedBufferAttribute,
  glow: InstancedBufferAttribute,
  labelRects: InstancedBufferAttribute,
): [cube: BufferGeometry, label: BufferGeometry, shadow: BufferGeometry] {
  const cube = gpu.track(cubeGeometry());
  cube.setAttribute('aOpacity', opacity);
  cube.setAttribute('aGlow', glow);
  const label = gpu.track(labelGeometry());
  label.setAttribute('aOpacity', opacity);
  label.setAttribute('aLabel', labelRects);
  const shadow = gpu.track(shadowGeometry());
  shadow.setAttribute('aOpacity', opacity);
  return [cube, label, shadow];
}

/** Opaque first: cubes, then slots and board behind them. Then shadows and numbers, blended; the hint last. No tiles yet. */
function setDrawOrder(cubes: InstancedMesh, labels: InstancedMesh, shadows: InstancedMesh, slots: InstancedMesh, hintBar: Mesh): void {
  cubes.renderOrder = -1;
  shadows.renderOrder = 1;
  labels.renderOrder = 2;
  hintBar.renderOrder = 3;
  for (const mesh of [cubes, labels, shadows, slots]) mesh.frustumCulled = false;
  cubes.count = labels.count = shadows.count = 0;
}

/** Writes each tile's colour, glow and number (its cell of the atlas) for `timeline`; returns how many tiles it has. */
function dressTiles(
  timeline: Timeline,
  atlas: LabelAtlas | null,
  colour: Color,
  colours: InstancedBufferAttribute,
  glow: Float32Array,
  labelRects: InstancedBufferAttribute,
): number {
  const n = Math.min(timeline.tracks.length, MAX_TILES);
  for (let i = 0; i < n; i++) {
    const e = timeline.tracks[i]!.exponent;
    colour.set(tileColour(e)).toArray(colours.array, i * 3);
    glow[i] = tileGlow(e) * 0.12;
    atlas?.rectOf(e, labelRects.array as Float32Array, i * 4);
  }
  return n;
}

/** What a frame writes for every tile, and its scratch: allocated once. */
export interface PoseBuffers {
  readonly matrices: InstancedBufferAttribute;
  readonly opacity: InstancedBufferAttribute;
  readonly glow: InstancedBufferAttribute;
  /** Each tile's glow at rest; a frame adds the effects' to it. */
  readonly restGlow: Float32Array;
  readonly pose: Pose;
  readonly shape: TileShape;
}

const poseBuffers = (): PoseBuffers => ({
  matrices: new InstancedBufferAttribute(new Float32Array(MAX_TILES * 16), 16).setUsage(DynamicDrawUsage),
  opacity: new InstancedBufferAttribute(new Float32Array(MAX_TILES), 1).setUsage(DynamicDrawUsage),
  glow: new InstancedBufferAttribute(new Float32Array(MAX_TILES), 1).setUsage(DynamicDrawUsage),
  restGlow: new Float32Array(MAX_TILES),
  pose: { col: 0, row: 0, scale: 1, opacity: 1 },
  shape: { wide: 1, tall: 1, glow: 0 },
});

/** Writes the matrix, opacity and glow of the first `n` tiles of `timeline`, `elapsed` ms in, shaped by `effects`. Allocates nothing. */
function poseTiles(timeline: Timeline, elapsed: number, n: number, buffers: PoseBuffers, effects: CubesEffects): void {
  const { matrices, opacity, glow, restGlow, pose, shape } = buffers;
  const half = (timeline.size - 1) / 2;
  const m = matrices.array;
  const a = opacity.array;
  const g = glow.array;
  for (let i = 0; i < n; i++) {
    const track = timeline.tracks[i]!;
    const visible = poseAt(track, timeline.size, elapsed, pose);
    const s = visible ? pose.scale : 0;
    effects.shape(track, elapsed, shape);
    const o = i * 16;
    // Scale about the cube's base centre, then place it on its slot: no rotation.
    m[o] = s * shape.wide;
    m[o + 5] = s * shape.tall * (heightOf(track.exponent) / CUBE_HEIGHT) * (track.under ? UNDER : 1);
    m[o + 10] = s * shape.wide;
    m[o + 12] = pose.col - half;
    m[o + 13] = SLOT_TOP;
    m[o + 14] = pose.row - half;
    m[o + 15] = 1;
    a[i] = visible ? pose.opacity : 0;
    g[i] = restGlow[i]! + shape.glow;
  }
  matrices.needsUpdate = true;
  opacity.needsUpdate = true;
  glow.needsUpdate = true;
}

/** The scene, its cubes squashed, sprung and lit as `effects` says. */
export function createCubesScene(gpu: GpuResources, effects: CubesEffects): CubesScene {
  const scene = new Scene();
  let size = 0;
  let atlas: LabelAtlas | null = null;
  const colour = new Color();

  // Per-tile buffers, shared by cubes, numbers and shadows.
  const buffers = poseBuffers();
  const { matrices, opacity, glow, restGlow } = buffers;
  const labelRects = new InstancedBufferAttribute(new Float32Array(MAX_TILES * 4), 4);
  const colours = new InstancedBufferAttribute(new Float32Array(MAX_TILES * 3), 3);

  const materials = createMaterials(gpu);
  const [cube, label, shadow] = tileGeometries(gpu, opacity, glow, labelRects);
  const cubes = gpu.track(new InstancedMesh(cube, materials.cube, MAX_TILES));
  cubes.instanceMatrix = matrices;
  cubes.instanceColor = colours;
  const labels = gpu.track(new InstancedMesh(label, materials.label, MAX_TILES));
  labels.instanceMatrix = matrices;
  const shadows = gpu.track(new InstancedMesh(shadow, materials.shadow, MAX_TILES));
  shadows.instanceMatrix = matrices;
  const slots = gpu.track(new InstancedMesh(gpu.track(slotGeometry()), materials.slot, MAX_SLOTS));
  // Empty until `build` knows the board's size.
  const board = new Mesh(gpu.track(new BufferGeometry()), materials.board);
  const hintBar = new Mesh(gpu.track(hintGeometry()), materials.hint);
  hintBar.visible = false;
  setDrawOrder(cubes, labels, shadows, slots, hintBar);
  scene.add(board, slots, shadows, cubes, labels, hintBar);

  return {
    scene,
    look: null,
    layers: null,
    parts: { gpu, materials, cubes, shadows, colours, lights: addLights(scene), labels, slots, floor: board, buffers },
    get size() {
      return size;
    },
    build(n, anisotropy, cells) {
      size = n;
      board.geometry = gpu.replace(board.geometry, boardGeometry(n));
      placeSlots(slots, n);
      const maxExponent = cells + 1;
      if (!atlas || atlas.maxExponent < maxExponent) {
        atlas = drawLabelAtlas(Math.max(maxExponent, 17), CELL_WIDTH * (CUBE_SIDE / LABEL_WIDTH));
        useAtlas(gpu, materials, atlas, anisotropy);
      }
    },
    paint(theme) {
      paintBoard(materials, theme, this.look);
    },
    showHint(hint) {
      placeHint(hintBar, hint, size);
    },
    begin(timeline) {
      const n = dressTiles(timeline, atlas, colour, colours, restGlow, labelRects);
      cubes.count = labels.count = shadows.count = n;
      // A see-through cube (fading, or glass) must be drawn over the board, not before it.
      const fading = timeline.tracks.some((t) => t.kind === 'fadeIn' || t.kind === 'fadeOut');
      cubes.renderOrder = fading || (this.look?.cube.opacity ?? 1) < 1 ? 1 : -1;
      colours.needsUpdate = labelRects.needsUpdate = true;
    },
    pose(timeline, elapsed) {
      poseTiles(timeline, elapsed, cubes.count, buffers, effects);
    },
  };
}
