/**
 * The cubes skin's shapes and their sizes. Board units: one cell pitch is 1, the board's top
 * is at y = 0, and the board is centred on the origin.
 */
import { BufferAttribute, BufferGeometry, PlaneGeometry } from 'three';
import { RoundedBoxGeometry } from 'three/examples/jsm/geometries/RoundedBoxGeometry.js';
import { CELL_HEIGHT, CELL_WIDTH } from './atlas';

export const SLOT_SIDE = 0.87;
/** Height of a slot's top face, where cubes stand. */
export const SLOT_TOP = 0.025;
export const CUBE_SIDE = 0.83;
const CUBE_RADIUS = 0.1;
/** The cube geometry's own height; each value scales it a little (taller for bigger tiles). */
export const CUBE_HEIGHT = 0.56;
export const LABEL_WIDTH = 0.76;
const LABEL_HEIGHT = LABEL_WIDTH * (CELL_HEIGHT / CELL_WIDTH);
/** Width of the board's border around the outer slots. */
export const RIM = 0.24;
export const BOARD_THICKNESS = 0.34;

/** How tall a cube of `exponent` stands: bigger tiles a little taller, levelling off past 2048. */
export const heightOf = (exponent: number): number =>
  0.38 + 0.022 * Math.min(exponent, 11) + 0.012 * Math.max(0, Math.min(exponent - 11, 6));

/** A tile's cube, standing on y = 0; instances scale it to their height. */
export const cubeGeometry = (): BufferGeometry =>
  new RoundedBoxGeometry(CUBE_SIDE, CUBE_HEIGHT, CUBE_SIDE, 4, CUBE_RADIUS).translate(0, CUBE_HEIGHT / 2, 0);

/** A tile's number: a flat quad just above the cube's top face. */
export const labelGeometry = (): BufferGeometry =>
  new PlaneGeometry(LABEL_WIDTH, LABEL_HEIGHT).rotateX(-Math.PI / 2).translate(0, CUBE_HEIGHT + 0.004, 0);

/** A tile's contact shadow. The light comes from behind and the left, so it falls a little forward and right. */
export const shadowGeometry = (): BufferGeometry => new PlaneGeometry(1.25, 1.25).rotateX(-Math.PI / 2).translate(0.05, 0.002, 0.08);

/** An empty cell's slot, its top face at SLOT_TOP. */
export const slotGeometry = (): BufferGeometry =>
  new RoundedBoxGeometry(SLOT_SIDE, 0.05, SLOT_SIDE, 2, 0.025).translate(0, SLOT_TOP - 0.025, 0);

/** The board of `n`×`n` cells and its rim, its top at y = 0. */
export function boardGeometry(n: number): BufferGeometry {
  const side = n + 2 * RIM;
  return new RoundedBoxGeometry(side, BOARD_THICKNESS, side, 4, 0.22).translate(0, -BOARD_THICKNESS / 2, 0);
}

/** The hint for a board of `n`: three chevrons, spread further apart on a bigger board. */
export const hintGeometry = (n: number): BufferGeometry => chevronsGeometry(Math.max(1, n / 4));

/**
 * Three flat chevrons in a row along z, pointing towards +x: the hint, laid on the board's rim.
 * `spacing` is the distance between them.
 */
function chevronsGeometry(spacing: number): BufferGeometry {
  const tip = 0.07;
  const back = -0.07;
  const reach = 0.15;
  const thick = 0.085;
  const positions: number[] = [];
  const indices: number[] = [];
  for (const z of [-spacing, 0, spacing]) {
    // Outer edge B→A→C, inner edge the same shifted back by `thick`: a mitred "›".
    const base = positions.length / 3;
    positions.push(
      back,
      0,
      z - reach,
      tip,
      0,
      z,
      back,
      0,
      z + reach,
      back - thick,
      0,
      z + reach,
      tip - thick,
      0,
      z,
      back - thick,
      0,
      z - reach,
    );
    indices.push(base, base + 1, base + 4, base, base + 4, base + 5, base + 1, base + 2, base + 3, base + 1, base + 3, base + 4);
  }
  const geometry = new BufferGeometry();
  geometry.setAttribute('position', new BufferAttribute(new Float32Array(positions), 3));
  geometry.setIndex(indices);
  return geometry;
}
