/**
 * Whether this browser can create a WebGL 2 context, what the cubes skin needs: asked once per
 * page, by the skin registry before three.js is fetched. Who draws it (webgl.ts) is the cubes
 * skin's own question, asked with its code, so the embed core does not carry it.
 */
let available: boolean | null = null;

/** Whether WebGL 2 works here; the probe's context is released at once. */
export function webglAvailable(): boolean {
  if (available === null) {
    try {
      const gl = document.createElement('canvas').getContext('webgl2');
      available = gl !== null;
      gl?.getExtension('WEBGL_lose_context')?.loseContext();
    } catch {
      available = false;
    }
  }
  return available;
}
