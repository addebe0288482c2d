import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { GameState } from '../../src/engine';
import { DIRECTIONS, maxTile, newGame, playMove, toRows } from '../../src/engine';
import type { GameRecord } from '../../src/replay/record';
import {
  MAX_RECORD_MOVES,
  ReplayTimeline,
  codeFromLink,
  decodeRecord,
  encodeRecord,
  recordFromJson,
  recordOf,
  recordToJson,
  verifyRecord,
} from '../../src/replay/record';

/** A long game played by a simple corner strategy (down, left, right, up by preference). */
function longGame(seed: number, size = 4, maxMoves = 5000): GameState {
  let state = newGame({ seed, size });
  const prefs = ['down', 'left', 'right', 'up'] as const;
  while (state.record.length < maxMoves) {
    if (state.status === 'won') state = { ...state, status: 'keepPlaying' };
    const next = prefs.map((d) => playMove(state, d)).find((r) => r.report.moved);
    if (!next) break;
    state = next.state;
  }
  return state;
}

const arbRecord: fc.Arbitrary<GameRecord> = fc
  .record({
    seed: fc.integer({ min: 0, max: 0xffffffff }),
    size: fc.integer({ min: 3, max: 8 }),
    moves: fc.array(fc.constantFrom(...DIRECTIONS), { maxLength: 200 }),
  })
  .map(({ seed, size, moves }) => recordOf(moves.reduce((s, d) => playMove(s, d).state, newGame({ seed, size }))));

describe('game records', () => {
  it('round-trip through a link code and through JSON', () => {
    fc.assert(
      fc.property(arbRecord, (record) => {
        expect(decodeRecord(encodeRecord(record))).toEqual({ ok: true, value: record });
        expect(recordFromJson(recordToJson(record))).toEqual({ ok: true, value: record });
      }),
    );
  });

  it('replay long games exactly as they were played', () => {
    for (const [seed, size] of [
      [1, 4],
      [2, 6],
      [3, 8],
    ] as const) {
      const live = longGame(seed, size);
      expect(live.record.length).toBeGreaterThan(size === 4 ? 150 : 1500);
      const record = recordOf(live);
      const decoded = decodeRecord(encodeRecord(record));
      if (!decoded.ok) throw new Error(decoded.error);
      const verified = verifyRecord(decoded.value);
      expect(verified.problem).toBeNull();
      expect(verified.final).toEqual(live);
    }
  });

  it('name the first move that does not change the board, and show the game up to there', () => {
    let live = newGame({ seed: 4 });
    let dead = DIRECTIONS.find((d) => !playMove(live, d).report.moved);
    while (!dead) {
      live = playMove(live, live.record.length % 2 ? 'left' : 'down').state;
      dead = DIRECTIONS.find((d) => !playMove(live, d).report.moved);
    }
    const record = { ...recordOf(live), moves: `${live.record}${dead[0]!.toUpperCase()}RRRR` };
    const verified = verifyRecord(record);
    expect(verified.invalidAt).toBe(live.record.length);
    expect(verified.problem).toMatch(new RegExp(`^Move ${live.record.length + 1} \\(${dead}\\) does not change the board`));
    expect(verified.fault).toEqual({ kind: 'stuck', move: live.record.length + 1, dir: dead });
    expect(verified.final).toEqual(live);
  });

  it('report a checksum that does not match the moves', () => {
    const game = longGame(5, 4, 50);
    const record = { ...recordOf(game), score: 1 };
    const tile = maxTile(game.board);
    expect(verifyRecord(record).fault).toEqual({ kind: 'checksum', score: game.score, tile, recordScore: 1, recordTile: tile });
    expect(verifyRecord(record).problem).toMatch(/checksum does not match/);
  });

  it.each([
    ['an empty code', '', /holds no game/],
    ['a code that is not base64url', 'abc<script>alert(1)</script>', /not a cube2048 game code/],
    ['a code from another version', encodeRecord(recordOf(newGame({ seed: 1 }))).replace(/^A/, 'C'), /another version/],
    ['a truncated code', encodeRecord(recordOf(longGame(6, 4, 100))).slice(0, 20), /cut short/],
    ['a code with trailing data', `${encodeRecord(recordOf(longGame(6, 4, 100)))}AAAA`, /trailing data/],
    ['an oversize code', 'A'.repeat(80_000), /too long/],
  ])('reject %s with a clear message', (_name, code, message) => {
    const result = decodeRecord(code);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toMatch(message);
  });

  it('reject a move count beyond the cap before decoding the moves', () => {
    const head = encodeRecord({ ...recordOf(newGame({ seed: 1 })), moves: '' });
    const bytes = Buffer.from(head, 'base64url');
    const forged = Buffer.concat([bytes.subarray(0, bytes.length - 1), Buffer.from([0xff, 0xff, 0x7f])]).toString('base64url');
    const result = decodeRecord(forged);
    expect(result).toMatchObject({ ok: false, error: expect.stringMatching(/too long/) });
    expect(MAX_RECORD_MOVES).toBeGreaterThanOrEqual(100_000);
  });

  it.each([
    ['not JSON', '{', /not valid JSON/],
    ['another kind of file', '{"hello":1}', /not a cube2048 game record/],
    [
      'hostile moves',
      JSON.stringify({ format: 'cube2048-record', v: 1, size: 4, seed: 1, target: 2048, moves: '<img onerror=x>', score: 0, maxTile: 4 }),
      /moves are not/,
    ],
    [
      'a bad size',
      JSON.stringify({ format: 'cube2048-record', v: 1, size: 99, seed: 1, target: 2048, moves: '', score: 0, maxTile: 4 }),
      /size 99/,
    ],
  ])('reject a JSON file that is %s', (_name, text, message) => {
    expect(recordFromJson(text)).toMatchObject({ ok: false, error: expect.stringMatching(message) });
  });

  it('find the code in a share link, a fragment or a bare code', () => {
    expect(codeFromLink('https://example.org/cube2048/#g=AbC-_')).toBe('AbC-_');
    expect(codeFromLink('g=xyz')).toBe('xyz');
    expect(codeFromLink('  xyz ')).toBe('xyz');
  });
});

describe('the replay timeline', () => {
  it('gives the board after any number of moves, as the live game had it', () => {
    const live: GameState[] = [newGame({ seed: 9, size: 5 })];
    const prefs = ['down', 'left', 'right', 'up'] as const;
    for (let i = 0; i < 400; i++) {
      const s = live[live.length - 1]!;
      const next = prefs.map((d) => playMove(s.status === 'won' ? { ...s, status: 'keepPlaying' } : s, d)).find((r) => r.report.moved);
      if (!next) break;
      live.push(next.state);
    }
    const timeline = new ReplayTimeline(recordOf(live[live.length - 1]!));
    expect(timeline.length).toBe(live.length - 1);
    for (const p of [0, 1, 63, 64, 65, 200, live.length - 1]) expect(toRows(timeline.stateAt(p).board)).toEqual(toRows(live[p]!.board));
    expect(timeline.stateAt(10_000).record).toBe(live[live.length - 1]!.record);
  });
});
