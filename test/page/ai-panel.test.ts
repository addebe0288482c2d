import { describe, expect, it } from 'vitest';
import { scoreParts } from '../../src/page/ai-panel';

describe('the AI analysis line', () => {
  it('gives the best move its expected value and the others what they give up, in a fixed order', () => {
    const parts = scoreParts({ left: 1_608_869, up: 1_607_669, right: 1_583_000, down: null }, 'left');
    expect(parts.map((p) => p.dir)).toEqual(['left', 'up', 'right', 'down']);
    expect(parts.map((p) => p.text)).toEqual(['←\u00a01.61M', '↑\u00a0\u22121.2K', '→\u00a0\u221225.9K', '↓\u00a0no\u00a0move']);
    expect(parts.filter((p) => p.best).map((p) => p.dir)).toEqual(['left']);
  });

  it('says ±0 for a move exactly as good as the best, and shows plain values when there is no move', () => {
    expect(scoreParts({ left: 10, up: 10, right: 5, down: 7 }, 'up').map((p) => p.text)).toEqual([
      '←\u00a0±0',
      '↑\u00a010',
      '→\u00a0\u22125',
      '↓\u00a0\u22123',
    ]);
    const none = scoreParts({ left: null, up: null, right: null, down: null }, null);
    expect(none.every((p) => !p.best && p.text.endsWith('no\u00a0move'))).toBe(true);
  });
});
