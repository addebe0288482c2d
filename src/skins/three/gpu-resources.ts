/**
 * Every GPU resource the cubes skin makes, registered where it is made. `dispose` then frees
 * what was registered rather than a hand-kept list, so a geometry, material, texture or
 * render target added later cannot be forgotten.
 */

/** A geometry, material, texture, render target or instanced mesh: held on the GPU until disposed. */
export interface GpuResource {
  dispose(): void;
}

export class GpuResources {
  private readonly live = new Set<GpuResource>();

  /** Registers `resource` and hands it back, so creation and registration are one expression. */
  track<T extends GpuResource>(resource: T): T {
    this.live.add(resource);
    return resource;
  }

  /** Frees `old` now (a board geometry outgrown by a new size) and registers its successor. */
  replace<T extends GpuResource>(old: GpuResource | null, next: T): T {
    if (old) {
      this.live.delete(old);
      old.dispose();
    }
    return this.track(next);
  }

  /** How many are alive. */
  get size(): number {
    return this.live.size;
  }

  /** Frees every registered resource, in the order they were made. */
  disposeAll(): void {
    for (const resource of this.live) resource.dispose();
    this.live.clear();
  }
}
