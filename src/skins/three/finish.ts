/**
 * What the cubes' materials and a look's share: the shader patch that gives built-in materials
 * per-tile opacity, label rectangles and glow, and the lights a look sets. Apart
 * from materials.ts (no palette here), so the code that switches looks (looks/wear.ts) loads
 * without pulling the palette out of the embed's first file.
 */
import type { DirectionalLight, HemisphereLight, Material } from 'three';

interface InstancedHooks {
  /** The material samples the label atlas at a per-tile rectangle. */
  readonly label?: boolean;
  /** The material adds a per-tile emissive glow. */
  readonly glow?: boolean;
}

/**
 * Teaches a built-in material per-tile opacity (and label rectangles or glow). Each variant
 * names its program so three never shares one between variants.
 */
export function instanced<M extends Material>(material: M, key: string, hooks: InstancedHooks = {}): M {
  material.onBeforeCompile = (shader) => {
    let vertexHead = 'attribute float aOpacity;\nvarying float vInstOpacity;\n';
    let vertexBody = 'vInstOpacity = aOpacity;\n';
    let fragmentHead = 'varying float vInstOpacity;\n';
    if (hooks.label) {
      vertexHead += 'attribute vec4 aLabel;\n';
      vertexBody += 'vMapUv = aLabel.xy + vMapUv * aLabel.zw;\n';
    }
    if (hooks.glow) {
      vertexHead += 'attribute float aGlow;\nvarying float vInstGlow;\n';
      vertexBody += 'vInstGlow = aGlow;\n';
      fragmentHead += 'varying float vInstGlow;\n';
    }
    shader.vertexShader = shader.vertexShader
      .replace('#include <common>', `#include <common>\n${vertexHead}`)
      .replace('#include <uv_vertex>', `#include <uv_vertex>\n${vertexBody}`);
    // Numbers are premultiplied (no dark fringes), so their opacity scales every channel.
    const fade = hooks.label ? 'diffuseColor *= vInstOpacity;' : 'diffuseColor.a *= vInstOpacity;';
    let fragment = shader.fragmentShader
      .replace('#include <common>', `#include <common>\n${fragmentHead}`)
      .replace('#include <color_fragment>', `#include <color_fragment>\n${fade}`);
    if (hooks.glow)
      fragment = fragment.replace(
        '#include <emissivemap_fragment>',
        '#include <emissivemap_fragment>\ntotalEmissiveRadiance += diffuseColor.rgb * vInstGlow;',
      );
    shader.fragmentShader = fragment;
  };
  material.customProgramCacheKey = () => key;
  return material;
}

export interface Lights {
  readonly hemisphere: HemisphereLight;
  readonly sun: DirectionalLight;
  readonly fill: DirectionalLight;
}
