import { describe, expect, it } from 'vitest';
import { newGame } from '../../src/engine';
import { langFor } from '../../src/i18n/core';
import { codeFromLink, decodeRecord, encodeRecord, recordOf } from '../../src/replay/record';
import { dailyHref, dailySeed, dayLabel, isDailyUrl, utcDay } from '../../src/page/daily';
import { parseSeed, shareLink } from '../../src/page/share';

describe('share links', () => {
  it('point at the same page with the game in the fragment, dropping the query', () => {
    const record = recordOf(newGame({ seed: 99 }));
    const link = shareLink('https://example.org/games/index.html?daily&seed=5#old', encodeRecord(record));
    expect(link.startsWith('https://example.org/games/index.html#g=')).toBe(true);
    const decoded = decodeRecord(codeFromLink(link));
    expect(decoded).toEqual({ ok: true, value: record });
  });
});

describe('typed seeds', () => {
  it('accept whole numbers from 0 to 4294967295, spaces around allowed', () => {
    expect(parseSeed(' 0 ')).toEqual({ ok: true, seed: 0 });
    expect(parseSeed('4294967295')).toEqual({ ok: true, seed: 4294967295 });
  });
  it.each(['', '   ', '-1', '1.5', '1e3', '4294967296', '12x', '0x10', '99999999999'])('refuse %j with a message', (text) => {
    const parsed = parseSeed(text);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.error).toMatch(/whole number from 0 to 4294967295/);
  });
});

describe('the daily challenge', () => {
  it('is the same seed all UTC day, whatever the local time zone, and changes at UTC midnight', () => {
    const morning = utcDay(new Date('2026-11-29T00:00:00Z'));
    const night = utcDay(new Date('2026-11-29T23:59:59.999Z'));
    expect(morning).toBe('2026-11-29');
    expect(night).toBe(morning);
    expect(utcDay(new Date('2026-11-29T20:00:00-08:00'))).toBe('2026-11-30');
    expect(dailySeed(morning)).toBe(dailySeed(night));
    expect(dailySeed('2026-11-30')).not.toBe(dailySeed('2026-11-29'));
    expect(dayLabel('2026-11-29')).toBe('29 November 2026');
  });

  it('names its day in the player’s language, as the history writes its dates', () => {
    expect(dayLabel('2026-11-29', langFor('de'))).toBe('29. November 2026');
    expect(dayLabel('2026-11-29', langFor('ar'))).toBe('29 نوفمبر 2026');
    expect(dayLabel('2026-11-29', langFor('ja'))).toBe('2026年11月29日');
  });

  it('is opened and left by address, keeping the rest of it', () => {
    const into = dailyHref('https://example.org/index.html?seed=5&lang=fr#g=abc', true);
    expect(into).toBe('https://example.org/index.html?lang=fr&daily');
    expect(isDailyUrl(new URL(into).search)).toBe(true);
    expect(dailyHref(into, false)).toBe('https://example.org/index.html?lang=fr');
    expect(dailyHref('https://example.org/index.html', true)).toBe('https://example.org/index.html?daily');
  });
});
