/**
 * Where a tile of a cube is at an instant: the shared timeline's pose (timeline.ts, which knows
 * rows and columns of a square) read for a cube, with the layer it is in. Pure.
 */
import type { Pose, Track } from './timeline';

/** A pose with the layer a cube's tile is in, fractional mid-move (0 nearest the player). */
export interface CubePose extends Pose {
  layer: number;
}

/**
 * Turns the pose that the timeline's `poseAt` wrote for `track` on a board of `size²` columns
 * (so its row is the layer and its column the cell within the layer) into a cube's pose. A move
 * changes one axis only: along the layers the cell within the layer stays; within a layer, how
 * far the tile has come places its row and column.
 */
export function cubePose(track: Track, size: number, out: CubePose): void {
  const area = size * size;
  const from = track.from % area;
  const to = track.to % area;
  const p = from === to ? 1 : (out.col - from) / (to - from);
  out.layer = out.row;
  out.row = Math.floor(from / size) + (Math.floor(to / size) - Math.floor(from / size)) * p;
  out.col = (from % size) + ((to % size) - (from % size)) * p;
}
