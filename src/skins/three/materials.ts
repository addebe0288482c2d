/**
 * The cubes skin's materials and textures, and the shader patches that give built-in
 * materials per-tile opacity, label rectangles and glow. Everything made here is registered
 * with the skin's GpuResources.
 */
import {
  CanvasTexture,
  CustomBlending,
  DoubleSide,
  LinearMipmapLinearFilter,
  MeshBasicMaterial,
  MeshLambertMaterial,
  MeshStandardMaterial,
  OneFactor,
  OneMinusSrcAlphaFactor,
  SRGBColorSpace,
  SrcAlphaFactor,
} from 'three';
import type { Material } from 'three';
import { BOARD_COLOURS } from '../palette';
import type { LabelAtlas } from './atlas';
import type { GpuResources } from './gpu-resources';

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
function instanced<M extends Material>(material: M, key: string, hooks: InstancedHooks = {}): M {
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

/** A soft round shadow, drawn once: a radial gradient in the alpha channel. */
function drawShadowBlob(): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = 64;
  const ctx = canvas.getContext('2d');
  if (ctx) {
    const g = ctx.createRadialGradient(32, 32, 8, 32, 32, 32);
    // Fully clear well before the quad's edge, so a shadow never spills past the board's rim.
    g.addColorStop(0, 'rgba(0,0,0,1)');
    g.addColorStop(0.5, 'rgba(0,0,0,0.6)');
    g.addColorStop(0.82, 'rgba(0,0,0,0)');
    ctx.fillStyle = g;
    ctx.fillRect(0, 0, 64, 64);
  }
  return canvas;
}

export interface CubesMaterials {
  /** Per-tile colour (instance colour), opacity and glow. */
  readonly cube: MeshStandardMaterial;
  /** Per-tile number, from the label atlas (see `useAtlas`). */
  readonly label: MeshBasicMaterial;
  readonly shadow: MeshBasicMaterial;
  readonly board: MeshLambertMaterial;
  readonly slot: MeshLambertMaterial;
  readonly hint: MeshBasicMaterial;
}

export function createMaterials(gpu: GpuResources): CubesMaterials {
  const shadowTexture = gpu.track(new CanvasTexture(drawShadowBlob()));
  return {
    // Cubes are drawn before the board, so the board's hidden pixels are never shaded; they still
    // blend (normally at full opacity) so a cross-fade can draw them after the board instead.
    cube: gpu.track(
      instanced(
        new MeshStandardMaterial({
          roughness: 0.36,
          metalness: 0,
          blending: CustomBlending,
          blendSrc: SrcAlphaFactor,
          blendDst: OneMinusSrcAlphaFactor,
          blendSrcAlpha: OneFactor,
          blendDstAlpha: OneMinusSrcAlphaFactor,
        }),
        'cube2048-cube',
        { glow: true },
      ),
    ),
    label: gpu.track(
      instanced(
        new MeshBasicMaterial({
          transparent: true,
          depthWrite: false,
          blending: CustomBlending,
          blendSrc: OneFactor,
          blendDst: OneMinusSrcAlphaFactor,
          premultipliedAlpha: false,
        }),
        'cube2048-label',
        { label: true },
      ),
    ),
    shadow: gpu.track(
      instanced(
        new MeshBasicMaterial({ map: shadowTexture, color: 0x4a3420, transparent: true, opacity: 0.5, depthWrite: false }),
        'cube2048-shadow',
      ),
    ),
    // The board is matte and fills most pixels: a diffuse-only material keeps software renderers fast.
    board: gpu.track(new MeshLambertMaterial()),
    slot: gpu.track(new MeshLambertMaterial()),
    // One pass: three draws see-through two-sided materials twice unless told otherwise.
    hint: gpu.track(
      new MeshBasicMaterial({ transparent: true, opacity: 0.95, side: DoubleSide, forceSinglePass: true, depthWrite: false }),
    ),
  };
}

/** Gives the numbers a new atlas, freeing the texture of the one it outgrew. */
export function useAtlas(gpu: GpuResources, materials: CubesMaterials, atlas: LabelAtlas, anisotropy: number): void {
  const texture = gpu.replace(materials.label.map, new CanvasTexture(atlas.canvas));
  texture.colorSpace = SRGBColorSpace;
  texture.premultiplyAlpha = true;
  texture.minFilter = LinearMipmapLinearFilter;
  texture.anisotropy = anisotropy;
  materials.label.map = texture;
  materials.label.needsUpdate = true;
}

/** The board, slots and hint in the theme's colours. */
export function paintBoard(materials: CubesMaterials, theme: 'light' | 'dark'): void {
  const c = BOARD_COLOURS[theme];
  materials.board.color.set(c.board);
  materials.slot.color.set(c.slot);
  materials.hint.color.set(c.hint);
}
