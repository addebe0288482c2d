/**
 * The looks of the cubes, one entry each: data only (look.ts says what each field means). Loaded
 * with the code that switches looks (wear.ts) when a player first chooses one.
 */
import type { LookName } from '../../looks';
import type { Look } from './look';

/**
 * Today's look: matte clay on the theme's board, lit without an environment map (cheap on software
 * renderers). The first load builds it without this entry (scene.ts, materials.ts);
 * test/skins/looks.test.ts holds the two to each other.
 */
export const CLAY: Look = {
  name: 'clay',
  cube: { roughness: 0.36, metalness: 0, opacity: 1 },
  lights: { sky: 0xffffff, ground: 0xb8a894, fill: 1.45, key: 1.9, front: 0.45, frontColour: 0xfff4e8 },
  shadow: { colour: 0, opacity: 0.5, halo: false, size: 1.25 },
};

const GLOSSY: Look = {
  name: 'glossy',
  cube: { roughness: 0.14, metalness: 0, opacity: 1 },
  environment: { sky: 0x454b56, horizon: 0xa7adb8, ground: 0x1c1a18, panels: 2.5 },
  lights: { sky: 0xffffff, ground: 0xa89884, fill: 1.25, key: 2.1, front: 0.4, frontColour: 0xfff4e8 },
  tiles: { saturate: 0.3, selfLight: 0, glow: 2 },
  board: {
    light: { board: '#8f8379', slot: '#b3a79b' },
    dark: { board: '#2b2724', slot: '#433d38', frame: '#8c8177' },
  },
  shadow: { colour: 0x2a1c10, opacity: 0.6, halo: false, size: 1.25 },
};

const GLASS: Look = {
  name: 'glass',
  cube: { roughness: 0.04, metalness: 0, opacity: 0.86 },
  environment: { sky: 0x8fa6bd, horizon: 0xdde8f2, ground: 0x26323d, panels: 4 },
  lights: { sky: 0xf2f8ff, ground: 0x9fb3c4, fill: 1.5, key: 1.8, front: 0.5, frontColour: 0xeef6ff },
  tiles: { saturate: 0.3, selfLight: 0.05, glow: 2.5 },
  board: {
    light: { board: '#b7c6d3', slot: '#d5e0ea' },
    dark: { board: '#1f2a35', slot: '#33434f' },
  },
  shadow: { colour: 0x1d3a55, opacity: 0.35, halo: false, size: 1.25 },
};

const NEON: Look = {
  name: 'neon',
  cube: { roughness: 0.3, metalness: 0, opacity: 1 },
  environment: { sky: 0x2a1850, horizon: 0x120a26, ground: 0x040208, panels: 1.5 },
  lights: { sky: 0x9f8cff, ground: 0x1a0a30, fill: 0.4, key: 0.6, front: 0.3, frontColour: 0xff9cf0 },
  tiles: { saturate: 0.25, selfLight: 0.75, glow: 5 },
  board: {
    light: { board: '#1e1833', slot: '#3a2f60', frame: '#6b4fe0' },
    dark: { board: '#0d0a1a', slot: '#2a2150', frame: '#a58cff' },
  },
  shadow: { colour: 0xffffff, opacity: 0.45, halo: true, size: 1.6 },
};

/** Every look by name: adding a look is one entry here (and its name in looks.ts). */
export const LOOK_TABLE: Readonly<Record<LookName, Look>> = { clay: CLAY, glossy: GLOSSY, glass: GLASS, neon: NEON };
