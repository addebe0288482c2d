import { beforeAll, describe, expect, it } from 'vitest';
import type { Direction, GameState } from '../../src/engine';
import { fromRows, seedRng } from '../../src/engine';
import { createGameStore } from '../../src/store';
import type { GameView } from '../../src/store';
import type { Lang } from '../../src/i18n/core';
import { LOCALES } from '../../src/i18n/core';
import { loadLang } from '../../src/i18n/load';
import { describeChange } from '../../src/game-ui/announce';
import { firstRow } from '../engine/boards';

/** A store on a hand-made position, and what the live region would say for each change (in `lang`, else English). */
function playFrom(rows: number[][], extra: Partial<GameState> = {}, lang?: Lang) {
  const store = createGameStore({ seed: 1 });
  const said: (string | null)[] = [];
  store.subscribe((view: GameView, previous: GameView) => said.push(describeChange(view, previous, lang)));
  if (rows.length > 0) {
    const game: GameState = {
      size: rows.length,
      board: fromRows(rows),
      score: 1200,
      status: 'playing',
      record: '',
      seed: 1,
      rng: seedRng(1),
      target: 2048,
      ...extra,
    };
    store.getState().startFrom(game);
    said.length = 0;
  }
  return { store, said, move: (dir: Direction) => store.getState().move(dir) };
}

/** Two 8s and two pairs of 2s merge on a left move. */
const EIGHTS_AND_TWOS = [
  [8, 8, 0, 0],
  [2, 2, 2, 2],
  [0, 0, 0, 0],
  [0, 0, 0, 4],
];

describe('what the live region says', () => {
  it('names the move, each merge, the new tile and the score with thousands separators', () => {
    const { said, move } = playFrom(EIGHTS_AND_TWOS);
    move('left');
    expect(said[0]).toMatch(
      /^Moved left\. Merged two 8s into 16 and 2 pairs of 2s into 4s\. New [24] in row \d, column \d\. Score 1,224\.$/,
    );
  });

  it('says a plain move without merges', () => {
    const { said, move } = playFrom([
      [0, 0, 0, 2],
      [0, 0, 0, 0],
      [0, 0, 0, 0],
      [0, 0, 0, 4],
    ]);
    move('left');
    expect(said[0]).toMatch(/^Moved left\. New [24] in row \d, column \d\. Score 1,200\.$/);
  });

  it('announces a win once, and game over with the final score', () => {
    const win = playFrom(firstRow([1024, 1024, 0, 0]));
    win.move('left');
    expect(win.said[0]).toContain('Merged two 1024s into 2048.');
    expect(win.said[0]).toMatch(/You reached 2048! You win\. Keep going or start a new game\.$/);
    win.store.getState().keepGoing();
    expect(win.said[1]).toBe('Playing on past 2048.');

    // The only free cell after the move sits between an 8 and a 16: whatever spawns, the game ends.
    const over = playFrom([
      [2, 4, 2, 4],
      [4, 2, 4, 2],
      [2, 4, 2, 8],
      [4, 2, 0, 16],
    ]);
    over.move('left');
    expect(over.store.getState().game.status).toBe('over');
    expect(over.said[0]).toMatch(/^Moved left\. New [24] in row 4, column 4\. Score 1,200\. Game over\. Final score 1,200\.$/);
  });

  it('says undo, new game and a takeover from another tab; nothing on the first show', () => {
    const { store, said, move } = playFrom([]);
    expect(['left', 'right', 'up', 'down'].some((dir) => move(dir as Direction))).toBe(true);
    store.getState().undo();
    store.getState().newGame({ size: 5 });
    expect(said.slice(-2)).toEqual(['Undid the last move. Score 0.', 'New game on a 5 by 5 board.']);
    const view = store.getState();
    expect(describeChange({ ...view, change: { ...view.change, kind: 'start' } }, null)).toBeNull();
    expect(describeChange({ ...view, change: { ...view.change, kind: 'sync' } }, view)).toBe(
      'The game was continued in another tab. Score 0.',
    );
  });
});

describe('what the live region says in each language', () => {
  let langs = {} as Record<(typeof LOCALES)[number], Lang>;
  beforeAll(async () => {
    langs = Object.fromEntries(await Promise.all(LOCALES.map(async (locale) => [locale, await loadLang(locale)] as const))) as typeof langs;
  });
  /** Moves left on a board where two 8s and two pairs of 2s merge, after a seeded spawn. */
  const sayLeft = (lang: Lang): string | null => {
    const { said, move } = playFrom(EIGHTS_AND_TWOS, {}, lang);
    move('left');
    return said.at(-1) ?? null;
  };

  it("says the merges with real numbers, the new tile's place and the score grouped the locale's way", () => {
    const spoken = Object.fromEntries(LOCALES.map((locale) => [locale, sayLeft(langs[locale]) ?? '']));
    const spawn = /New (\d+) in row (\d), column (\d)/.exec(spoken.en ?? '');
    expect(spawn).not.toBeNull();
    const [, value, row, column] = spawn ?? [];
    expect(spoken.de).toBe(
      `Nach links geschoben. Verschmolzen: zwei 8er zu 16 und 2 Paare 2er zu 4ern. Neue ${value} in Zeile ${row}, Spalte ${column}. 1.224 Punkte.`,
    );
    expect(spoken.ja).toBe(
      `左に動かしました。合体：8 と 8 が 16 に（1 組）、2 と 2 が 4 に（2 組）。${row} 行目 ${column} 列目に新しい ${value}。スコア 1,224。`,
    );
    expect(spoken.ar).toBe(
      `تحرّكت إلى اليسار. اندمج مربعان 8 في 16 وزوجان من 2 إلى 4. ${value} جديد في الصف ${row}، العمود ${column}. النقاط 1,224.`,
    );
    expect(spoken.ru).toBe(
      `Сдвиг влево. Объединены: две 8 в 16 и 2 пары 2 в 4. Новая ${value} в строке ${row}, столбце ${column}. Очки: 1\u00a0224.`,
    );
    for (const locale of LOCALES) {
      const text = spoken[locale] ?? '';
      // The tiles as the tiles show them, the spawn's place, and the score as the locale groups it.
      for (const number of ['8', '16', '2', '4', value, row, column]) expect(text, locale).toContain(number ?? '');
      expect(text, locale).toContain(new Intl.NumberFormat(locale === 'ar' ? 'ar-u-nu-latn' : locale).format(1224));
      if (locale !== 'en') expect(text, locale).not.toMatch(/Moved|Merged|New \d| in row /);
    }
  });

  it("says a win, undo and a new game in the player's language", () => {
    const { store, said, move } = playFrom(firstRow([1024, 1024, 0, 0]), { score: 0 }, langs.de);
    move('left');
    expect(said.at(-1)).toMatch(/Verschmolzen: zwei 1024er zu 2048\..*Du hast 2048 erreicht! Gewonnen\./);
    store.getState().undo();
    expect(said.at(-1)).toBe('Letzter Zug zurückgenommen. 0 Punkte.');
    store.getState().newGame({ size: 5 });
    expect(said.at(-1)).toBe('Neues Spiel auf einem Spielfeld 5 mal 5.');
  });
});
