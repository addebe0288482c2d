/**
 * The numbers of the cubes, drawn once into a canvas: one cell per exponent, each in the
 * colour it is printed in. No font is downloaded; the stack in palette.ts resolves to a
 * bold grotesque that every system has (Arial/Helvetica, or Liberation Sans on Linux).
 */
import { TILE_FONT, labelFontScale, textColour, tileLabel } from '../palette';

/** Pixels of one label cell: twice as wide as tall, like the band of a top face the digits use. */
export const CELL_WIDTH = 256;
export const CELL_HEIGHT = 128;
const COLUMNS = 4;

export interface LabelAtlas {
  readonly canvas: HTMLCanvasElement;
  /** Highest exponent it holds. */
  readonly maxExponent: number;
  /** Writes the texture rectangle (u, v, width, height) of an exponent's label into `out` at `offset`. */
  rectOf(exponent: number, out: Float32Array, offset: number): void;
}

/**
 * @param maxExponent the highest exponent to draw (a board of n×n cells can reach n²+1)
 * @param tileWidthPx the width of a whole top face in atlas pixels, which sets the font size
 */
export function drawLabelAtlas(maxExponent: number, tileWidthPx: number): LabelAtlas {
  const rows = Math.ceil(maxExponent / COLUMNS);
  const canvas = document.createElement('canvas');
  canvas.width = COLUMNS * CELL_WIDTH;
  canvas.height = rows * CELL_HEIGHT;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('could not draw the tile numbers: no 2D canvas');
  ctx.textAlign = 'left';
  ctx.textBaseline = 'alphabetic';
  for (let e = 1; e <= maxExponent; e++) {
    const x = ((e - 1) % COLUMNS) * CELL_WIDTH;
    const y = Math.floor((e - 1) / COLUMNS) * CELL_HEIGHT;
    drawLabel(ctx, tileLabel(e), textColour(e), x, y, labelFontScale(tileLabel(e)) * tileWidthPx);
  }
  const rows1 = 1 / rows;
  return {
    canvas,
    maxExponent,
    rectOf(exponent, out, offset) {
      const e = Math.min(Math.max(exponent, 1), maxExponent) - 1;
      out[offset] = (e % COLUMNS) / COLUMNS;
      // Texture v runs upwards while canvas rows run down (the texture is uploaded with flipY).
      out[offset + 1] = 1 - (Math.floor(e / COLUMNS) + 1) * rows1;
      out[offset + 2] = 1 / COLUMNS;
      out[offset + 3] = rows1;
    },
  };
}

function drawLabel(ctx: CanvasRenderingContext2D, label: string, colour: string, x: number, y: number, fontPx: number): void {
  const caret = label.indexOf('^');
  const base = caret < 0 ? label : label.slice(0, caret);
  const power = caret < 0 ? '' : label.slice(caret + 1);
  const font = (px: number): string => `700 ${px.toFixed(1)}px ${TILE_FONT}`;
  ctx.fillStyle = colour;
  ctx.font = font(fontPx);
  const baseMetrics = ctx.measureText(base);
  let width = baseMetrics.width;
  if (power) {
    ctx.font = font(fontPx * 0.6);
    width += ctx.measureText(power).width;
  }
  // Centre on the ink, not the em box, so digits sit in the middle of the face.
  const ascent = baseMetrics.actualBoundingBoxAscent;
  const descent = baseMetrics.actualBoundingBoxDescent;
  const left = x + (CELL_WIDTH - width) / 2;
  const baseline = y + CELL_HEIGHT / 2 + (ascent - descent) / 2;
  ctx.font = font(fontPx);
  ctx.fillText(base, left, baseline);
  if (power) {
    ctx.font = font(fontPx * 0.6);
    ctx.fillText(power, left + baseMetrics.width, baseline - ascent * 0.45);
  }
}
