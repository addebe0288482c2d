/**
 * How the hud comes by the floating "+N" (gain.ts): with its own code. The script-tag build,
 * whose one file must show a board in as few bytes as it can, swaps this module for
 * gain-later.ts (vite.lib.config.ts), which fetches that code for the first move that scores.
 */
export { floatGain } from './gain';
