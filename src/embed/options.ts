/**
 * What a host may ask of an embedded game, and the checking of it. Options come from
 * JavaScript (`mountGame`), from attributes (`<cube-2048>`), from the iframe page's address
 * and from its posted commands; `OPTIONS` describes each one once, and every one of those
 * paths reads it. A bad value is named in one console line and replaced by its default; the
 * checks here say what was wrong as data (`Problem`), worded by problems.ts, which a page loads
 * only when something was. Pure: no DOM, so it is tested in Node.
 */
import type { CubeDirection, Dimensions, Status } from '../engine';
import { DIRECTIONS, isValidDimensions, isValidSeed, isValidSize } from '../engine';
import { isRecord } from '../engine/untrusted';
import type { Locale } from '../i18n/core';
import { matchLocale } from '../i18n/choose';
import type { LookName, ViewName } from '../skins/looks';
import { DEFAULT_LOOK, LOOKS, VIEW_NAMES } from '../skins/looks';
import type { PlayableSkin } from '../skins/registry';
import { BUILT_IN_SKINS, DEFAULT_SKIN, isSkinName, knownSkinNames } from '../skins/registry';
import type { SkinFactory } from '../skins/skin';

/**
 * A skin's name: "cubes", "flat", or one registered with `registerSkin` (the `string & {}`
 * keeps the built-in names offered by editors).
 */
export type EmbedSkin = PlayableSkin | (string & {});
/** "focus": keys move the game only while it has focus (the default for embeds). "page": anywhere on the page. */
export type KeyboardScope = 'focus' | 'page';
/** "auto" follows the system's light or dark mode. */
export type ThemeChoice = 'light' | 'dark' | 'auto';

/** The game as a host sees it: plain, frozen data, safe to keep, compare or post to another window. */
export interface GameSnapshot {
  readonly size: number;
  /** 3 for a cube, 2 for a square. */
  readonly dimensions: Dimensions;
  readonly seed: number;
  /** The tile value that wins. */
  readonly target: number;
  readonly score: number;
  /** Best score on this board size (kept in storage when saving is on). */
  readonly best: number;
  readonly moves: number;
  readonly status: Status;
  readonly canUndo: boolean;
  /** Tile values row by row; 0 is an empty cell. A cube's nearest layer (`layers[0]`). */
  readonly board: readonly (readonly number[])[];
  /** Every layer's rows, nearest the player first: one for a square, `size` for a cube. */
  readonly layers: readonly (readonly (readonly number[])[])[];
}

export interface GameEventDetail {
  readonly state: GameSnapshot;
}
export interface MoveEventDetail extends GameEventDetail {
  /** `in` and `out` only in a cube game. */
  readonly dir: CubeDirection;
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

/** What `mountGame` takes. Each option's attribute, default and effect are in `OPTIONS` below and the README's table. */
export interface MountOptions {
  /**
   * "cubes" (3D; three.js is loaded only for it, and the flat board stands in without WebGL),
   * "flat", a name registered with `registerSkin`, or a skin factory of your own (see
   * docs/skins.md). Default "cubes".
   */
  readonly skin?: EmbedSkin | SkinFactory;
  /** Board size, 3 to 8 (a cube's 3 to 5), for a new game (default 4). A saved game of another size is replaced. */
  readonly size?: number;
  /** 3 plays on a cube (size³ cells, moves `in` and `out` too), 2 on a square (the default). A saved game of another shape is replaced. */
  readonly dimensions?: Dimensions;
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
  /** The language the game speaks: one of `LOCALES` ("de", "pt-BR"; "pt", "de-AT" find theirs). Absent: the browser's languages. */
  readonly lang?: Locale | (string & {});
  /**
   * Keep every finished game in this embed's own history (the browser's database, named after
   * the storage key), for statistics and replays. Default false; needs storage.
   */
  readonly history?: boolean;
  /** The 3D board's view: "tilted" (the default) or "top" (cubes only). */
  readonly view?: ViewName;
  /** The cubes' look: "clay" (the default), "glossy", "glass" or "neon" (cubes only). */
  readonly look?: LookName;
  /**
   * Whether the player may turn and zoom the 3D board: a mouse or pen drag, two fingers and the
   * wheel (cubes only). Default false: a host page scrolls with one finger and may want its drags.
   */
  readonly turnable?: boolean;
  readonly on?: GameCallbacks;
}

/** The flags whose bad value has its own consequence in words. */
export type FlagName = 'reducedMotion' | 'history' | 'turnable';

/**
 * One bad value, as data; problems.ts says it in words. `given` is the value as the host wrote
 * it (`option size 99` from JavaScript, `size="99"` from an attribute or address). A string is
 * already in words (the iframe page's own checks).
 */
export type Problem =
  | string
  | readonly [why: 'skin', given: string, known: readonly string[]]
  | readonly [why: 'oneOf', given: string, allowed: readonly string[], fallback: string]
  | readonly [why: 'size' | 'seed' | 'dimensions' | 'storage' | 'lang', given: string]
  | readonly [why: 'flag' | 'flagText', given: string, flag: FlagName]
  | readonly [why: 'on' | 'options' | 'optionsLive', value: unknown]
  | readonly [why: 'direction', value: unknown, allowed: readonly string[]]
  | readonly [why: 'onName' | 'unknown' | 'notLive', name: string]
  | readonly [why: 'onFunction', name: string, value: unknown]
  /** Another game on the page saves under this storage key already (storage.ts). */
  | readonly [why: 'shared', prefix: string];

export interface Checked<T> {
  readonly value: T;
  /** What was wrong, one entry per bad value; empty when all was well. */
  readonly problems: readonly Problem[];
}

/** How a bad value is named in messages: `option size 99` from JavaScript, `size="99"` from an attribute or address. */
type Naming = (value: unknown) => string;

/** A value as it may be quoted in a console line: short, and never markup that could be rendered. */
export function quote(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  if (typeof value === 'number' || typeof value === 'boolean' || value === null) return String(value);
  const kind = Array.isArray(value) ? 'list' : typeof value;
  return `${/^[aeiou]/.test(kind) ? 'an' : 'a'} ${kind}`;
}

const optionNaming =
  (name: string): Naming =>
  (value) =>
    `option ${name} ${quote(value)}`;
const textNaming =
  (name: string): Naming =>
  (value) =>
    `${name}=${quote(value)}`;

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

const oneOf = <T extends string>(allowed: readonly T[], value: unknown): value is T =>
  typeof value === 'string' && (allowed as readonly string[]).includes(value);
const fine = <T>(value: T): Checked<T> => ({ value, problems: [] });

/**
 * How a new value reaches a game that is already running:
 * - live: applied at once (`setOptions`, the attribute, the iframe's `setOptions` command);
 * - skin: the board is redrawn with it (`setSkin`);
 * - newGame: a new game starts when it differs from the game shown;
 * - restart: another save slot is another game, so the element mounts again;
 * - mount: read once, when the game is mounted.
 */
export type OptionEffect = 'live' | 'skin' | 'newGame' | 'restart' | 'mount';

interface OptionSpec<T, A extends string | undefined = string | undefined, E extends OptionEffect = OptionEffect> {
  /** The `<cube-2048>` attribute, which is also the parameter of embed.html's address; absent: JavaScript only. */
  readonly attribute: A;
  readonly default: T;
  /** The iframe page's default, where it differs (a frame is all game, so its keys work anywhere in it). */
  readonly frameDefault?: T;
  /** Checks a value given in JavaScript or posted to the iframe. */
  readonly check: (value: unknown, naming: Naming) => Checked<T>;
  /** Reads an attribute's or address parameter's text (`frame`: from the iframe page's address, where no skin can be registered); `check` when absent. */
  readonly read?: (text: string, naming: Naming, attribute: string, frame: boolean) => Checked<T>;
  readonly effect: E;
  /** The element's property is the attribute's text as written (not its checked value). */
  readonly reflectText?: boolean;
  /** A global HTML attribute (`lang`): the element keeps the property every element has, the attribute's text. */
  readonly nativeProperty?: boolean;
}

const NOT_PLAYABLE = BUILT_IN_SKINS.filter((s) => !s.playable).map((s): string => s.name);

/**
 * A skin: a factory (from JavaScript), or a name, built in or registered. From JavaScript the
 * name must be known when the call is made; an attribute's name is only spelled right here
 * and looked up when the game shows it, since a page may register its skin just after the
 * element's import; the iframe page's own address can name only built-in skins.
 */
function checkSkinChoice(value: unknown, naming: Naming): Checked<EmbedSkin | SkinFactory> {
  return typeof value === 'function' ? fine(value as SkinFactory) : checkSkinName(value, naming, true);
}

/** A skin's name, as attributes, addresses and posted commands give it; `known`: it must be built in or registered now. */
export function checkSkinName(value: unknown, naming: Naming = optionNaming('skin'), known = true): Checked<EmbedSkin> {
  const names = knownSkinNames();
  if (isSkinName(value) && !NOT_PLAYABLE.includes(value) && (!known || names.includes(value))) return fine(value);
  return { value: DEFAULT_SKIN, problems: [['skin', naming(value), names]] };
}

/** A `skin` attribute changed on a running game: by now its name must be known. */
export const checkSkinAttribute = (text: string): Checked<EmbedSkin> => checkSkinName(text, textNaming('skin'), true);

/** An option that takes one of a few words. */
function choice<T extends string, A extends string, E extends OptionEffect>(
  attribute: A,
  allowed: readonly T[],
  fallback: T,
  effect: E,
): OptionSpec<T, A, E> {
  const check = (value: unknown, naming: Naming): Checked<T> =>
    oneOf(allowed, value) ? fine(value) : { value: fallback, problems: [['oneOf', naming(value), allowed, fallback]] };
  return { attribute, default: fallback, check, effect };
}

const checkWhole =
  (valid: (n: number | undefined) => boolean, why: 'size' | 'seed' | 'dimensions') =>
  (value: unknown, naming: Naming): Checked<number | undefined> => {
    const n = parseWhole(value);
    return valid(n) ? fine(n) : { value: undefined, problems: [[why, naming(value)]] };
  };

const STORAGE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9:_.-]{0,63}$/;
export const DEFAULT_STORAGE = 'embed';
/** `storage-key="none"` turns saving off. */
export const NO_STORAGE = 'none';

function checkStorage(value: unknown, naming: Naming): Checked<string | null> {
  if (value === false) return fine(null);
  if (typeof value === 'string' && STORAGE_PATTERN.test(value)) return fine(storagePrefix(value));
  return { value: storagePrefix(DEFAULT_STORAGE), problems: [['storage', naming(value)]] };
}

/** A true-or-false option (a bad value's consequence is the flag's: problems.ts). Absent (undefined) is left to the option's default. */
const checkFlag =
  (flag: FlagName) =>
  (value: unknown, naming: Naming): Checked<boolean | undefined> =>
    value === undefined || typeof value === 'boolean' ? fine(value) : { value: undefined, problems: [['flag', naming(value), flag]] };

/** A boolean attribute: present (or "true", or its own name) is true, "false" is false, "auto" leaves it to the default. */
const readFlag =
  (flag: FlagName) =>
  (text: string, naming: Naming, attribute: string): Checked<boolean | undefined> =>
    text === 'auto'
      ? fine(undefined)
      : text === '' || text === 'true' || text === attribute || text === 'false'
        ? fine(text !== 'false')
        : { value: undefined, problems: [['flagText', naming(text), flag]] };

/** A language we speak, matched the way browsers' languages are ("pt" is pt-BR); anything else: the browser's. */
function checkLang(value: unknown, naming: Naming): Checked<Locale | undefined> {
  const locale = typeof value === 'string' && value.length <= 35 ? matchLocale(value) : null;
  return locale ? fine(locale) : { value: undefined, problems: [['lang', naming(value)]] };
}

function checkCallbacks(value: unknown): Checked<GameCallbacks> {
  if (!isRecord(value)) return { value: {}, problems: [['on', value]] };
  const problems: Problem[] = [];
  const out: Record<string, unknown> = {};
  for (const [name, fn] of Object.entries(value)) {
    if (!(GAME_EVENTS as readonly string[]).includes(name)) problems.push(['onName', name]);
    else if (typeof fn !== 'function') problems.push(['onFunction', name, fn]);
    else out[name] = fn;
  }
  return { value: out as GameCallbacks, problems };
}

/**
 * Every option, once. `resolveOptions`, the element's attributes and properties, its live
 * updates, `setOptions`, the iframe page's address and its `setOptions` command read this;
 * the README's option table is checked against it. Adding an option is one entry here (and
 * its line in `MountOptions`) plus its effect where the game applies it.
 */
export const OPTIONS = {
  skin: {
    attribute: 'skin',
    default: DEFAULT_SKIN,
    check: checkSkinChoice,
    read: (text, naming, _attribute, frame) => checkSkinName(text, naming, frame),
    effect: 'skin',
  },
  size: {
    attribute: 'size',
    default: undefined,
    check: checkWhole(isValidSize, 'size'),
    effect: 'newGame',
  },
  dimensions: {
    attribute: 'dimensions',
    default: undefined,
    check: checkWhole(isValidDimensions, 'dimensions') as (value: unknown, naming: Naming) => Checked<Dimensions | undefined>,
    effect: 'newGame',
  },
  seed: {
    attribute: 'seed',
    default: undefined,
    check: checkWhole(isValidSeed, 'seed'),
    effect: 'newGame',
  },
  storage: {
    attribute: 'storage-key',
    default: storagePrefix(DEFAULT_STORAGE),
    frameDefault: storagePrefix('frame'),
    check: checkStorage,
    read: (text, naming) => (text === NO_STORAGE ? fine(null) : checkStorage(text, naming)),
    effect: 'restart',
    reflectText: true,
  },
  keyboard: { ...choice<KeyboardScope, 'keyboard', 'live'>('keyboard', ['focus', 'page'], 'focus', 'live'), frameDefault: 'page' },
  reducedMotion: {
    attribute: 'reduced-motion',
    default: undefined,
    check: checkFlag('reducedMotion'),
    read: readFlag('reducedMotion'),
    effect: 'live',
  },
  theme: choice<ThemeChoice, 'theme', 'live'>('theme', ['light', 'dark', 'auto'], 'auto', 'live'),
  lang: { attribute: 'lang', default: undefined, check: checkLang, effect: 'live', nativeProperty: true },
  history: { attribute: 'history', default: false, check: checkFlag('history'), read: readFlag('history'), effect: 'restart' },
  view: choice<ViewName, 'view', 'live'>('view', VIEW_NAMES, 'tilted', 'live'),
  look: choice<LookName, 'look', 'live'>('look', LOOKS, DEFAULT_LOOK, 'live'),
  turnable: { attribute: 'turnable', default: false, check: checkFlag('turnable'), read: readFlag('turnable'), effect: 'live' },
  on: { attribute: undefined, default: {}, check: checkCallbacks, effect: 'mount' },
} as const satisfies { readonly [K in keyof Required<MountOptions>]: OptionSpec<unknown> };

export type OptionName = keyof typeof OPTIONS;
export const OPTION_NAMES = Object.keys(OPTIONS) as OptionName[];
type Spec<K extends OptionName> = (typeof OPTIONS)[K];

/** Every option decided: what a game is mounted with. */
export type ResolvedOptions = { readonly [K in OptionName]: ReturnType<Spec<K>['check']>['value'] };

type NamesWith<E extends OptionEffect> = { [K in OptionName]: Spec<K>['effect'] extends E ? K : never }[OptionName];
/** The options a running game changes without starting over. */
export type LiveName = NamesWith<'live'>;
export const LIVE_OPTIONS = OPTION_NAMES.filter((name): name is LiveName => OPTIONS[name].effect === 'live');
/** Options a running game can change without starting over (`undefined` goes back to the default). */
export type LiveOptions = { readonly [K in LiveName]?: MountOptions[K] | undefined };

type AttributeOption = { [K in OptionName]: Spec<K>['attribute'] extends string ? K : never }[OptionName];
/** The attribute names of `<cube-2048>`, also the parameters of the iframe page's address. */
export type AttributeName = { [K in AttributeOption]: Spec<K>['attribute'] }[AttributeOption];
export const ATTRIBUTES = OPTION_NAMES.flatMap((name) => OPTIONS[name].attribute ?? []) as AttributeName[];
const optionOf = (attribute: AttributeName): AttributeOption =>
  OPTION_NAMES.find((name) => OPTIONS[name].attribute === attribute) as AttributeOption;

const checkOne = <K extends OptionName>(name: K, value: unknown, naming: Naming = optionNaming(name)): Checked<ResolvedOptions[K]> =>
  (OPTIONS[name].check as (value: unknown, naming: Naming) => Checked<ResolvedOptions[K]>)(value, naming);

/** A new game's size or seed as a host asks for it; undefined is not asked for (the game's own size, a random seed). */
const checkAsked =
  (name: 'size' | 'seed' | 'dimensions') =>
  (value: unknown): Checked<number | undefined> =>
    value === undefined ? fine(undefined) : checkOne(name, value);
export const checkSize = checkAsked('size');
export const checkSeed = checkAsked('seed');
export const checkDimensions = checkAsked('dimensions') as (value: unknown) => Checked<Dimensions | undefined>;
export const checkSkin = (value: unknown): Checked<EmbedSkin | SkinFactory> => checkOne('skin', value);

/** A move: one of `allowed`, a square's four unless told (a cube's six: engine `directionsFor`). */
export function checkDirection(value: unknown, allowed: readonly CubeDirection[] = DIRECTIONS): Checked<CubeDirection | null> {
  return oneOf(allowed, value) ? fine(value) : { value: null, problems: [['direction', value, allowed]] };
}

/** An option's default: the iframe page's own where it has one. */
const defaultOf = (spec: OptionSpec<unknown>, frame: boolean): unknown => (frame ? (spec.frameDefault ?? spec.default) : spec.default);
const defaults = (frame: boolean): ResolvedOptions =>
  Object.fromEntries(OPTION_NAMES.map((name) => [name, defaultOf(OPTIONS[name], frame)])) as ResolvedOptions;

/** Checks options given in JavaScript. Absent values take their defaults silently; wrong ones are reported. */
export function resolveOptions(input: unknown): Checked<ResolvedOptions> {
  const options = input === undefined || input === null ? {} : input;
  if (!isRecord(options)) return { value: defaults(false), problems: [['options', options]] };
  const problems: Problem[] = [];
  for (const key of Object.keys(options)) if (!(OPTION_NAMES as readonly string[]).includes(key)) problems.push(['unknown', key]);
  const value: Record<string, unknown> = defaults(false);
  for (const name of OPTION_NAMES) {
    if (options[name] === undefined) continue;
    const checked = checkOne(name, options[name]);
    value[name] = checked.value;
    problems.push(...checked.problems);
  }
  return { value: value as ResolvedOptions, problems };
}

/** Checks a patch for a running game: only live options; a key given as undefined goes back to its default. */
export function checkLiveOptions(patch: unknown): Checked<Partial<Pick<ResolvedOptions, LiveName>>> {
  if (!isRecord(patch)) return { value: {}, problems: [['optionsLive', patch]] };
  const value: Record<string, unknown> = {};
  const problems: Problem[] = [];
  for (const [key, given] of Object.entries(patch)) {
    if (!(LIVE_OPTIONS as readonly string[]).includes(key)) {
      problems.push(['notLive', key]);
      continue;
    }
    const name = key as LiveName;
    const checked = given === undefined ? fine(OPTIONS[name].default) : checkOne(name, given);
    if (checked.problems.length === 0) value[name] = checked.value;
    problems.push(...checked.problems);
  }
  return { value, problems };
}

/** Reads one attribute (or address parameter) into its option; null (absent) gives the default. */
export function checkAttribute(attribute: AttributeName, text: string | null, frame = false): Checked<Partial<ResolvedOptions>> {
  const name = optionOf(attribute);
  const spec: OptionSpec<unknown> = OPTIONS[name];
  if (text === null) return fine({ [name]: defaultOf(spec, frame) });
  const checked = spec.read ? spec.read(text, textNaming(attribute), attribute, frame) : spec.check(text, textNaming(attribute));
  return { value: { [name]: checked.value }, problems: checked.problems };
}

/** Reads every attribute (or the iframe page's address parameters) into options; `get` returns null for an absent one. */
export function optionsFromStrings(get: (name: AttributeName) => string | null, frame = false): Checked<ResolvedOptions> {
  let options = defaults(frame);
  const problems: Problem[] = [];
  for (const attribute of ATTRIBUTES) {
    const checked = checkAttribute(attribute, get(attribute), frame);
    options = { ...options, ...checked.value };
    problems.push(...checked.problems);
  }
  return { value: options, problems };
}

type Camel<S extends string> = S extends `${infer Head}-${infer Tail}` ? `${Head}${Capitalize<Camel<Tail>>}` : S;
/** `storage-key` → `storageKey`: the element's property for an attribute. */
export const propertyOf = (attribute: string): string => attribute.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());
/** What an attribute's text reads as (its `read`, where it has one). */
type ReadValue<K extends OptionName> = Spec<K> extends { readonly read: (...args: never[]) => Checked<infer T> } ? T : ResolvedOptions[K];
type PropertyValue<K extends OptionName> =
  Spec<K> extends { readonly reflectText: true }
    ? string | null
    : undefined extends ReadValue<K>
      ? Exclude<ReadValue<K>, undefined> | null
      : ReadValue<K>;
/** The element's properties, one per attribute: reading gives the checked value (null when absent and without a default); writing sets the attribute (null removes it). */
export type AttributeProperties = {
  -readonly [
    K in AttributeOption as Spec<K> extends { readonly nativeProperty: true } ? never : Camel<Spec<K>['attribute']>
  ]: PropertyValue<K>;
};
/** The attributes whose property the element defines (not `lang`, which every element has). */
export const PROPERTY_ATTRIBUTES = ATTRIBUTES.filter((attribute) => !(OPTIONS[optionOf(attribute)] as OptionSpec<unknown>).nativeProperty);

/** The property's value for an attribute's text. */
export function propertyValue(attribute: AttributeName, text: string | null): unknown {
  const name = optionOf(attribute);
  if ((OPTIONS[name] as OptionSpec<unknown>).reflectText) return text;
  return checkAttribute(attribute, text).value[name] ?? null;
}

/** What a change of this attribute does to a running game. */
export const effectOf = (attribute: AttributeName): { readonly name: AttributeOption; readonly effect: OptionEffect } => {
  const name = optionOf(attribute);
  return { name, effect: OPTIONS[name].effect };
};
