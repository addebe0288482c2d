import { describe, expect, it } from 'vitest';
import { attachSwipe, swipeDirection } from '../../src/input';
import { FakeElement, fire, recorder } from './fakes';

const pointer = (id: number, x: number, y: number, extra: Record<string, unknown> = {}) => ({
  pointerId: id,
  clientX: x,
  clientY: y,
  isPrimary: true,
  pointerType: 'touch',
  button: 0,
  ...extra,
});

function swipe(board: FakeElement, from: [number, number], to: [number, number], extra: Record<string, unknown> = {}): void {
  fire(board, 'pointerdown', pointer(1, ...from, extra));
  fire(board, 'pointerup', pointer(1, ...to, extra));
}

describe('swipe', () => {
  it('picks the dominant axis of a drag', () => {
    expect(swipeDirection(40, 10, 10)).toBe('right');
    expect(swipeDirection(-40, 39, 10)).toBe('left');
    expect(swipeDirection(5, 30, 10)).toBe('down');
    expect(swipeDirection(5, -30, 10)).toBe('up');
    expect(swipeDirection(20, 20, 10)).toBeNull();
    expect(swipeDirection(9, 0, 10)).toBeNull();
  });

  it('turns swipes on the board into moves, with a threshold that grows with the board', () => {
    const { log, commands } = recorder();
    const small = new FakeElement('DIV', undefined, [], { width: 300, height: 300 });
    const large = new FakeElement('DIV', undefined, [], { width: 1000, height: 1000 });
    attachSwipe(small.asHtml(), commands as never);
    attachSwipe(large.asHtml(), commands as never);
    swipe(small, [100, 100], [100, 80]);
    swipe(large, [100, 100], [100, 80]);
    swipe(large, [100, 100], [30, 110]);
    expect(log).toEqual(['up', 'left']);
  });

  it('works with a mouse drag using the main button only, and captures the pointer', () => {
    const { log, commands } = recorder();
    const board = new FakeElement();
    attachSwipe(board.asHtml(), commands as never);
    swipe(board, [10, 10], [200, 10], { pointerType: 'mouse', button: 2 });
    swipe(board, [10, 10], [200, 10], { pointerType: 'mouse' });
    expect(log).toEqual(['right']);
    expect(board.captured).toEqual([1]);
  });

  it('leaves two-finger gestures to the browser and forgets a cancelled swipe', () => {
    const { log, commands } = recorder();
    const board = new FakeElement();
    attachSwipe(board.asHtml(), commands as never);
    fire(board, 'pointerdown', pointer(1, 100, 100));
    fire(board, 'pointerdown', pointer(2, 200, 200, { isPrimary: false }));
    fire(board, 'pointerup', pointer(1, 100, 300));
    fire(board, 'pointerdown', pointer(3, 100, 100));
    fire(board, 'pointercancel', pointer(3, 100, 100));
    fire(board, 'pointerup', pointer(3, 100, 300));
    expect(log).toEqual([]);
    expect(board.style.touchAction).toBe('pinch-zoom');
  });

  it('gives the board back as it was when detached', () => {
    const { log, commands } = recorder();
    const board = new FakeElement();
    const detach = attachSwipe(board.asHtml(), commands as never);
    detach();
    swipe(board, [10, 10], [200, 10]);
    expect(log).toEqual([]);
    expect(board.style.touchAction).toBe('');
  });
});
