/**
 * A cube layer's name, the one every view of a cube uses (the flat board's labels, the
 * accessible grids, the terminal): its number from the front, the first and last saying which end they are.
 */
import type { Lang } from '../i18n/core';
import { say } from '../i18n/core';
import { EN_LAYERS } from '../i18n/en/layers';

export function layerName(lang: Lang, layer: number, layers: number): string {
  const key = layer === 0 ? 'layer.front' : layer === layers - 1 ? 'layer.back' : 'layer.middle';
  return say(lang, EN_LAYERS, key, { n: layer + 1 });
}
