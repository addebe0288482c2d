/**
 * The cubes skin's camera: tilted a little from straight down, fitted so the board and the
 * tallest cubes fill the canvas, and swung gently towards the pointer (parallax).
 */
import { PerspectiveCamera, Vector3 } from 'three';
import { BOARD_THICKNESS, CUBE_SIDE, RIM, SLOT_TOP, heightOf } from './shapes';

/** Camera tilt from straight down, and its field of view. */
const TILT_DEGREES = 24;
const FOV_DEGREES = 30;
/** Share of the canvas left empty around the board, per side. */
const MARGIN = 0.025;
/** Parallax: at most this many radians of camera swing, eased with this time constant. */
const PARALLAX_YAW = 0.06;
const PARALLAX_PITCH = 0.04;
const PARALLAX_MS = 140;

/**
 * Runs every frame, so it allocates nothing: the numbers it writes per frame are fields of
 * this object, which V8 updates in place (a closure variable given a fractional number gets a
 * fresh heap number on every write), and its vectors are made once.
 */
export class BoardCamera {
  readonly camera = new PerspectiveCamera(FOV_DEGREES, 1, 0.1, 100);
  /** Where the camera has swung to, and where the pointer asks it to swing. */
  private yaw = 0;
  private pitch = 0;
  private aimYaw = 0;
  private aimPitch = 0;
  private distance = 10;
  private shiftX = 0;
  private shiftY = 0;
  private readonly target = new Vector3();
  private readonly scratch = new Vector3();
  private readonly fitPoints: Vector3[] = Array.from({ length: 12 }, () => new Vector3());

  /** Aims at a pointer at (x, y), each −1…1 across the host. */
  aimAt(x: number, y: number): void {
    this.aimYaw = -Math.max(-1, Math.min(1, x)) * PARALLAX_YAW;
    this.aimPitch = Math.max(-1, Math.min(1, y)) * PARALLAX_PITCH;
  }

  /** Aims straight again; `now` also stops the swing where it is (parallax turned off). */
  centre(now = false): void {
    this.aimYaw = this.aimPitch = 0;
    if (now) this.yaw = this.pitch = 0;
  }

  /** Moves towards the aim for `dt` ms; returns whether it still has a way to go. */
  ease(dt: number): boolean {
    const k = 1 - Math.exp(-Math.min(Math.max(dt, 0), 100) / PARALLAX_MS);
    this.yaw += (this.aimYaw - this.yaw) * k;
    this.pitch += (this.aimPitch - this.pitch) * k;
    if (Math.abs(this.aimYaw - this.yaw) < 1e-4 && Math.abs(this.aimPitch - this.pitch) < 1e-4) {
      this.yaw = this.aimYaw;
      this.pitch = this.aimPitch;
    }
    this.place(this.distance, this.yaw, this.pitch);
    this.applyShift();
    return this.yaw !== this.aimYaw || this.pitch !== this.aimPitch;
  }

  /** Chooses the distance and lens shift so a board of `size` and its tallest cubes fill a canvas of `aspect`. */
  fit(size: number, aspect: number): void {
    if (size === 0) return;
    const h = size / 2 + RIM;
    const c = size / 2 - (1 - CUBE_SIDE) / 2;
    const top = SLOT_TOP + heightOf(12) * 1.05;
    let k = 0;
    for (const sx of [-1, 1])
      for (const sz of [-1, 1]) {
        this.fitPoints[k++]!.set(sx * h, 0, sz * h);
        this.fitPoints[k++]!.set(sx * h, -BOARD_THICKNESS, sz * h);
        this.fitPoints[k++]!.set(sx * c, top, sz * c);
      }
    this.camera.aspect = aspect;
    this.shiftX = this.shiftY = 0;
    this.distance = size * 3;
    const room = 1 - 2 * MARGIN;
    for (let iteration = 0; iteration < 12; iteration++) {
      this.place(this.distance, 0, 0);
      this.applyShift();
      let minX = Infinity;
      let maxX = -Infinity;
      let minY = Infinity;
      let maxY = -Infinity;
      for (const p of this.fitPoints) {
        this.scratch.copy(p).project(this.camera);
        minX = Math.min(minX, this.scratch.x);
        maxX = Math.max(maxX, this.scratch.x);
        minY = Math.min(minY, this.scratch.y);
        maxY = Math.max(maxY, this.scratch.y);
      }
      // Projected size shrinks about as 1/distance, so scaling the distance converges in a few steps.
      this.distance *= Math.max((maxX - minX) / 2, (maxY - minY) / 2) / room;
      // Adding c to the z column moves every point by −c in NDC.
      this.shiftX += (minX + maxX) / 2;
      this.shiftY += (minY + maxY) / 2;
    }
    this.place(this.distance, this.yaw, this.pitch);
    this.applyShift();
  }

  /** Where the board point (x, y, z) appears on a canvas of `width`×`height` CSS pixels. */
  toScreen(x: number, y: number, z: number, width: number, height: number): { x: number; y: number } {
    this.scratch.set(x, y, z).project(this.camera);
    return { x: ((this.scratch.x + 1) / 2) * width, y: ((1 - this.scratch.y) / 2) * height };
  }

  private place(d: number, yawAngle: number, pitchAngle: number): void {
    const tilt = (TILT_DEGREES * Math.PI) / 180 + pitchAngle;
    this.camera.position.set(Math.sin(yawAngle) * Math.sin(tilt) * d, Math.cos(tilt) * d, Math.cos(yawAngle) * Math.sin(tilt) * d);
    this.camera.lookAt(this.target);
    this.camera.updateMatrixWorld();
  }

  private applyShift(): void {
    this.camera.updateProjectionMatrix();
    // A lens shift centres the tilted board exactly (its near edge looks bigger than its far edge).
    this.camera.projectionMatrix.elements[8] = this.shiftX;
    this.camera.projectionMatrix.elements[9] = this.shiftY;
    this.camera.projectionMatrixInverse.copy(this.camera.projectionMatrix).invert();
  }
}
