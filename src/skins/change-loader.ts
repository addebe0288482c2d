/**
 * How timeline.ts (and Playback) come by what a change draws (change-timeline.ts): with them. The
 * script-tag build, whose one file must show a board in as few bytes as it can, swaps this module
 * for change-later.ts (vite.lib.config.ts), which fetches that code once a board shows.
 */
export { timelineFor } from './change-timeline';
