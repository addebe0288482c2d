import { describe, expect, it } from 'vitest';
import { chooseLocale, matchLocale, terminalLocale } from '../../src/i18n/choose';

describe('choosing the language', () => {
  it('matches a tag exactly, by its language, or not at all', () => {
    expect(matchLocale('de')).toBe('de');
    expect(matchLocale('de-AT')).toBe('de');
    expect(matchLocale('PT-br')).toBe('pt-BR');
    expect(matchLocale('pt')).toBe('pt-BR');
    expect(matchLocale('pt-PT')).toBe('pt-BR');
    expect(matchLocale('zh')).toBe('zh-CN');
    expect(matchLocale('zh-Hans-SG')).toBe('zh-CN');
    expect(matchLocale('zh-TW')).toBeNull();
    expect(matchLocale('zh-Hant')).toBeNull();
    expect(matchLocale('en-GB')).toBe('en');
    expect(matchLocale('xx')).toBeNull();
    expect(matchLocale('')).toBeNull();
  });

  it("takes the first of the browser's languages it speaks, English when none", () => {
    expect(chooseLocale(['nl-NL', 'fr-CA', 'de'])).toBe('fr');
    expect(chooseLocale(['zh-TW', 'ja'])).toBe('ja');
    expect(chooseLocale(['nl', 'sv'])).toBe('en');
    expect(chooseLocale([null, undefined, 'ko-KR'])).toBe('ko');
  });

  it("reads the terminal's LC_ALL, then LC_MESSAGES, then LANG, as POSIX does", () => {
    expect(terminalLocale({ LANG: 'de_DE.UTF-8' })).toBe('de');
    expect(terminalLocale({ LANG: 'de_DE.UTF-8', LC_MESSAGES: 'ja_JP.UTF-8' })).toBe('ja');
    expect(terminalLocale({ LANG: 'de_DE.UTF-8', LC_MESSAGES: 'ja_JP.UTF-8', LC_ALL: 'ar_EG.UTF-8' })).toBe('ar');
    expect(terminalLocale({ LANG: 'sr_RS@latin' })).toBe('en');
    expect(terminalLocale({ LANG: 'C.UTF-8' })).toBe('en');
    expect(terminalLocale({ LC_ALL: '', LANG: 'pt_BR.UTF-8' })).toBe('pt-BR');
    expect(terminalLocale({})).toBe('en');
  });
});
