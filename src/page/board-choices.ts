/**
 * The settings' board choice: a square of 3 to 8 or a cube of 3 to 5, in one list grouped by
 * shape. Each choice's value is the board's key as the best scores keep it ("4", "4x4x4").
 */
import type { Dimensions, GameState } from '../engine';
import { MAX_CUBE_SIZE, MAX_SIZE, MIN_SIZE } from '../engine';
import type { Lang } from '../i18n/core';
import { say } from '../i18n/core';
import { EN_CUBE } from '../i18n/en/cube';
import { EN_PAGE } from '../i18n/en/page';

export interface BoardChoice {
  readonly size: number;
  readonly dimensions: Dimensions;
}

export const boardValue = ({ size, dimensions }: BoardChoice): string => (dimensions === 3 ? `${size}x${size}x${size}` : String(size));
export const boardOfGame = (game: Pick<GameState, 'size' | 'board'>): BoardChoice => ({
  size: game.size,
  dimensions: game.board.dimensions,
});
export const boardChoice = (value: string): BoardChoice => ({ size: Number.parseInt(value, 10), dimensions: value.includes('x') ? 3 : 2 });

const words = (l: Lang, { size, dimensions }: BoardChoice): string =>
  dimensions === 3 ? say(l, EN_CUBE, 'size.cubeOption', { size }) : say(l, EN_PAGE, 'size.option', { size });

/** Fills `select` with the squares' and the cubes' groups (once: a second call finds it filled). */
export function addBoardChoices(select: HTMLSelectElement, l: Lang): void {
  if (select.options.length > 0) return;
  const doc = select.ownerDocument;
  for (const [dimensions, max] of [
    [2, MAX_SIZE],
    [3, MAX_CUBE_SIZE],
  ] as const) {
    const group = doc.createElement('optgroup');
    group.dataset['dimensions'] = String(dimensions);
    for (let size = MIN_SIZE; size <= max; size++) group.append(new Option('', boardValue({ size, dimensions })));
    select.append(group);
  }
  relabelBoardChoices(select, l);
}

/** Writes the groups and the choices again in `l`. */
export function relabelBoardChoices(select: HTMLSelectElement, l: Lang): void {
  for (const group of select.querySelectorAll('optgroup'))
    group.label = say(l, EN_CUBE, group.dataset['dimensions'] === '3' ? 'size.cubes' : 'size.squares');
  for (const option of select.options) option.text = words(l, boardChoice(option.value));
}

/** Cubes may be chosen, or not (the daily challenge is a square). */
export function allowCubes(select: HTMLSelectElement, allowed: boolean): void {
  const group = select.querySelector<HTMLOptGroupElement>('optgroup[data-dimensions="3"]');
  if (group) group.disabled = !allowed;
}
