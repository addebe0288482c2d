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
import { createBoardCamera } from './camera';
import { createGpuResources } from './gpu-resources';
import { devicePixelRatioNow, drawingPixelRatio, watchPixelRatio } from './pixel-ratio';
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

export function createCubesSkin(options: SkinOptions = {}, internals: CubesInternals = {}): CubesSkin {
  const shared = new SkinSettings(options, () => repaint());
  const playback = new Playback(shared.clock, { begin, draw }, () => shared.reducedMotion);
  const gpu = createGpuResources();
  const board = createCubesScene(gpu);
  const view = createBoardCamera();

  let host: HTMLElement | null = null;
  let canvas: HTMLCanvasElement | null = null;
  let renderer: CubesRenderer | null = null;
  let observer: ResizeObserver | null = null;
  let ratioWatch: { stop(): void } | null = null;
  let lost = false;
  let disposed = false;
  let hint: Direction | null = null;
  let cssWidth = 1;
  let cssHeight = 1;
  // Numbers written every frame live in one object's fields, which V8 updates in place: a closure
  // variable given a fractional number allocates a fresh heap number on every write.
  // `time`: when the last frame was drawn.
  const live = { elapsed: 0, time: 0 };

  function buildBoard(n: number): void {
    board.build(n, renderer ? Math.min(8, renderer.capabilities.getMaxAnisotropy()) : 1);
    board.showHint(hint);
    view.fit(n, cssWidth / cssHeight);
  }

  function begin(timeline: Timeline): void {
    if (timeline.size !== board.size) buildBoard(timeline.size);
    board.begin(timeline);
  }

  /** Poses every tile for `elapsed`, eases the camera, then renders; returns whether the camera still moves. */
  function draw(timeline: Timeline, elapsed: number): boolean {
    live.elapsed = elapsed;
    if (!renderer || lost) return false;
    board.pose(timeline, elapsed);
    const now = shared.clock.now();
    const easing = view.ease(now - live.time);
    live.time = now;
    renderer.render(board.scene, view.camera);
    return easing;
  }

  /** Sizes the drawing buffer for the host and the screen (a resize, or a new pixel ratio). */
  function resize(width: number, height: number): void {
    if (!renderer || width <= 0 || height <= 0) return;
    cssWidth = width;
    cssHeight = height;
    renderer.setPixelRatio(drawingPixelRatio());
    renderer.setSize(width, height, false);
    view.fit(board.size, cssWidth / cssHeight);
    playback.request();
  }

  const onPointerMove = (event: PointerEvent): void => {
    if (!host || !shared.parallax || event.pointerType === 'touch') return;
    const rect = host.getBoundingClientRect();
    view.aimAt(
      ((event.clientX - rect.left) / Math.max(rect.width, 1)) * 2 - 1,
      ((event.clientY - rect.top) / Math.max(rect.height, 1)) * 2 - 1,
    );
    startEasing();
  };
  const onPointerLeave = (): void => {
    view.centre();
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
    // three has rebuilt its GL state and re-uploads buffers and textures on the next frame; its
    // viewport it rebuilt from a rounded size, so the host's own (often fractional) size goes back in.
    lost = false;
    resize(cssWidth, cssHeight);
    playback.finish();
    playback.resume();
  };

  function repaint(): void {
    board.paint(shared.theme);
    if (!shared.parallax) view.centre(true);
    playback.finish();
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
        const antialias = devicePixelRatioNow() < 2 && !webgl.software;
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
      board.paint(shared.theme);
      buildBoard(store.getState().game.size);
      resize(el.clientWidth || 1, el.clientHeight || 1);
      observer = new ResizeObserver((entries) => {
        const box = entries[entries.length - 1]?.contentRect;
        if (box) resize(box.width, box.height);
      });
      observer.observe(el);
      // A move to another screen, or a zoom, changes the pixel ratio but not the host's CSS size.
      ratioWatch = watchPixelRatio(() => resize(cssWidth, cssHeight));
      playback.follow(store);
    },
    setHint(dir) {
      hint = dir;
      board.showHint(dir);
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
      ratioWatch?.stop();
      ratioWatch = null;
      host?.removeEventListener('pointermove', onPointerMove);
      host?.removeEventListener('pointerleave', onPointerLeave);
      gpu.disposeAll();
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
      const size = board.size;
      const half = (size - 1) / 2;
      const cell = row * size + col;
      const resting = playback.current.tracks.find((t) => t.to === cell && t.kind !== 'source' && t.kind !== 'fadeOut');
      const top = SLOT_TOP + (resting ? heightOf(resting.exponent) : 0);
      return view.toScreen(col - half + u * CUBE_SIDE, top, row - half + v * CUBE_SIDE, cssWidth, cssHeight);
    },
    inspect(): SkinInspection {
      return { frames: playback.frames, animating: playback.animating, tiles: tilesAt(playback.current, live.elapsed) };
    },
  };
}
