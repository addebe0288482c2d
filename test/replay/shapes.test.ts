/**
 * Saves, bests, links and record files carry the board's shape; the formats of before cubes
 * (fixtures written by the version before them) still load and are still written the same way.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CubeDirection, Dimensions, GameState } from '../../src/engine';
import { CUBE_DIRECTIONS, DIRECTIONS, directionsFor, newGame, parseGame, parseGameJson, playMove, serializeGame } from '../../src/engine';
import { decodeRecord, encodeRecord, recordFromJson, recordOf, recordToJson, verifyRecord } from '../../src/replay/record';
import { createGameStore, storageKeysFor } from '../../src/store';
import { decodeBests, decodeSave, encodeBests, encodeSave } from '../../src/store/persistence';
import { memoryStorage } from '../store/memory-storage';

// Written by the version before cubes (main at 1e43f4f) for seed 2026, size 4, moves LDRULD.
const OLD_SAVE =
  '{"v":1,"game":{"v":1,"size":4,"cells":[0,0,4,0,0,0,0,0,8,0,0,0,2,4,0,2],"score":16,"status":"playing","record":"LDRULD","seed":2026,"rng":[3795563450,4094282843,2406931995,2054],"target":2048},"undo":[{"v":1,"size":4,"cells":[0,0,8,4,0,0,0,0,0,0,2,0,0,0,0,0],"score":16,"status":"playing","seed":2026,"rng":[1706428189,3426616389,2998154498,2050],"target":2048,"moves":4},{"v":1,"size":4,"cells":[8,4,0,0,0,0,0,0,2,0,0,0,0,0,0,2],"score":16,"status":"playing","seed":2026,"rng":[1215428604,1688058170,1376274857,2052],"target":2048,"moves":5}]}';
const OLD_LINK = 'ASvqBwAAEAMGnAw';
const OLD_FILE =
  '{\n  "format": "cube2048-record",\n  "v": 1,\n  "size": 4,\n  "seed": 2026,\n  "target": 2048,\n  "moves": "LDRULD",\n  "score": 16,\n  "maxTile": 8\n}\n';
const OLD_BESTS = '{"v":1,"bySize":{"3":56,"4":1234}}';

/** A game of `moves` tries from the seed, each direction the first that moves from a rotating start. */
function played(seed: number, size: number, dimensions: Dimensions, tries: readonly number[]): { game: GameState; past: GameState[] } {
  let game = newGame({ seed, size, dimensions });
  const past: GameState[] = [];
  for (const t of tries) {
    const dirs = directionsFor(game.board);
    const next = dirs.map((_, k) => playMove(game, dirs[(t + k) % dirs.length] as CubeDirection)).find((r) => r.report.moved);
    if (!next || next.state.status !== 'playing') break;
    past.push(game);
    game = next.state;
  }
  return { game, past };
}

const arbGame = fc
  .record({
    seed: fc.integer({ min: 0, max: 2 ** 32 - 1 }),
    shape: fc.constantFrom([3, 2], [4, 2], [6, 2], [3, 3], [4, 3], [5, 3]),
    tries: fc.array(fc.nat(5), { maxLength: 80 }),
  })
  .map(({ seed, shape, tries }) => played(seed, shape[0] as number, shape[1] as Dimensions, tries));

describe('the formats of before cubes', () => {
  it('load: a save with its undo steps, a link, a record file and the bests', () => {
    const save = decodeSave(OLD_SAVE);
    expect(save?.game.board.dimensions).toBe(2);
    expect(save?.game.record).toBe('LDRULD');
    expect(save?.past).toHaveLength(2);
    const link = decodeRecord(OLD_LINK);
    const file = recordFromJson(OLD_FILE);
    expect(link).toEqual(file);
    expect(link.ok && verifyRecord(link.value).problem).toBeNull();
    expect(link.ok && link.value.dimensions).toBeUndefined();
    expect(decodeBests(OLD_BESTS)).toEqual({ 3: 56, 4: 1234 });
  });

  it('are still written byte for byte for square games, so older versions read them', () => {
    const save = decodeSave(OLD_SAVE);
    if (!save) throw new Error('the old save does not load');
    expect(encodeSave(save.game, save.past)).toBe(OLD_SAVE);
    expect(encodeRecord(recordOf(save.game))).toBe(OLD_LINK);
    expect(recordToJson(recordOf(save.game))).toBe(OLD_FILE);
    expect(encodeBests({ 3: 56, 4: 1234 })).toBe(OLD_BESTS);
  });
});

describe('a game of either shape', () => {
  it('round-trips through a save, undo steps included', () => {
    fc.assert(
      fc.property(arbGame, ({ game, past }) => {
        expect(parseGameJson(JSON.stringify(serializeGame(game)))).toEqual({ ok: true, value: game });
        const loaded = decodeSave(encodeSave(game, past.slice(-5)));
        expect(loaded).toEqual({ game, past: past.slice(-5) });
      }),
      { numRuns: 60 },
    );
  });

  it('round-trips through a link and a record file, and replays to the same game', () => {
    fc.assert(
      fc.property(arbGame, ({ game }) => {
        const record = recordOf(game);
        expect(decodeRecord(encodeRecord(record))).toEqual({ ok: true, value: record });
        expect(recordFromJson(recordToJson(record))).toEqual({ ok: true, value: record });
        const verified = verifyRecord(record);
        expect(verified.problem).toBeNull();
        expect(verified.final).toEqual(game);
      }),
      { numRuns: 60 },
    );
  });
});

describe('a cube game in the formats', () => {
  const cube = played(9, 4, 3, [4, 5, 0, 4, 1, 5, 2, 3, 4, 4, 5]).game;

  it('says it is a cube and uses the in and out letters', () => {
    expect(cube.record).toMatch(/[IO]/);
    expect(serializeGame(cube).dimensions).toBe(3);
    expect(recordOf(cube).dimensions).toBe(3);
    expect(decodeRecord(encodeRecord(recordOf(cube))).ok && verifyRecord(recordOf(cube)).final.board.dimensions).toBe(3);
  });

  it('is refused where its shape does not fit: a square save with in or out, a cube of edge 6, a square link with I', () => {
    const square = serializeGame(newGame({ seed: 1 }));
    expect(parseGame({ ...serializeGame(cube), dimensions: undefined })).toMatchObject({
      ok: false,
      error: 'the board must have 16 cells',
    });
    expect(parseGame({ ...serializeGame(cube), dimensions: 4 })).toMatchObject({ ok: false });
    expect(parseGame({ ...square, record: 'LI' })).toMatchObject({
      ok: false,
      error: 'the move record is not a string of L, R, U, D (and I, O in a cube)',
    });
    expect(parseGame({ ...serializeGame(cube), size: 6 })).toMatchObject({
      ok: false,
      error: "board size must be an integer from 3 to 8 (a cube's to 5)",
    });
    expect(recordFromJson(recordToJson({ ...recordOf(newGame({ seed: 1 })), moves: 'LI' }))).toMatchObject({ ok: false });
    expect(verifyRecord({ ...recordOf(cube), dimensions: undefined }).problem).not.toBeNull();
  });
});

describe('the store with cube games', () => {
  it('starts a cube on request, plays in and out, resumes it from storage, and keeps its best apart from the square one', () => {
    const storage = memoryStorage();
    const store = createGameStore({ storage, seed: 3 });
    expect(store.getState().move('in')).toBe(false);
    store.getState().newGame({ dimensions: 3, size: 3 });
    expect(store.getState().game.board.dimensions).toBe(3);
    for (let i = 0; i < 40; i++) CUBE_DIRECTIONS.some((_, k) => store.getState().move(CUBE_DIRECTIONS[(i + k) % 6] as CubeDirection));
    const { game } = store.getState();
    expect(game.record).toMatch(/[IO]/);
    expect(createGameStore({ storage }).getState().game).toEqual(game);
    const bests = decodeBests(storage.getItem(storageKeysFor('cube2048').best) ?? '');
    expect(bests).toEqual({ '3x3x3': game.score });
    store.getState().newGame({ dimensions: 2 });
    expect(store.getState().game.board.dimensions).toBe(2);
    expect(store.getState().best).toBe(0);
    expect(DIRECTIONS.some((dir) => store.getState().move(dir))).toBe(true);
  });
});
