/**
 * The 3D skin: rounded cubes on a board of slots, seen from a slight tilt.
 *
 * This file is the skin itself: mounting the canvas and renderer, following the host's size
 * and the screen's pixel ratio, the pointer (parallax), a lost context, and disposal. What is
 * drawn lives in scene.ts (meshes and per-tile buffers), materials.ts and finish.ts (shader patches), looks/ (the looks, loaded when chosen),
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
import type { ViewCommand } from '../camera-view';
import type { LookName } from '../looks';
import { MAX_ZOOM, clampView } from '../camera-view';
import type { Skin, SkinInspection, SkinOptions } from '../skin';
import { NO_WEBGL_MESSAGE, SkinUnavailableError } from '../skin';
import { SkinSettings } from '../skin-options';
import type { Timeline, Track } from '../timeline';
import { tilesAt } from '../timeline';
import { probeWebgl } from '../webgl';
import type { BoardCamera } from './camera';
import { createBoardCamera } from './camera';
import type { CubesEffects } from './effects';
import { WIN_CELEBRATION_MS, createEffects } from './effects';
import { createGpuResources } from './gpu-resources';
import type { Orbit } from './orbit';
import { devicePixelRatioNow, drawingPixelRatio, watchPixelRatio } from './pixel-ratio';
import type { CubesScene } from './scene';
import { createCubesScene } from './scene';
import { CUBE_SIDE, SLOT_TOP, heightOf } from './measures';

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
  /** The look drawn (a chosen one shows once its code has loaded). */
  readonly look: LookName;
}

/** What the cubes show beyond their tiles: the effects of effects.ts in the latest frame. */
export interface CubesInspection extends SkinInspection {
  /** The brightest flash of light on a merged or winning cube (0: none). */
  readonly flash: number;
}

export interface CubesSkin extends Skin {
  readonly name: 'cubes';
  turn(command: ViewCommand): void;
  azimuth(): number;
  stats(): CubesStats;
  /**
   * Where a point on the top face of the cube at (row, col) appears, in CSS pixels from the
   * host's top-left corner. `u`, `v` in −0.5…0.5 go across the face (0, 0 is its centre).
   */
  cellPoint(row: number, col: number, u?: number, v?: number): { x: number; y: number };
  inspect(): CubesInspection;
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

/** Runs `use` with the orbit, loading it the first time the camera moves (not once the skin is disposed). */
function withOrbit(stage: Stage, use: (orbit: Orbit) => void): void {
  if (stage.turned) return use(stage.turned);
  stage.orbit ??= import('./orbit').then(({ startOrbit }) => {
    if (!stage.host) return null;
    return (stage.turned = startOrbit(stage.host, stage.view, {
      request: () => startEasing(stage),
      settled: (view) => stage.options.onView?.(view),
      still: () => stage.shared.reducedMotion,
      parallax: () => stage.shared.parallax,
    }));
  });
  void stage.orbit.then((orbit) => orbit && stage.host && use(orbit));
}

/**
 * Hands the orbit (loaded then) the first mouse over the board (the parallax), and every press
 * and wheel while the skin is `turnable`: a mouse or pen drag, two fingers, and the wheel turn
 * and zoom the view. A drag that turns is never a swipe (the board's swipe listener, above the
 * host, never hears of its press); one finger alone still is. Returns a function that stops.
 */
function followPointer(host: HTMLElement, stage: Stage): () => void {
  const onMove = (event: PointerEvent): void => {
    if (!stage.turned && stage.shared.parallax && event.pointerType !== 'touch') withOrbit(stage, (orbit) => orbit.move(event));
  };
  const onDown = (event: PointerEvent): void => {
    if (!stage.options.turnable) return;
    if (event.pointerType !== 'touch') event.stopPropagation();
    withOrbit(stage, (orbit) => orbit.down(event));
  };
  const onWheel = (event: WheelEvent): void => {
    if (!stage.options.turnable) return;
    // Before the orbit has loaded it has not moved: the view shown is where it would zoom from.
    const { zoom } = stage.view.view;
    if (!stage.turned && (event.deltaY > 0 ? zoom < MAX_ZOOM : zoom > 1)) event.preventDefault();
    withOrbit(stage, (orbit) => orbit.wheel(event));
  };
  host.addEventListener('pointermove', onMove, { passive: true });
  host.addEventListener('pointerdown', onDown);
  host.addEventListener('wheel', onWheel);
  if (stage.options.turnable) host.style.touchAction = 'none';
  return () => {
    host.removeEventListener('pointermove', onMove);
    host.removeEventListener('pointerdown', onDown);
    host.removeEventListener('wheel', onWheel);
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
export interface Stage {
  readonly shared: SkinSettings;
  /** What the skin was asked for; read for turning (`turnable`, `onView`). */
  options: SkinOptions;
  /** Where the skin is mounted; null before and after. */
  host: HTMLElement | null;
  /** The game it follows, once mounted. */
  store: ReadonlyStore<GameView> | null;
  /** Turning, once the player first turned the board (orbit.ts, loaded then). */
  orbit: Promise<Orbit | null> | null;
  turned: Orbit | null;
  readonly playback: Playback;
  readonly board: CubesScene;
  readonly effects: CubesEffects;
  readonly view: BoardCamera;
  /** Set by mount, and kept after dispose (its counts then read 0). */
  renderer: CubesRenderer | null;
  lost: boolean;
  /** The look asked for last; null once the skin is disposed. Until it has loaded, the one before it stays. */
  look: LookName | null;
  hint: Direction | null;
  /** The host's size in CSS pixels. */
  cssWidth: number;
  cssHeight: number;
  /** How far into the latest change the last frame drew. */
  elapsed: number;
  /** When the last frame was drawn. */
  time: number;
}

/** Whether the game shown is a cube. */
const cubeShown = (stage: Stage): boolean => stage.store?.getState().game.board.dimensions === 3;

function buildBoard(stage: Stage, n: number): void {
  const { renderer, board } = stage;
  const cube = cubeShown(stage);
  board.build(n, renderer ? Math.min(8, renderer.capabilities.getMaxAnisotropy()) : 1, n ** (cube ? 3 : 2));
  board.showHint(stage.hint);
  stage.view.fit(n, stage.cssWidth / stage.cssHeight);
  // A cube's code loads when a cube is first shown (a square game never fetches it), and puts a square back.
  if (cube || board.layers) void import('./cube/layers').then((layers) => layers.stackLayers(stage, cube));
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

function repaint({ board, playback, shared }: Stage): void {
  board.paint(shared.theme);
  // A frame lets the orbit, if loaded, drop the parallax's swing when it was turned off.
  playback.finish();
  playback.request();
}

/** Shows the look `name` once the looks' code has loaded, unless another was asked for meanwhile. */
function chooseLook(stage: Stage, name: LookName): void {
  if (stage.look === name) return;
  stage.look = name;
  // Should its code fail to load (offline), the look shown stays.
  void import('./looks/wear').then(({ wear }) => stage.look === name && (wear(stage.board, name), repaint(stage)));
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
  stage.host = host;
  if (stage.options.view) Object.assign(stage.view.view, clampView(stage.options.view));
  renderer.setClearColor(0x000000, 0);
  const stopContext = followContext(
    canvas,
    () => loseContext(stage),
    () => restoreContext(stage),
  );
  host.append(canvas);
  const stopPointer = followPointer(host, stage);
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
      stage.turned?.stop();
      stage.host = null;
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

/** A new timeline: the board for its size, the tiles' colours and numbers, and for a winning move (animated, so not under reduced motion) its celebration. */
function begin(stage: Stage, timeline: Timeline): void {
  if (timeline.size !== stage.board.size || cubeShown(stage) !== !!stage.board.layers) buildBoard(stage, timeline.size);
  stage.board.begin(timeline);
  const view = stage.store?.getState();
  if (view?.change.kind !== 'move' || view.game.status !== 'won') return;
  let best: Track | null = null;
  for (const track of timeline.tracks) if (track.kind === 'merged' && track.exponent > (best?.exponent ?? 0)) best = track;
  if (best) stage.effects.celebrate(best.to, stage.shared.clock.now());
}

/** Poses every tile for `elapsed`, eases the camera, then renders; returns whether the camera still moves or a win is celebrated. */
function draw(stage: Stage, timeline: Timeline, elapsed: number): boolean {
  stage.elapsed = elapsed;
  const { renderer, board, effects, view } = stage;
  // Until a cube's layers are built (its code loads on demand; later, within the same task), nothing is drawn.
  if (!renderer || stage.lost || cubeShown(stage) !== !!board.layers) return false;
  const now = stage.shared.clock.now();
  const celebrating = effects.frame(now);
  board.pose(timeline, elapsed);
  const easing = view.ease(now - stage.time);
  stage.time = now;
  renderer.render(board.scene, view.camera);
  return easing || celebrating;
}

function statsOf({ renderer, playback, lost, board }: Stage): CubesStats {
  const info = renderer?.info;
  return {
    drawCalls: info?.render.calls ?? 0,
    triangles: info?.render.triangles ?? 0,
    frames: playback.frames,
    geometries: info?.memory.geometries ?? 0,
    textures: info?.memory.textures ?? 0,
    programs: info?.programs?.length ?? 0,
    contextLost: lost,
    look: board.look?.name ?? 'clay',
  };
}

function inspectOf({ board, playback, effects, elapsed }: Stage): CubesInspection {
  const tiles = tilesAt(playback.current, elapsed);
  return { frames: playback.frames, animating: playback.animating, tiles: board.layers?.tiles(tiles) ?? tiles, flash: effects.seen.flash };
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
  const playback = new Playback(
    shared.clock,
    { begin: (timeline) => begin(stage, timeline), draw: (timeline, elapsed) => draw(stage, timeline, elapsed) },
    () => shared.reducedMotion,
  );
  const gpu = createGpuResources();
  const effects = createEffects();
  const stage: Stage = {
    shared,
    options,
    host: null,
    store: null,
    orbit: null,
    turned: null,
    playback,
    board: createCubesScene(gpu, effects),
    effects,
    view: createBoardCamera(),
    renderer: null,
    lost: false,
    look: 'clay',
    hint: null,
    cssWidth: 1,
    cssHeight: 1,
    elapsed: 0,
    time: 0,
  };
  const { board, view } = stage;
  let mounted: Mounted | null = null;
  if (options.look) chooseLook(stage, options.look);

  return {
    name: 'cubes',
    mount(el, store: ReadonlyStore<GameView>) {
      if (!stage.look) throw new Error('this skin was disposed; create a new one');
      if (stage.renderer) throw new Error('this skin is already mounted; dispose it first');
      stage.store = store;
      mounted = mountCanvas(stage, el, store.getState().game.size, internals);
      playback.follow(store);
    },
    setHint(dir) {
      stage.hint = dir;
      board.showHint(dir);
      playback.request();
    },
    winCelebrationMs: WIN_CELEBRATION_MS,
    dimensions: [2, 3],
    spreadLayers: (spread) => board.layers?.spread(spread),
    turn: (command) => withOrbit(stage, (orbit) => orbit.turn(command)),
    azimuth: () => stage.turned?.target().azimuth ?? view.view.azimuth,
    update(next) {
      stage.options = { ...stage.options, ...next };
      shared.update(next);
      if (next.look) chooseLook(stage, next.look);
      repaint(stage);
    },
    finish() {
      effects.stop();
      playback.finish();
    },
    dispose() {
      if (!stage.look) return;
      stage.look = null;
      playback.stop();
      shared.stop();
      mounted?.unfollow();
      gpu.disposeAll();
      mounted?.release();
      mounted = null;
    },
    stats: () => statsOf(stage),
    cellPoint: (row, col, u = 0, v = 0) => cellPointOf(stage, row, col, u, v),
    inspect: () => inspectOf(stage),
  };
}
