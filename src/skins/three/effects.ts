/**
 * What the cubes do besides moving: a merged cube lands squashed, stretches and settles, with a
 * flash of light from within that grows with its value; a new cube springs in past its size and
 * back (ease-out-back); a win makes the winning cube glow bright and rise before the win dialog
 * comes (WIN_CELEBRATION_MS). It is all in the cubes' own matrices and glow: no draw call more.
 * Under reduced motion there is none of it: the timeline cross-fades, and a win is not celebrated.
 *
 * Particles were tried (one InstancedMesh of little cubes): they cost 1.3 kB gzip on the 3D
 * page's first load, which its 160 kB budget had no room for; the flash and the squash stay.
 *
 * A frame allocates nothing: arithmetic on fields of preallocated objects only.
 */
import type { Track } from '../timeline';
import { MOVE_MS, POP_MS, SLIDE_MS, SPAWN_MS } from '../timeline';

/** How long a win is celebrated once the winning move has played: the skin's `winCelebrationMs`, which the win dialog waits for. */
export const WIN_CELEBRATION_MS = 700;
/** How far a merged cube squashes (and then stretches back up by about half that). */
const SQUASH = 0.26;

/** How a cube is drawn beyond its pose: widened, heightened, and lit from within. Written in place. */
export interface TileShape {
  wide: number;
  tall: number;
  glow: number;
}

/** What the latest frame drew of the effects (for tests and tools). */
export interface EffectsSeen {
  /** The brightest flash of light on a cube (0: none): a merge's, or the win's celebration once the move has played. */
  readonly flash: number;
}

/**
 * The latest frame's time, the win, and what the frame drew: fields of one object, which V8
 * updates in place (a closure variable given a fraction gets a fresh heap number on every write).
 */
interface Effects extends EffectsSeen {
  now: number;
  /** When the win's celebration starts, and the winning cell (−1: none). */
  winStart: number;
  winCell: number;
  flash: number;
}

export interface CubesEffects {
  readonly seen: EffectsSeen;
  /** The move that began at `now` won, its biggest tile at `cell`: that tile celebrates once the move has played. */
  celebrate(cell: number, now: number): void;
  /** Writes `shape` for `track`, `elapsed` ms into its timeline, as of the latest `frame`. Allocates nothing. */
  shape(track: Track, elapsed: number, shape: TileShape): void;
  /** Starts a frame at `now`; returns whether the win is still to be or being celebrated. */
  frame(now: number): boolean;
  /** Ends the celebration at once (the skin jumped to the end of its animation). */
  stop(): void;
}

/** Writes how `track`'s cube is drawn `elapsed` ms into its timeline, as of the latest frame (see CubesEffects.shape). */
function shapeTile(f: Effects, track: Track, elapsed: number, out: TileShape): void {
  out.wide = out.tall = 1;
  out.glow = 0;
  const u = Math.min((elapsed - SLIDE_MS) / (track.kind === 'spawn' ? SPAWN_MS : POP_MS), 1);
  if (track.kind === 'merged' && u >= 0) {
    // Lands squashed, stretches up, settles: a damped wave over the pop, the volume kept; and a flash, brighter for bigger tiles.
    out.tall = 1 - SQUASH * Math.sin(3 * Math.PI * u) * (1 - u);
    out.wide = 1 / Math.sqrt(out.tall);
    out.glow = (0.25 + 0.04 * Math.min(track.exponent, 11)) * (1 - u) * (1 - u);
  } else if (track.kind === 'spawn' && u > 0) {
    // The timeline grows it as ease-out cubic; this bends that into ease-out-back, overshooting by about a tenth.
    out.wide = out.tall = (1 + 2.70158 * (u - 1) ** 3 + 1.70158 * (u - 1) ** 2) / (1 - (1 - u) ** 3);
  }
  const w = (f.now - f.winStart) / WIN_CELEBRATION_MS;
  if (f.winCell === track.to && track.kind !== 'source' && w > 0 && w < 1) {
    // Three pulses of light, the cube rising with the first.
    out.glow += 0.8 * Math.sin(3 * Math.PI * w) ** 2;
    out.tall *= 1 + 0.15 * Math.sin(Math.PI * w);
  }
  f.flash = Math.max(f.flash, out.glow);
}

export function createEffects(): CubesEffects {
  const f: Effects = { now: 0, winStart: 0, winCell: -1, flash: 0 };
  return {
    seen: f,
    celebrate(cell, now) {
      f.winStart = now + MOVE_MS;
      f.winCell = cell;
    },
    shape: (track, elapsed, out) => shapeTile(f, track, elapsed, out),
    frame(now) {
      f.now = now;
      f.flash = 0;
      return f.winCell >= 0 && now < f.winStart + WIN_CELEBRATION_MS;
    },
    stop() {
      f.winCell = -1;
    },
  };
}
