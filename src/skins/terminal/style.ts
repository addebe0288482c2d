/**
 * How much styling a terminal can take, and the escape codes for it. Colours are given
 * as "#rrggbb" (the shared palette) and turned into the best code the terminal supports.
 */

/**
 * - `truecolor`: 24-bit colour (COLORTERM=truecolor or 24bit)
 * - `ansi256`: the xterm 256-colour palette (TERM ending in 256color)
 * - `ansi16`: the 16 basic colours (any other terminal)
 * - `mono`: no colour, but bold and dim (NO_COLOR is set)
 * - `plain`: no attributes at all and ASCII lines (TERM=dumb)
 */
export type ColorMode = 'truecolor' | 'ansi256' | 'ansi16' | 'mono' | 'plain';

/** Picks the colour mode from the environment, following the NO_COLOR and COLORTERM conventions. */
export function detectColorMode(env: Readonly<Record<string, string | undefined>>): ColorMode {
  const term = env.TERM ?? '';
  if (term === 'dumb') return 'plain';
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return 'mono';
  const colorterm = (env.COLORTERM ?? '').toLowerCase();
  if (colorterm === 'truecolor' || colorterm === '24bit') return 'truecolor';
  if (/256(col)?/.test(term)) return 'ansi256';
  return 'ansi16';
}

export const hasColour = (mode: ColorMode): boolean => mode === 'truecolor' || mode === 'ansi256' || mode === 'ansi16';

type Rgb = readonly [number, number, number];

export function parseHex(hex: string): Rgb {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

const toHex = ([r, g, b]: Rgb): string => `#${((1 << 24) | (r << 16) | (g << 8) | b).toString(16).slice(1)}`;

/** `a` moved towards `b` by `t` (0–1). */
export function mix(a: string, b: string, t: number): string {
  const x = parseHex(a);
  const y = parseHex(b);
  return toHex([0, 1, 2].map((i) => Math.round((x[i] as number) + ((y[i] as number) - (x[i] as number)) * t)) as unknown as Rgb);
}

const distance = (a: Rgb, b: Rgb): number => (a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2 + (a[2] - b[2]) ** 2;

/** Colour difference weighted the way eyes weigh it ("redmean"), so hues survive quantising. */
function perceived(a: Rgb, b: Rgb): number {
  const rmean = (a[0] + b[0]) / 2;
  const dr = a[0] - b[0];
  const dg = a[1] - b[1];
  const db = a[2] - b[2];
  return (2 + rmean / 256) * dr * dr + 4 * dg * dg + (2 + (255 - rmean) / 256) * db * db;
}

/** The xterm 256 palette beyond the basic 16: the 6×6×6 cube (16–231) and the grey ramp (232–255). */
const XTERM_256: readonly Rgb[] = (() => {
  const levels = [0, 95, 135, 175, 215, 255];
  const out: Rgb[] = [];
  for (let i = 0; i < 216; i++)
    out.push([levels[Math.floor(i / 36)] as number, levels[Math.floor(i / 6) % 6] as number, levels[i % 6] as number]);
  for (let i = 0; i < 24; i++) out.push([8 + i * 10, 8 + i * 10, 8 + i * 10]);
  return out;
})();
const ansi256Cache = new Map<string, number>();

/** The nearest colour of the xterm 256 palette (its cube or its grey ramp, not the themable 16). */
export function toAnsi256(hex: string): number {
  const cached = ansi256Cache.get(hex);
  if (cached !== undefined) return cached;
  const rgb = parseHex(hex);
  let best = 0;
  for (let i = 1; i < XTERM_256.length; i++) if (perceived(rgb, XTERM_256[i] as Rgb) < perceived(rgb, XTERM_256[best] as Rgb)) best = i;
  ansi256Cache.set(hex, 16 + best);
  return 16 + best;
}

/** xterm's default values of the 16 basic colours, in SGR order (30–37, then 90–97). */
export const BASIC_HEX: readonly string[] = [
  '#000000',
  '#cd0000',
  '#00cd00',
  '#cdcd00',
  '#0000ee',
  '#cd00cd',
  '#00cdcd',
  '#e5e5e5',
  '#7f7f7f',
  '#ff0000',
  '#00ff00',
  '#ffff00',
  '#5c5cff',
  '#ff00ff',
  '#00ffff',
  '#ffffff',
];
const BASIC: readonly Rgb[] = BASIC_HEX.map(parseHex);

/** The nearest of the 16 basic colours, as an index 0–15. */
export function toAnsi16(hex: string): number {
  const rgb = parseHex(hex);
  let best = 0;
  for (let i = 1; i < BASIC.length; i++) if (distance(rgb, BASIC[i] as Rgb) < distance(rgb, BASIC[best] as Rgb)) best = i;
  return best;
}

/** The look of one run of text. */
export interface Style {
  readonly fg?: string;
  readonly bg?: string;
  readonly bold?: boolean;
  readonly dim?: boolean;
}

/** The SGR parameters for `style` in `mode` (empty for the terminal's default look). */
export function sgrParams(style: Style, mode: ColorMode): string[] {
  if (mode === 'plain') return [];
  const params: string[] = [];
  if (style.bold) params.push('1');
  if (style.dim) params.push('2');
  if (!hasColour(mode)) return params;
  const colour = (hex: string, ground: 'fg' | 'bg'): string => {
    if (mode === 'truecolor') return `${ground === 'fg' ? 38 : 48};2;${parseHex(hex).join(';')}`;
    if (mode === 'ansi256') return `${ground === 'fg' ? 38 : 48};5;${toAnsi256(hex)}`;
    const i = toAnsi16(hex);
    return String((ground === 'fg' ? 30 : 40) + (i < 8 ? i : 60 + i - 8));
  };
  if (style.fg) params.push(colour(style.fg, 'fg'));
  if (style.bg) params.push(colour(style.bg, 'bg'));
  return params;
}

/** A run of text and its style; a frame line is a list of these. */
export interface Span {
  readonly text: string;
  readonly style?: Style;
}

/** Columns a character takes: two for East Asian wide ones (CJK, kana, hangul, fullwidth forms), else one. */
export const charWidth = (char: string): number => {
  const c = char.codePointAt(0) ?? 0;
  return (c >= 0x1100 && c <= 0x115f) ||
    (c >= 0x2e80 && c <= 0xa4cf && c !== 0x303f) ||
    (c >= 0xac00 && c <= 0xd7a3) ||
    (c >= 0xf900 && c <= 0xfaff) ||
    (c >= 0xfe30 && c <= 0xfe4f) ||
    (c >= 0xff00 && c <= 0xff60) ||
    (c >= 0xffe0 && c <= 0xffe6) ||
    (c >= 0x20000 && c <= 0x3fffd)
    ? 2
    : 1;
};
/** Printed width of text, in columns: one a character, two for each East Asian wide one (see charWidth). */
export const widthOf = (text: string): number => [...text].reduce((n, char) => n + charWidth(char), 0);
/** The longest start of `text` that fits in `width` columns. */
export function fitColumns(text: string, width: number): string {
  let out = '';
  let used = 0;
  for (const char of text) {
    const w = charWidth(char);
    if (used + w > width) break;
    out += char;
    used += w;
  }
  return out;
}

/** Writes a line of spans with as few escape codes as possible, ending in the default look. */
export function paint(spans: readonly Span[], mode: ColorMode): string {
  let out = '';
  let current = '';
  for (const span of spans) {
    if (span.text === '') continue;
    const params = sgrParams(span.style ?? {}, mode).join(';');
    if (params !== current) {
      out += params === '' ? '\x1b[0m' : `\x1b[0;${params}m`;
      current = params;
    }
    out += span.text;
  }
  if (current !== '') out += '\x1b[0m';
  return out;
}
