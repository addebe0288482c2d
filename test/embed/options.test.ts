import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AttributeName, Checked } from '../../src/embed/options';
import * as checks from '../../src/embed/options';
import { ATTRIBUTES, LIVE_OPTIONS, OPTIONS, PROPERTY_ATTRIBUTES, effectOf, storagePrefix } from '../../src/embed/options';
import { problemLine, wordProblem } from '../../src/embed/problems';
import { registerSkin } from '../../src/skins/registry';

/** A check's answer with its problems in words, as the console line says them (problems.ts). */
const worded = <T>({ value, problems }: Checked<T>): { value: T; problems: string[] } => ({ value, problems: problems.map(wordProblem) });
const resolveOptions = (input: unknown) => worded(checks.resolveOptions(input));
const checkAttribute = (attribute: AttributeName, text: string | null, frame?: boolean) =>
  worded(checks.checkAttribute(attribute, text, frame));
const checkLiveOptions = (patch: unknown) => worded(checks.checkLiveOptions(patch));
const optionsFromStrings = (get: (name: AttributeName) => string | null, frame?: boolean) => worded(checks.optionsFromStrings(get, frame));

describe('mountGame options', () => {
  it('default to a 3D game saved under cube2048:embed, keys while focused, following the system', () => {
    expect(resolveOptions(undefined)).toEqual({
      value: {
        skin: 'cubes',
        size: undefined,
        seed: undefined,
        storage: 'cube2048:embed',
        keyboard: 'focus',
        reducedMotion: undefined,
        theme: 'auto',
        history: false,
        view: 'tilted',
        look: 'clay',
        turnable: false,
        on: {},
      },
      problems: [],
    });
  });

  it('take every valid value as given', () => {
    const move = (): void => undefined;
    const { value, problems } = resolveOptions({
      skin: 'flat',
      size: 6,
      seed: 4294967295,
      storage: false,
      keyboard: 'page',
      reducedMotion: true,
      theme: 'dark',
      history: true,
      view: 'top',
      look: 'neon',
      turnable: true,
      on: { move },
    });
    expect(problems).toEqual([]);
    expect(value).toEqual({
      skin: 'flat',
      size: 6,
      seed: 4294967295,
      storage: null,
      keyboard: 'page',
      reducedMotion: true,
      theme: 'dark',
      history: true,
      view: 'top',
      look: 'neon',
      turnable: true,
      on: { move },
    });
  });

  it('replace each bad value by its default and say why, naming the value', () => {
    const { value, problems } = resolveOptions({
      size: 99,
      seed: 'abc<script>',
      skin: 'Round Cubes',
      theme: 'plaid',
      keyboard: 'everywhere',
      reducedMotion: 'yes',
      storage: 'has space',
    });
    expect(value).toMatchObject({
      size: undefined,
      seed: undefined,
      skin: 'cubes',
      theme: 'auto',
      keyboard: 'focus',
      reducedMotion: undefined,
      storage: 'cube2048:embed',
    });
    expect(problems).toHaveLength(7);
    expect(problems.join('\n')).toContain('option size 99 is not a board size from 3 to 8, so 4 is used');
    expect(problems.join('\n')).toContain('option seed "abc<script>" is not a whole number from 0 to 4294967295, so a random seed is used');
    expect(problems.join('\n')).toContain('option skin "Round Cubes" is not a skin (one of cubes, flat, or a factory), so cubes is used');
  });

  it('take a skin factory, or the name of a registered skin', () => {
    const factory = () => ({ name: 'mine', mount() {}, setHint() {}, update() {}, finish() {}, dispose() {} });
    expect(resolveOptions({ skin: factory })).toEqual({ value: expect.objectContaining({ skin: factory }), problems: [] });
    expect(resolveOptions({ skin: 'neon-glow' }).problems).toEqual([
      'option skin "neon-glow" is not a skin (one of cubes, flat, or a factory), so cubes is used',
    ]);
    registerSkin('neon-glow', factory);
    expect(resolveOptions({ skin: 'neon-glow' })).toEqual({ value: expect.objectContaining({ skin: 'neon-glow' }), problems: [] });
  });

  it("leave an attribute's skin name to be looked up when the game shows it (the page may register it later), but not the iframe page's", () => {
    expect(checkAttribute('skin', 'not-yet').value).toEqual({ skin: 'not-yet' });
    expect(checkAttribute('skin', 'Not Yet').problems).toHaveLength(1);
    expect(checkAttribute('skin', 'not-yet', true).problems).toEqual([
      expect.stringMatching(/^skin="not-yet" is not a skin \(one of cubes, flat/),
    ]);
  });

  it('refuse the showcase-only text skin in a game', () => {
    expect(resolveOptions({ skin: 'text' }).problems).toEqual([
      expect.stringMatching(/^option skin "text" is not a skin \(one of cubes, flat/),
    ]);
    expect(checkAttribute('skin', 'text').problems).toHaveLength(1);
  });

  it('keep no history unless asked, and say so for a value that is not true or false', () => {
    expect(checkAttribute('history', '').value).toEqual({ history: true });
    expect(checkAttribute('history', 'false').value).toEqual({ history: false });
    expect(checkAttribute('history', 'yes').problems).toEqual(['history="yes" is not true, false or auto, so games are not kept']);
    expect(resolveOptions({ history: 1 }).problems).toEqual(['option history 1 is not true or false, so games are not kept']);
  });

  it('reject fractional, negative and too large numbers', () => {
    for (const size of [4.5, -4, 2, 9]) expect(resolveOptions({ size }).value.size).toBeUndefined();
    for (const seed of [1.5, -1, 2 ** 32]) expect(resolveOptions({ seed }).value.seed).toBeUndefined();
  });

  it('name unknown options and callbacks that are not functions', () => {
    const { value, problems } = resolveOptions({ skn: 'flat', on: { move: 'go', land: () => undefined } });
    expect(problems).toEqual([
      'option "skn" is unknown (known: skin, size, dimensions, seed, storage, keyboard, reducedMotion, theme, lang, history, view, look, turnable, on)',
      'on.move is "go", not a function',
      'on.land is not an event (known: move, score, won, over)',
    ]);
    expect(value.on).toEqual({});
  });

  it('quote long values shortened, and things that are not text by their kind', () => {
    const [problem] = resolveOptions({ skin: 'x'.repeat(100) }).problems;
    expect(problem).toContain(`"${'x'.repeat(40)}…"`);
    expect(resolveOptions({ skin: { evil: true } }).problems[0]).toContain('option skin an object');
    expect(resolveOptions('flat').problems).toEqual(['the options must be an object, not "flat"; defaults are used']);
  });

  it('keep storage keys under cube2048, so they never clash with the host page’s own', () => {
    expect(storagePrefix('daily')).toBe('cube2048:daily');
    expect(storagePrefix('cube2048:daily')).toBe('cube2048:daily');
    expect(resolveOptions({ storage: 'scores.v2' }).value.storage).toBe('cube2048:scores.v2');
  });

  it('are told in one console line, naming the call they were wrong in', () => {
    expect(problemLine([])).toBeNull();
    expect(problemLine(['a', 'b'])).toBe('cube2048: a; b.');
    expect(problemLine(checks.checkDirection('sideways').problems, 'move')).toBe(
      'cube2048: move: "sideways" is not a direction; use one of left, right, up, down.',
    );
  });
});

describe('<cube-2048> attributes and iframe address parameters', () => {
  const read = (attributes: Record<string, string>) => optionsFromStrings((name) => attributes[name] ?? null);

  it('read numbers written as digits only', () => {
    expect(read({ size: '5', seed: '42' }).value).toMatchObject({ size: 5, seed: 42 });
    const { value, problems } = read({ size: '5.0', seed: '0x2a' });
    expect(value).toMatchObject({ size: undefined, seed: undefined });
    expect(problems).toEqual([
      'size="5.0" is not a board size from 3 to 8, so 4 is used',
      'seed="0x2a" is not a whole number from 0 to 4294967295, so a random seed is used',
    ]);
  });

  it('turn saving off with storage-key="none"', () => {
    expect(read({ 'storage-key': 'none' }).value.storage).toBeNull();
    expect(read({ 'storage-key': 'left' }).value.storage).toBe('cube2048:left');
  });

  it('read reduced-motion as a boolean attribute, "false" and "auto" included', () => {
    expect(checkAttribute('reduced-motion', '').value).toEqual({ reducedMotion: true });
    expect(checkAttribute('reduced-motion', 'true').value).toEqual({ reducedMotion: true });
    expect(checkAttribute('reduced-motion', 'false').value).toEqual({ reducedMotion: false });
    expect(checkAttribute('reduced-motion', null).value).toEqual({ reducedMotion: undefined });
    expect(checkAttribute('reduced-motion', 'maybe').problems).toEqual([
      'reduced-motion="maybe" is not true, false or auto, so the system setting is followed',
    ]);
  });

  it('read the 3D view, the look and turnable, naming a bad one with what it may be', () => {
    expect(read({ view: 'top', look: 'glass', turnable: '' }).value).toMatchObject({ view: 'top', look: 'glass', turnable: true });
    expect(read({ turnable: 'false' }).value.turnable).toBe(false);
    const { value, problems } = read({ view: 'side', look: 'chrome', turnable: 'yes' });
    expect(value).toMatchObject({ view: 'tilted', look: 'clay', turnable: undefined });
    expect(problems).toEqual([
      'view="side" is not one of tilted, top, so tilted is used',
      'look="chrome" is not one of clay, glossy, glass, neon, so clay is used',
      'turnable="yes" is not true, false or auto, so the board does not turn',
    ]);
    expect(checkLiveOptions({ look: 'glossy', view: 'top', turnable: true }).value).toEqual({
      look: 'glossy',
      view: 'top',
      turnable: true,
    });
    expect(checkLiveOptions({ look: 'wood' }).problems).toEqual([
      'option look "wood" is not one of clay, glossy, glass, neon, so clay is used',
    ]);
  });

  it('go back to the default when an attribute is removed', () => {
    expect(checkAttribute('skin', null).value).toEqual({ skin: 'cubes' });
    expect(checkAttribute('theme', null).value).toEqual({ theme: 'auto' });
    expect(checkAttribute('storage-key', null).value).toEqual({ storage: 'cube2048:embed' });
  });
});

describe('the options table', () => {
  /** The README's option table, row by row: [option, attribute, values, default, on a running game]. */
  const readmeRows = (): string[][] => {
    const readme = readFileSync(resolve(import.meta.dirname, '../../README.md'), 'utf8');
    const table = /<!-- options:start -->([\s\S]*?)<!-- options:end -->/.exec(readme)?.[1] ?? '';
    return table
      .split('\n')
      .filter((line) => line.startsWith('| `'))
      .map((line) =>
        line
          .split('|')
          .slice(1, -1)
          .map((cell) => cell.trim()),
      );
  };
  const EFFECT_WORDS = { live: 'live', skin: 'redraws', newGame: 'new game', restart: 'restarts', mount: 'at mount' } as const;
  const bare = (value: unknown): string => String(value).replace(/^cube2048:/, '');

  it("is the README's list of options, with the same attributes, defaults and effects", () => {
    const rows = readmeRows();
    expect(rows.map((row) => row[0])).toEqual(Object.keys(OPTIONS).map((name) => `\`${name}\``));
    for (const [option, attribute, , defaults, effect] of rows) {
      const spec = OPTIONS[(option ?? '').replaceAll('`', '') as keyof typeof OPTIONS];
      expect(attribute, option).toBe(spec.attribute === undefined ? '—' : `\`${spec.attribute}\``);
      expect(effect, option).toContain(EFFECT_WORDS[spec.effect]);
      for (const value of [spec.default, 'frameDefault' in spec ? spec.frameDefault : undefined])
        if (typeof value === 'string') expect(defaults, option).toContain(`\`${bare(value)}\``);
    }
  });

  it('gives every attribute to exactly one option, and lets only the live ones change a running game', () => {
    expect(new Set(ATTRIBUTES).size).toBe(ATTRIBUTES.length);
    expect(LIVE_OPTIONS).toEqual(['keyboard', 'reducedMotion', 'theme', 'lang', 'view', 'look', 'turnable']);
    expect(checkLiveOptions({ theme: 'dark', keyboard: 'page' })).toEqual({ value: { theme: 'dark', keyboard: 'page' }, problems: [] });
    expect(checkLiveOptions({ reducedMotion: undefined }).value).toEqual({ reducedMotion: undefined });
    const { value, problems } = checkLiveOptions({ size: 5, theme: 'plaid' });
    expect(value).toEqual({});
    expect(problems).toEqual([
      'option "size" cannot change while the game runs (these can: keyboard, reducedMotion, theme, lang, view, look, turnable)',
      'option theme "plaid" is not one of light, dark, auto, so auto is used',
    ]);
  });

  it('gives the iframe page its own defaults where its address is silent', () => {
    const framed = optionsFromStrings(() => null, true).value;
    expect(framed).toMatchObject({ keyboard: 'page', storage: 'cube2048:frame', skin: 'cubes', theme: 'auto' });
    expect(optionsFromStrings((name) => (name === 'keyboard' ? 'focus' : null), true).value.keyboard).toBe('focus');
  });
});

describe('the lang option', () => {
  it('takes a language we speak, matched as browsers match theirs, from JavaScript, an attribute or an address', () => {
    expect(resolveOptions({ lang: 'de' })).toEqual({ value: expect.objectContaining({ lang: 'de' }), problems: [] });
    expect(resolveOptions({ lang: 'pt' }).value.lang).toBe('pt-BR');
    expect(checkAttribute('lang', 'de-AT')).toEqual({ value: { lang: 'de' }, problems: [] });
    expect(optionsFromStrings((name) => (name === 'lang' ? 'ja' : null), true).value.lang).toBe('ja');
    expect(checkLiveOptions({ lang: 'ar' })).toEqual({ value: { lang: 'ar' }, problems: [] });
    expect(effectOf('lang').effect).toBe('live');
  });

  it("names a language it does not speak in the usual one line, and follows the browser's instead", () => {
    const { value, problems } = resolveOptions({ lang: 'klingon<b>' });
    expect(value.lang).toBeUndefined();
    expect(problemLine(problems)).toBe(
      'cube2048: option lang "klingon<b>" is not a language cube2048 speaks (en, es, pt-BR, fr, de, it, ru, zh-CN, ja, ko, ar), so the browser\'s language is used.',
    );
    expect(checkAttribute('lang', 'xx').problems).toEqual([
      'lang="xx" is not a language cube2048 speaks (en, es, pt-BR, fr, de, it, ru, zh-CN, ja, ko, ar), so the browser\'s language is used',
    ]);
    expect(resolveOptions({ lang: 42 }).problems).toHaveLength(1);
  });

  it('leaves <cube-2048> the lang property every element has', () => {
    expect(ATTRIBUTES).toContain('lang');
    expect(PROPERTY_ATTRIBUTES).not.toContain('lang');
  });
});
