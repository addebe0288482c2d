import type { SkinFactory } from './skin';

/**
 * Skins registered with `registerSkin`, by name. Kept on the global object, so that two
 * copies of the package on one page (an ES module and the script tag, say) see the same
 * registrations, as they already share the one `<cube-2048>` definition. No imports: the
 * embed core and the code for outside skins both read it without pulling in the other.
 */
export const registered: Map<string, SkinFactory> = ((globalThis as { [key: symbol]: Map<string, SkinFactory> | undefined })[
  Symbol.for('cube2048.skins')
] ??= new Map());
