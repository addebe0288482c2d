/**
 * Whether this browser can draw WebGL 2, and who draws it. Asked once per page; both the
 * skin registry (before fetching three.js) and the cubes skin (to skip multisampling on a
 * software renderer) read the same answer.
 */
export interface WebglProbe {
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
