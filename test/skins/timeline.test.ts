import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Board, Direction } from '../../src/engine';
import { DIRECTIONS, fromRows, newGame, playMove, replay } from '../../src/engine';
import type { Pose, Timeline } from '../../src/skins/timeline';
import { FADE_MS, MOVE_MS, POP_MS, POP_SCALE, SLIDE_MS, SPAWN_MS, poseAt, tilesAt, timelineFor } from '../../src/skins/timeline';
import type { Change } from '../../src/store/types';

const pose = (): Pose => ({ col: 0, row: 0, scale: 0, opacity: 0 });

/** The board a timeline shows at `elapsed`, as exponents, counting only fully drawn tiles. */
function shownAt(timeline: Timeline, elapsed: number): number[] {
  const cells = new Array<number>(timeline.size * timeline.size).fill(0);
  const p = pose();
  for (const track of timeline.tracks) {
    if (!poseAt(track, timeline.size, elapsed, p) || p.opacity < 1) continue;
    expect(Number.isInteger(p.row) && Number.isInteger(p.col)).toBe(true);
    cells[p.row * timeline.size + p.col] = track.exponent;
  }
  return cells;
}

function moveChange(from: Board, dir: Direction, seed = 3): { change: Change; board: Board } | null {
  const start = { ...newGame({ size: from.size, seed }), board: from };
  const { state, report } = playMove(start, dir);
  if (!report.moved) return null;
  return { change: { seq: 1, kind: 'move', from, report }, board: state.board };
}

describe('the timeline of a move', () => {
  const from = fromRows([
    [2, 2, 0, 4],
    [0, 0, 0, 0],
    [8, 0, 0, 0],
    [0, 0, 0, 0],
  ]);
  const { change, board } = moveChange(from, 'left')!;
  const timeline = timelineFor(change, board, false);

  it('slides, merges and spawns with the original timings', () => {
    expect(timeline.duration).toBe(SLIDE_MS + Math.max(POP_MS, SPAWN_MS));
    expect(timeline.duration).toBe(MOVE_MS);
    const kinds = timeline.tracks.map((t) => t.kind).sort();
    expect(kinds).toEqual(['merged', 'slide', 'source', 'source', 'spawn', 'stay'].sort());
  });

  it('starts from the old board and ends exactly on the new one', () => {
    expect(shownAt(timeline, 0).filter((e, i) => e !== 0 && from.cells[i] !== e)).toEqual([]);
    expect(shownAt(timeline, timeline.duration)).toEqual(Array.from(board.cells));
  });

  it('moves a sliding tile part of the way, eased out, halfway through the slide', () => {
    const slide = timeline.tracks.find((t) => t.kind === 'slide')!;
    const p = pose();
    poseAt(slide, 4, SLIDE_MS / 2, p);
    // From column 3 to column 1: an ease-out covers more than half the way in half the time.
    expect(p.col).toBeLessThan(2);
    expect(p.col).toBeGreaterThan(1);
    expect(p.row).toBe(0);
  });

  it('brings both merging tiles to the same cell before the merged tile appears', () => {
    const sources = timeline.tracks.filter((t) => t.kind === 'source');
    const merged = timeline.tracks.find((t) => t.kind === 'merged')!;
    const p = pose();
    expect(poseAt(merged, 4, SLIDE_MS - 1, p)).toBe(false);
    for (const s of sources) {
      expect(poseAt(s, 4, SLIDE_MS - 0.01, p)).toBe(true);
      expect(Math.abs(p.col - (merged.to % 4))).toBeLessThan(0.01);
      expect(poseAt(s, 4, SLIDE_MS, p)).toBe(false);
    }
    expect(poseAt(merged, 4, SLIDE_MS, p)).toBe(true);
  });

  it('pops the merged tile up by about a fifth and back', () => {
    const merged = timeline.tracks.find((t) => t.kind === 'merged')!;
    const p = pose();
    poseAt(merged, 4, SLIDE_MS + POP_MS / 2, p);
    expect(p.scale).toBeCloseTo(POP_SCALE, 5);
    poseAt(merged, 4, SLIDE_MS + POP_MS, p);
    expect(p.scale).toBeCloseTo(1, 5);
  });

  it('grows the new tile in after the slide', () => {
    const spawn = timeline.tracks.find((t) => t.kind === 'spawn')!;
    const p = pose();
    expect(poseAt(spawn, 4, SLIDE_MS / 2, p)).toBe(false);
    poseAt(spawn, 4, SLIDE_MS + SPAWN_MS / 3, p);
    expect(p.scale).toBeGreaterThan(0);
    expect(p.scale).toBeLessThan(1);
    poseAt(spawn, 4, SLIDE_MS + SPAWN_MS, p);
    expect(p.scale).toBe(1);
  });

  it('draws the merging tiles before the others so the merged tile covers them', () => {
    const firstOther = timeline.tracks.findIndex((t) => t.kind !== 'source');
    expect(timeline.tracks.slice(firstOther).some((t) => t.kind === 'source')).toBe(false);
  });
});

describe('the timeline of other changes', () => {
  const from = fromRows([
    [2, 0, 0],
    [0, 4, 0],
    [0, 0, 0],
  ]);
  const to = fromRows([
    [2, 0, 0],
    [0, 0, 0],
    [8, 0, 0],
  ]);
  /** A left move on a 3×3 board that merges the two 2s. */
  const mergeLeft = moveChange(
    fromRows([
      [2, 2, 0],
      [0, 0, 0],
      [0, 0, 4],
    ]),
    'left',
  )!;

  it('cross-fades only the cells that changed, for an undo', () => {
    const timeline = timelineFor({ seq: 2, kind: 'undo', from, report: null }, to, false);
    expect(timeline.duration).toBe(FADE_MS);
    expect(timeline.tracks.map((t) => `${t.kind}@${t.from}`).sort()).toEqual(['fadeIn@6', 'fadeOut@4', 'stay@0']);
    const mid = tilesAt(timeline, FADE_MS / 2);
    expect(mid.find((t) => t.value === 4)?.opacity).toBeCloseTo(0.5);
    expect(mid.find((t) => t.value === 8)?.opacity).toBeCloseTo(0.5);
  });

  it('snaps for the first board and for keep going', () => {
    expect(timelineFor({ seq: 0, kind: 'start', from: to, report: null }, to, false).duration).toBe(0);
    expect(timelineFor({ seq: 5, kind: 'keepGoing', from: to, report: null }, to, false).duration).toBe(0);
  });

  it('fades the new board in when the board size changes', () => {
    const big = fromRows([
      [2, 0, 0, 0],
      [0, 0, 0, 0],
      [0, 0, 0, 0],
      [0, 0, 0, 2],
    ]);
    const timeline = timelineFor({ seq: 3, kind: 'new', from, report: null }, big, false);
    expect(timeline.size).toBe(4);
    expect(timeline.tracks.every((t) => t.kind === 'fadeIn')).toBe(true);
  });

  it('replaces motion with a cross-fade under reduced motion', () => {
    const { change, board } = mergeLeft;
    const timeline = timelineFor(change, board, true);
    expect(timeline.tracks.every((t) => t.kind === 'stay' || t.kind === 'fadeIn' || t.kind === 'fadeOut')).toBe(true);
    expect(timeline.duration).toBe(FADE_MS);
    expect(shownAt(timeline, FADE_MS)).toEqual(Array.from(board.cells));
  });

  it('falls back to a cross-fade when a report does not lead to the new board', () => {
    const { change, board } = mergeLeft;
    const wrong = fromRows([
      [4, 0, 0],
      [0, 0, 0],
      [0, 0, 8],
    ]);
    const timeline = timelineFor(change, wrong, false);
    expect(timeline.tracks.some((t) => t.kind === 'slide' || t.kind === 'source')).toBe(false);
    expect(shownAt(timeline, timeline.duration)).toEqual(Array.from(wrong.cells));
    expect(board).not.toEqual(wrong);
  });
});

describe('every move of a real game', () => {
  it('animates each step of its report and ends on the new board', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 32 - 1 }),
        fc.array(fc.constantFrom(...DIRECTIONS), { minLength: 1, maxLength: 60 }),
        fc.integer({ min: 3, max: 6 }),
        (seed, dirs, size) => {
          let state = newGame({ size, seed });
          for (const dir of dirs) {
            const before = state.board;
            const { state: next, report } = playMove(state, dir);
            if (!report.moved) continue;
            const timeline = timelineFor({ seq: 1, kind: 'move', from: before, report }, next.board, false);
            expect(timeline.tracks.some((t) => t.kind === 'fadeIn')).toBe(false);
            for (const step of report.steps) {
              const cell = step.kind === 'spawn' ? step.at : step.to;
              const kind = step.kind === 'slide' ? 'slide' : step.kind === 'merge' ? 'merged' : 'spawn';
              expect(timeline.tracks.some((t) => t.kind === kind && t.to === cell)).toBe(true);
            }
            expect(shownAt(timeline, timeline.duration)).toEqual(Array.from(next.board.cells));
            state = next;
          }
          expect(replay({ size, seed }, state.record).state.board).toEqual(state.board);
        },
      ),
      { numRuns: 150 },
    );
  });
});
