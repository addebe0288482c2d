/** Minimal DOM stand-ins for input tests in Node: real EventTargets, just the fields input reads. */
import type { FrameScheduler } from '../../src/input';

export class FakeElement extends EventTarget {
  readonly style = { touchAction: '' };
  isContentEditable = false;
  captured: number[] = [];
  constructor(
    readonly tagName = 'DIV',
    readonly ownerDocument: EventTarget = new EventTarget(),
    private readonly ancestors: string[] = [],
    readonly rect = { width: 400, height: 400 },
  ) {
    super();
  }
  closest(selector: string): unknown {
    return this.ancestors.some((a) => selector.split(',').some((s) => s.trim().startsWith(a))) ? {} : null;
  }
  setPointerCapture(id: number): void {
    this.captured.push(id);
  }
  getBoundingClientRect(): { width: number; height: number } {
    return this.rect;
  }
  asHtml(): HTMLElement {
    return this as unknown as HTMLElement;
  }
}

/** An event of `type` with extra fields, dispatched as if it came from `from`. */
export function fire(on: EventTarget, type: string, fields: Record<string, unknown>, from: EventTarget = on): Event {
  const event = Object.assign(new Event(type, { cancelable: true }), fields);
  Object.defineProperty(event, 'target', { value: from });
  on.dispatchEvent(event);
  return event;
}

export const key = (k: string, extra: Record<string, unknown> = {}): Record<string, unknown> => ({
  key: k,
  code: extra.code ?? (k.length === 1 ? `Key${k.toUpperCase()}` : k),
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  shiftKey: false,
  ...extra,
});

/** Frames that run only when the test says so. */
export function manualFrames(): FrameScheduler & { step(): void; readonly scheduled: number } {
  let next = 1;
  const callbacks = new Map<number, () => void>();
  return {
    requestFrame(callback) {
      callbacks.set(next, callback);
      return next++;
    },
    cancelFrame(handle) {
      callbacks.delete(handle);
    },
    step() {
      const due = [...callbacks.values()];
      callbacks.clear();
      for (const callback of due) callback();
    },
    get scheduled() {
      return callbacks.size;
    },
  };
}

/** Commands that write down what they were asked. */
export function recorder(): { log: string[]; commands: { move(dir: string): void; undo(): void; newGame(): void } } {
  const log: string[] = [];
  return { log, commands: { move: (dir) => log.push(dir), undo: () => log.push('undo'), newGame: () => log.push('new') } };
}
