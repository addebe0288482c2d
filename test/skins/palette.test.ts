import { describe, expect, it } from 'vitest';
import { exponentOf, maxExponent, MAX_SIZE, valueOf } from '../../src/engine';
import { BOARD_COLOURS, exponentOfValue, labelFontScale, textColour, tileColour, tileLabel, tileValue } from '../../src/skins/palette';
import { contrast, deltaE } from '../contrast';

const exponents = Array.from({ length: maxExponent(MAX_SIZE) }, (_, i) => i + 1);

describe('the tile palette', () => {
  it('keeps the classic hues of 2, 8 and 2048', () => {
    expect([1, 3, 11].map(tileColour)).toEqual(['#eee4da', '#f2b179', '#edc22e']);
  });

  /*
   * Tiles of neighbouring values must tell apart at a glance: CIEDE2000 of 10 or more (about 1
   * is the smallest difference seen side by side). The classic palette's gold tiles, 128 to
   * 2048, were 1.4 to 2.1 apart. Tile colours are the same in both themes (only the board's
   * follow the theme), so one pass over every value a board can hold covers both, the cycle of
   * the huge tiles included.
   */
  it('sets each tile apart from the next value at a glance (CIEDE2000 at least 10)', () => {
    const differences = exponents
      .slice(1)
      .map((e) => ({ pair: `${tileLabel(e - 1)}↔${tileLabel(e)}`, de: deltaE(tileColour(e - 1), tileColour(e)) }));
    for (const { pair, de } of differences) expect(de, pair).toBeGreaterThanOrEqual(10);
  });

  it('sets every tile apart from an empty slot in both themes', () => {
    for (const theme of ['light', 'dark'] as const)
      for (const e of exponents)
        expect(deltaE(tileColour(e), BOARD_COLOURS[theme].slot), `${tileLabel(e)} on a ${theme} slot`).toBeGreaterThanOrEqual(8);
  });

  it('gives every tile up to 131072 its own colour', () => {
    const colours = exponents.slice(0, 17).map(tileColour);
    expect(new Set(colours).size).toBe(17);
  });

  it('prints every number with at least 3:1 contrast (WCAG AA for large bold text)', () => {
    for (const e of exponents) expect(contrast(tileColour(e), textColour(e)), `tile ${tileLabel(e)}`).toBeGreaterThanOrEqual(3);
  });

  it('sets empty slots apart from the board in both themes', () => {
    for (const theme of ['light', 'dark'] as const)
      expect(contrast(BOARD_COLOURS[theme].board, BOARD_COLOURS[theme].slot)).toBeGreaterThan(1.1);
  });
});

describe('tile values', () => {
  it('are the engine’s: the same value for every exponent a board can hold, empty included, and back', () => {
    for (const e of [0, ...exponents]) {
      expect(tileValue(e), `exponent ${e}`).toBe(valueOf(e));
      // Past 2^53 the engine reads no value back (it is not a safe integer); a skin still draws the tile.
      const back = Number.isSafeInteger(valueOf(e)) ? exponentOf(valueOf(e)) : e;
      expect(exponentOfValue(valueOf(e)), `value ${valueOf(e)}`).toBe(back);
    }
  });
});

describe('tile labels', () => {
  it('print the value in digits up to 524288', () => {
    expect(tileLabel(1)).toBe('2');
    expect(tileLabel(17)).toBe('131072');
    expect(tileLabel(19)).toBe('524288');
  });

  it('print a power of two beyond, never more than six characters', () => {
    expect(tileLabel(20)).toBe('2^20');
    for (const e of exponents) expect(tileLabel(e).length).toBeLessThanOrEqual(6);
  });

  it('shrink the font as the number grows, like the original', () => {
    const scales = [1, 4, 7, 10, 14, 17].map((e) => labelFontScale(tileLabel(e)));
    expect(scales[0]).toBe(scales[1]);
    for (let i = 1; i < scales.length; i++) expect(scales[i]).toBeLessThanOrEqual(scales[i - 1]!);
    expect(scales[2]).toBeLessThan(scales[1]!);
    expect(scales[5]).toBeGreaterThan(0.2);
  });

  it('never grow again as the value grows, powers of two included', () => {
    for (const e of exponents.slice(1))
      expect(labelFontScale(tileLabel(e)), tileLabel(e)).toBeLessThanOrEqual(labelFontScale(tileLabel(e - 1)));
  });
});
