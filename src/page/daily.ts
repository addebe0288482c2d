/**
 * The daily challenge: one seed per UTC day, the same game for everyone that day, played in
 * its own saved slot (its own best) so the player's normal game waits untouched.
 */
import { seedFromText } from '../engine';
import type { Lang } from '../i18n/core';
import { ENGLISH } from '../i18n/core';
import { dateTag } from '../i18n/date-tag';

/** Storage prefix of the daily game and its best, apart from the normal game's `cube2048`. */
export const DAILY_KEY_PREFIX = 'cube2048:daily';
export const DAILY_SIZE = 4;
/** The query parameter that opens the daily challenge (`?daily`). */
export const DAILY_PARAM = 'daily';

/** The UTC date as YYYY-MM-DD: the day everyone shares, whatever their time zone. */
export const utcDay = (now: Date): string => now.toISOString().slice(0, 10);

export const dailySeed = (day: string): number => seedFromText(`daily:${day}`);

/** "29 November 2026" (in German "29. November 2026"), for the banner. */
export const dayLabel = (day: string, lang: Lang = ENGLISH): string =>
  new Date(`${day}T12:00:00Z`).toLocaleDateString(dateTag(lang.locale), {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });

export const isDailyUrl = (search: string): boolean => new URLSearchParams(search).has(DAILY_PARAM);

/** The address of today's challenge, or of the normal game, from the current one. */
export function dailyHref(href: string, daily: boolean): string {
  const url = new URL(href);
  url.hash = '';
  url.searchParams.delete('seed');
  url.searchParams.delete('size');
  if (daily) url.searchParams.set(DAILY_PARAM, '');
  else url.searchParams.delete(DAILY_PARAM);
  // `?daily=` reads worse than `?daily` in the address bar.
  return url.href.replace(`${DAILY_PARAM}=`, DAILY_PARAM).replace(/\?$/, '');
}

/** Shows the banner that says the daily challenge is on, with a way back to the normal game; returns what writes its date again in the page's language. */
export function showDailyBanner(doc: Document, day: string, lang: () => Lang): () => void {
  const banner = doc.getElementById('daily-banner');
  if (!banner) return () => undefined;
  banner.hidden = false;
  const label = banner.querySelector<HTMLElement>('[data-fill="day"]');
  const relabel = (): void => {
    if (label) label.textContent = dayLabel(day, lang());
  };
  relabel();
  const leave = banner.querySelector<HTMLAnchorElement>('#leave-daily');
  if (leave) leave.href = dailyHref(doc.location.href, false);
  return relabel;
}
