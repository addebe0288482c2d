/**
 * What the cubes skin draws: a board of slots, and the tiles as three InstancedMeshes (cubes,
 * their numbers, their contact shadows) sharing one instance-matrix buffer and one opacity
 * buffer. Five draw calls whatever the tile count (six with a hint). `begin` writes the
 * per-tile colours, glow and labels once per change; `pose` writes 17 floats a tile per
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
import { poseAt } from '../timeline';
import type { LabelAtlas } from './atlas';
import { CELL_WIDTH, drawLabelAtlas } from './atlas';
import type { GpuResources } from './gpu-resources';
import { createMaterials, paintBoard, useAtlas } from './materials';
import {
  CUBE_HEIGHT,
  CUBE_SIDE,
  LABEL_WIDTH,
  RIM,
  SLOT_TOP,
  boardGeometry,
  cubeGeometry,
  heightOf,
  hintGeometry,
  labelGeometry,
  shadowGeometry,
  slotGeometry,
} from './shapes';

/** Largest board the engine allows is 8×8; mid-fade a cell can hold two tiles, plus one spawn. */
const MAX_TILES = 2 * 8 * 8 + 1;
const MAX_SLOTS = 8 * 8;
/** The second cube of a merge is drawn this much lower, so the first one's top face covers it. */
const UNDER = 0.9;

export interface CubesScene {
  readonly scene: Scene;
  /** Cells a side of the board built last; 0 before the first `build`. */
  readonly size: number;
  /** Builds the board of `n`×`n` slots (and numbers up to what it can reach); `anisotropy` for the numbers' texture. */
  build(n: number, anisotropy: number): void;
  paint(theme: 'light' | 'dark'): void;
  /** Shows the hint on the rim, pointing outwards; null hides it. */
  showHint(hint: Direction | null): void;
  /** Per-tile colours, glow and labels: once per change, not per frame. */
  begin(timeline: Timeline): void;
  /** Writes every tile's matrix and opacity `elapsed` ms into `timeline`. Runs every frame and allocates nothing. */
  pose(timeline: Timeline, elapsed: number): void;
}

/**
 * The lights. No environment map: prefiltering one costs seconds of GPU time on software
 * renderers. A sky/ground fill, a key light from behind-left and a soft front fill do the job.
 */
function addLights(scene: Scene): void {
  const hemisphere = new HemisphereLight(0xffffff, 0xb8a894, 1.45);
  const sun = new DirectionalLight(0xffffff, 1.9);
  sun.position.set(-2.2, 8, 4.2);
  const fill = new DirectionalLight(0xfff4e8, 0.45);
  fill.position.set(3, 2.5, 6);
  scene.add(hemisphere, sun, sun.target, fill, fill.target);
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
  // On the rim, midway between the outer slots and the board's edge.
  const edge = size / 2 + RIM / 2 - 0.03;
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
  glow: InstancedBufferAttribute,
  labelRects: InstancedBufferAttribute,
): number {
  const n = Math.min(timeline.tracks.length, MAX_TILES);
  for (let i = 0; i < n; i++) {
    const e = timeline.tracks[i]!.exponent;
    colour.set(tileColour(e)).toArray(colours.array, i * 3);
    glow.array[i] = tileGlow(e) * 0.12;
    atlas?.rectOf(e, labelRects.array as Float32Array, i * 4);
  }
  return n;
}

export function createCubesScene(gpu: GpuResources): CubesScene {
  const scene = new Scene();
  let size = 0;
  let atlas: LabelAtlas | null = null;
  const trackPose: Pose = { col: 0, row: 0, scale: 1, opacity: 1 };
  const colour = new Color();
  addLights(scene);

  // Per-tile buffers, shared by cubes, numbers and shadows.
  const matrices = new InstancedBufferAttribute(new Float32Array(MAX_TILES * 16), 16).setUsage(DynamicDrawUsage);
  const opacity = new InstancedBufferAttribute(new Float32Array(MAX_TILES), 1).setUsage(DynamicDrawUsage);
  const glow = new InstancedBufferAttribute(new Float32Array(MAX_TILES), 1);
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
  const hintBar = new Mesh(gpu.track(new BufferGeometry()), materials.hint);
  hintBar.visible = false;
  setDrawOrder(cubes, labels, shadows, slots, hintBar);
  scene.add(board, slots, shadows, cubes, labels, hintBar);

  return {
    scene,
    get size() {
      return size;
    },
    build(n, anisotropy) {
      size = n;
      board.geometry = gpu.replace(board.geometry, boardGeometry(n));
      hintBar.geometry = gpu.replace(hintBar.geometry, hintGeometry(n));
      placeSlots(slots, n);
      const maxExponent = n * n + 1;
      if (!atlas || atlas.maxExponent < maxExponent) {
        atlas = drawLabelAtlas(Math.max(maxExponent, 17), CELL_WIDTH * (CUBE_SIDE / LABEL_WIDTH));
        useAtlas(gpu, materials, atlas, anisotropy);
      }
    },
    paint(theme) {
      paintBoard(materials, theme);
    },
    showHint(hint) {
      placeHint(hintBar, hint, size);
    },
    begin(timeline) {
      const n = dressTiles(timeline, atlas, colour, colours, glow, labelRects);
      cubes.count = labels.count = shadows.count = n;
      // A see-through cube must be drawn over the board, not before it.
      cubes.renderOrder = timeline.tracks.some((t) => t.kind === 'fadeIn' || t.kind === 'fadeOut') ? 1 : -1;
      colours.needsUpdate = glow.needsUpdate = labelRects.needsUpdate = true;
    },
    pose(timeline, elapsed) {
      const half = (timeline.size - 1) / 2;
      const m = matrices.array;
      const a = opacity.array;
      const n = cubes.count;
      for (let i = 0; i < n; i++) {
        const track = timeline.tracks[i]!;
        const visible = poseAt(track, timeline.size, elapsed, trackPose);
        const s = visible ? trackPose.scale : 0;
        const o = i * 16;
        // Scale about the cube's base centre, then place it on its slot: no rotation.
        m[o] = s;
        m[o + 5] = s * (heightOf(track.exponent) / CUBE_HEIGHT) * (track.under ? UNDER : 1);
        m[o + 10] = s;
        m[o + 12] = trackPose.col - half;
        m[o + 13] = SLOT_TOP;
        m[o + 14] = trackPose.row - half;
        m[o + 15] = 1;
        a[i] = visible ? trackPose.opacity : 0;
      }
      matrices.needsUpdate = true;
      opacity.needsUpdate = true;
    },
  };
}
