/** Input sources for the game page and embeds: each attaches to what it is given and returns a detach function. */
export type { Commands, Detach, FrameScheduler } from './commands';
export { browserFrames, frameOrTimeout } from './commands';
export { attachKeyboard, belongsToAnotherControl, describeKeys } from './keyboard';
// The view's keys (./view-keys) load with the page's turning, so they are not re-exported here.
export type { KeyboardOptions } from './keyboard';
export {
  AI_KEYS,
  ANSWER_KEYS,
  GAME_KEYS,
  REPLAY_KEYS,
  TERMINAL_KEYS,
  VIEW_KEYS,
  GAME_SHORTCUTS,
  PAGE_HELP,
  ariaKeys,
  commandFor,
  HOW_TO,
  howToCaps,
  keyLabel,
  keysFor,
  moveSets,
} from './keymap';
// The how-to sentence (./how-to) is not re-exported: an embed in English never loads it.
export type { GameCommand, HowToCaps, ViewHowToCaps, ViewKeyCommand, KeyCommand, KeyLike, Keymap, KeyPlace } from './keymap';
export { attachSwipe, swipeDirection, defaultThreshold } from './swipe';
export type { SwipeOptions } from './swipe';
// The gamepad code itself (./gamepad) is loaded on demand, so it is not re-exported here.
export { attachGamepadOnDemand } from './gamepad-on-demand';
export type { GamepadOptions, PadLike } from './gamepad';
export { queueCommands } from './queue';
export type { MoveQueueOptions, QueuedCommands } from './queue';
