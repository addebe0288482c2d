/**
 * What a host may ask of an embedded game, and the checking of it. Options come from
 * JavaScript (`mountGame`), from attributes (`<cube-2048>`) or from the iframe page's
 * address; every value is checked here, and a bad one is named in one console line and
 * replaced by its default. Pure: no DOM, so it is tested in Node.
 */
import type { Direction, Status } from '../engine';
import { DIRECTIONS, MAX_SEED, MAX_SIZE, MIN_SIZE, isValidSeed, isValidSize } from '../engine';

export type EmbedSkin = 'cubes' | 'flat';
export const EMBED_SKINS: readonly EmbedSkin[] = ['cubes', 'flat'];
/** "focus": keys move the game only while it has focus (the default for embeds). "page": anywhere on the page. */
export type KeyboardScope = 'focus' | 'page';
export const KEYBOARD_SCOPES: readonly KeyboardScope[] = ['focus', 'page'];
/** "auto" follows the system's light or dark mode. */
export type ThemeChoice = 'light' | 'dark' | 'auto';
export const THEMES: readonly ThemeChoice[] = ['light', 'dark', 'auto'];

/** The game as a host sees it: plain, frozen data, safe to keep, compare or post to another window. */
export interface GameSnapshot {
  readonly size: number;
  readonly seed: number;
  /** The tile value that wins. */
  readonly target: number;
  readonly score: number;
  /** Best score on this board size (kept in storage when saving is on). */
  readonly best: number;
  readonly moves: number;
  readonly status: Status;
  readonly canUndo: boolean;
  /** Tile values row by row; 0 is an empty cell. */
  readonly board: readonly (readonly number[])[];
}

export interface GameEventDetail {
  readonly state: GameSnapshot;
}
export interface MoveEventDetail extends GameEventDetail {
  readonly dir: Direction;
  /** Points this move scored (0 when nothing merged). */
  readonly gained: number;
}
export interface ScoreEventDetail extends GameEventDetail {
  readonly gained: number;
}
/** The events a game reports: as `on` callbacks, and as `cube2048:<name>` DOM events. */
export interface GameEventMap {
  move: MoveEventDetail;
  score: ScoreEventDetail;
  won: GameEventDetail;
  over: GameEventDetail;
}
export type GameEventName = keyof GameEventMap;
export const GAME_EVENTS: readonly GameEventName[] = ['move', 'score', 'won', 'over'];
export type GameCallbacks = { readonly [K in GameEventName]?: (detail: GameEventMap[K]) => void };

export interface MountOptions {
  /** "cubes" (3D; three.js is loaded only for it, and the flat board stands in without WebGL) or "flat". Default "cubes". */
  readonly skin?: EmbedSkin;
  /** Board size, 3 to 8, for a new game (default 4). A saved game of another size is replaced. */
  readonly size?: number;
  /** Starts this game (0 to 4294967295); a saved game with the same seed and size is resumed. Random when absent. */
  readonly seed?: number;
  /**
   * Where the game is saved in localStorage: a key prefix (keys become `cube2048:<prefix>:…`),
   * or false to keep it in memory only. Default "embed". Two games on one page need two prefixes.
   */
  readonly storage?: string | false;
  /** Default "focus". */
  readonly keyboard?: KeyboardScope;
  /** Replace motion with short fades; absent follows the system's `prefers-reduced-motion`. */
  readonly reducedMotion?: boolean;
  /** Default "auto". */
  readonly theme?: ThemeChoice;
  readonly on?: GameCallbacks;
}

/** Every option decided: what a game is mounted with. */
export interface ResolvedOptions {
  readonly skin: EmbedSkin;
  readonly size: number | undefined;
  readonly seed: number | undefined;
  /** The full storage key prefix (starting with "cube2048"), or null for memory only. */
  readonly storage: string | null;
  readonly keyboard: KeyboardScope;
  readonly reducedMotion: boolean | undefined;
  readonly theme: ThemeChoice;
  readonly on: GameCallbacks;
}

/** Options a running game can change without starting over. */
export interface LiveOptions {
  readonly keyboard?: KeyboardScope;
  readonly reducedMotion?: boolean | undefined;
  readonly theme?: ThemeChoice;
}

export interface Checked<T> {
  readonly value: T;
  /** What was wrong, in words, one entry per bad value; empty when all was well. */
  readonly problems: readonly string[];
}

export const DEFAULT_SKIN: EmbedSkin = 'cubes';
export const DEFAULT_STORAGE = 'embed';
const STORAGE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9:_.-]{0,63}$/;

/** A value as it may be quoted in a console line: short, and never markup that could be rendered. */
export function quote(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  if (typeof value === 'number' || typeof value === 'boolean' || value === null) return String(value);
  const kind = Array.isArray(value) ? 'list' : typeof value;
  return `${/^[aeiou]/.test(kind) ? 'an' : 'a'} ${kind}`;
}

/** One console line for everything that was wrong, or null when nothing was. */
export function problemLine(problems: readonly string[]): string | null {
  return problems.length === 0 ? null : `cube2048: ${problems.join('; ')}.`;
}

/** The full key prefix for a host's storage name: always under "cube2048" so keys never clash with the host's own. */
export function storagePrefix(name: string): string {
  return name === 'cube2048' || name.startsWith('cube2048:') ? name : `cube2048:${name}`;
}

/** A whole number written in decimal digits only ("42", not "4e1", " 42" or "0x2a"). */
function parseWhole(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isInteger(value) ? value : undefined;
  if (typeof value === 'string' && /^\d{1,10}$/.test(value)) return Number(value);
  return undefined;
}

const oneOf = <T extends string>(allowed: readonly T[], value: unknown): value is T => typeof value === 'string' && (allowed as readonly string[]).includes(value);

/** How a value is named in messages: `size 99` for an option, `size="99"` for an attribute or address parameter. */
type Naming = (name: string, value: unknown) => string;
const optionNaming: Naming = (name, value) => `option ${name} ${quote(value)}`;
const stringNaming: Naming = (name, value) => `${name}=${quote(value)}`;

export const checkSize = (value: unknown, naming: Naming = optionNaming, name = 'size'): Checked<number | undefined> => {
  const n = parseWhole(value);
  if (isValidSize(n)) return { value: n, problems: [] };
  return { value: undefined, problems: [`${naming(name, value)} is not a board size from ${MIN_SIZE} to ${MAX_SIZE}, so 4 is used`] };
};

export const checkSeed = (value: unknown, naming: Naming = optionNaming, name = 'seed'): Checked<number | undefined> => {
  const n = parseWhole(value);
  if (isValidSeed(n)) return { value: n, problems: [] };
  return { value: undefined, problems: [`${naming(name, value)} is not a whole number from 0 to ${MAX_SEED}, so a random seed is used`] };
};

export const checkSkin = (value: unknown, naming: Naming = optionNaming, name = 'skin'): Checked<EmbedSkin> =>
  oneOf(EMBED_SKINS, value) ? { value, problems: [] } : { value: DEFAULT_SKIN, problems: [`${naming(name, value)} is not one of ${EMBED_SKINS.join(', ')}, so ${DEFAULT_SKIN} is used`] };

export const checkKeyboard = (value: unknown, naming: Naming = optionNaming, name = 'keyboard'): Checked<KeyboardScope> =>
  oneOf(KEYBOARD_SCOPES, value) ? { value, problems: [] } : { value: 'focus', problems: [`${naming(name, value)} is not one of ${KEYBOARD_SCOPES.join(', ')}, so focus is used`] };

export const checkTheme = (value: unknown, naming: Naming = optionNaming, name = 'theme'): Checked<ThemeChoice> =>
  oneOf(THEMES, value) ? { value, problems: [] } : { value: 'auto', problems: [`${naming(name, value)} is not one of ${THEMES.join(', ')}, so auto is used`] };

export function checkStorage(value: unknown, naming: Naming = optionNaming, name = 'storage'): Checked<string | null> {
  if (value === false) return { value: null, problems: [] };
  if (typeof value === 'string' && STORAGE_PATTERN.test(value)) return { value: storagePrefix(value), problems: [] };
  return {
    value: storagePrefix(DEFAULT_STORAGE),
    problems: [`${naming(name, value)} is not a key of up to 64 letters, digits and : _ . - (or false), so "${DEFAULT_STORAGE}" is used`],
  };
}

export function checkDirection(value: unknown): Checked<Direction | null> {
  return oneOf(DIRECTIONS, value) ? { value, problems: [] } : { value: null, problems: [`${quote(value)} is not a direction; use one of ${DIRECTIONS.join(', ')}`] };
}

const OPTION_NAMES = ['skin', 'size', 'seed', 'storage', 'keyboard', 'reducedMotion', 'theme', 'on'] as const;

const isRecord = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);

/** Checks options given in JavaScript. Absent values take their defaults silently; wrong ones are reported. */
export function resolveOptions(input: unknown): Checked<ResolvedOptions> {
  const problems: string[] = [];
  const take = <T>(checked: Checked<T>): T => {
    problems.push(...checked.problems);
    return checked.value;
  };
  const options = input === undefined || input === null ? {} : input;
  if (!isRecord(options)) {
    problems.push(`the options must be an object, not ${quote(options)}; defaults are used`);
    return { value: resolveOptions({}).value, problems };
  }
  for (const key of Object.keys(options))
    if (!(OPTION_NAMES as readonly string[]).includes(key)) problems.push(`option ${quote(key)} is unknown (known: ${OPTION_NAMES.join(', ')})`);
  const given = (key: (typeof OPTION_NAMES)[number]): boolean => options[key] !== undefined;

  let reducedMotion: boolean | undefined;
  if (given('reducedMotion')) {
    if (typeof options.reducedMotion === 'boolean') reducedMotion = options.reducedMotion;
    else problems.push(`option reducedMotion ${quote(options.reducedMotion)} is not true or false, so the system setting is followed`);
  }
  return {
    value: {
      skin: given('skin') ? take(checkSkin(options.skin)) : DEFAULT_SKIN,
      size: given('size') ? take(checkSize(options.size)) : undefined,
      seed: given('seed') ? take(checkSeed(options.seed)) : undefined,
      storage: given('storage') ? take(checkStorage(options.storage)) : storagePrefix(DEFAULT_STORAGE),
      keyboard: given('keyboard') ? take(checkKeyboard(options.keyboard)) : 'focus',
      reducedMotion,
      theme: given('theme') ? take(checkTheme(options.theme)) : 'auto',
      on: given('on') ? take(checkCallbacks(options.on)) : {},
    },
    problems,
  };
}

function checkCallbacks(value: unknown): Checked<GameCallbacks> {
  if (!isRecord(value)) return { value: {}, problems: [`option on must be an object of functions (${GAME_EVENTS.join(', ')}), not ${quote(value)}`] };
  const problems: string[] = [];
  const out: Record<string, unknown> = {};
  for (const [name, fn] of Object.entries(value)) {
    if (!(GAME_EVENTS as readonly string[]).includes(name)) problems.push(`on.${name} is not an event (known: ${GAME_EVENTS.join(', ')})`);
    else if (typeof fn !== 'function') problems.push(`on.${name} is ${quote(fn)}, not a function`);
    else out[name] = fn;
  }
  return { value: out as GameCallbacks, problems };
}

/** The attribute names of `<cube-2048>`, also the parameters of the iframe page's address. */
export const ATTRIBUTES = ['size', 'seed', 'skin', 'storage-key', 'keyboard', 'theme', 'reduced-motion'] as const;
export type AttributeName = (typeof ATTRIBUTES)[number];

/** `storage-key="none"` turns saving off. */
export const NO_STORAGE = 'none';

/** A boolean attribute: present (or "true") is true, "false" is false, absent or "auto" follows the system. */
export function checkFlag(value: string | null, name: string): Checked<boolean | undefined> {
  if (value === null || value === 'auto') return { value: undefined, problems: [] };
  if (value === '' || value === 'true' || value === name) return { value: true, problems: [] };
  if (value === 'false') return { value: false, problems: [] };
  return { value: undefined, problems: [`${stringNaming(name, value)} is not true, false or auto, so the system setting is followed`] };
}

/** Reads one attribute (or address parameter) into its live option; for attribute changes on a running game. */
export function checkAttribute(name: AttributeName, value: string | null): Checked<Partial<ResolvedOptions>> {
  const wrap = <K extends keyof ResolvedOptions>(key: K, checked: Checked<ResolvedOptions[K]>): Checked<Partial<ResolvedOptions>> => ({
    value: { [key]: checked.value },
    problems: checked.problems,
  });
  switch (name) {
    case 'size':
      return value === null ? { value: { size: undefined }, problems: [] } : wrap('size', checkSize(value, stringNaming, name));
    case 'seed':
      return value === null ? { value: { seed: undefined }, problems: [] } : wrap('seed', checkSeed(value, stringNaming, name));
    case 'skin':
      return value === null ? { value: { skin: DEFAULT_SKIN }, problems: [] } : wrap('skin', checkSkin(value, stringNaming, name));
    case 'storage-key':
      if (value === null) return { value: { storage: storagePrefix(DEFAULT_STORAGE) }, problems: [] };
      return value === NO_STORAGE ? { value: { storage: null }, problems: [] } : wrap('storage', checkStorage(value, stringNaming, name));
    case 'keyboard':
      return value === null ? { value: { keyboard: 'focus' }, problems: [] } : wrap('keyboard', checkKeyboard(value, stringNaming, name));
    case 'theme':
      return value === null ? { value: { theme: 'auto' }, problems: [] } : wrap('theme', checkTheme(value, stringNaming, name));
    case 'reduced-motion':
      return wrap('reducedMotion', checkFlag(value, name));
  }
}

/** Reads every attribute (or address parameter) into options; `get` returns null for an absent one. */
export function optionsFromStrings(get: (name: AttributeName) => string | null): Checked<ResolvedOptions> {
  let options: ResolvedOptions = resolveOptions({}).value;
  const problems: string[] = [];
  for (const name of ATTRIBUTES) {
    const checked = checkAttribute(name, get(name));
    options = { ...options, ...checked.value };
    problems.push(...checked.problems);
  }
  return { value: options, problems };
}
