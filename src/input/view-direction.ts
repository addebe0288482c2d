/**
 * Moves follow the view: which way on the board a move toward one side of the screen means
 * while the 3D board is seen turned. The one place that answers it; records, replays and
 * links keep the board's own directions (this is applied to the player's input only).
 */
import type { CubeDirection, Direction } from '../engine';

/** The four directions clockwise as the board is seen from above. */
const CLOCKWISE: readonly Direction[] = ['up', 'right', 'down', 'left'];

/**
 * The board direction a move toward `screen` asks for when the camera has swung `azimuth`
 * radians about the board's vertical (counter-clockwise seen from above; 0 shows the board's
 * top row at the top of the screen): the board axis nearest to that side of the screen. A cube's
 * `in` and `out` run along the axis the camera turns about, so they stay as they are.
 */
export function boardDirection(azimuth: number, screen: Direction): Direction;
export function boardDirection(azimuth: number, screen: CubeDirection): CubeDirection;
export function boardDirection(azimuth: number, screen: CubeDirection): CubeDirection {
  const i = CLOCKWISE.indexOf(screen as Direction);
  return i < 0 ? screen : CLOCKWISE[(i - (Math.round(azimuth / (Math.PI / 2)) % 4) + 8) % 4]!;
}
