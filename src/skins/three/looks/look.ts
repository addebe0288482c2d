/**
 * What a look of the cubes is: data for the materials, lights and board (the background the
 * cubes stand on; around it is the page's), how tiles are coloured and what the big ones get.
 * The entries are in table.ts, one each, loaded with the code that switches looks (wear.ts) when
 * one is chosen; the first load builds clay itself (scene.ts, materials.ts), and a test holds
 * clay's entry to what it builds.
 */
import type { LookName } from '../../looks';

type Theme = 'light' | 'dark';
/** sRGB colours as 0xrrggbb. */
type Rgb = number;

/** A sky-to-ground gradient with soft bright panels, evaluated in the cubes' shader: reflections with no texture. */
export interface Environment {
  readonly sky: Rgb;
  readonly horizon: Rgb;
  readonly ground: Rgb;
  /** Brightness of the panels overhead and to the side (studio softboxes). */
  readonly panels: number;
}

export interface Look {
  readonly name: LookName;
  /** The cubes' physical material; `opacity` below 1 lets the slot show through (glass). */
  readonly cube: { readonly roughness: number; readonly metalness: number; readonly opacity: number };
  /** What the cubes reflect; none for a matte look. */
  readonly environment?: Environment;
  /** Sky/ground fill, a key light from behind-left and a front fill: colours and intensities. */
  readonly lights: {
    readonly sky: Rgb;
    readonly ground: Rgb;
    readonly fill: number;
    readonly key: number;
    readonly front: number;
    readonly frontColour: Rgb;
  };
  /**
   * The palette colour of each tile, made more vivid by `saturate` (0 keeps it) and lit from within
   * by `selfLight`; `glow` multiplies the palette's glow (`tileGlow`: the gold tiles warming up to
   * 2048, which glows most, and a halo on bigger ones). Absent: the palette's as it is (clay).
   */
  readonly tiles?: { readonly saturate: number; readonly selfLight: number; readonly glow: number };
  /** Board and slots per theme (CSS colours); absent, the theme's (palette.ts). The hint keeps the theme's colours. */
  /**
   * The board and its slots by theme; `frame`, where the slots' colour would be faint around a
   * cube's layers (which float over the page), the frames' own colour, drawn as light (unlit).
   */
  readonly board?: Readonly<Record<Theme, { readonly board: string; readonly slot: string; readonly frame?: string }>>;
  /** Under each cube, `size` wide: a dark contact shadow, or (`halo`) a light in the tile's colour added to the board. */
  readonly shadow: { readonly colour: Rgb; readonly opacity: number; readonly halo: boolean; readonly size: number };
}
