import type { FrameClock } from '../skins/skin';

/**
 * A clock whose frames run only when told how much time passed: animations become steps a
 * test (or the kit) takes by hand, the same on every machine.
 */
export class ManualClock implements FrameClock {
  private time: number;
  private readonly callbacks = new Map<number, (time: number) => void>();
  private next = 1;

  constructor(start = 1000) {
    this.time = start;
  }

  now(): number {
    return this.time;
  }

  requestFrame(callback: (time: number) => void): number {
    this.callbacks.set(this.next, callback);
    return this.next++;
  }

  cancelFrame(handle: number): void {
    this.callbacks.delete(handle);
  }

  /** Frames asked for and not yet run. */
  get pending(): number {
    return this.callbacks.size;
  }

  /** Moves time on by `ms` and runs the frames that were waiting (not the ones they ask for). */
  advance(ms: number): void {
    this.time += ms;
    const due = [...this.callbacks.values()];
    this.callbacks.clear();
    for (const callback of due) callback(this.time);
  }

  /** Runs frames `step` ms apart until none is asked for (at most `limit` ms); returns the time that took. */
  runUntilIdle(step = 16, limit = 5000): number {
    let spent = 0;
    while (this.callbacks.size > 0 && spent < limit) {
      this.advance(step);
      spent += step;
    }
    return spent;
  }
}
