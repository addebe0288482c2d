/**
 * What a change draws, in the script-tag build (in place of change-loader.ts): the code comes
 * in a chunk of its own, fetched when the first board shows. A change before it has come (or
 * while it cannot) shows its board at once, without motion; the next change asks again.
 */
import type { timelineFor as TimelineFor } from './change-timeline';
import { restingTimeline } from './timings';

let loaded: typeof TimelineFor | null = null;
let loading: Promise<void> | null = null;

export const timelineFor: typeof TimelineFor = (change, board, reducedMotion) => {
  if (loaded) return loaded(change, board, reducedMotion);
  loading ??= import('./change-timeline').then(
    (module) => void (loaded = module.timelineFor),
    () => void (loading = null),
  );
  return restingTimeline(board);
};
