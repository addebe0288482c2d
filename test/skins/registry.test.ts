import { describe, expect, it } from 'vitest';
import { knownSkinNames, registerSkin } from '../../src/skins/registry';
import { registeredSkin, unknownSkinLine } from '../../src/game-ui/custom-skin';
import type { Skin, SkinFactory } from '../../src/skins/skin';
import { notASkin } from '../../src/skins/not-a-skin';

const quiet: SkinFactory = (): Skin => ({ name: 'quiet', mount() {}, setHint() {}, update() {}, finish() {}, dispose() {} });

describe('registerSkin', () => {
  it('makes a skin found by its name, after the built-in ones in the list of names', () => {
    registerSkin('quiet-one', quiet);
    expect(registeredSkin('quiet-one')).toBe(quiet);
    expect(knownSkinNames()).toEqual(['cubes', 'flat', 'quiet-one']);
  });

  it('refuses built-in names, names taken twice, names that would not fit an attribute, and factories that are not functions', () => {
    expect(() => registerSkin('flat', quiet)).toThrow('cube2048: registerSkin needs a name of its own: "flat" is built in');
    expect(() => registerSkin('text', quiet)).toThrow('"text" is built in');
    registerSkin('twice', quiet);
    expect(() => registerSkin('twice', quiet)).toThrow('cube2048: registerSkin needs a name of its own: "twice" is already registered');
    for (const name of ['', 'Neon', 'neon glow', '9lives', 'x'.repeat(33), '<b>']) {
      expect(() => registerSkin(name, quiet)).toThrow(
        `cube2048: registerSkin needs a name of a-z, 0-9 and - (a letter first, 32 at most), not ${JSON.stringify(name)}`,
      );
    }
    expect(() => registerSkin('broken', 'createBrokenSkin' as unknown as SkinFactory)).toThrow(
      'cube2048: registerSkin needs a factory function',
    );
  });

  it('finds no skin by an unknown name, and has one line for it that names what is known and what to do', () => {
    expect(registeredSkin('neon')).toBeNull();
    expect(unknownSkinLine('neon', knownSkinNames(), 'cubes')).toMatch(
      /^cube2048: skin "neon" is not built in or registered \(known: cubes, flat, .*; register yours before the game mounts\), so cubes is shown\.$/,
    );
  });

  it('shares its registrations between copies of the package on one page', async () => {
    const copy = (await import('../../src/skins/registered?copy' as string)) as typeof import('../../src/skins/registered');
    copy.registered.set('from-a-copy', quiet);
    expect(registeredSkin('from-a-copy')).toBe(quiet);
  });
});

describe('a factory result that is not a skin', () => {
  it('is described: what it is, or which calls it lacks', () => {
    expect(notASkin(undefined)).toBe('the factory returned undefined without name, mount, setHint, update, finish, dispose: not a skin');
    expect(notASkin(null)).toBe('the factory returned null without name, mount, setHint, update, finish, dispose: not a skin');
    expect(notASkin({ mount() {} })).toBe('the factory returned an object without name, setHint, update, finish, dispose: not a skin');
    expect(notASkin({ name: 'half', mount() {}, dispose() {} })).toBe(
      'the factory returned an object without setHint, update, finish: not a skin',
    );
    expect(notASkin(quiet())).toBeNull();
  });
});
