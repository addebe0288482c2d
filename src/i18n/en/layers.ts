/** The names of a cube's layers, counted from the one nearest the player (skins/layer-name.ts says them). */
export const EN_LAYERS = {
  'layer.front': 'Layer {n} · front',
  'layer.middle': 'Layer {n}',
  'layer.back': 'Layer {n} · back',
} as const;
