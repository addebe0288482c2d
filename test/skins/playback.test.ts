import { describe, expect, it } from 'vitest';
import type { Direction } from '../../src/engine';
import { fromRows, newGame, playMove } from '../../src/engine';
import { Playback } from '../../src/skins/playback';
import type { Timeline } from '../../src/skins/timeline';
import { SLIDE_MS } from '../../src/skins/timeline';
import type { GameView, ReadonlyStore } from '../../src/store/types';
import { manualClock } from './stubs';

/** A read-only store playing real moves from a board, the way the game store reports them. */
function boardStore(rows: number[][]): ReadonlyStore<GameView> & { move(dir: Direction): void; jump(): void } {
  let game = { ...newGame({ size: rows.length, seed: 1 }), board: fromRows(rows) };
  let view: GameView = { game, best: 0, canUndo: false, notices: [], change: { seq: 0, kind: 'start', from: game.board, report: null } };
  const listeners = new Set<(s: GameView, p: GameView) => void>();
  const publish = (next: GameView): void => {
    const previous = view;
    view = next;
    for (const l of listeners) l(view, previous);
  };
  return {
    getState: () => view,
    subscribe: (l) => (listeners.add(l), () => void listeners.delete(l)),
    move(dir) {
      const { state, report } = playMove(game, dir);
      const from = game.board;
      game = state;
      publish({ ...view, game, change: { seq: view.change.seq + 1, kind: 'move', from, report } });
    },
    /** A change numbered two ahead, as a skin mounted late would see. */
    jump() {
      const { state } = playMove(game, 'up');
      const from = game.board;
      game = state;
      publish({ ...view, game, change: { seq: view.change.seq + 2, kind: 'move', from, report: null } });
    },
  };
}

function recorder(): { timelines: Timeline[]; drawn: number[]; hooks: ConstructorParameters<typeof Playback>[1] } {
  const timelines: Timeline[] = [];
  const drawn: number[] = [];
  return {
    timelines,
    drawn,
    hooks: {
      begin: (t) => void timelines.push(t),
      draw: (_t, elapsed) => (drawn.push(elapsed), false),
    },
  };
}

describe('playback of a store', () => {
  const rows = [
    [0, 0, 2, 2],
    [0, 0, 0, 0],
    [0, 4, 0, 0],
    [0, 0, 0, 0],
  ];
  /** A playback following a fresh store on `rows`, on a manual clock, recording the timelines it begins and the frames it draws. */
  const following = () => {
    const clock = manualClock();
    const r = recorder();
    const playback = new Playback(clock, r.hooks, () => false);
    const store = boardStore(rows);
    playback.follow(store);
    return { clock, r, playback, store };
  };

  it('draws the board once on mount and then nothing while idle', () => {
    const { clock, r } = following();
    clock.advance(16);
    expect(r.drawn).toEqual([0]);
    for (let i = 0; i < 10; i++) clock.advance(16);
    expect(r.drawn).toHaveLength(1);
    expect(clock.pending()).toBe(0);
  });

  it('animates a move frame by frame until it rests, then stops asking for frames', () => {
    const { clock, r, playback, store } = following();
    clock.advance(16);
    store.move('left');
    while (clock.pending() > 0) clock.advance(16);
    const elapsed = r.drawn.slice(1);
    expect(elapsed.length).toBeGreaterThan(10);
    expect(elapsed.at(-1)).toBe(playback.current.duration);
    expect(playback.animating).toBe(false);
  });

  it('starts the next move at once when one arrives mid-animation, from the board the first ended on', () => {
    const { clock, r, store } = following();
    store.move('left');
    clock.advance(SLIDE_MS / 2);
    const afterFirst = store.getState().game.board;
    store.move('down');
    expect(r.timelines).toHaveLength(3);
    expect(store.getState().change.from).toBe(afterFirst);
    // The frame after the second move is 1 ms into the second timeline, not 51 ms into the first.
    clock.advance(1);
    expect(r.drawn.at(-1)).toBe(1);
  });

  it('cross-fades instead of replaying when it missed a change', () => {
    const { r, store } = following();
    store.jump();
    expect(r.timelines.at(-1)!.tracks.some((t) => t.kind === 'slide' || t.kind === 'source')).toBe(false);
  });

  it('jumps to the end on finish, and stops following on stop', () => {
    const { clock, r, playback, store } = following();
    store.move('left');
    playback.finish();
    clock.advance(1);
    expect(r.drawn.at(-1)).toBe(playback.current.duration);
    playback.stop();
    store.move('right');
    expect(r.timelines).toHaveLength(2);
    expect(clock.pending()).toBe(0);
  });
});
