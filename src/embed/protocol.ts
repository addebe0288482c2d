/**
 * The messages between the iframe page (embed.html) and the page that frames it. Outgoing
 * messages carry `source: "cube2048"`; commands must carry `target: "cube2048"` and come
 * from an origin the frame's address allows. Pure: checked here, tested in Node.
 */
import type { Direction } from '../engine';
import { isRecord } from '../engine/untrusted';
import type { Checked, EmbedSkin, GameEventDetail, GameSnapshot, LiveOptions, MoveEventDetail, ScoreEventDetail } from './options';
import { checkDirection, checkLiveOptions, checkSeed, checkSize, checkSkinName, quote } from './options';

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
  | In<{ readonly type: 'move'; readonly dir: Direction }>
  | In<{ readonly type: 'undo' }>
  | In<{ readonly type: 'newGame'; readonly size?: number; readonly seed?: number }>
  | In<{ readonly type: 'setSkin'; readonly skin: EmbedSkin }>
  /** Any option that applies live: `LiveOptions` (the `OPTIONS` whose effect is "live", in options.ts). */
  | In<{ readonly type: 'setOptions' } & LiveOptions>
  | In<{ readonly type: 'getState' }>;

export type ParsedCommand =
  { readonly ok: true; readonly command: FrameCommand } | { readonly ok: false; readonly error: string; readonly id?: MessageId };

const COMMANDS = ['move', 'undo', 'newGame', 'setSkin', 'setOptions', 'getState'] as const;

/** Reads a posted message: null when it is not addressed to the game at all. */
export function parseCommand(data: unknown): ParsedCommand | null {
  if (!isRecord(data) || data.target !== FRAME_TARGET) return null;
  const rawId = data.id;
  const idOk =
    rawId === undefined || (typeof rawId === 'string' && rawId.length <= 64) || (typeof rawId === 'number' && Number.isFinite(rawId));
  const id = idOk ? (rawId as MessageId | undefined) : undefined;
  const fail = (error: string): ParsedCommand => ({ ok: false, error, ...(id !== undefined ? { id } : {}) });
  if (!idOk) return fail(`id ${quote(rawId)} is not a short string or a number`);
  const base = { target: FRAME_TARGET, ...(id !== undefined ? { id } : {}) } as const;
  const first = (checked: Checked<unknown>): string | null => checked.problems[0] ?? null;

  switch (data.type) {
    case 'move': {
      const dir = checkDirection(data.dir);
      return dir.value === null ? fail(`move: ${first(dir)}`) : { ok: true, command: { ...base, type: 'move', dir: dir.value } };
    }
    case 'undo':
    case 'getState':
      return { ok: true, command: { ...base, type: data.type } };
    case 'newGame': {
      const size = checkSize(data.size);
      const seed = checkSeed(data.seed);
      const problem = first(size) ?? first(seed);
      if (problem) return fail(`newGame: ${problem}`);
      return {
        ok: true,
        command: {
          ...base,
          type: 'newGame',
          ...(size.value !== undefined ? { size: size.value } : {}),
          ...(seed.value !== undefined ? { seed: seed.value } : {}),
        },
      };
    }
    case 'setSkin': {
      const skin = checkSkinName(data.skin);
      return first(skin) ? fail(`setSkin: ${first(skin)}`) : { ok: true, command: { ...base, type: 'setSkin', skin: skin.value } };
    }
    case 'setOptions': {
      const { type: _type, target: _target, id: _id, ...patch } = data;
      const options = checkLiveOptions(patch);
      return first(options)
        ? fail(`setOptions: ${first(options)}`)
        : { ok: true, command: { ...base, type: 'setOptions', ...options.value } };
    }
    default:
      return fail(`${quote(data.type)} is not a command (known: ${COMMANDS.join(', ')})`);
  }
}

/**
 * The origins allowed to send commands, from the address's `origin` parameters (each may list
 * several, separated by commas or spaces). Only exact http(s) origins count: no "*", no paths.
 */
export function parseOrigins(values: readonly string[]): Checked<readonly string[]> {
  const origins: string[] = [];
  const problems: string[] = [];
  for (const item of values.flatMap((v) => v.split(/[\s,]+/)).filter((v) => v !== '')) {
    let origin: string | null = null;
    try {
      const url = new URL(item);
      if ((url.protocol === 'https:' || url.protocol === 'http:') && url.origin === item.replace(/\/$/, '')) origin = url.origin;
    } catch {
      origin = null;
    }
    if (origin === null)
      problems.push(`origin=${quote(item)} is not an origin like https://example.com, so it is not allowed to send commands`);
    else if (!origins.includes(origin)) origins.push(origin);
  }
  return { value: origins, problems };
}
