/**
 * Skins by name. The flat skin is small and bundled with the page; the cubes skin brings
 * three.js, so it is fetched with `import()` only when asked for, and so is the text skin,
 * which only the showcase uses (embeds stay small).
 */
import { createFlatSkin } from './dom/flat';
import type { SkinFactory, SkinName } from './skin';
import { NO_WEBGL_MESSAGE, SkinUnavailableError } from './skin';
import { webglAvailable } from './webgl';

export { webglAvailable } from './webgl';

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
