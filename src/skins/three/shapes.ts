/** The cubes skin's shapes, sized as measures.ts says. */
import { BoxGeometry, BufferGeometry, PlaneGeometry } from 'three';
import { CELL_HEIGHT, CELL_WIDTH } from './atlas';
import { BOARD_RADIUS, BOARD_THICKNESS, CUBE_HEIGHT, CUBE_RADIUS, CUBE_SIDE, LABEL_WIDTH, RIM, SLOT_SIDE, SLOT_TOP } from './measures';

const LABEL_HEIGHT = LABEL_WIDTH * (CELL_HEIGHT / CELL_WIDTH);

/**
 * A box of `width`×`height`×`depth` centred on the origin, its edges and corners rounded to
 * `radius` in `segments` steps. three's own box (which its renderer carries anyway) split into an
 * odd number of strips per side, each vertex pushed out from the inner box along its direction:
 * what three/examples' RoundedBoxGeometry does, without its class or its arc-length texture
 * coordinates (no map is drawn on a cube). Unindexed, as that one is: indexed, Firefox (Mesa
 * llvmpipe) was seen showing a stale picture after a move cut short (test/browser/skins-cubes.test.ts).
 */
export function roundedBox(width: number, height: number, depth: number, segments: number, radius: number): BufferGeometry {
  const strips = segments * 2 + 1;
  const geometry = new BoxGeometry(1, 1, 1, strips, strips, strips).toNonIndexed();
  const inner = [width / 2 - radius, height / 2 - radius, depth / 2 - radius];
  const p = geometry.attributes.position!.array;
  const normal = geometry.attributes.normal!.array;
  // A strip is 1/strips wide and no vertex sits on a mid-plane (strips is odd), so every sign is ±1.
  const nudge = 0.5 / strips;
  const n = [0, 0, 0];
  for (let i = 0; i < p.length; i += 3) {
    for (let k = 0; k < 3; k++) n[k] = p[i + k]! - Math.sign(p[i + k]!) * nudge;
    const length = Math.hypot(n[0]!, n[1]!, n[2]!);
    for (let k = 0; k < 3; k++) {
      normal[i + k] = n[k]! / length;
      p[i + k] = inner[k]! * Math.sign(p[i + k]!) + (n[k]! / length) * radius;
    }
  }
  return geometry;
}

/** A tile's cube, standing on y = 0; instances scale it to their height. */
export const cubeGeometry = (): BufferGeometry =>
  roundedBox(CUBE_SIDE, CUBE_HEIGHT, CUBE_SIDE, 4, CUBE_RADIUS).translate(0, CUBE_HEIGHT / 2, 0);

/** A tile's number: a flat quad just above the cube's top face (CUBE_HEIGHT + 0.004, written out: the sum leaves 0.5640000000000001 in the bundle). */
export const labelGeometry = (): BufferGeometry =>
  new PlaneGeometry(LABEL_WIDTH, LABEL_HEIGHT).rotateX(-Math.PI / 2).translate(0, 0.564, 0);

/** A tile's contact shadow. The light comes from behind and the left, so it falls a little forward and right. */
export const shadowGeometry = (): BufferGeometry => new PlaneGeometry(1.25, 1.25).rotateX(-Math.PI / 2).translate(0.05, 0.002, 0.08);

/** An empty cell's slot, centred on the board's top (y = 0), so its top face is at SLOT_TOP: 2 × SLOT_TOP thick. */
export const slotGeometry = (): BufferGeometry => roundedBox(SLOT_SIDE, 2 * SLOT_TOP, SLOT_SIDE, 2, SLOT_TOP);

/** The board of `n`×`n` cells and its rim, its top at y = 0. */
export function boardGeometry(n: number): BufferGeometry {
  const side = n + 2 * RIM;
  return roundedBox(side, BOARD_THICKNESS, side, 4, BOARD_RADIUS).translate(0, -BOARD_THICKNESS / 2, 0);
}

/** The hint's badge (materials.ts draws it), lying flat: wider than the rim, so it reaches over the outer cubes' edge. */
export const hintGeometry = (): BufferGeometry => new PlaneGeometry(0.62, 0.62).rotateX(-Math.PI / 2);
