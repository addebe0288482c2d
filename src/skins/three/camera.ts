/**
 * The cubes skin's camera: tilted a little from straight down, fitted so the board and the
 * tallest cubes fill the canvas, and swung gently towards the pointer (parallax).
 */
import { PerspectiveCamera, Vector3 } from 'three';
import { BOARD_THICKNESS, CUBE_SIDE, RIM, SLOT_TOP, heightOf } from './shapes';

/** Camera tilt from straight down, and its field of view. */
const TILT_DEGREES = 24;
const TILT = (TILT_DEGREES * Math.PI) / 180;
const FOV_DEGREES = 30;
/** Share of the canvas left empty around the board, per side. */
const MARGIN = 0.025;
/** Parallax: at most this many radians of camera swing, eased with this time constant. */
const PARALLAX_YAW = 0.06;
const PARALLAX_PITCH = 0.04;
const PARALLAX_MS = 140;

export interface BoardCamera {
  readonly camera: PerspectiveCamera;
  /** Aims at a pointer at (x, y), each −1…1 across the host. */
  aimAt(x: number, y: number): void;
  /** Aims straight again; `now` also stops the swing where it is (parallax turned off). */
  centre(now?: boolean): void;
  /** Moves towards the aim for `dt` ms; returns whether it still has a way to go. Runs every frame and allocates nothing. */
  ease(dt: number): boolean;
  /** Chooses the distance and lens shift so a board of `size` and its tallest cubes fill a canvas of `aspect`. */
  fit(size: number, aspect: number): void;
  /** Where the board point (x, y, z) appears on a canvas of `width`×`height` CSS pixels. */
  toScreen(x: number, y: number, z: number, width: number, height: number): { x: number; y: number };
}

/**
 * Where the camera sits on its orbit, written every frame while it eases: fields of one object,
 * which V8 updates in place (a closure variable given a fractional number gets a fresh heap number
 * on every write). `distance` is chosen by `fit`.
 */
interface Orbit {
  yaw: number;
  pitch: number;
  distance: number;
}

/**
 * Puts the camera on its orbit, swung as `orbit` says (or level, while fitting), facing the
 * board's centre. The matrix is written element by element: this runs every frame while the
 * camera eases, and a fractional number passed to a call the JIT does not inline (position.set,
 * lookAt, Euler's setters) is boxed into a new heap object.
 */
function place(camera: PerspectiveCamera, orbit: Orbit, level: boolean): void {
  const yaw = level ? 0 : orbit.yaw;
  const tilt = TILT + (level ? 0 : orbit.pitch);
  const d = orbit.distance;
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

/** The points that must show on a board of `size`: its corners, top and bottom, and the tops of the tallest corner cubes. */
function setFitPoints(points: readonly Vector3[], size: number): void {
  const h = size / 2 + RIM;
  const c = size / 2 - (1 - CUBE_SIDE) / 2;
  const top = SLOT_TOP + heightOf(12) * 1.05;
  let k = 0;
  for (const sx of [-1, 1])
    for (const sz of [-1, 1]) {
      points[k++]!.set(sx * h, 0, sz * h);
      points[k++]!.set(sx * h, -BOARD_THICKNESS, sz * h);
      points[k++]!.set(sx * c, top, sz * c);
    }
}

export function createBoardCamera(): BoardCamera {
  const camera = new PerspectiveCamera(FOV_DEGREES, 1, 0.1, 100);
  // place() writes the camera's matrix itself.
  camera.matrixAutoUpdate = false;
  const scratch = new Vector3();
  const fitPoints: Vector3[] = Array.from({ length: 12 }, () => new Vector3());
  const orbit: Orbit = { yaw: 0, pitch: 0, distance: 10 };
  // Where the pointer asks the camera to swing.
  let aimYaw = 0;
  let aimPitch = 0;
  let shiftX = 0;
  let shiftY = 0;

  function applyShift(): void {
    camera.updateProjectionMatrix();
    // A lens shift centres the tilted board exactly (its near edge looks bigger than its far edge).
    camera.projectionMatrix.elements[8] = shiftX;
    camera.projectionMatrix.elements[9] = shiftY;
    camera.projectionMatrixInverse.copy(camera.projectionMatrix).invert();
  }

  return {
    camera,
    aimAt(x, y) {
      aimYaw = -Math.max(-1, Math.min(1, x)) * PARALLAX_YAW;
      aimPitch = Math.max(-1, Math.min(1, y)) * PARALLAX_PITCH;
    },
    centre(now = false) {
      aimYaw = aimPitch = 0;
      if (now) orbit.yaw = orbit.pitch = 0;
    },
    ease(dt) {
      const k = 1 - Math.exp(-Math.min(Math.max(dt, 0), 100) / PARALLAX_MS);
      orbit.yaw += (aimYaw - orbit.yaw) * k;
      orbit.pitch += (aimPitch - orbit.pitch) * k;
      if (Math.abs(aimYaw - orbit.yaw) < 1e-4 && Math.abs(aimPitch - orbit.pitch) < 1e-4) {
        orbit.yaw = aimYaw;
        orbit.pitch = aimPitch;
      }
      place(camera, orbit, false);
      applyShift();
      return orbit.yaw !== aimYaw || orbit.pitch !== aimPitch;
    },
    fit(size, aspect) {
      if (size === 0) return;
      setFitPoints(fitPoints, size);
      camera.aspect = aspect;
      shiftX = shiftY = 0;
      orbit.distance = size * 3;
      const room = 1 - 2 * MARGIN;
      for (let iteration = 0; iteration < 12; iteration++) {
        place(camera, orbit, true);
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
        orbit.distance *= Math.max((maxX - minX) / 2, (maxY - minY) / 2) / room;
        // Adding c to the z column moves every point by −c in NDC.
        shiftX += (minX + maxX) / 2;
        shiftY += (minY + maxY) / 2;
      }
      place(camera, orbit, false);
      applyShift();
    },
    toScreen(x, y, z, width, height) {
      scratch.set(x, y, z).project(camera);
      return { x: ((scratch.x + 1) / 2) * width, y: ((1 - scratch.y) / 2) * height };
    },
  };
}
