/**
 * What a cube game needs for screen readers, loaded when one first shows (a11y-grid.ts loads it;
 * square games never do): the accessible grid as one grid per layer, each named as the flat board
 * labels it ("Layer 1 · front"), and the announcer's words saying which layer a merge and a new
 * tile are in (set into announce.ts's `cubeWords`).
 */
import type { Board, Step } from '../engine';
import type { Lang } from '../i18n/core';
import { intlTag, speaker } from '../i18n/core';
import { EN_CUBE } from '../i18n/en/cube';
import { layerName } from '../skins/layer-name';
import { describeChange, forCubes, words } from './announce';
import type { GameView } from '../store/types';

/** Shows `board`'s layers in `rows` (the grid's hidden part); `grid`, the game, becomes their group. */
export default function renderLayers(
  grid: HTMLElement,
  rows: HTMLElement,
  board: Board,
  lang: Lang,
  // a11y-grid.ts's, handed in: importing the module that loads this one would split the embed core.
  cellLabel: (exponent: number, lang: Lang) => string,
  // The game's board is named as a cube ("Game cube, 4 by 4 by 4"); a replay's keeps its own name.
  named?: boolean,
): void {
  const { size, cells } = board;
  // Late code meets the board as it is now: a square that took the cube's place, or a grid disposed meanwhile (rows removed).
  if (board.dimensions !== 3 || !rows.parentNode) return;
  const doc = grid.ownerDocument;
  if (named) grid.setAttribute('aria-label', cubeSay(lang)('game.cubeSized', { size }));
  grid.setAttribute('role', 'group');
  grid.removeAttribute('aria-rowcount');
  grid.removeAttribute('aria-colcount');
  rows.removeAttribute('role');
  let layers = [...rows.children] as HTMLElement[];
  if (layers.length !== size || layers[0]?.getAttribute('role') !== 'grid') {
    layers = Array.from({ length: size }, () => {
      const layer = doc.createElement('div');
      layer.setAttribute('role', 'grid');
      layer.setAttribute('aria-rowcount', String(size));
      layer.setAttribute('aria-colcount', String(size));
      for (let r = 0; r < size; r++) {
        const row = doc.createElement('div');
        row.setAttribute('role', 'row');
        for (let c = 0; c < size; c++) row.append(Object.assign(doc.createElement('div'), { role: 'gridcell' }));
        layer.append(row);
      }
      return layer;
    });
    rows.replaceChildren(...layers);
  }
  layers.forEach((layer, l) => {
    layer.setAttribute('aria-label', layerName(lang, l, size));
    layer.querySelectorAll('[role="row"] > div').forEach((cell, i) => {
      cell.setAttribute('role', 'gridcell');
      const text = cellLabel(cells[l * size * size + i] ?? 0, lang);
      if (cell.textContent !== text) cell.textContent = text;
    });
  });
}

const cubeSay = speaker(EN_CUBE);

/**
 * What a screen reader hears after a change of a cube game (announce.ts asks it for every cube):
 * the square's words for the move, its score and outcome, with the merges said one sentence per
 * layer they were in, nearest first, and the layer the new tile is in; a new game says it is a cube.
 */
function describeCube(view: GameView, previous: GameView | null, lang: Lang): string | null {
  const t = cubeSay(lang);
  const { game, change } = view;
  const { size } = game;
  if (change.kind === 'new') return t('said.newCube', { size });
  const report = change.kind === 'move' ? change.report : undefined;
  // Said as on a square: the rest of a move (its direction, score and outcome), or any other change.
  const square = describeChange(
    {
      ...view,
      game: { ...game, board: { ...game.board, dimensions: 2 } },
      change: report ? { ...change, report: { ...report, steps: [] } } : change,
    },
    previous,
    lang,
  );
  if (!report || square === null) return square;
  const area = size * size;
  const layerOf = (cell: number): number => Math.floor(cell / area);
  const merges = report.steps.filter((s) => s.kind === 'merge');
  const said = [...new Set(merges.map((s) => layerOf(s.to)))]
    .sort((a, b) => a - b)
    .map((layer) =>
      t('said.mergedIn', {
        merges: listMerges(
          lang,
          merges.filter((s) => layerOf(s.to) === layer),
        ),
        layer: layer + 1,
      }),
    );
  const spawn = report.steps.find((s) => s.kind === 'spawn');
  if (spawn?.kind === 'spawn') {
    const { at, value } = spawn;
    said.push(
      t('said.spawnIn', { value: String(value), layer: layerOf(at) + 1, row: (Math.floor(at / size) % size) + 1, column: (at % size) + 1 }),
    );
  }
  // After the move's own sentence, joined as the locale joins sentences (announce.ts: none between in Chinese and Japanese).
  const gap = lang.locale === 'zh-CN' || lang.locale === 'ja' ? '' : ' ';
  const moved = words(lang)(`said.${report.dir}`);
  return [moved, ...said].join(gap) + square.slice(moved.length);
}

/** "two 8s into 16 and 2 pairs of 2s into 4s", biggest first, joined the locale's way. */
function listMerges(lang: Lang, merges: readonly Step[]): string {
  const t = words(lang);
  const byValue = new Map<number, number>();
  for (const step of merges) byValue.set(step.value, (byValue.get(step.value) ?? 0) + 1);
  const parts = [...byValue.entries()]
    .sort((a, b) => b[0] - a[0])
    .map(([value, n]) => t('said.merge', { n, half: String(value / 2), value: String(value) }));
  return new Intl.ListFormat(intlTag(lang.locale), { type: 'conjunction' }).format(parts);
}

forCubes.describe = describeCube;
