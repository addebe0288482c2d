import { describe, expect, it } from 'vitest';
import { moveRatings, ratingWords } from '../../src/page/ai-panel';
import { ENGLISH, speaker } from '../../src/i18n/core';
import { EN_AI } from '../../src/i18n/en/ai';

const t = speaker(EN_AI)(ENGLISH);
const read = (scores: Parameters<typeof moveRatings>[0], best: Parameters<typeof moveRatings>[1]): string[] =>
  moveRatings(scores, best).map((r) => `${r.dir}: ${ratingWords(r, t, ENGLISH)}`);

describe('how the AI rated each move, in words a player reads', () => {
  it('puts the best move first, then the others from the nearest to it, each as a share below the best', () => {
    expect(read({ left: 1_608_869, up: 1_607_669, right: 1_583_000, down: null }, 'left')).toEqual([
      'left: best',
      'up: rated 0.075% lower',
      'right: rated 1.6% lower',
      'down: not possible',
    ]);
  });

  it('rates a cube’s in and out among its moves, and a square’s four alone', () => {
    expect(read({ left: 1_000, up: null, right: 990, down: null, in: 1_010, out: null }, 'in')).toEqual([
      'in: best',
      'left: rated 0.99% lower',
      'right: rated 2% lower',
      'up: not possible',
      'down: not possible',
      'out: not possible',
    ]);
    expect(moveRatings({ left: 1, up: 2, right: null, down: null }, 'up').map((r) => r.dir)).toEqual(['up', 'left', 'right', 'down']);
  });

  it('calls a move as good as the best when only rounding noise sets them apart, and never prints that noise', () => {
    // The old analysis line printed this as "↓ −0.00000000116".
    expect(read({ left: 1_608_869, up: 1_500_000, right: null, down: 1_608_869 - 1.16e-9 }, 'left')).toEqual([
      'left: best',
      'down: just as good',
      'up: rated 6.8% lower',
      'right: not possible',
    ]);
    expect(read({ left: 812_000, up: 812_000.0004, right: null, down: null }, 'up')).toEqual([
      'up: best',
      'left: just as good',
      'right: not possible',
      'down: not possible',
    ]);
  });

  it('reads a board rated below zero the same way (the search’s ratings have no fixed sign)', () => {
    expect(read({ left: -2_620_000, up: -2_000_000, right: -2_100_000, down: null }, 'up')).toEqual([
      'up: best',
      'right: rated 5% lower',
      'left: rated 31% lower',
      'down: not possible',
    ]);
  });

  it('says every move is impossible when there is none', () => {
    expect(read({ left: null, up: null, right: null, down: null }, null)).toEqual([
      'left: not possible',
      'up: not possible',
      'right: not possible',
      'down: not possible',
    ]);
  });
});
