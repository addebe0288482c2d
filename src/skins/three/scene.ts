/**
 * What the cubes skin draws: a board of slots, and the tiles as three InstancedMeshes (cubes,
 * their numbers, their contact shadows) sharing one instance-matrix buffer and one opacity
 * buffer. Five draw calls whatever the tile count (six with a hint). `begin` writes the
 * per-tile colours, glow and labels once per change; `pose` writes 17 floats a tile per
 * frame into preallocated arrays and allocates nothing.
 */
import { Color, DirectionalLight, DynamicDrawUsage, HemisphereLight, InstancedBufferAttribute, InstancedMesh, Mesh, BufferGeometry, Scene } from 'three';
import type { Direction } from '../../engine';
import { tileColour, tileGlow } from '../palette';
import type { Pose, Timeline } from '../timeline';
import { poseAt } from '../timeline';
import type { LabelAtlas } from './atlas';
import { CELL_WIDTH, drawLabelAtlas } from './atlas';
import type { GpuResources } from './gpu-resources';
import type { CubesMaterials } from './materials';
import { createMaterials, paintBoard, useAtlas } from './materials';
import { CUBE_HEIGHT, CUBE_SIDE, LABEL_WIDTH, RIM, SLOT_TOP, boardGeometry, cubeGeometry, heightOf, hintGeometry, labelGeometry, shadowGeometry, slotGeometry } from './shapes';

/** Largest board the engine allows is 8×8; mid-fade a cell can hold two tiles, plus one spawn. */
const MAX_TILES = 2 * 8 * 8 + 1;
const MAX_SLOTS = 8 * 8;
/** The second cube of a merge is drawn this much lower, so the first one's top face covers it. */
const UNDER = 0.9;

export class CubesScene {
  readonly scene = new Scene();
  /** Cells a side of the board built last; 0 before the first `build`. */
  size = 0;
  private readonly materials: CubesMaterials;
  private atlas: LabelAtlas | null = null;
  private readonly trackPose: Pose = { col: 0, row: 0, scale: 1, opacity: 1 };
  private readonly colour = new Color();
  // Per-tile buffers, shared by cubes, numbers and shadows.
  private readonly matrices = new InstancedBufferAttribute(new Float32Array(MAX_TILES * 16), 16).setUsage(DynamicDrawUsage);
  private readonly opacity = new InstancedBufferAttribute(new Float32Array(MAX_TILES), 1).setUsage(DynamicDrawUsage);
  private readonly glow = new InstancedBufferAttribute(new Float32Array(MAX_TILES), 1);
  private readonly labelRects = new InstancedBufferAttribute(new Float32Array(MAX_TILES * 4), 4);
  private readonly colours = new InstancedBufferAttribute(new Float32Array(MAX_TILES * 3), 3);
  private readonly cubes: InstancedMesh;
  private readonly labels: InstancedMesh;
  private readonly shadows: InstancedMesh;
  private readonly slots: InstancedMesh;
  private readonly board: Mesh;
  private readonly hintBar: Mesh;

  constructor(private readonly gpu: GpuResources) {
    // No environment map: prefiltering one costs seconds of GPU time on software renderers.
    // A sky/ground fill, a key light from behind-left and a soft front fill do the job.
    const hemisphere = new HemisphereLight(0xffffff, 0xb8a894, 1.45);
    const sun = new DirectionalLight(0xffffff, 1.9);
    sun.position.set(-2.2, 8, 4.2);
    const fill = new DirectionalLight(0xfff4e8, 0.45);
    fill.position.set(3, 2.5, 6);
    this.scene.add(hemisphere, sun, sun.target, fill, fill.target);

    const materials = (this.materials = createMaterials(gpu));
    const cube = gpu.track(cubeGeometry());
    cube.setAttribute('aOpacity', this.opacity);
    cube.setAttribute('aGlow', this.glow);
    const label = gpu.track(labelGeometry());
    label.setAttribute('aOpacity', this.opacity);
    label.setAttribute('aLabel', this.labelRects);
    const shadow = gpu.track(shadowGeometry());
    shadow.setAttribute('aOpacity', this.opacity);

    const cubes = (this.cubes = gpu.track(new InstancedMesh(cube, materials.cube, MAX_TILES)));
    cubes.instanceMatrix = this.matrices;
    cubes.instanceColor = this.colours;
    const labels = (this.labels = gpu.track(new InstancedMesh(label, materials.label, MAX_TILES)));
    labels.instanceMatrix = this.matrices;
    const shadows = (this.shadows = gpu.track(new InstancedMesh(shadow, materials.shadow, MAX_TILES)));
    shadows.instanceMatrix = this.matrices;
    const slots = (this.slots = gpu.track(new InstancedMesh(gpu.track(slotGeometry()), materials.slot, MAX_SLOTS)));
    // Empty until `build` knows the board's size.
    this.board = new Mesh(gpu.track(new BufferGeometry()), materials.board);
    this.hintBar = new Mesh(gpu.track(new BufferGeometry()), materials.hint);
    this.hintBar.visible = false;
    // Opaque first: cubes, then slots and board behind them. Then shadows and numbers, blended.
    cubes.renderOrder = -1;
    shadows.renderOrder = 1;
    labels.renderOrder = 2;
    this.hintBar.renderOrder = 3;
    for (const mesh of [cubes, labels, shadows, slots]) mesh.frustumCulled = false;
    cubes.count = labels.count = shadows.count = 0;
    this.scene.add(this.board, slots, shadows, cubes, labels, this.hintBar);
  }

  /** Builds the board of `n`×`n` slots (and numbers up to what it can reach); `anisotropy` for the numbers' texture. */
  build(n: number, anisotropy: number): void {
    this.size = n;
    this.board.geometry = this.gpu.replace(this.board.geometry, boardGeometry(n));
    this.hintBar.geometry = this.gpu.replace(this.hintBar.geometry, hintGeometry(n));
    const half = (n - 1) / 2;
    const m = this.slots.instanceMatrix.array;
    for (let i = 0; i < n * n; i++) {
      const o = i * 16;
      m.fill(0, o, o + 16);
      m[o] = m[o + 5] = m[o + 10] = m[o + 15] = 1;
      m[o + 12] = (i % n) - half;
      m[o + 14] = Math.floor(i / n) - half;
    }
    this.slots.count = n * n;
    this.slots.instanceMatrix.needsUpdate = true;
    const maxExponent = n * n + 1;
    if (!this.atlas || this.atlas.maxExponent < maxExponent) {
      this.atlas = drawLabelAtlas(Math.max(maxExponent, 17), CELL_WIDTH * (CUBE_SIDE / LABEL_WIDTH));
      useAtlas(this.gpu, this.materials, this.atlas, anisotropy);
    }
  }

  paint(theme: 'light' | 'dark'): void {
    paintBoard(this.materials, theme);
  }

  /** Shows the hint on the rim, midway between the outer slots and the board's edge, pointing outwards; null hides it. */
  showHint(hint: Direction | null): void {
    const bar = this.hintBar;
    if (!hint || this.size === 0) {
      bar.visible = false;
      return;
    }
    const edge = this.size / 2 + RIM / 2 - 0.03;
    bar.rotation.y = hint === 'right' ? 0 : hint === 'left' ? Math.PI : hint === 'up' ? Math.PI / 2 : -Math.PI / 2;
    bar.position.set(hint === 'left' ? -edge : hint === 'right' ? edge : 0, 0.004, hint === 'up' ? -edge : hint === 'down' ? edge : 0);
    bar.visible = true;
  }

  /** Per-tile colours, glow and labels: once per change, not per frame. */
  begin(timeline: Timeline): void {
    const n = Math.min(timeline.tracks.length, MAX_TILES);
    for (let i = 0; i < n; i++) {
      const e = timeline.tracks[i]!.exponent;
      this.colour.set(tileColour(e)).toArray(this.colours.array, i * 3);
      this.glow.array[i] = tileGlow(e) * 0.12;
      this.atlas?.rectOf(e, this.labelRects.array as Float32Array, i * 4);
    }
    this.cubes.count = this.labels.count = this.shadows.count = n;
    // A see-through cube must be drawn over the board, not before it.
    this.cubes.renderOrder = timeline.tracks.some((t) => t.kind === 'fadeIn' || t.kind === 'fadeOut') ? 1 : -1;
    this.colours.needsUpdate = this.glow.needsUpdate = this.labelRects.needsUpdate = true;
  }

  /** Writes every tile's matrix and opacity for `elapsed` ms into `timeline`. */
  pose(timeline: Timeline, elapsed: number): void {
    const half = (timeline.size - 1) / 2;
    const m = this.matrices.array;
    const a = this.opacity.array;
    const pose = this.trackPose;
    const n = this.cubes.count;
    for (let i = 0; i < n; i++) {
      const track = timeline.tracks[i]!;
      const visible = poseAt(track, timeline.size, elapsed, pose);
      const s = visible ? pose.scale : 0;
      const o = i * 16;
      // Scale about the cube's base centre, then place it on its slot: no rotation.
      m[o] = s;
      m[o + 5] = s * (heightOf(track.exponent) / CUBE_HEIGHT) * (track.under ? UNDER : 1);
      m[o + 10] = s;
      m[o + 12] = pose.col - half;
      m[o + 13] = SLOT_TOP;
      m[o + 14] = pose.row - half;
      m[o + 15] = 1;
      a[i] = visible ? pose.opacity : 0;
    }
    this.matrices.needsUpdate = true;
    this.opacity.needsUpdate = true;
  }
}
