/**
 * Skins by name. The flat skin is small and bundled with the page; the cubes skin brings
 * three.js, so it is fetched with `import()` only when asked for, and so is the text skin,
 * which only the showcase uses (embeds stay small).
 */
import { createFlatSkin } from './dom/flat';
import type { SkinFactory, SkinName } from './skin';
import { NO_WEBGL_MESSAGE, SkinUnavailableError } from './skin';

export async function loadSkin(name: SkinName): Promise<SkinFactory> {
  switch (name) {
    case 'cubes':
      // Without WebGL, three.js (the bulk of the download) would be fetched for nothing.
      if (!webglAvailable()) throw new SkinUnavailableError(NO_WEBGL_MESSAGE, 'cubes');
      return (await import('./three/cubes')).createCubesSkin;
    case 'flat':
      return createFlatSkin;
    case 'text':
      return (await import('./text/text')).createTextSkin;
    default:
      throw new RangeError(`unknown skin "${String(name)}"; choose cubes, flat or text`);
  }
}

interface WebglProbe {
  readonly available: boolean;
  /** Drawn by the CPU (SwiftShader, llvmpipe): every pixel costs, so the cubes skip multisampling. */
  readonly software: boolean;
}

let probe: WebglProbe | null = null;

/** Asks once whether WebGL 2 works here and who draws it; the probe's context is released at once. */
export function probeWebgl(): WebglProbe {
  if (probe) return probe;
  try {
    const gl = document.createElement('canvas').getContext('webgl2');
    const info = gl?.getExtension('WEBGL_debug_renderer_info');
    const renderer = gl && info ? String(gl.getParameter(info.UNMASKED_RENDERER_WEBGL)) : '';
    probe = { available: gl !== null, software: /swiftshader|llvmpipe|software/i.test(renderer) };
    gl?.getExtension('WEBGL_lose_context')?.loseContext();
  } catch {
    probe = { available: false, software: false };
  }
  return probe;
}

/** Whether this browser can create a WebGL 2 context (what the cubes skin needs). */
export const webglAvailable = (): boolean => probeWebgl().available;
