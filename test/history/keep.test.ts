import { describe, expect, it } from 'vitest';
import { keepGoing } from '../../src/engine';
import type { GameState } from '../../src/engine';
import { entryOf, historyEffect, KEEP_AFTER_MOVES, MAX_PLAY_GAP_MS, startMeta, tickMeta } from '../../src/history/keep';
import { beforeLast, playGame } from './games';

const over = playGame({ seed: 1 });
const almostOver = beforeLast(over);
const fresh = playGame({ seed: 99, moves: 0 });

describe('historyEffect', () => {
  it('keeps a game once, on the move that ends it', () => {
    expect(over.status).toBe('over');
    expect(historyEffect(almostOver, over, 'move')).toEqual({ kind: 'keep', game: over, end: 'over' });
    expect(historyEffect(over, over, 'move')).toBeNull();
    expect(historyEffect(fresh, playGame({ seed: 99, moves: 1 }), 'move')).toBeNull();
  });

  it('takes the game back out when the player undoes from game over', () => {
    expect(historyEffect(over, almostOver, 'undo')).toEqual({ kind: 'retract', game: over });
    expect(historyEffect(almostOver, beforeLast(almostOver), 'undo')).toBeNull();
  });

  it(`keeps a game of ${KEEP_AFTER_MOVES} moves left for a new one, but not one of ${KEEP_AFTER_MOVES - 1}`, () => {
    const ten = playGame({ seed: 3, moves: KEEP_AFTER_MOVES });
    const nine = playGame({ seed: 3, moves: KEEP_AFTER_MOVES - 1 });
    expect(historyEffect(ten, fresh, 'new')).toEqual({ kind: 'keep', game: ten, end: 'left' });
    expect(historyEffect(nine, fresh, 'new')).toBeNull();
  });

  it('keeps a won game left for a new one, however short', () => {
    // To a target of 8, a game wins within a few moves.
    const won = Array.from({ length: KEEP_AFTER_MOVES }, (_, moves) => playGame({ seed: 8, target: 8, moves })).find(
      (g) => g.status === 'won',
    );
    expect(won).toBeDefined();
    const game = won as GameState;
    expect(game.record.length).toBeLessThan(KEEP_AFTER_MOVES);
    expect(historyEffect(game, fresh, 'new')).toEqual({ kind: 'keep', game, end: 'left' });
    expect(historyEffect(keepGoing(game), fresh, 'new')).toMatchObject({ kind: 'keep', end: 'left' });
  });

  it('does not keep a finished game again when a new one replaces it: game over kept it', () => {
    expect(historyEffect(over, fresh, 'new')).toBeNull();
  });

  it('does nothing for a change another tab made (that tab keeps it), nor for a new game that changed nothing', () => {
    expect(historyEffect(almostOver, over, 'sync')).toBeNull();
    expect(historyEffect(over, almostOver, 'sync')).toBeNull();
    const ten = playGame({ seed: 3, moves: KEEP_AFTER_MOVES });
    expect(historyEffect(ten, ten, 'new')).toBeNull();
    expect(historyEffect(ten, fresh, 'start')).toBeNull();
  });
});

describe('the game meta', () => {
  it('counts the gaps between moves as time played, each gap capped, so an away player is not playing', () => {
    let meta = startMeta(fresh, 'normal', 1_000);
    meta = tickMeta(meta, 3_000);
    meta = tickMeta(meta, 3_000 + 10 * MAX_PLAY_GAP_MS);
    expect(meta.playedMs).toBe(2_000 + MAX_PLAY_GAP_MS);
    expect(meta.startedAt).toBe(1_000);
  });

  it('counts nothing for a clock that went back, and never moves the last move back', () => {
    const meta = tickMeta(startMeta(fresh, 'normal', 5_000), 4_000);
    expect(meta.playedMs).toBe(0);
    expect(meta.lastAt).toBe(5_000);
  });

  it('gives the entry its start, mode, day and time played when it fits the game', () => {
    const meta = tickMeta(startMeta(over, 'daily', 1_000, '2026-12-01'), 2_500);
    expect(entryOf(over, 'over', meta, 9_000)).toMatchObject({
      mode: 'daily',
      day: '2026-12-01',
      startedAt: 1_000,
      endedAt: 9_000,
      playedMs: 1_500,
      moveCount: over.record.length,
      score: over.score,
    });
  });

  it('falls back to a normal game starting now when the meta is for another game', () => {
    const meta = startMeta(fresh, 'seeded', 1_000);
    const entry = entryOf(over, 'over', meta, 9_000);
    expect(entry).toMatchObject({ mode: 'normal', startedAt: 9_000, endedAt: 9_000, playedMs: 0 });
    expect(entry).not.toHaveProperty('day');
  });
});
