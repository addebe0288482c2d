import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Lifetime } from '../../src/game-ui/lifetime';
import { createLifetime } from '../../src/game-ui/lifetime';

/** What a random program does with a tree of lifetimes: own an ending, open a child, or end one. */
const step = fc.oneof(
  fc.record({ kind: fc.constant('own' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('child' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('end' as const), at: fc.nat() }),
);

describe('a lifetime', () => {
  afterEach(() => void vi.useRealTimers());

  it('ends everything it owns exactly once, newest first, whatever the tree of children and the order they end in', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 60 }), (steps) => {
        // The model: each lifetime's pending endings (an id, or a child) and whether it has ended.
        type Node = { ended: boolean; pending: (number | Node)[]; parent: Node | null };
        const expected: number[] = [];
        const endModel = (node: Node): void => {
          if (node.ended) return;
          node.ended = true;
          if (node.parent) node.parent.pending = node.parent.pending.filter((entry) => entry !== node);
          for (const entry of [...node.pending].reverse()) {
            if (typeof entry === 'number') expected.push(entry);
            else endModel(entry);
          }
          node.pending = [];
        };

        const root = createLifetime();
        const lifetimes: { real: Lifetime; model: Node }[] = [{ real: root, model: { ended: false, pending: [], parent: null } }];
        const ran: number[] = [];
        let owned = 0;
        for (const { kind, at } of steps) {
          const owner = lifetimes[at % lifetimes.length] ?? lifetimes[0]!;
          if (kind === 'own') {
            const id = owned++;
            if (owner.model.ended) expected.push(id);
            else owner.model.pending.push(id);
            owner.real.own(() => ran.push(id));
          } else if (kind === 'child') {
            const model: Node = { ended: owner.model.ended, pending: [], parent: owner.model };
            if (!owner.model.ended) owner.model.pending.push(model);
            lifetimes.push({ real: owner.real.child(), model });
          } else {
            endModel(owner.model);
            owner.real.end();
          }
          expect(ran).toEqual(expected);
        }
        endModel(lifetimes[0]!.model);
        root.end();
        expect(ran).toEqual(expected);
        expect([...ran].sort((a, b) => a - b)).toEqual(Array.from({ length: owned }, (_, i) => i));
        expect(lifetimes.every(({ real }) => real.ended)).toBe(true);
      }),
    );
  });

  it('runs the endings of one lifetime newest first', () => {
    const lifetime = createLifetime();
    const ran: string[] = [];
    lifetime.own(() => ran.push('listener'));
    lifetime.own({ dispose: () => ran.push('part') });
    lifetime.own({ disconnect: () => ran.push('observer') });
    lifetime.end();
    lifetime.end();
    expect(ran).toEqual(['observer', 'part', 'listener']);
  });

  it('ends at once what it is given after it has ended, so a part that loads late is not left running', () => {
    const lifetime = createLifetime();
    lifetime.end();
    const dispose = vi.fn();
    expect(lifetime.own({ dispose })).toEqual({ dispose });
    expect(dispose).toHaveBeenCalledOnce();
    expect(lifetime.ended).toBe(true);
  });

  it('removes its listeners when it ends, through the signal addEventListener already takes', () => {
    const lifetime = createLifetime();
    const target = new EventTarget();
    const heard = vi.fn();
    lifetime.listen(target, 'ping', heard);
    target.dispatchEvent(new Event('ping'));
    lifetime.end();
    target.dispatchEvent(new Event('ping'));
    expect(heard).toHaveBeenCalledOnce();
    expect(lifetime.signal.aborted).toBe(true);
    lifetime.listen(target, 'ping', heard);
    target.dispatchEvent(new Event('ping'));
    expect(heard).toHaveBeenCalledOnce();
  });

  it('clears its timers, and forgets a timer that has fired', () => {
    vi.useFakeTimers();
    const lifetime = createLifetime();
    const fired = vi.fn();
    const late = vi.fn();
    lifetime.timeout(fired, 10);
    const cancel = lifetime.timeout(fired, 5);
    cancel();
    lifetime.timeout(late, 50);
    vi.advanceTimersByTime(25);
    expect(fired).toHaveBeenCalledOnce();
    lifetime.end();
    vi.advanceTimersByTime(100);
    expect(late).not.toHaveBeenCalled();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('cancels its animation frames', () => {
    const frames = new Map<number, FrameRequestCallback>();
    let next = 0;
    vi.stubGlobal('requestAnimationFrame', (run: FrameRequestCallback) => (frames.set(++next, run), next));
    vi.stubGlobal('cancelAnimationFrame', (id: number) => frames.delete(id));
    try {
      const lifetime = createLifetime();
      const drawn = vi.fn();
      lifetime.frame(drawn);
      lifetime.frame(drawn);
      frames.get(1)?.(16);
      frames.delete(1);
      lifetime.end();
      expect(drawn).toHaveBeenCalledOnce();
      expect(frames.size).toBe(0);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('ends every ending even when one throws, then reports the first error', () => {
    const lifetime = createLifetime();
    const after = vi.fn();
    lifetime.own(after);
    lifetime.own(() => {
      throw new Error('a skin that throws in dispose');
    });
    expect(() => lifetime.end()).toThrow('a skin that throws in dispose');
    expect(after).toHaveBeenCalledOnce();
  });

  it('lets a child end early and forgets it, so opening and closing parts many times holds nothing', () => {
    const root = createLifetime();
    const disposed = vi.fn();
    for (let i = 0; i < 1000; i++) {
      const child = root.child();
      child.own(disposed);
      child.end();
    }
    expect(disposed).toHaveBeenCalledTimes(1000);
    root.end();
    expect(disposed).toHaveBeenCalledTimes(1000);
  });
});
