import { describe, expect, it } from 'vitest';
import type { PadLike } from '../../src/input';
import { attachGamepadOnDemand } from '../../src/input';
import { attachGamepad } from '../../src/input/gamepad';
import { manualFrames, recorder } from './fakes';

function pad(pressed: number[] = [], axes: [number, number] = [0, 0]): PadLike {
  return { index: 0, connected: true, axes, buttons: Array.from({ length: 17 }, (_, i) => ({ pressed: pressed.includes(i) })) };
}

function setup(initial: PadLike | null = null) {
  const win = new EventTarget();
  const frames = manualFrames();
  let pads: (PadLike | null)[] = [initial];
  const { log, commands } = recorder();
  const detach = attachGamepad(win as unknown as Window, commands as never, { frames, getGamepads: () => pads });
  return {
    log,
    frames,
    detach,
    connect: (p: PadLike | null) => {
      pads = [p];
      win.dispatchEvent(new Event('gamepadconnected'));
    },
    hold: (p: PadLike | null) => {
      pads = [p];
      frames.step();
    },
  };
}

describe('gamepad', () => {
  it('does not poll until a gamepad is connected, and stops when the last one goes', () => {
    const g = setup();
    expect(g.frames.scheduled).toBe(0);
    g.connect(pad());
    expect(g.frames.scheduled).toBe(1);
    g.hold(null);
    expect(g.frames.scheduled).toBe(0);
  });

  it('polls a pad that was already plugged in when the page loaded', () => {
    expect(setup(pad()).frames.scheduled).toBe(1);
  });

  it('moves once per d-pad press, however long it is held, and undoes with B', () => {
    const g = setup();
    g.connect(pad());
    for (const state of [pad([14]), pad([14]), pad([14]), pad(), pad([12]), pad(), pad([1]), pad([1]), pad(), pad([15]), pad([13])])
      g.hold(state);
    expect(g.log).toEqual(['left', 'up', 'undo', 'right', 'down']);
  });

  it('slides a cube’s tiles with the shoulder buttons, once per press: the right one away (in), the left one near (out)', () => {
    const g = setup();
    g.connect(pad());
    for (const state of [pad([5]), pad([5]), pad(), pad([4]), pad([4]), pad(), pad([5]), pad([4])]) g.hold(state);
    expect(g.log).toEqual(['in', 'out', 'in', 'out']);
  });

  it('moves with the left stick past its dead zone, once until it comes back to the centre', () => {
    const g = setup();
    g.connect(pad());
    for (const axes of [
      [0.3, 0],
      [0.9, 0.1],
      [0.4, 0],
      [0.1, 0],
      [0, -0.8],
      [0, 0],
      [-0.2, 0.7],
    ] as [number, number][])
      g.hold(pad([], axes));
    expect(g.log).toEqual(['right', 'up', 'down']);
  });

  it('stops polling when detached', () => {
    const g = setup();
    g.connect(pad());
    g.detach();
    expect(g.frames.scheduled).toBe(0);
    g.hold(pad([14]));
    expect(g.log).toEqual([]);
  });
});

describe('gamepad on demand', () => {
  const settle = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 50));

  it('loads the gamepad code only when a pad connects, then plays its presses', async () => {
    const win = new EventTarget();
    const frames = manualFrames();
    let pads: (PadLike | null)[] = [];
    const { log, commands } = recorder();
    const detach = attachGamepadOnDemand(win as unknown as Window, commands as never, { frames, getGamepads: () => pads });
    await settle();
    expect(frames.scheduled).toBe(0);
    pads = [pad([14])];
    win.dispatchEvent(new Event('gamepadconnected'));
    await settle();
    frames.step();
    expect(log).toEqual(['left']);
    detach();
    expect(frames.scheduled).toBe(0);
  });

  it('starts at once when a pad was connected before, and does nothing after an early detach', async () => {
    const win = new EventTarget();
    const frames = manualFrames();
    const { log, commands } = recorder();
    const detach = attachGamepadOnDemand(win as unknown as Window, commands as never, { frames, getGamepads: () => [pad([15])] });
    detach();
    await settle();
    expect(frames.scheduled).toBe(0);
    const again = attachGamepadOnDemand(win as unknown as Window, commands as never, { frames, getGamepads: () => [pad([15])] });
    await settle();
    frames.step();
    expect(log).toEqual(['right']);
    again();
  });
});
