/** What the live region says of a cube game, and the line a square-only skin leaves when a cube comes. */
import { describe, expect, it } from 'vitest';
import type { GameState } from '../../src/engine';
import { newGame } from '../../src/engine';
import { createGameStore } from '../../src/store';
import type { GameView } from '../../src/store';
import { describeChange } from '../../src/game-ui/announce';
import '../../src/game-ui/cube-access';
import { loadLang } from '../../src/i18n/load';
import { guardSkin } from '../../src/game-ui/custom-skin';
import { fallbackText } from '../../src/game-ui/fallback';
import { SkinUnavailableError } from '../../src/skins/skin';
import type { Skin } from '../../src/skins/skin';

/** A 3×3×3 cube: two 4s in layer 3 and two 2s in layer 1 merge on a left move. */
function cube(): GameState {
  const cells = new Uint8Array(27);
  cells[2 * 9 + 0] = 2;
  cells[2 * 9 + 1] = 2;
  cells[0 * 9 + 3] = 1;
  cells[0 * 9 + 4] = 1;
  const base = newGame({ size: 3, seed: 5, dimensions: 3 });
  return { ...base, board: { size: 3, dimensions: 3, cells }, score: 0 };
}

function said(lang?: Parameters<typeof describeChange>[2]): (string | null)[] {
  const store = createGameStore({ seed: 1 });
  store.getState().startFrom(cube());
  const out: (string | null)[] = [];
  store.subscribe((view: GameView, previous: GameView) => out.push(describeChange(view, previous, lang)));
  store.getState().move('left');
  store.getState().newGame({ size: 4, dimensions: 3 });
  return out;
}

describe('what the live region says of a cube', () => {
  it('names each layer a merge happened in, nearest first, and the layer of the new tile', () => {
    const [move, fresh] = said();
    expect(move).toMatch(
      /^Moved left\. Merged two 2s into 4 in layer 1\. Merged two 4s into 8 in layer 3\. New [24] in layer [123], row [123], column [123]\. Score 12\.$/,
    );
    expect(fresh).toBe('New game on a 4 by 4 by 4 cube.');
  });

  it('says it in the player’s language, sentences joined as the language joins them', async () => {
    const [move] = said(await loadLang('zh-CN'));
    expect(move).toMatch(/^.+。第 1 层合并：.+。第 3 层合并：.+。第 [123] 层第 [123] 行第 [123] 列出现新的 [24]。.+$/);
  });

  it('says a square game as before', () => {
    const store = createGameStore({ seed: 1 });
    const out: (string | null)[] = [];
    store.subscribe((view: GameView, previous: GameView) => out.push(describeChange(view, previous)));
    store.getState().newGame({ size: 4 });
    expect(out).toEqual(['New game on a 4 by 4 board.']);
  });
});

describe('a host’s skin that draws squares only', () => {
  const squareOnly = (): Skin => ({ name: 'canvas', mount() {}, setHint() {}, update() {}, finish() {}, dispose() {} });

  it('cannot mount a cube game: it is unavailable, and the flat board stands in with a line in the player’s words', async () => {
    const store = createGameStore({ seed: 1, dimensions: 3, storage: null });
    const skin = guardSkin(squareOnly, {}, () => {});
    let error: unknown;
    try {
      skin.mount({} as HTMLElement, store);
    } catch (thrown) {
      error = thrown;
    }
    expect(error).toBeInstanceOf(SkinUnavailableError);
    const reason = { why: 'unavailable' as const, skin: 'canvas', label: 'Canvas', message: (error as Error).message };
    expect(fallbackText(reason, await loadLang('de'))).toBe(
      'Das Spielfeld „Canvas“ kann keinen Würfel zeigen, daher wird das flache gezeigt.',
    );
  });

  it('gives way when a cube game follows a square one, and plays a square game as before', () => {
    const store = createGameStore({ seed: 1, size: 4, storage: null });
    const errors: unknown[] = [];
    const skin = guardSkin(squareOnly, {}, (error) => errors.push(error));
    skin.mount({} as HTMLElement, store);
    store.getState().move('left');
    store.getState().move('up');
    expect(errors).toEqual([]);
    store.getState().newGame({ size: 4, dimensions: 3 });
    expect(errors).toHaveLength(1);
    expect(errors[0]).toBeInstanceOf(SkinUnavailableError);
  });

  it('lets a skin that draws cubes mount a cube game', () => {
    const store = createGameStore({ seed: 1, dimensions: 3, storage: null });
    const skin = guardSkin(
      () => ({ ...squareOnly(), dimensions: [2, 3] }),
      {},
      () => {},
    );
    expect(() => skin.mount({} as HTMLElement, store)).not.toThrow();
    expect(skin.dimensions).toEqual([2, 3]);
  });
});
