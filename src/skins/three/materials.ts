/**
 * The cubes skin's materials and textures, in clay (looks/wear.ts gives the cubes and their shadows
 * another look's), patched per tile by finish.ts. Everything made here is registered with the
 * skin's GpuResources.
 */
import {
  CanvasTexture,
  CustomBlending,
  LinearMipmapLinearFilter,
  MeshBasicMaterial,
  MeshLambertMaterial,
  OneFactor,
  MeshStandardMaterial,
  OneMinusSrcAlphaFactor,
  SRGBColorSpace,
  SrcAlphaFactor,
} from 'three';
import { BOARD_COLOURS } from '../palette';
import type { BoardColours } from '../palette';
import type { LabelAtlas } from './atlas';
import type { GpuResources } from './gpu-resources';
import { instanced } from './finish';
import type { Look } from './looks/look';

/** A soft round shadow, drawn once: a radial gradient in the alpha channel, white so the material's colour is the shadow's (or a halo's). */
function drawShadowBlob(): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = 64;
  const ctx = canvas.getContext('2d');
  if (ctx) {
    const g = ctx.createRadialGradient(32, 32, 8, 32, 32, 32);
    // Fully clear well before the quad's edge, so a shadow never spills past the board's rim.
    g.addColorStop(0, '#fff');
    g.addColorStop(0.5, 'rgba(255,255,255,0.6)');
    g.addColorStop(0.82, 'rgba(255,255,255,0)');
    ctx.fillStyle = g;
    ctx.fillRect(0, 0, 64, 64);
  }
  return canvas;
}

export interface CubesMaterials {
  /** Per-tile colour (instance colour), opacity and glow, in the look's finish (replaced by looks/wear.ts). */
  cube: MeshStandardMaterial;
  /** Per-tile number, from the label atlas (see `useAtlas`). */
  readonly label: MeshBasicMaterial;
  /** The contact shadows (or a look's halos). */
  shadow: MeshBasicMaterial;
  readonly board: MeshLambertMaterial;
  readonly slot: MeshLambertMaterial;
  readonly hint: MeshBasicMaterial;
}

export function createMaterials(gpu: GpuResources): CubesMaterials {
  const shadowTexture = gpu.track(new CanvasTexture(drawShadowBlob()));
  const hintTexture = gpu.track(new CanvasTexture(document.createElement('canvas')));
  hintTexture.colorSpace = SRGBColorSpace;
  return {
    // Cubes are drawn before the board, so the board's hidden pixels are never shaded.
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
        new MeshBasicMaterial({ map: shadowTexture, color: 0, transparent: true, opacity: 0.5, depthWrite: false }),
        'cube2048-shadow',
      ),
    ),
    // The board is matte and fills most pixels: a diffuse-only material keeps software renderers fast.
    board: gpu.track(new MeshLambertMaterial()),
    slot: gpu.track(new MeshLambertMaterial()),
    // Drawn last and over everything (no depth test): cubes in front of the far rim never hide it.
    hint: gpu.track(new MeshBasicMaterial({ map: hintTexture, transparent: true, depthTest: false, depthWrite: false })),
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

/** The hint's badge, pointing to +x: a disc in the hint colour, ringed in its ink, and an ink chevron. */
function drawHintBadge(canvas: HTMLCanvasElement, c: BoardColours): void {
  canvas.width = canvas.height = 128;
  const ctx = canvas.getContext('2d');
  if (!ctx) return;
  for (const [colour, radius] of [
    [c.hintInk, 63],
    [c.hint, 55],
  ] as const) {
    ctx.fillStyle = colour;
    ctx.beginPath();
    ctx.arc(64, 64, radius, 0, 7);
    ctx.fill();
  }
  ctx.strokeStyle = c.hintInk;
  ctx.lineWidth = 15;
  ctx.lineCap = ctx.lineJoin = 'round';
  ctx.beginPath();
  ctx.moveTo(52, 33);
  ctx.lineTo(82, 64);
  ctx.lineTo(52, 95);
  ctx.stroke();
}

/** The board and slots in the look's colours for the theme, and the hint in the theme's. */
export function paintBoard(materials: CubesMaterials, theme: 'light' | 'dark', look: Look | null): void {
  const c = BOARD_COLOURS[theme];
  const b = look?.board?.[theme] ?? c;
  materials.board.color.set(b.board);
  materials.slot.color.set(b.slot);
  const badge = materials.hint.map;
  if (badge) {
    drawHintBadge(badge.image as HTMLCanvasElement, c);
    badge.needsUpdate = true;
  }
}
