import { describe, expect, it } from 'vitest';
import type { GameState } from '../../src/engine';
import { keepGoing, maxTile, newGame, playMove } from '../../src/engine';
import { chooseMove } from '../../src/ai';
import { ReplayTimeline, decodeRecord, encodeRecord, recordOf, verifyRecord } from '../../src/replay/record';

/** The AI plays `seed` on until the game ends or `limit` moves, keeping going past a win as a player would. */
function aiGame(seed: number, limit: number): GameState {
  let state = newGame({ seed });
  while (state.record.length < limit) {
    if (state.status === 'won') state = keepGoing(state);
    if (state.status === 'over') break;
    // A fixed depth keeps the AI deterministic and quick; the record is what is under test.
    const { dir } = chooseMove(state, { preset: 'fast', depth: 1 });
    if (!dir) break;
    const next = playMove(state, dir);
    expect(next.report.moved).toBe(true);
    state = next.state;
  }
  return state;
}

describe('replays of long AI games', () => {
  it('verify to exactly the live games, through the link code, over thousands of moves', () => {
    let total = 0;
    let wins = 0;
    for (const seed of [1, 2026, 4_000_000_000]) {
      const live = aiGame(seed, 6000);
      total += live.record.length;
      if (maxTile(live.board) >= live.target) wins++;
      const decoded = decodeRecord(encodeRecord(recordOf(live)));
      if (!decoded.ok) throw new Error(decoded.error);
      const verified = verifyRecord(decoded.value);
      expect(verified.problem).toBeNull();
      expect(verified.final).toEqual(live);
      const timeline = new ReplayTimeline(decoded.value);
      expect(timeline.length).toBe(live.record.length);
      expect(timeline.stateAt(timeline.length)).toEqual(live);
    }
    expect(total).toBeGreaterThan(3000);
    // The replay must also play on past a win the way the live game did.
    expect(wins).toBeGreaterThan(0);
  }, 60_000);
});
