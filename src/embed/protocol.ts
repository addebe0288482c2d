/**
 * The messages between the iframe page (embed.html) and the page that frames it. Outgoing
 * messages carry `source: "cube2048"`; commands must carry `target: "cube2048"` and come
 * from an origin the frame's address allows (read by frame-commands.ts).
 */
import type { CubeDirection, Dimensions } from '../engine';
import type { EmbedSkin, GameEventDetail, GameSnapshot, LiveOptions, MoveEventDetail, ScoreEventDetail } from './options';

export const FRAME_SOURCE = 'cube2048';
export const FRAME_TARGET = 'cube2048';

/** A command's `id`, echoed in the answer so a parent can pair them. */
export type MessageId = string | number;

type Out<T> = { readonly source: typeof FRAME_SOURCE } & T;

/** What the iframe page posts to its parent. */
export type FrameMessage =
  | Out<{ readonly type: 'ready'; readonly skin: EmbedSkin; readonly state: GameSnapshot }>
  /** The height the page needs, in CSS pixels: set the iframe's height to it. */
  | Out<{ readonly type: 'resize'; readonly height: number }>
  | Out<{ readonly type: 'move' } & MoveEventDetail>
  | Out<{ readonly type: 'score' } & ScoreEventDetail>
  | Out<{ readonly type: 'won' } & GameEventDetail>
  | Out<{ readonly type: 'over' } & GameEventDetail>
  /** The answer to every accepted command. */
  | Out<{ readonly type: 'state'; readonly state: GameSnapshot; readonly id?: MessageId }>
  /** The answer to a command that could not be understood. */
  | Out<{ readonly type: 'error'; readonly message: string; readonly id?: MessageId }>;

type In<T> = { readonly target: typeof FRAME_TARGET; readonly id?: MessageId } & T;

/** What a parent page may post to the iframe page. */
export type FrameCommand =
  | In<{ readonly type: 'move'; readonly dir: CubeDirection }>
  | In<{ readonly type: 'undo' }>
  /** No size or `dimensions` (2: a square, 3: a cube) keeps the game's own; no seed is a random one. */
  | In<{ readonly type: 'newGame'; readonly size?: number; readonly seed?: number; readonly dimensions?: Dimensions }>
  | In<{ readonly type: 'setSkin'; readonly skin: EmbedSkin }>
  /** Any option that applies live: `LiveOptions` (the `OPTIONS` whose effect is "live", in options.ts). */
  | In<{ readonly type: 'setOptions' } & LiveOptions>
  | In<{ readonly type: 'getState' }>;
