/**
 * Switching the cubes' look, loaded when a look is first chosen: the cubes and their shadows get
 * the look's materials (the ones they replace are freed), the lights its settings, and the cubes'
 * shader the look's tile colours and reflections. The board follows `scene.look` on the next `paint`.
 */
import { AdditiveBlending, NormalBlending } from 'three';
import type { MeshBasicMaterial, MeshStandardMaterial } from 'three';
import type { LookName } from '../../looks';
import type { Lights } from '../finish';
import { instanced } from '../finish';
import type { CubesScene } from '../scene';
import type { Environment, Look } from './look';
import { CLAY, LOOK_TABLE } from './table';

/** The cubes in `look`'s finish: clay's material (its blending, its patches) with the look's values. */
function cubeMaterial(clay: MeshStandardMaterial, { name, cube }: Look): MeshStandardMaterial {
  const material = instanced(clay.clone(), `cube2048-cube-${name}`, { glow: true });
  material.setValues(cube);
  return material;
}

/** A look's shadows under the cubes: darkening the board, or (a halo) lighting it in each tile's colour. */
function shadowMaterial(clay: MeshBasicMaterial, { shadow }: Look): MeshBasicMaterial {
  const material = instanced(clay.clone(), 'cube2048-shadow');
  material.setValues({ color: shadow.colour, opacity: shadow.opacity, blending: shadow.halo ? AdditiveBlending : NormalBlending });
  return material;
}

/** Sets the lights as `look` has them. */
function light({ hemisphere, sun, fill }: Lights, { lights }: Look): void {
  hemisphere.color.setHex(lights.sky);
  hemisphere.groundColor.setHex(lights.ground);
  hemisphere.intensity = lights.fill;
  sun.intensity = lights.key;
  fill.color.setHex(lights.frontColour);
  fill.intensity = lights.front;
}

/** An sRGB colour as the shader's linear light. */
const vec3 = (rgb: number): string => {
  const linear = (shift: number): string => {
    const c = ((rgb >> shift) & 255) / 255;
    return (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4).toFixed(4);
  };
  return `vec3(${linear(16)},${linear(8)},${linear(0)})`;
};

/**
 * The environment as a function of direction, evaluated per pixel: a gradient from the ground
 * through the horizon to the sky, a long softbox overhead and a tall one to the left, their
 * edges softer on rougher cubes. No texture, no prefiltering, nothing to restore after a lost context.
 */
const environmentGlsl = (e: Environment): string => `
vec3 lookEnvironment(vec3 d, float rough) {
  float w = 0.06 + rough * 0.5;
  vec3 c = mix(${vec3(e.horizon)}, ${vec3(e.sky)}, smoothstep(-0.05, 0.7, d.y));
  c = mix(${vec3(e.ground)}, c, smoothstep(-0.3 - w, 0.0, d.y));
  float top = smoothstep(0.5 - w, 0.7, d.y) * (1.0 - smoothstep(0.06, 0.1 + w, abs(d.x - 0.12)));
  float side = smoothstep(0.45 - w, 0.75, -d.x) * (1.0 - smoothstep(0.1, 0.25 + w, abs(d.z + 0.2))) * (1.0 - smoothstep(0.45, 0.7 + w, abs(d.y)));
  return c + ${e.panels.toFixed(2)} * (top + side);
}
`;

/** The look's tile colours: the palette's made more vivid, lit from within, glowing more (the palette's glow is already added once). */
const tilesGlsl = ({ saturate, selfLight, glow }: NonNullable<Look['tiles']>): [colour: string, light: string] => [
  `diffuseColor.rgb = max(mix(vec3(dot(diffuseColor.rgb, vec3(0.2126, 0.7152, 0.0722))), diffuseColor.rgb, ${(1 + saturate).toFixed(3)}), 0.0);`,
  `totalEmissiveRadiance += diffuseColor.rgb * (${selfLight.toFixed(3)} + vInstGlow * ${(glow - 1).toFixed(3)});`,
];

const SAMPLE = `
#if defined( RE_IndirectSpecular )
radiance += lookEnvironment(inverseTransformDirection(reflect(-geometryViewDir, geometryNormal), viewMatrix), material.roughness);
#endif
`;

/** Gives a cube material (already patched for instancing and glow) `look`'s tile colours and reflections. */
function finish(material: MeshStandardMaterial, { tiles, environment }: Look): void {
  const base = material.onBeforeCompile.bind(material);
  material.onBeforeCompile = (shader, renderer) => {
    base(shader, renderer);
    let fragment = shader.fragmentShader;
    if (tiles) {
      const [colour, light] = tilesGlsl(tiles);
      fragment = fragment
        .replace('#include <color_fragment>', `#include <color_fragment>\n${colour}`)
        .replace('#include <emissivemap_fragment>', `#include <emissivemap_fragment>\n${light}`);
    }
    if (environment)
      fragment = fragment
        .replace('#include <common>', `#include <common>\n${environmentGlsl(environment)}`)
        .replace('#include <lights_fragment_end>', `${SAMPLE}\n#include <lights_fragment_end>`);
    shader.fragmentShader = fragment;
  };
}

export function wear(scene: CubesScene, name: LookName): void {
  const look = LOOK_TABLE[name];
  const { gpu, materials, cubes, shadows, colours, lights } = scene.parts;
  materials.cube = gpu.replace(materials.cube, cubeMaterial(materials.cube, look));
  finish(materials.cube, look);
  cubes.material = materials.cube;
  // The shadows' texture is shared by every look and stays.
  materials.shadow = gpu.replace(materials.shadow, shadowMaterial(materials.shadow, look));
  shadows.material = materials.shadow;
  // A halo takes each tile's colour; a shadow is one colour.
  shadows.instanceColor = look.shadow.halo ? colours : null;
  // Resized in place: a new geometry would free the per-tile buffers it shares with the cubes.
  const grow = look.shadow.size / (scene.look ?? CLAY).shadow.size;
  shadows.geometry.scale(grow, 1, grow);
  light(lights, look);
  // Glass is drawn over the board; `begin` keeps it so from the next change on.
  cubes.renderOrder = look.cube.opacity < 1 ? 1 : -1;
  scene.look = look;
}
