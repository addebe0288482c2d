/**
 * Whether this browser can draw WebGL 2, and who draws it: the cubes skin asks once per page (to
 * skip multisampling on a software renderer), loaded with its code. Whether it can at all, the
 * registry asks before fetching three.js (webgl-available.ts, in the embed core).
 */
import { webglAvailable } from './webgl-available';

export interface WebglProbe {
  readonly available: boolean;
  /** Drawn by the CPU (SwiftShader, llvmpipe): every pixel costs, so the cubes skip multisampling. */
  readonly software: boolean;
}

let probe: WebglProbe | null = null;

/** Asks once whether WebGL 2 works here and who draws it; the probe's context is released at once. */
export function probeWebgl(): WebglProbe {
  if (probe) return probe;
  // Where there is no WebGL, no second context is tried.
  if (!webglAvailable()) return (probe = { available: false, software: false });
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
