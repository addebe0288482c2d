import { describe, expect, it, vi } from 'vitest';
import { createLifetime } from '../../src/game-ui/lifetime';
import { onDemand } from '../../src/page/on-demand';

describe('a part loaded on demand', () => {
  it('loads once, however often it is asked for, and ends with its owner', async () => {
    const owner = createLifetime();
    const dispose = vi.fn();
    const load = vi.fn(() => Promise.resolve({ dispose }));
    const part = onDemand(owner, load);
    expect(load).not.toHaveBeenCalled();
    const [first, second] = await Promise.all([part(), part()]);
    expect(first).toBe(second);
    expect(load).toHaveBeenCalledOnce();
    owner.end();
    expect(dispose).toHaveBeenCalledOnce();
  });

  it('is ended at once when it arrives after its owner has ended', async () => {
    const owner = createLifetime();
    const dispose = vi.fn();
    let arrive: (part: { dispose(): void }) => void = () => undefined;
    const part = onDemand(owner, () => new Promise<{ dispose(): void }>((resolve) => (arrive = resolve)));
    const asked = part();
    owner.end();
    arrive({ dispose });
    await asked;
    expect(dispose).toHaveBeenCalledOnce();
  });
});
