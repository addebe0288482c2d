import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, SETTINGS_KEY, createSettingsStore, parseSettings } from '../../src/page/settings';
import { parseStartOptions, withoutStartOptions } from '../../src/page/url';
import { memoryStorage } from '../store/memory-storage';

describe('settings', () => {
  it("start with the 3D cubes in clay, the system theme and motion, sound off, vibration on and the browser's language", () => {
    expect(parseSettings(null)).toEqual({
      skin: 'cubes',
      theme: 'system',
      reducedMotion: null,
      sound: false,
      vibration: true,
      language: 'auto',
      view: null,
      look: 'clay',
    });
  });

  it('keep the look the player chose, and forget one there is not', () => {
    expect(parseSettings('{"look":"neon"}').look).toBe('neon');
    for (const bad of ['"chrome"', '1', 'null', '["glass"]']) expect(parseSettings(`{"look":${bad}}`).look, bad).toBe('clay');
  });

  it('keep the 3D view the player left, three numbers, and forget anything else', () => {
    const view = { azimuth: -1.5707963267948966, tilt: 0, zoom: 1.25 };
    expect(parseSettings(JSON.stringify({ view })).view).toEqual(view);
    for (const bad of [
      '"top"',
      '{"azimuth":0,"tilt":0}',
      '{"azimuth":"0","tilt":0,"zoom":1}',
      '{"azimuth":null,"tilt":0,"zoom":1}',
      '[0,0,1]',
    ])
      expect(parseSettings(`{"view":${bad}}`).view, bad).toBeNull();
  });

  it('keep a language cube2048 speaks, and forget one it does not', () => {
    expect(parseSettings('{"language":"de"}').language).toBe('de');
    expect(parseSettings('{"language":"pt-BR"}').language).toBe('pt-BR');
    expect(parseSettings('{"language":"xx"}').language).toBe('auto');
  });

  it('keep every readable field of a save and default the rest, whatever the save holds', () => {
    expect(parseSettings('{"skin":"flat","theme":"dark","sound":true,"reducedMotion":true}')).toEqual({
      ...DEFAULT_SETTINGS,
      skin: 'flat',
      theme: 'dark',
      sound: true,
      reducedMotion: true,
    });
    expect(parseSettings('{"skin":"<img>","theme":42,"sound":"yes","vibration":null,"__proto__":{"skin":"flat"}}')).toEqual(
      DEFAULT_SETTINGS,
    );
    for (const junk of ['', 'not json', '[]', 'null', '"flat"', '{"skin":']) expect(parseSettings(junk)).toEqual(DEFAULT_SETTINGS);
  });

  it('are saved on every change and told to listeners', () => {
    const storage = memoryStorage();
    const store = createSettingsStore(storage);
    const seen: string[] = [];
    store.subscribe((next, previous) => seen.push(`${previous.theme}→${next.theme}`));
    store.set({ theme: 'dark' });
    expect(seen).toEqual(['system→dark']);
    expect(createSettingsStore(storage).get().theme).toBe('dark');
    expect(JSON.parse(storage.map.get(SETTINGS_KEY) ?? '{}')).toMatchObject({ theme: 'dark' });
  });

  it('still work when storage throws on every call', () => {
    const broken = {
      getItem: (): string | null => {
        throw new Error('denied');
      },
      setItem: (): void => {
        throw new Error('full');
      },
      removeItem: (): void => undefined,
    };
    const store = createSettingsStore(broken);
    store.set({ sound: true });
    expect(store.get().sound).toBe(true);
  });
});

describe('start options on the address', () => {
  it('read a seed and a board size', () => {
    expect(parseStartOptions('?seed=123&size=5')).toEqual({ seed: 123, size: 5, problems: [] });
    expect(parseStartOptions('')).toEqual({ problems: [] });
  });

  it('ignore values that are not a seed or a size, and say so', () => {
    const { seed, size, problems } = parseStartOptions('?seed=abc<script>&size=99');
    expect([seed, size]).toEqual([undefined, undefined]);
    expect(problems).toEqual([
      "The link's seed is not a whole number from 0 to 4294967295, so it was ignored.",
      "The link's size is not a board size from 3 to 8, so it was ignored.",
    ]);
    expect(parseStartOptions('?seed=4294967296').problems).toHaveLength(1);
    expect(parseStartOptions('?seed=-1').problems).toHaveLength(1);
  });

  it('are removed from the address once used, keeping everything else', () => {
    expect(withoutStartOptions('https://example.org/cube/index.html?seed=1&size=5&lang=en#top')).toBe(
      'https://example.org/cube/index.html?lang=en#top',
    );
    expect(withoutStartOptions('https://example.org/cube/?seed=1')).toBe('https://example.org/cube/');
  });
});
