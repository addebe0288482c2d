/**
 * The cubes skin's camera: seen as the player's view says (tilted a little from straight down
 * unless turned: ../camera-view.ts), fitted so the board and the tallest cubes fill the canvas
 * in that view, and swung a little by `swing` (the parallax). What moves it (the pointer, drags,
 * keys, damping) is orbit.ts, loaded on first use; it writes `view` and `swing` through `motion`.
 */
import { PerspectiveCamera, Vector3 } from 'three';
import type { CameraView } from '../camera-view';
import { NAMED_VIEWS } from '../camera-view';
import { BOARD_RADIUS, BOARD_THICKNESS, CUBE_SIDE, RIM, SLOT_TOP, heightOf } from './measures';

/** The camera's field of view. */
const FOV_DEGREES = 30;
/** Share of the canvas left empty around the board, per side: little, so the board uses the width as the flat one does. */
const MARGIN = 0.008;

/** The view as shown this frame: written in place while it eases, so a frame allocates nothing. */
export type ShownView = { -readonly [K in keyof CameraView]: number };

export interface BoardCamera {
  readonly camera: PerspectiveCamera;
  /** The view shown; whoever changes it calls `fit()` after. */
  readonly view: ShownView;
  /** The parallax: radians swung about the vertical and tilted, on top of the view (not fitted). */
  readonly swing: { yaw: number; pitch: number };
  /** Moves the view and the swing for `dt` ms each frame, once something moves them (orbit.ts); returns whether they still move. */
  motion: (() => boolean) | null;
  /** Milliseconds since the last frame, for `motion`: a field, not an argument, as a fraction passed to a call V8 does not inline is boxed. */
  dt: number;
  /** Lets `motion` move the camera for `dt` ms; returns whether it still has a way to go. Runs every frame and allocates nothing. */
  ease(dt: number): boolean;
  /** Chooses the distance and lens shift so a board of `size` and its tallest cubes fill a canvas of `aspect` in `view` (by default the last ones). */
  fit(size?: number, aspect?: number): void;
  /** Sets the points `fit` must show beyond a square's first 16 (FIT_POINTS in all) on a board of `size`: a cube's layers (cube/); null for a square. */
  reach: ((points: readonly Vector3[], size: number) => void) | null;
  /** Where the board point (x, y, z) appears on a canvas of `width`×`height` CSS pixels. */
  toScreen(x: number, y: number, z: number, width: number, height: number): { x: number; y: number };
}

/**
 * Where the camera sits on its orbit, written every frame while it eases: fields of one object,
 * which V8 updates in place (a closure variable given a fractional number gets a fresh heap number
 * on every write). `distance` and the lens shift are chosen by `fit`.
 */
interface Orbit {
  readonly swing: { yaw: number; pitch: number };
  distance: number;
  shiftX: number;
  shiftY: number;
}

/**
 * Puts the camera on its orbit, swung as `orbit` says (or level, while fitting), facing the
 * board's centre. The matrix is written element by element: this runs every frame while the
 * camera eases, and a fractional number passed to a call the JIT does not inline (position.set,
 * lookAt, Euler's setters) is boxed into a new heap object.
 */
function place(camera: PerspectiveCamera, orbit: Orbit, view: ShownView, level: boolean): void {
  const yaw = view.azimuth + (level ? 0 : orbit.swing.yaw);
  const tilt = view.tilt + (level ? 0 : orbit.swing.pitch);
  const d = orbit.distance * (level ? 1 : view.zoom);
  const cy = Math.cos(yaw);
  const sy = Math.sin(yaw);
  const ct = Math.cos(tilt);
  const st = Math.sin(tilt);
  // The rotation yaw about the vertical, then (tilt - 90°) about the camera's x axis, in
  // three's column-major order, and the orbit's position in the last column.
  const e = camera.matrix.elements;
  e[0] = cy;
  e[1] = 0;
  e[2] = -sy;
  e[3] = 0;
  e[4] = -sy * ct;
  e[5] = st;
  e[6] = -cy * ct;
  e[7] = 0;
  e[8] = sy * st;
  e[9] = ct;
  e[10] = cy * st;
  e[11] = 0;
  e[12] = sy * st * d;
  e[13] = ct * d;
  e[14] = cy * st * d;
  e[15] = 1;
  camera.updateMatrixWorld(true);
}

/** Points that must show, per corner of the board: where its rounded sides reach furthest, its bottom, and the top of the tallest cube. */
const FIT_POINTS_PER_CORNER = 4;
/** How many points a cube's `reach` sets: a square's 16, and the corners of its layers at the corners of their spread. */
export const FIT_POINTS = 48;

/**
 * The points that must show on a board of `size`, at each corner: the outermost points of its
 * rounded sides (halfway down, at the ends of both sides), the bottom's corner, and the top of
 * the tallest corner cube. The rounded board has no sharp corners to fit: fitting to where they
 * would be left the board short of the canvas's edges. (Turned an eighth, the corner's curve
 * bulges past the sides' ends by 0.05 of a cell; the margin takes it.)
 */
function setFitPoints(points: readonly Vector3[], size: number): void {
  const h = size / 2 + RIM;
  const inner = h - BOARD_RADIUS;
  const c = size / 2 - (1 - CUBE_SIDE) / 2;
  const top = SLOT_TOP + heightOf(12) * 1.05;
  for (let k = 0; k < 4; k++) {
    const sx = k & 1 ? 1 : -1;
    const sz = k & 2 ? 1 : -1;
    const o = FIT_POINTS_PER_CORNER * k;
    points[o]!.set(sx * h, -BOARD_RADIUS, sz * inner);
    points[o + 1]!.set(sx * inner, -BOARD_RADIUS, sz * h);
    points[o + 2]!.set(sx * inner, -BOARD_THICKNESS, sz * inner);
    points[o + 3]!.set(sx * c, top, sz * c);
  }
}

/** Fits `orbit`'s distance (from where it is) and lens shift so `points` fill the canvas of `camera` seen as `view`, unzoomed. */
function fitOrbit(camera: PerspectiveCamera, orbit: Orbit, view: ShownView, points: readonly Vector3[], scratch: Vector3): void {
  orbit.shiftX = orbit.shiftY = 0;
  camera.updateProjectionMatrix();
  const room = 1 - 2 * MARGIN;
  for (let iteration = 0; iteration < 12; iteration++) {
    place(camera, orbit, view, true);
    applyShift(camera, orbit, null);
    let minX = Infinity;
    let maxX = -Infinity;
    let minY = Infinity;
    let maxY = -Infinity;
    for (let i = 0; i < points.length; i++) {
      scratch.copy(points[i]!).project(camera);
      minX = Math.min(minX, scratch.x);
      maxX = Math.max(maxX, scratch.x);
      minY = Math.min(minY, scratch.y);
      maxY = Math.max(maxY, scratch.y);
    }
    // Projected size shrinks about as 1/distance, so scaling the distance converges in a few steps.
    orbit.distance *= Math.max((maxX - minX) / 2, (maxY - minY) / 2) / room;
    // Adding c to the z column moves every point by −c in NDC.
    orbit.shiftX += (minX + maxX) / 2;
    orbit.shiftY += (minY + maxY) / 2;
  }
}

/**
 * The projection with `orbit`'s lens shift, which centres the board exactly (its near edge looks bigger than its far edge); zoomed
 * out as `view` says, the board and its offset shrink alike. The rest of the projection is set when fitting: three's
 * `updateProjectionMatrix` passes fractions to a call V8 may not inline, which boxes them, so a frame never calls it.
 */
function applyShift(camera: PerspectiveCamera, orbit: Orbit, view: ShownView | null): void {
  const zoom = view ? view.zoom : 1;
  camera.projectionMatrix.elements[8] = orbit.shiftX / zoom;
  camera.projectionMatrix.elements[9] = orbit.shiftY / zoom;
  camera.projectionMatrixInverse.copy(camera.projectionMatrix).invert();
}

export function createBoardCamera(): BoardCamera {
  const camera = new PerspectiveCamera(FOV_DEGREES, 1, 0.1, 100);
  // place() writes the camera's matrix itself.
  camera.matrixAutoUpdate = false;
  const scratch = new Vector3();
  const fitPoints: Vector3[] = Array.from({ length: 4 * FIT_POINTS_PER_CORNER }, () => new Vector3());
  const cubePoints: Vector3[] = Array.from({ length: FIT_POINTS }, () => new Vector3());
  const orbit: Orbit = { swing: { yaw: 0, pitch: 0 }, distance: 10, shiftX: 0, shiftY: 0 };
  const view: ShownView = { ...NAMED_VIEWS.tilted };
  let fittedSize = 0;

  const show = (): void => {
    place(camera, orbit, view, false);
    applyShift(camera, orbit, view);
  };

  const board: BoardCamera = {
    camera,
    view,
    swing: orbit.swing,
    motion: null,
    dt: 0,
    reach: null,
    ease(dt) {
      board.dt = dt;
      const moving = board.motion?.() ?? false;
      show();
      return moving;
    },
    fit(size = fittedSize, aspect = camera.aspect) {
      if (size === 0) return;
      // From here fitting converges in a few steps; later fits start where the last one ended.
      if (size !== fittedSize) {
        setFitPoints(fitPoints, size);
        orbit.distance = size * 3;
        fittedSize = size;
      }
      camera.aspect = aspect;
      let points = fitPoints;
      // A cube's points change with its spread too: they are set on each fit, apart from a square's.
      if (board.reach) {
        points = cubePoints;
        setFitPoints(points, size);
        board.reach(points, size);
      }
      fitOrbit(camera, orbit, view, points, scratch);
      show();
    },
    toScreen(x, y, z, width, height) {
      scratch.set(x, y, z).project(camera);
      return { x: ((scratch.x + 1) / 2) * width, y: ((1 - scratch.y) / 2) * height };
    },
  };
  return board;
}
