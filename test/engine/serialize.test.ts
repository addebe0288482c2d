import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { GameState } from '../../src/engine';
import { DIRECTIONS, newGame, parseGame, parseGameJson, playMove, serializeGame } from '../../src/engine';

const arbGame: fc.Arbitrary<GameState> = fc
  .record({
    seed: fc.integer({ min: 0, max: 0xffffffff }),
    size: fc.integer({ min: 3, max: 8 }),
    moves: fc.array(fc.constantFrom(...DIRECTIONS), { maxLength: 80 }),
  })
  .map(({ seed, size, moves }) => moves.reduce((s, d) => playMove(s, d).state, newGame({ seed, size })));

describe('saved games', () => {
  it('parse back to exactly the game that was saved', () => {
    fc.assert(
      fc.property(arbGame, (game) => {
        expect(parseGame(JSON.parse(JSON.stringify(serializeGame(game))))).toEqual({ ok: true, value: game });
      }),
    );
  });

  it('are rejected with an error, never a crash or a half-valid game, when any field is mutated', () => {
    const junk = fc.oneof(
      fc.constant(undefined),
      fc.constant(null),
      fc.string(),
      fc.integer(),
      fc.double(),
      fc.constant(Number.MAX_SAFE_INTEGER + 2),
      fc.constant(-1),
      fc.array(fc.integer({ min: -4, max: 5000 })),
      fc.object(),
    );
    const field = fc.constantFrom('v', 'size', 'cells', 'score', 'status', 'record', 'seed', 'rng', 'target');
    fc.assert(
      fc.property(arbGame, field, junk, (game, key, value) => {
        const saved: Record<string, unknown> = { ...serializeGame(game), [key]: value };
        const result = parseGame(saved);
        if (result.ok) {
          // The mutation happened to be another valid value: the result must round-trip.
          expect(parseGame(serializeGame(result.value))).toEqual(result);
        } else {
          expect(result.error).toMatch(/\w/);
        }
      }),
    );
  });

  it.each([
    ['not JSON', '{"v":1,', /not valid JSON/],
    ['another version', '{"v":2}', /unsupported save version/],
    ['a list', '[]', /not an object/],
    ['a prototype-polluting key', '{"__proto__":{"v":1},"v":1}', /size/],
  ])('explain what is wrong with %s', (_name, text, message) => {
    const result = parseGameJson(text);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toMatch(message);
  });

  it('refuse a status that does not fit the board', () => {
    const saved = { ...serializeGame(newGame({ seed: 1 })), status: 'over' };
    expect(parseGame(saved)).toEqual({ ok: false, error: 'status "over" but a move is still possible' });
    const won = { ...serializeGame(newGame({ seed: 1 })), status: 'won' };
    expect(parseGame(won)).toMatchObject({ ok: false, error: expect.stringMatching(/no tile has reached 2048/) });
  });
});
