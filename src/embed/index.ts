/**
 * The `cube2048` package: put the game on any page and take it off again without a trace.
 * `mountGame(el, options)` is here; `import 'cube2048/element'` registers `<cube-2048>`;
 * `cube2048/engine` is the pure rules. Importing this module touches no DOM, so it is safe
 * in server-side rendering.
 */
export { mountGame } from './mount';
export { registerSkin } from '../skins/registry';
export type { SkinFactory } from '../skins/skin';
export type { GameHandle } from './handle';
export type {
  EmbedSkin,
  GameCallbacks,
  GameEventDetail,
  GameEventMap,
  GameEventName,
  GameSnapshot,
  KeyboardScope,
  LiveOptions,
  MountOptions,
  MoveEventDetail,
  ScoreEventDetail,
  ThemeChoice,
} from './options';
export type { FrameCommand, FrameMessage } from './protocol';
export { FRAME_SOURCE, FRAME_TARGET } from './protocol';
export type { Direction, Status } from '../engine';
/** The embed's `view` and `look` options' values. */
export type { LookName, ViewName } from '../skins/looks';
