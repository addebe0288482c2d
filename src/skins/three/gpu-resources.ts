/**
 * Every GPU resource the cubes skin makes, registered where it is made. `dispose` then frees
 * what was registered rather than a hand-kept list, so a geometry, material, texture or
 * render target added later cannot be forgotten.
 */

/** A geometry, material, texture, render target or instanced mesh: held on the GPU until disposed. */
export interface GpuResource {
  dispose(): void;
}

export interface GpuResources {
  /** Registers `resource` and hands it back, so creation and registration are one expression. */
  track<T extends GpuResource>(resource: T): T;
  /** Frees `old` now (a board geometry outgrown by a new size) and registers its successor. */
  replace<T extends GpuResource>(old: GpuResource | null, next: T): T;
  /** Frees every registered resource, in the order they were made. */
  disposeAll(): void;
}

export function createGpuResources(): GpuResources {
  const live = new Set<GpuResource>();
  const track = <T extends GpuResource>(resource: T): T => (live.add(resource), resource);
  return {
    track,
    replace(old, next) {
      if (old) {
        live.delete(old);
        old.dispose();
      }
      return track(next);
    },
    disposeAll() {
      for (const resource of live) resource.dispose();
      live.clear();
    },
  };
}
