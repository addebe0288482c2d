/**
 * What moves the 3D camera, loaded the first time something does (cubes.ts forwards the first
 * pointer, press, wheel or key): the parallax, a gentle swing towards a mouse over the board,
 * and turning, a small damped spherical orbit. A mouse or pen drag swings and tilts the view,
 * two fingers do on touch (one finger stays a swipe, a move), the wheel and a pinch zoom; every
 * view is kept within the limits of ../camera-view.ts. The camera eases towards where it is
 * asked to be, and once it has settled no frame is asked for.
 */
import type { CameraView, ViewCommand } from '../camera-view';
import { NAMED_VIEWS, clampView } from '../camera-view';
import type { BoardCamera, ShownView } from './camera';

/** How quickly the shown view catches up with the asked one (ms), and the parallax with the pointer. */
const DAMPING_MS = 90;
const PARALLAX_MS = 140;
/** How close counts as there. */
const SETTLED = 1e-4;
/** Parallax: at most this many radians of swing. */
const PARALLAX_YAW = 0.06;
const PARALLAX_PITCH = 0.04;
/** A released view this close to a quarter turn or to the top view snaps to it. */
const SNAP = (7 * Math.PI) / 180;
/** Radians turned per drag across the board's smaller side, and zoom per wheel pixel. */
const TURN_PER_SIDE = Math.PI;
const ZOOM_PER_PIXEL = 0.0015;
const QUARTER = Math.PI / 2;
/** Radians of tilt per drag down the board's smaller side. */
const TILT_PER_SIDE = 1.2;

export interface OrbitHooks {
  /** Frames are needed: the camera moves. */
  request(): void;
  /** The view came to rest here, the player's hands off it (null: the tilted view, as the skin starts). */
  settled(view: CameraView | null): void;
  /** Reduced motion: the view jumps, undamped. */
  still(): boolean;
  /** Whether the camera swings towards the pointer. */
  parallax(): boolean;
}

export interface Orbit {
  /** A pointer went down on the board (mouse, pen, or a finger: two of them turn). */
  down(event: PointerEvent): void;
  /** A pointer moved over the board. */
  move(event: PointerEvent): void;
  wheel(event: WheelEvent): void;
  turn(command: ViewCommand): void;
  /** Where the view is going (where it is, once settled). */
  target(): CameraView;
  stop(): void;
}

type Point = { x: number; y: number };

/** Where `command` takes the view `from`: turns snap to the nearest quarter turn, so moves go along the board's axes. */
export function commandedView(from: CameraView, command: ViewCommand): CameraView {
  if (command === 'resetView') return NAMED_VIEWS.tilted;
  if (command === 'topView') return { ...from, tilt: 0 };
  return { ...from, azimuth: (Math.round(from.azimuth / QUARTER) + (command === 'turnRight' ? 1 : -1)) * QUARTER };
}

/** The middle of the pointers and how far apart the first two are. */
function spread(points: Iterable<Point>): { x: number; y: number; apart: number } {
  const list = [...points];
  const x = list.reduce((sum, p) => sum + p.x, 0) / list.length;
  const y = list.reduce((sum, p) => sum + p.y, 0) / list.length;
  const [a, b] = list;
  return { x, y, apart: a && b ? Math.hypot(a.x - b.x, a.y - b.y) : 0 };
}

/** `view` snapped to a quarter turn and to the top view when it is near them. */
function snapped(view: CameraView): CameraView {
  const quarter = Math.round(view.azimuth / QUARTER) * QUARTER;
  return {
    azimuth: Math.abs(view.azimuth - quarter) < SNAP ? quarter : view.azimuth,
    tilt: view.tilt < SNAP ? 0 : view.tilt,
    zoom: view.zoom,
  };
}

/**
 * The easing written every frame, as fields of one object: V8 updates a double field in place,
 * while a fractional number passed to or returned from a call it does not inline is boxed anew.
 */
interface Easing {
  /** The share of the way the view and the swing go this frame. */
  view: number;
  swing: number;
}

/** Moves the view towards `target` by `easing.view` of the way, there once close; returns whether it moved. */
function easeView(shown: ShownView, target: CameraView, easing: Easing): boolean {
  const { azimuth, tilt, zoom } = shown;
  const k = easing.view;
  shown.azimuth = Math.abs(target.azimuth - azimuth) < SETTLED ? target.azimuth : azimuth + (target.azimuth - azimuth) * k;
  shown.tilt = Math.abs(target.tilt - tilt) < SETTLED ? target.tilt : tilt + (target.tilt - tilt) * k;
  shown.zoom = Math.abs(target.zoom - zoom) < SETTLED ? target.zoom : zoom + (target.zoom - zoom) * k;
  return shown.azimuth !== azimuth || shown.tilt !== tilt || shown.zoom !== zoom;
}

/** Moves the parallax's swing towards `aim` by `easing.swing` of the way; returns whether it moved. */
function easeSwing(swing: BoardCamera['swing'], aim: BoardCamera['swing'], easing: Easing): boolean {
  const { yaw, pitch } = swing;
  const k = easing.swing;
  swing.yaw = Math.abs(aim.yaw - yaw) < SETTLED ? aim.yaw : yaw + (aim.yaw - yaw) * k;
  swing.pitch = Math.abs(aim.pitch - pitch) < SETTLED ? aim.pitch : pitch + (aim.pitch - pitch) * k;
  return swing.yaw !== yaw || swing.pitch !== pitch;
}

/** `view` as the page keeps it: within the limits, and null for the tilted view the skin starts in. */
function restingView(view: CameraView): CameraView | null {
  const kept = clampView(view);
  const { tilted } = NAMED_VIEWS;
  return kept.azimuth === 0 && kept.tilt === tilted.tilt && kept.zoom === tilted.zoom ? null : kept;
}

/** Where the parallax swings for a mouse at `event` over `host` (none: it left). */
function swingFor(aim: BoardCamera['swing'], host: HTMLElement, event: PointerEvent | null): void {
  const rect = host.getBoundingClientRect();
  const x = event ? ((event.clientX - rect.left) / Math.max(rect.width, 1)) * 2 - 1 : 0;
  const y = event ? ((event.clientY - rect.top) / Math.max(rect.height, 1)) * 2 - 1 : 0;
  aim.yaw = -Math.max(-1, Math.min(1, x)) * PARALLAX_YAW;
  aim.pitch = Math.max(-1, Math.min(1, y)) * PARALLAX_PITCH;
}

/** The zoom a wheel `event` over `host` asks for from `view`, within the limits. */
function wheelZoom(event: WheelEvent, host: HTMLElement, view: CameraView): number {
  const pixels = event.deltaY * (event.deltaMode === 1 ? 33 : event.deltaMode === 2 ? host.clientHeight : 1);
  return clampView({ ...view, zoom: view.zoom * Math.exp(pixels * ZOOM_PER_PIXEL) }).zoom;
}

/** The camera's motion on `host`: the parallax and turning, until `stop`. */
export function startOrbit(host: HTMLElement, camera: BoardCamera, hooks: OrbitHooks): Orbit {
  // The target's azimuth is not wrapped into one turn, so the view never spins the long way round.
  let target: CameraView = { ...camera.view };
  const aimSwing = { yaw: 0, pitch: 0 };
  /** The pointers down on the board, where each was last. */
  const pointers = new Map<number, Point>();
  /** Whether the view was asked to move since it last settled, and whether the pointers down have turned it. */
  let aimed = false;
  let dragged = false;

  const aim = (next: CameraView): void => {
    const turn = next.azimuth - camera.view.azimuth;
    target = { ...clampView(next), azimuth: camera.view.azimuth + turn - 2 * Math.PI * Math.round(turn / (2 * Math.PI)) };
    aimed = true;
    hooks.request();
  };
  const easing: Easing = { view: 1, swing: 1 };
  camera.motion = () => {
    const ms = Math.min(Math.max(camera.dt, 0), 100);
    easing.view = hooks.still() ? 1 : 1 - Math.exp(-ms / DAMPING_MS);
    easing.swing = hooks.parallax() ? 1 - Math.exp(-ms / PARALLAX_MS) : 1;
    if (!hooks.parallax()) aimSwing.yaw = aimSwing.pitch = 0;
    const turned = easeView(camera.view, target, easing);
    if (turned) camera.fit();
    else if (aimed && pointers.size === 0) {
      aimed = false;
      hooks.settled(restingView(target));
    }
    return easeSwing(camera.swing, aimSwing, easing) || turned;
  };

  const turnBy = (before: ReturnType<typeof spread>, after: ReturnType<typeof spread>): void => {
    const side = Math.max(1, Math.min(host.clientWidth, host.clientHeight));
    dragged = true;
    aim({
      azimuth: target.azimuth - ((after.x - before.x) / side) * TURN_PER_SIDE,
      tilt: target.tilt - ((after.y - before.y) / side) * TILT_PER_SIDE,
      zoom: before.apart > 0 && after.apart > 0 ? target.zoom * (before.apart / after.apart) : target.zoom,
    });
  };
  const onMove = (event: PointerEvent): void => {
    const last = pointers.get(event.pointerId);
    if (!last) return swingTo(event);
    const before = spread(pointers.values());
    pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
    // One finger alone is a swipe: the board's, not the view's.
    if (event.pointerType !== 'touch' || pointers.size > 1) turnBy(before, spread(pointers.values()));
  };
  const swingTo = (event: PointerEvent | null): void => {
    if (event?.pointerType === 'touch') return;
    swingFor(aimSwing, host, event);
    if (hooks.parallax()) hooks.request();
  };
  const onLeave = (): void => swingTo(null);
  const onUp = (event: PointerEvent): void => {
    if (!pointers.delete(event.pointerId) || pointers.size > 0 || !dragged) return;
    dragged = false;
    aim(snapped(target));
  };
  const listeners = { pointermove: onMove, pointerleave: onLeave, pointerup: onUp, pointercancel: onUp } as const;
  for (const [type, listener] of Object.entries(listeners)) host.addEventListener(type, listener as EventListener);

  return {
    down(event) {
      if (event.pointerType === 'mouse' && event.button !== 0) return;
      pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
      try {
        host.setPointerCapture(event.pointerId);
      } catch {
        // Already lifted: its up event has gone, and the next press starts afresh.
      }
    },
    move: onMove,
    wheel(event) {
      const zoom = wheelZoom(event, host, target);
      // At a limit the wheel scrolls the page as it always did.
      if (zoom === target.zoom) return;
      event.preventDefault();
      aim({ ...target, zoom });
    },
    turn: (command) => aim(commandedView(target, command)),
    target: () => clampView(target),
    stop() {
      camera.motion = null;
      for (const [type, listener] of Object.entries(listeners)) host.removeEventListener(type, listener as EventListener);
    },
  };
}
