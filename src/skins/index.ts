/**
 * `cube2048/skin`: everything a skin needs to draw the game its own way, as the built-in
 * skins do. A skin is a factory of objects with `mount`, `setHint`, `update`, `finish` and
 * `dispose` (and `inspect`, so the conformance kit in `cube2048/skin-kit` can check it). It
 * reads a read-only store and animates each change from the timeline here; it never
 * re-derives a slide or a merge from boards, and never decides a rule. The guide is
 * docs/skins.md. No DOM is touched on import.
 */
export type { Skin, SkinFactory, SkinOptions, SkinInspection, TileView, FrameClock, SkinGuard } from './skin';
export { SKIN_API_VERSION, SkinUnavailableError } from './skin';
export { notASkin } from './not-a-skin';
/** What `SkinOptions.view`, `Skin.turn` and `SkinOptions.look` take (turnable 3D skins; the cubes' looks). */
export type { CameraView, ViewCommand } from './camera-view';
export type { LookName } from './looks';

export type { GameView, Change, ChangeKind, ReadonlyStore } from '../store/types';
export type { Board, Direction, GameState, MoveReport, MoveResult, Status, Step } from '../engine';

/** Where every tile is at an instant of a change: the one source of motion, shared by every skin. */
export type { Timeline, Track, TrackKind, Pose } from './timeline';
export { timelineFor, poseAt, tilesAt, SLIDE_MS, POP_MS, SPAWN_MS, FADE_MS, POP_SCALE, MOVE_MS } from './timeline';

/** Frames on demand: follow a store and play each change's timeline, with an injectable clock. */
export type { PlaybackHooks } from './playback';
export { Playback, browserClock } from './playback';
export { SkinSettings, watchMedia } from './skin-options';

/** Colours, labels and fonts, so every skin agrees on what a 2048 looks like. */
export type { BoardColours } from './palette';
export {
  BOARD_COLOURS,
  MAX_DIGITS_EXPONENT,
  TILE_FONT,
  exponentOfValue,
  labelFontScale,
  textColour,
  tileColour,
  tileGlow,
  tileLabel,
  tileValue,
} from './palette';
