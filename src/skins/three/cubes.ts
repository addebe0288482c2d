/**
 * The 3D skin: rounded cubes on a board of slots, seen from a slight tilt.
 *
 * This file is the skin itself: mounting the canvas and renderer, following the host's size
 * and the screen's pixel ratio, the pointer (parallax), a lost context, and disposal. What is
 * drawn lives in scene.ts (meshes and per-tile buffers), materials.ts (shader patches),
 * shapes.ts (geometries) and camera.ts (fitting and parallax). Every GPU resource is
 * registered in one GpuResources as it is made, and `dispose` frees them all.
 *
 * Frames are drawn on demand only: while a change animates or the camera eases. A frame
 * allocates nothing (test/skins/frame-allocation.test.ts runs it in Node with a stand-in
 * renderer to prove it).
 *
 * Diagnostics for tests and benchmarks (not needed to play): `stats()` reads
 * `renderer.info` (draw calls of the last frame, frames, GPU memory counts), `cellPoint()`
 * says where a point of a cell's top face is on screen, and `inspect()` lists the tiles as
 * drawn. Time comes from `SkinOptions.clock`, so a test can stop it mid-animation.
 */
import { WebGLRenderer } from 'three';
import type { PerspectiveCamera, Scene } from 'three';
import type { Direction } from '../../engine';
import type { GameView, ReadonlyStore } from '../../store/types';
import { Playback } from '../playback';
import type { Skin, SkinInspection, SkinOptions } from '../skin';
import { NO_WEBGL_MESSAGE, SkinUnavailableError } from '../skin';
import { SkinSettings } from '../skin-options';
import type { Timeline } from '../timeline';
import { tilesAt } from '../timeline';
import { probeWebgl } from '../webgl';
import type { BoardCamera } from './camera';
import { createBoardCamera } from './camera';
import { createGpuResources } from './gpu-resources';
import { devicePixelRatioNow, drawingPixelRatio, watchPixelRatio } from './pixel-ratio';
import type { CubesScene } from './scene';
import { createCubesScene } from './scene';
import { CUBE_SIDE, SLOT_TOP, heightOf } from './shapes';

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

/** The skin's canvas and its renderer; throws SkinUnavailableError where WebGL is missing or fails. */
function createCanvas(internals: CubesInternals): { canvas: HTMLCanvasElement; renderer: CubesRenderer } {
  const webgl = probeWebgl();
  if (!webgl.available) throw new SkinUnavailableError(NO_WEBGL_MESSAGE, 'cubes');
  const canvas = document.createElement('canvas');
  canvas.setAttribute('aria-hidden', 'true');
  Object.assign(canvas.style, { display: 'block', width: '100%', height: '100%' });
  try {
    // Multisampling only where pixels are big enough to show jagged edges (at 2× it is wasted
    // fill), and never on a CPU renderer, where it halves the frame rate.
    const antialias = devicePixelRatioNow() < 2 && !webgl.software;
    return { canvas, renderer: (internals.createRenderer ?? createWebglRenderer)(canvas, antialias) };
  } catch {
    throw new SkinUnavailableError(NO_WEBGL_MESSAGE, 'cubes');
  }
}

/** Calls `lost` and `restored` as the canvas loses its WebGL context and gets it back; returns a function that stops. */
function followContext(canvas: HTMLCanvasElement, lost: () => void, restored: () => void): () => void {
  const onLost = (event: Event): void => {
    event.preventDefault();
    lost();
  };
  canvas.addEventListener('webglcontextlost', onLost);
  canvas.addEventListener('webglcontextrestored', restored);
  return () => {
    canvas.removeEventListener('webglcontextlost', onLost);
    canvas.removeEventListener('webglcontextrestored', restored);
  };
}

/** Aims `view` at the pointer over `host` while `parallax()` (not for touch), and straight when it leaves; `moved` then. */
function followPointer(host: HTMLElement, view: BoardCamera, parallax: () => boolean, moved: () => void): () => void {
  const onMove = (event: PointerEvent): void => {
    if (!parallax() || event.pointerType === 'touch') return;
    const rect = host.getBoundingClientRect();
    view.aimAt(
      ((event.clientX - rect.left) / Math.max(rect.width, 1)) * 2 - 1,
      ((event.clientY - rect.top) / Math.max(rect.height, 1)) * 2 - 1,
    );
    moved();
  };
  const onLeave = (): void => {
    view.centre();
    moved();
  };
  host.addEventListener('pointermove', onMove, { passive: true });
  host.addEventListener('pointerleave', onLeave, { passive: true });
  return () => {
    host.removeEventListener('pointermove', onMove);
    host.removeEventListener('pointerleave', onLeave);
  };
}

/** Calls `resize` with the host's new size, and `rescale` when the screen's pixel ratio changes; returns a function that stops. */
function followSize(host: HTMLElement, resize: (width: number, height: number) => void, rescale: () => void): () => void {
  const observer = new ResizeObserver((entries) => {
    const box = entries[entries.length - 1]?.contentRect;
    if (box) resize(box.width, box.height);
  });
  observer.observe(host);
  // A move to another screen, or a zoom, changes the pixel ratio but not the host's CSS size.
  const ratioWatch = watchPixelRatio(rescale);
  return () => {
    observer.disconnect();
    ratioWatch.stop();
  };
}

/**
 * What the skin's steps share. The numbers written every frame (`elapsed`, `time`) are fields of
 * this one object, which V8 updates in place: a closure variable given a fractional number
 * allocates a fresh heap number on every write.
 */
interface Stage {
  readonly shared: SkinSettings;
  readonly playback: Playback;
  readonly board: CubesScene;
  readonly view: BoardCamera;
  /** Set by mount, and kept after dispose (its counts then read 0). */
  renderer: CubesRenderer | null;
  lost: boolean;
  hint: Direction | null;
  /** The host's size in CSS pixels. */
  cssWidth: number;
  cssHeight: number;
  /** How far into the latest change the last frame drew. */
  elapsed: number;
  /** When the last frame was drawn. */
  time: number;
}

function buildBoard(stage: Stage, n: number): void {
  const { renderer } = stage;
  stage.board.build(n, renderer ? Math.min(8, renderer.capabilities.getMaxAnisotropy()) : 1);
  stage.board.showHint(stage.hint);
  stage.view.fit(n, stage.cssWidth / stage.cssHeight);
}

/** Sizes the drawing buffer for the host and the screen (a resize, or a new pixel ratio). */
function resize(stage: Stage, width: number, height: number): void {
  const { renderer } = stage;
  if (!renderer || width <= 0 || height <= 0) return;
  stage.cssWidth = width;
  stage.cssHeight = height;
  renderer.setPixelRatio(drawingPixelRatio());
  renderer.setSize(width, height, false);
  stage.view.fit(stage.board.size, stage.cssWidth / stage.cssHeight);
  stage.playback.request();
}

/** The camera was aimed anew: frames run until it settles, timed from now if none were running. */
function startEasing(stage: Stage): void {
  if (!stage.playback.animating) stage.time = stage.shared.clock.now();
  stage.playback.request();
}

function loseContext(stage: Stage): void {
  stage.lost = true;
  stage.playback.pause();
}

function restoreContext(stage: Stage): void {
  // three has rebuilt its GL state and re-uploads buffers and textures on the next frame; its
  // viewport it rebuilt from a rounded size, so the host's own (often fractional) size goes back in.
  stage.lost = false;
  resize(stage, stage.cssWidth, stage.cssHeight);
  stage.playback.finish();
  stage.playback.resume();
}

function repaint({ board, view, shared, playback }: Stage): void {
  board.paint(shared.theme);
  if (!shared.parallax) view.centre(true);
  playback.finish();
}

/** A mounted canvas: `unfollow` stops watching the host, `release` lets the renderer and canvas go (after the GPU resources). */
interface Mounted {
  unfollow(): void;
  release(): void;
}

/** Puts a canvas in `host`, sized to it and drawing a board of `size`, and follows the host, the pointer and the context. */
function mountCanvas(stage: Stage, host: HTMLElement, size: number, internals: CubesInternals): Mounted {
  const { canvas, renderer } = createCanvas(internals);
  stage.renderer = renderer;
  renderer.setClearColor(0x000000, 0);
  const stopContext = followContext(
    canvas,
    () => loseContext(stage),
    () => restoreContext(stage),
  );
  host.append(canvas);
  const stopPointer = followPointer(
    host,
    stage.view,
    () => stage.shared.parallax,
    () => startEasing(stage),
  );
  stage.board.paint(stage.shared.theme);
  buildBoard(stage, size);
  resize(stage, host.clientWidth || 1, host.clientHeight || 1);
  const stopSize = followSize(
    host,
    (width, height) => resize(stage, width, height),
    () => resize(stage, stage.cssWidth, stage.cssHeight),
  );
  return {
    unfollow() {
      stopSize();
      stopPointer();
    },
    release() {
      stopContext();
      renderer.dispose();
      // Release the context now rather than when garbage is collected: browsers cap live contexts.
      renderer.forceContextLoss();
      canvas.remove();
    },
  };
}

function statsOf({ renderer, playback, lost }: Stage): CubesStats {
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
}

/** Where the point (u, v) of the top face of the cube at (row, col) is on screen (see CubesSkin.cellPoint). */
function cellPointOf(stage: Stage, row: number, col: number, u: number, v: number): { x: number; y: number } {
  const size = stage.board.size;
  const half = (size - 1) / 2;
  const cell = row * size + col;
  const resting = stage.playback.current.tracks.find((t) => t.to === cell && t.kind !== 'source' && t.kind !== 'fadeOut');
  const top = SLOT_TOP + (resting ? heightOf(resting.exponent) : 0);
  return stage.view.toScreen(col - half + u * CUBE_SIDE, top, row - half + v * CUBE_SIDE, stage.cssWidth, stage.cssHeight);
}

export function createCubesSkin(options: SkinOptions = {}, internals: CubesInternals = {}): CubesSkin {
  const shared = new SkinSettings(options, () => repaint(stage));
  const playback = new Playback(shared.clock, { begin, draw }, () => shared.reducedMotion);
  const gpu = createGpuResources();
  const stage: Stage = {
    shared,
    playback,
    board: createCubesScene(gpu),
    view: createBoardCamera(),
    renderer: null,
    lost: false,
    hint: null,
    cssWidth: 1,
    cssHeight: 1,
    elapsed: 0,
    time: 0,
  };
  const { board, view } = stage;
  let mounted: Mounted | null = null;
  let disposed = false;

  function begin(timeline: Timeline): void {
    if (timeline.size !== board.size) buildBoard(stage, timeline.size);
    board.begin(timeline);
  }

  /** Poses every tile for `elapsed`, eases the camera, then renders; returns whether the camera still moves. */
  function draw(timeline: Timeline, elapsed: number): boolean {
    stage.elapsed = elapsed;
    const { renderer } = stage;
    if (!renderer || stage.lost) return false;
    board.pose(timeline, elapsed);
    const now = shared.clock.now();
    const easing = view.ease(now - stage.time);
    stage.time = now;
    renderer.render(board.scene, view.camera);
    return easing;
  }

  return {
    name: 'cubes',
    mount(el, store: ReadonlyStore<GameView>) {
      if (disposed) throw new Error('this skin was disposed; create a new one');
      if (stage.renderer) throw new Error('this skin is already mounted; dispose it first');
      mounted = mountCanvas(stage, el, store.getState().game.size, internals);
      playback.follow(store);
    },
    setHint(dir) {
      stage.hint = dir;
      board.showHint(dir);
      playback.request();
    },
    update(next) {
      shared.update(next);
      repaint(stage);
    },
    finish() {
      playback.finish();
    },
    dispose() {
      if (disposed) return;
      disposed = true;
      playback.stop();
      shared.stop();
      mounted?.unfollow();
      gpu.disposeAll();
      mounted?.release();
      mounted = null;
    },
    stats: () => statsOf(stage),
    cellPoint: (row, col, u = 0, v = 0) => cellPointOf(stage, row, col, u, v),
    inspect(): SkinInspection {
      return { frames: playback.frames, animating: playback.animating, tiles: tilesAt(playback.current, stage.elapsed) };
    },
  };
}
