/** Input sources for the game page and embeds: each attaches to what it is given and returns a detach function. */
export type { Commands, Detach, FrameScheduler } from './commands';
export { browserFrames, frameOrTimeout } from './commands';
export { attachKeyboard, actionForKey, belongsToAnotherControl } from './keyboard';
export type { KeyboardOptions, KeyAction, KeyLike } from './keyboard';
export { attachSwipe, swipeDirection, defaultThreshold } from './swipe';
export type { SwipeOptions } from './swipe';
export { attachGamepad } from './gamepad';
export type { GamepadOptions, PadLike } from './gamepad';
export { queueCommands } from './queue';
export type { MoveQueueOptions, QueuedCommands } from './queue';
