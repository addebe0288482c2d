/**
 * How hard the AI thinks. The depth follows the board: a board with many distinct tile
 * values has few safe moves and punishes a mistake, so it is searched deeper (the idea of
 * nneonneo/2048-ai's `max(3, distinct - 2)`). Depth counts move plies below the root move.
 */
export type PresetName = 'fast' | 'strong';
export const PRESET_NAMES: readonly PresetName[] = ['fast', 'strong'];

export interface Preset {
  readonly name: PresetName;
  /** depth = clamp(distinct tiles - distinctOffset, minDepth, maxDepth). */
  readonly minDepth: number;
  readonly maxDepth: number;
  readonly distinctOffset: number;
  /** Branches less likely than this are scored by the heuristic. */
  readonly probabilityCutoff: number;
  /** The search answers from the deepest depth completed within this many milliseconds… */
  readonly timeBudgetMs: number;
  /**
   * …and within this many nodes: the budget that does not depend on the machine or its
   * load, so a seeded game replays the same anywhere when the clock is switched off.
   * Set a little under the time budget's worth of nodes at this machine's single-thread
   * rate when idle (about 25–30 M nodes/s): 250k ≈ 8–10 ms, 3M ≈ 100–120 ms.
   */
  readonly nodeBudget: number;
  /** Depth for boards other than 4×4 (a plainer search on the flat engine). */
  readonly flatDepth: number;
}

export const PRESETS: Readonly<Record<PresetName, Preset>> = {
  fast: {
    name: 'fast',
    minDepth: 3,
    maxDepth: 5,
    distinctOffset: 4,
    probabilityCutoff: 0.001,
    timeBudgetMs: 10,
    nodeBudget: 250_000,
    flatDepth: 1,
  },
  strong: {
    name: 'strong',
    minDepth: 3,
    maxDepth: 8,
    distinctOffset: 2,
    probabilityCutoff: 0.0001,
    timeBudgetMs: 150,
    nodeBudget: 3_000_000,
    flatDepth: 2,
  },
};

export const isPresetName = (value: unknown): value is PresetName => value === 'fast' || value === 'strong';

/** The depth a preset searches a board holding `distinct` different tile values. */
export function scheduledDepth(preset: Preset, distinct: number): number {
  return Math.max(preset.minDepth, Math.min(preset.maxDepth, distinct - preset.distinctOffset));
}
