/**
 * Reading what a parent page posts to the iframe page (the messages: protocol.ts), and the
 * origins its address allows to post. Pure: checked here, tested in Node.
 */
import { CUBE_DIRECTIONS } from '../engine';
import { isRecord } from '../engine/untrusted';
import type { Checked } from './options';
import { checkDimensions, checkDirection, checkLiveOptions, checkSeed, checkSize, checkSkinName, quote } from './options';
import { wordProblem } from './problems';
import type { FrameCommand, MessageId } from './protocol';
import { FRAME_TARGET } from './protocol';

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
  const first = (checked: Checked<unknown>): string | null => {
    const [problem] = checked.problems;
    return problem === undefined ? null : wordProblem(problem);
  };

  switch (data.type) {
    case 'move': {
      // `in` and `out` pass here; the game refuses them on a square board.
      const dir = checkDirection(data.dir, CUBE_DIRECTIONS);
      return dir.value === null ? fail(`move: ${first(dir)}`) : { ok: true, command: { ...base, type: 'move', dir: dir.value } };
    }
    case 'undo':
    case 'getState':
      return { ok: true, command: { ...base, type: data.type } };
    case 'newGame': {
      const size = checkSize(data.size);
      const seed = checkSeed(data.seed);
      const dimensions = checkDimensions(data.dimensions);
      const problem = first(size) ?? first(seed) ?? first(dimensions);
      if (problem) return fail(`newGame: ${problem}`);
      return {
        ok: true,
        command: {
          ...base,
          type: 'newGame',
          ...(size.value !== undefined ? { size: size.value } : {}),
          ...(seed.value !== undefined ? { seed: seed.value } : {}),
          ...(dimensions.value !== undefined ? { dimensions: dimensions.value } : {}),
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
