/**
 * The 3D skin: rounded cubes on a board of slots, seen from a slight tilt.
 *
 * Drawing: five draw calls whatever the tile count (board, slots, shadows, cubes,
 * numbers; six with a hint). Cubes, their numbers and their contact shadows are three
 * InstancedMeshes sharing one instance-matrix buffer and one opacity buffer, so a frame
 * writes 17 floats a tile into preallocated arrays and allocates nothing
 * (test/skins/frame-allocation.test.ts runs it in Node with a stand-in renderer to prove it).
 * Frames are drawn on demand only: while a change animates or the camera eases.
 *
 * Diagnostics for tests and benchmarks (not needed to play): `stats()` reads
 * `renderer.info` (draw calls of the last frame, frames, GPU memory counts), `cellPoint()`
 * says where a point of a cell's top face is on screen, and `inspect()` lists the tiles as
 * drawn. Time comes from `SkinOptions.clock`, so a test can stop it mid-animation.
 */
import {
  BufferAttribute,
  BufferGeometry,
  CanvasTexture,
  Color,
  CustomBlending,
  DirectionalLight,
  DoubleSide,
  DynamicDrawUsage,
  HemisphereLight,
  InstancedBufferAttribute,
  InstancedMesh,
  LinearMipmapLinearFilter,
  Mesh,
  MeshBasicMaterial,
  MeshLambertMaterial,
  MeshStandardMaterial,
  OneFactor,
  OneMinusSrcAlphaFactor,
  PerspectiveCamera,
  PlaneGeometry,
  SRGBColorSpace,
  SrcAlphaFactor,
  Scene,
  Vector3,
  WebGLRenderer,
} from 'three';
import type { Material } from 'three';
import { RoundedBoxGeometry } from 'three/examples/jsm/geometries/RoundedBoxGeometry.js';
import type { Direction } from '../../engine';
import type { GameView, ReadonlyStore } from '../../store/types';
import { BOARD_COLOURS, tileColour, tileGlow } from '../palette';
import { Playback } from '../playback';
import type { Skin, SkinInspection, SkinOptions } from '../skin';
import { NO_WEBGL_MESSAGE, SkinUnavailableError } from '../skin';
import { SharedOptions } from '../skin-options';
import type { Pose, Timeline } from '../timeline';
import { poseAt, tilesAt } from '../timeline';
import { probeWebgl } from '../webgl';
import type { LabelAtlas } from './atlas';
import { CELL_HEIGHT, CELL_WIDTH, drawLabelAtlas } from './atlas';

/** What `stats()` reports. */
export interface CubesStats {
  /** Draw calls of the latest frame. */
  readonly drawCalls: number;
  readonly triangles: number;
  /** Frames drawn since mount. */
  readonly frames: number;
  /** GPU objects alive now (`renderer.info.memory`, programs); all 0 after dispose. */
  readonly geometries: number;
  readonly textures: number;
  readonly programs: number;
  readonly contextLost: boolean;
}

export interface CubesSkin extends Skin {
  readonly name: 'cubes';
  stats(): CubesStats;
  /**
   * Where a point on the top face of the cube at (row, col) appears, in CSS pixels from the
   * host's top-left corner. `u`, `v` in −0.5…0.5 go across the face (0, 0 is its centre).
   */
  cellPoint(row: number, col: number, u?: number, v?: number): { x: number; y: number };
  inspect(): SkinInspection;
}

/**
 * What the skin asks of its renderer. A browser gets three's `WebGLRenderer`; a test without
 * a GPU passes a stand-in (see `CubesInternals`) to run the real frame path in Node.
 */
export interface CubesRenderer {
  render(scene: Scene, camera: PerspectiveCamera): void;
  setPixelRatio(ratio: number): void;
  setSize(width: number, height: number, updateStyle?: boolean): void;
  setClearColor(colour: number, alpha?: number): void;
  dispose(): void;
  forceContextLoss(): void;
  readonly info: {
    readonly render: { readonly calls: number; readonly triangles: number };
    readonly memory: { readonly geometries: number; readonly textures: number };
    readonly programs: readonly unknown[] | null;
  };
  readonly capabilities: { getMaxAnisotropy(): number };
}

/** Seams for tests, not options for players: the page never passes these. */
export interface CubesInternals {
  /** Makes the renderer for the skin's canvas; default a `WebGLRenderer` (throws where WebGL fails). */
  createRenderer?(canvas: HTMLCanvasElement, antialias: boolean): CubesRenderer;
}

const createWebglRenderer = (canvas: HTMLCanvasElement, antialias: boolean): CubesRenderer =>
  new WebGLRenderer({ canvas, antialias, alpha: true, powerPreference: 'high-performance' });

/** Largest board the engine allows is 8×8; mid-fade a cell can hold two tiles, plus one spawn. */
const MAX_TILES = 2 * 8 * 8 + 1;
const MAX_SLOTS = 8 * 8;

// Board units: one cell pitch is 1; the board's top is at y = 0.
const SLOT_SIDE = 0.87;
const SLOT_TOP = 0.025;
const CUBE_SIDE = 0.83;
const CUBE_RADIUS = 0.1;
/** The cube geometry's own height; each value scales it a little (taller for bigger tiles). */
const CUBE_HEIGHT = 0.56;
const LABEL_WIDTH = 0.76;
const LABEL_HEIGHT = LABEL_WIDTH * (CELL_HEIGHT / CELL_WIDTH);
const RIM = 0.24;
const BOARD_THICKNESS = 0.34;
/** Camera tilt from straight down, and its field of view. */
const TILT_DEGREES = 24;
const FOV_DEGREES = 30;
/** Share of the canvas left empty around the board, per side. */
const MARGIN = 0.025;
/** Parallax: at most this many radians of camera swing, eased with this time constant. */
const PARALLAX_YAW = 0.06;
const PARALLAX_PITCH = 0.04;
const PARALLAX_MS = 140;

/** The second cube of a merge is drawn this much lower, so the first one's top face covers it. */
const UNDER = 0.9;
const heightOf = (exponent: number): number => 0.38 + 0.022 * Math.min(exponent, 11) + 0.012 * Math.max(0, Math.min(exponent - 11, 6));

interface InstancedHooks {
  /** The material samples the label atlas at a per-tile rectangle. */
  readonly label?: boolean;
  /** The material adds a per-tile emissive glow. */
  readonly glow?: boolean;
}

/**
 * Teaches a built-in material per-tile opacity (and label rectangles or glow). Each variant
 * names its program so three never shares one between variants.
 */
function instanced<M extends Material>(material: M, key: string, hooks: InstancedHooks = {}): M {
  material.onBeforeCompile = (shader) => {
    let vertexHead = 'attribute float aOpacity;\nvarying float vInstOpacity;\n';
    let vertexBody = 'vInstOpacity = aOpacity;\n';
    let fragmentHead = 'varying float vInstOpacity;\n';
    if (hooks.label) {
      vertexHead += 'attribute vec4 aLabel;\n';
      vertexBody += 'vMapUv = aLabel.xy + vMapUv * aLabel.zw;\n';
    }
    if (hooks.glow) {
      vertexHead += 'attribute float aGlow;\nvarying float vInstGlow;\n';
      vertexBody += 'vInstGlow = aGlow;\n';
      fragmentHead += 'varying float vInstGlow;\n';
    }
    shader.vertexShader = shader.vertexShader
      .replace('#include <common>', `#include <common>\n${vertexHead}`)
      .replace('#include <uv_vertex>', `#include <uv_vertex>\n${vertexBody}`);
    // Numbers are premultiplied (no dark fringes), so their opacity scales every channel.
    const fade = hooks.label ? 'diffuseColor *= vInstOpacity;' : 'diffuseColor.a *= vInstOpacity;';
    let fragment = shader.fragmentShader
      .replace('#include <common>', `#include <common>\n${fragmentHead}`)
      .replace('#include <color_fragment>', `#include <color_fragment>\n${fade}`);
    if (hooks.glow) fragment = fragment.replace('#include <emissivemap_fragment>', '#include <emissivemap_fragment>\ntotalEmissiveRadiance += diffuseColor.rgb * vInstGlow;');
    shader.fragmentShader = fragment;
  };
  material.customProgramCacheKey = () => key;
  return material;
}

/**
 * Three flat chevrons in a row along z, pointing towards +x: the hint, laid on the board's rim.
 * `spacing` is the distance between them.
 */
function chevronsGeometry(spacing: number): BufferGeometry {
  const tip = 0.07;
  const back = -0.07;
  const reach = 0.15;
  const thick = 0.085;
  const positions: number[] = [];
  const indices: number[] = [];
  for (const z of [-spacing, 0, spacing]) {
    // Outer edge B→A→C, inner edge the same shifted back by `thick`: a mitred "›".
    const base = positions.length / 3;
    positions.push(back, 0, z - reach, tip, 0, z, back, 0, z + reach, back - thick, 0, z + reach, tip - thick, 0, z, back - thick, 0, z - reach);
    indices.push(base, base + 1, base + 4, base, base + 4, base + 5, base + 1, base + 2, base + 3, base + 1, base + 3, base + 4);
  }
  const geometry = new BufferGeometry();
  geometry.setAttribute('position', new BufferAttribute(new Float32Array(positions), 3));
  geometry.setIndex(indices);
  return geometry;
}

/** A soft round shadow, drawn once: a radial gradient in the alpha channel. */
function drawShadowBlob(): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = 64;
  const ctx = canvas.getContext('2d');
  if (ctx) {
    const g = ctx.createRadialGradient(32, 32, 8, 32, 32, 32);
    // Fully clear well before the quad's edge, so a shadow never spills past the board's rim.
    g.addColorStop(0, 'rgba(0,0,0,1)');
    g.addColorStop(0.5, 'rgba(0,0,0,0.6)');
    g.addColorStop(0.82, 'rgba(0,0,0,0)');
    ctx.fillStyle = g;
    ctx.fillRect(0, 0, 64, 64);
  }
  return canvas;
}

export function createCubesSkin(options: SkinOptions = {}, internals: CubesInternals = {}): CubesSkin {
  const shared = new SharedOptions(options, () => repaint());
  const playback = new Playback(shared.clock, { begin, draw }, () => shared.reducedMotion);
  const pose: Pose = { col: 0, row: 0, scale: 1, opacity: 1 };
  const colour = new Color();
  const scratch = new Vector3();
  const target = new Vector3();
  const fitPoints: Vector3[] = Array.from({ length: 12 }, () => new Vector3());

  let host: HTMLElement | null = null;
  let canvas: HTMLCanvasElement | null = null;
  let renderer: CubesRenderer | null = null;
  let observer: ResizeObserver | null = null;
  let lost = false;
  let disposed = false;
  let hint: Direction | null = null;
  let size = 0;
  let cssWidth = 1;
  let cssHeight = 1;
  let distance = 10;
  let shiftX = 0;
  let shiftY = 0;
  // Parallax: where the pointer asks the camera to swing.
  let aimYaw = 0;
  let aimPitch = 0;
  // Numbers written every frame live in one object's fields, which V8 updates in place: a closure
  // variable given a fractional number allocates a fresh heap number on every write.
  // `yaw`, `pitch`: where the camera has swung to; `time`: when the last frame was drawn.
  const live = { elapsed: 0, time: 0, yaw: 0, pitch: 0 };

  const scene = new Scene();
  const camera = new PerspectiveCamera(FOV_DEGREES, 1, 0.1, 100);
  // No environment map: prefiltering one costs seconds of GPU time on software renderers.
  // A sky/ground fill, a key light from behind-left and a soft front fill do the job.
  const hemisphere = new HemisphereLight(0xffffff, 0xb8a894, 1.45);
  const sun = new DirectionalLight(0xffffff, 1.9);
  sun.position.set(-2.2, 8, 4.2);
  const fill = new DirectionalLight(0xfff4e8, 0.45);
  fill.position.set(3, 2.5, 6);
  scene.add(hemisphere, sun, sun.target, fill, fill.target);

  // Per-tile buffers, shared by cubes, numbers and shadows.
  const matrices = new InstancedBufferAttribute(new Float32Array(MAX_TILES * 16), 16).setUsage(DynamicDrawUsage);
  const opacity = new InstancedBufferAttribute(new Float32Array(MAX_TILES), 1).setUsage(DynamicDrawUsage);
  const glow = new InstancedBufferAttribute(new Float32Array(MAX_TILES), 1);
  const labelRects = new InstancedBufferAttribute(new Float32Array(MAX_TILES * 4), 4);
  const colours = new InstancedBufferAttribute(new Float32Array(MAX_TILES * 3), 3);

  const cubeGeometry = new RoundedBoxGeometry(CUBE_SIDE, CUBE_HEIGHT, CUBE_SIDE, 4, CUBE_RADIUS).translate(0, CUBE_HEIGHT / 2, 0);
  cubeGeometry.setAttribute('aOpacity', opacity);
  cubeGeometry.setAttribute('aGlow', glow);
  const labelGeometry = new PlaneGeometry(LABEL_WIDTH, LABEL_HEIGHT).rotateX(-Math.PI / 2).translate(0, CUBE_HEIGHT + 0.004, 0);
  labelGeometry.setAttribute('aOpacity', opacity);
  labelGeometry.setAttribute('aLabel', labelRects);
  // The light comes from behind and the left, so shadows fall a little forward and right.
  const shadowGeometry = new PlaneGeometry(1.25, 1.25).rotateX(-Math.PI / 2).translate(0.05, 0.002, 0.08);
  shadowGeometry.setAttribute('aOpacity', opacity);
  const slotGeometry = new RoundedBoxGeometry(SLOT_SIDE, 0.05, SLOT_SIDE, 2, 0.025).translate(0, SLOT_TOP - 0.025, 0);
  let boardGeometry: BufferGeometry = new RoundedBoxGeometry(1, 1, 1, 1, 0.1);
  let hintGeometry: BufferGeometry = chevronsGeometry(1);

  const shadowTexture = new CanvasTexture(drawShadowBlob());
  let atlasTexture: CanvasTexture | null = null;
  let atlas: LabelAtlas | null = null;

  // Cubes are drawn before the board, so the board's hidden pixels are never shaded; they still
  // blend (normally at full opacity) so a cross-fade can draw them after the board instead.
  const cubeMaterial = instanced(
    new MeshStandardMaterial({
      roughness: 0.36,
      metalness: 0,
      blending: CustomBlending,
      blendSrc: SrcAlphaFactor,
      blendDst: OneMinusSrcAlphaFactor,
      blendSrcAlpha: OneFactor,
      blendDstAlpha: OneMinusSrcAlphaFactor,
    }),
    'cube2048-cube',
    { glow: true },
  );
  const labelMaterial = instanced(
    new MeshBasicMaterial({ transparent: true, depthWrite: false, blending: CustomBlending, blendSrc: OneFactor, blendDst: OneMinusSrcAlphaFactor, premultipliedAlpha: false }),
    'cube2048-label',
    { label: true },
  );
  const shadowMaterial = instanced(new MeshBasicMaterial({ map: shadowTexture, color: 0x4a3420, transparent: true, opacity: 0.5, depthWrite: false }), 'cube2048-shadow');
  // The board is matte and fills most pixels: a diffuse-only material keeps software renderers fast.
  const boardMaterial = new MeshLambertMaterial();
  const slotMaterial = new MeshLambertMaterial();
  // One pass: three draws see-through two-sided materials twice unless told otherwise.
  const hintMaterial = new MeshBasicMaterial({ transparent: true, opacity: 0.95, side: DoubleSide, forceSinglePass: true, depthWrite: false });

  const cubes = new InstancedMesh(cubeGeometry, cubeMaterial, MAX_TILES);
  cubes.instanceMatrix = matrices;
  cubes.instanceColor = colours;
  const labels = new InstancedMesh(labelGeometry, labelMaterial, MAX_TILES);
  labels.instanceMatrix = matrices;
  const shadows = new InstancedMesh(shadowGeometry, shadowMaterial, MAX_TILES);
  shadows.instanceMatrix = matrices;
  const slots = new InstancedMesh(slotGeometry, slotMaterial, MAX_SLOTS);
  const board = new Mesh(boardGeometry, boardMaterial);
  const hintBar = new Mesh(hintGeometry, hintMaterial);
  hintBar.visible = false;
  // Opaque first: cubes, then slots and board behind them. Then shadows and numbers, blended.
  cubes.renderOrder = -1;
  shadows.renderOrder = 1;
  labels.renderOrder = 2;
  hintBar.renderOrder = 3;
  for (const mesh of [cubes, labels, shadows, slots]) mesh.frustumCulled = false;
  cubes.count = labels.count = shadows.count = 0;
  scene.add(board, slots, shadows, cubes, labels, hintBar);

  function buildBoard(n: number): void {
    size = n;
    const side = n + 2 * RIM;
    boardGeometry.dispose();
    boardGeometry = new RoundedBoxGeometry(side, BOARD_THICKNESS, side, 4, 0.22).translate(0, -BOARD_THICKNESS / 2, 0);
    board.geometry = boardGeometry;
    hintGeometry.dispose();
    hintGeometry = chevronsGeometry(Math.max(1, n / 4));
    hintBar.geometry = hintGeometry;
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
    const maxExponent = n * n + 1;
    if (!atlas || atlas.maxExponent < maxExponent) {
      atlasTexture?.dispose();
      atlas = drawLabelAtlas(Math.max(maxExponent, 17), CELL_WIDTH * (CUBE_SIDE / LABEL_WIDTH));
      atlasTexture = new CanvasTexture(atlas.canvas);
      atlasTexture.colorSpace = SRGBColorSpace;
      atlasTexture.premultiplyAlpha = true;
      atlasTexture.minFilter = LinearMipmapLinearFilter;
      atlasTexture.anisotropy = renderer ? Math.min(8, renderer.capabilities.getMaxAnisotropy()) : 1;
      labelMaterial.map = atlasTexture;
      labelMaterial.needsUpdate = true;
    }
    placeHint();
    fit();
  }

  function paintBoard(): void {
    const c = BOARD_COLOURS[shared.theme];
    boardMaterial.color.set(c.board);
    slotMaterial.color.set(c.slot);
    hintMaterial.color.set(c.hint);
  }

  function placeHint(): void {
    if (!hint || size === 0) {
      hintBar.visible = false;
      return;
    }
    // On the rim, midway between the outer slots and the board's edge, pointing outwards.
    const edge = size / 2 + RIM / 2 - 0.03;
    hintBar.rotation.y = hint === 'right' ? 0 : hint === 'left' ? Math.PI : hint === 'up' ? Math.PI / 2 : -Math.PI / 2;
    hintBar.position.set(hint === 'left' ? -edge : hint === 'right' ? edge : 0, 0.004, hint === 'up' ? -edge : hint === 'down' ? edge : 0);
    hintBar.visible = true;
  }

  /** Per-tile colours, glow and labels: once per change, not per frame. */
  function begin(timeline: Timeline): void {
    if (timeline.size !== size) buildBoard(timeline.size);
    const n = Math.min(timeline.tracks.length, MAX_TILES);
    for (let i = 0; i < n; i++) {
      const e = timeline.tracks[i]!.exponent;
      colour.set(tileColour(e)).toArray(colours.array, i * 3);
      glow.array[i] = tileGlow(e) * 0.12;
      atlas?.rectOf(e, labelRects.array as Float32Array, i * 4);
    }
    cubes.count = labels.count = shadows.count = n;
    // A see-through cube must be drawn over the board, not before it.
    cubes.renderOrder = timeline.tracks.some((t) => t.kind === 'fadeIn' || t.kind === 'fadeOut') ? 1 : -1;
    colours.needsUpdate = glow.needsUpdate = labelRects.needsUpdate = true;
  }

  /** Writes every tile's matrix and opacity for `elapsed`, then renders. */
  function draw(timeline: Timeline, elapsed: number): boolean {
    live.elapsed = elapsed;
    if (!renderer || lost) return false;
    const half = (timeline.size - 1) / 2;
    const m = matrices.array;
    const a = opacity.array;
    const n = cubes.count;
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
    matrices.needsUpdate = true;
    opacity.needsUpdate = true;
    const now = shared.clock.now();
    const easing = easeCamera(now - live.time);
    live.time = now;
    renderer.render(scene, camera);
    return easing;
  }

  /** Moves the camera towards the pointer's aim; returns whether it still has a way to go. */
  function easeCamera(dt: number): boolean {
    const k = 1 - Math.exp(-Math.min(Math.max(dt, 0), 100) / PARALLAX_MS);
    live.yaw += (aimYaw - live.yaw) * k;
    live.pitch += (aimPitch - live.pitch) * k;
    if (Math.abs(aimYaw - live.yaw) < 1e-4 && Math.abs(aimPitch - live.pitch) < 1e-4) {
      live.yaw = aimYaw;
      live.pitch = aimPitch;
    }
    placeCamera(distance, live.yaw, live.pitch);
    applyShift();
    return live.yaw !== aimYaw || live.pitch !== aimPitch;
  }

  function placeCamera(d: number, yawAngle: number, pitchAngle: number): void {
    const tilt = (TILT_DEGREES * Math.PI) / 180 + pitchAngle;
    camera.position.set(Math.sin(yawAngle) * Math.sin(tilt) * d, Math.cos(tilt) * d, Math.cos(yawAngle) * Math.sin(tilt) * d);
    camera.lookAt(target);
    camera.updateMatrixWorld();
  }

  function applyShift(): void {
    camera.updateProjectionMatrix();
    // A lens shift centres the tilted board exactly (its near edge looks bigger than its far edge).
    camera.projectionMatrix.elements[8] = shiftX;
    camera.projectionMatrix.elements[9] = shiftY;
    camera.projectionMatrixInverse.copy(camera.projectionMatrix).invert();
  }

  /** Chooses the camera distance and lens shift so the board and the tallest cubes fill the canvas. */
  function fit(): void {
    if (size === 0) return;
    const h = size / 2 + RIM;
    const c = size / 2 - (1 - CUBE_SIDE) / 2;
    const top = SLOT_TOP + heightOf(12) * 1.05;
    let k = 0;
    for (const sx of [-1, 1])
      for (const sz of [-1, 1]) {
        fitPoints[k++]!.set(sx * h, 0, sz * h);
        fitPoints[k++]!.set(sx * h, -BOARD_THICKNESS, sz * h);
        fitPoints[k++]!.set(sx * c, top, sz * c);
      }
    camera.aspect = cssWidth / cssHeight;
    shiftX = shiftY = 0;
    distance = size * 3;
    const room = 1 - 2 * MARGIN;
    for (let iteration = 0; iteration < 12; iteration++) {
      placeCamera(distance, 0, 0);
      applyShift();
      let minX = Infinity;
      let maxX = -Infinity;
      let minY = Infinity;
      let maxY = -Infinity;
      for (const p of fitPoints) {
        scratch.copy(p).project(camera);
        minX = Math.min(minX, scratch.x);
        maxX = Math.max(maxX, scratch.x);
        minY = Math.min(minY, scratch.y);
        maxY = Math.max(maxY, scratch.y);
      }
      // Projected size shrinks about as 1/distance, so scaling the distance converges in a few steps.
      distance *= Math.max((maxX - minX) / 2, (maxY - minY) / 2) / room;
      // Adding c to the z column moves every point by −c in NDC.
      shiftX += (minX + maxX) / 2;
      shiftY += (minY + maxY) / 2;
    }
    placeCamera(distance, live.yaw, live.pitch);
    applyShift();
  }

  function resize(width: number, height: number): void {
    if (!renderer || width <= 0 || height <= 0) return;
    cssWidth = width;
    cssHeight = height;
    renderer.setPixelRatio(Math.min(window.devicePixelRatio || 1, 2));
    renderer.setSize(width, height, false);
    fit();
    playback.request();
  }

  const onPointerMove = (event: PointerEvent): void => {
    if (!host || !shared.parallax || event.pointerType === 'touch') return;
    const rect = host.getBoundingClientRect();
    const x = ((event.clientX - rect.left) / Math.max(rect.width, 1)) * 2 - 1;
    const y = ((event.clientY - rect.top) / Math.max(rect.height, 1)) * 2 - 1;
    aimYaw = -Math.max(-1, Math.min(1, x)) * PARALLAX_YAW;
    aimPitch = Math.max(-1, Math.min(1, y)) * PARALLAX_PITCH;
    startEasing();
  };
  const onPointerLeave = (): void => {
    aimYaw = aimPitch = 0;
    startEasing();
  };
  function startEasing(): void {
    if (!playback.animating) live.time = shared.clock.now();
    playback.request();
  }

  const onContextLost = (event: Event): void => {
    event.preventDefault();
    lost = true;
    playback.pause();
  };
  const onContextRestored = (): void => {
    // three has rebuilt its GL state and re-uploads buffers and textures on the next frame.
    lost = false;
    playback.finish();
    playback.resume();
  };

  function repaint(): void {
    paintBoard();
    if (!shared.parallax) aimYaw = aimPitch = live.yaw = live.pitch = 0;
    playback.finish();
  }

  function disposeGpu(): void {
    for (const geometry of [cubeGeometry, labelGeometry, shadowGeometry, slotGeometry, boardGeometry, hintGeometry]) geometry.dispose();
    for (const material of [cubeMaterial, labelMaterial, shadowMaterial, boardMaterial, slotMaterial, hintMaterial]) material.dispose();
    for (const mesh of [cubes, labels, shadows, slots]) mesh.dispose();
    shadowTexture.dispose();
    atlasTexture?.dispose();
  }

  return {
    name: 'cubes',
    mount(el, store: ReadonlyStore<GameView>) {
      if (disposed) throw new Error('this skin was disposed; create a new one');
      if (renderer) throw new Error('this skin is already mounted; dispose it first');
      const webgl = probeWebgl();
      if (!webgl.available) throw new SkinUnavailableError(NO_WEBGL_MESSAGE, 'cubes');
      host = el;
      canvas = document.createElement('canvas');
      canvas.setAttribute('aria-hidden', 'true');
      Object.assign(canvas.style, { display: 'block', width: '100%', height: '100%' });
      try {
        // Multisampling only where pixels are big enough to show jagged edges (at 2× it is wasted
        // fill), and never on a CPU renderer, where it halves the frame rate.
        const antialias = (window.devicePixelRatio || 1) < 2 && !webgl.software;
        renderer = (internals.createRenderer ?? createWebglRenderer)(canvas, antialias);
      } catch {
        canvas = null;
        host = null;
        throw new SkinUnavailableError(NO_WEBGL_MESSAGE, 'cubes');
      }
      renderer.setClearColor(0x000000, 0);
      canvas.addEventListener('webglcontextlost', onContextLost);
      canvas.addEventListener('webglcontextrestored', onContextRestored);
      el.append(canvas);
      el.addEventListener('pointermove', onPointerMove, { passive: true });
      el.addEventListener('pointerleave', onPointerLeave, { passive: true });
      paintBoard();
      buildBoard(store.getState().game.size);
      resize(el.clientWidth || 1, el.clientHeight || 1);
      observer = new ResizeObserver((entries) => {
        const box = entries[entries.length - 1]?.contentRect;
        if (box) resize(box.width, box.height);
      });
      observer.observe(el);
      playback.follow(store);
    },
    setHint(dir) {
      hint = dir;
      placeHint();
      playback.request();
    },
    update(next) {
      shared.update(next);
      repaint();
    },
    finish() {
      playback.finish();
    },
    dispose() {
      if (disposed) return;
      disposed = true;
      playback.stop();
      shared.stop();
      observer?.disconnect();
      observer = null;
      host?.removeEventListener('pointermove', onPointerMove);
      host?.removeEventListener('pointerleave', onPointerLeave);
      disposeGpu();
      if (renderer) {
        canvas?.removeEventListener('webglcontextlost', onContextLost);
        canvas?.removeEventListener('webglcontextrestored', onContextRestored);
        renderer.dispose();
        // Release the context now rather than when garbage is collected: browsers cap live contexts.
        renderer.forceContextLoss();
      }
      canvas?.remove();
      canvas = null;
      host = null;
    },
    stats(): CubesStats {
      const info = renderer?.info;
      return {
        drawCalls: info?.render.calls ?? 0,
        triangles: info?.render.triangles ?? 0,
        frames: playback.frames,
        geometries: info?.memory.geometries ?? 0,
        textures: info?.memory.textures ?? 0,
        programs: info?.programs?.length ?? 0,
        contextLost: lost,
      };
    },
    cellPoint(row, col, u = 0, v = 0) {
      const half = (size - 1) / 2;
      const cell = row * size + col;
      const resting = playback.current.tracks.find((t) => t.to === cell && t.kind !== 'source' && t.kind !== 'fadeOut');
      const top = SLOT_TOP + (resting ? heightOf(resting.exponent) : 0);
      scratch.set(col - half + u * CUBE_SIDE, top, row - half + v * CUBE_SIDE).project(camera);
      return { x: ((scratch.x + 1) / 2) * cssWidth, y: ((1 - scratch.y) / 2) * cssHeight };
    },
    inspect(): SkinInspection {
      return { frames: playback.frames, animating: playback.animating, tiles: tilesAt(playback.current, live.elapsed) };
    },
  };
}
