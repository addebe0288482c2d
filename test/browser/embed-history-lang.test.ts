/**
 * An embed's history speaks the embed's own language (its `lang` option), whatever the
 * browser's: the notices the recorder gives are worded for that language when they are said.
 * In all three engines: the fault (a database the browser refuses) is injected the same way in each.
 */
import { describe, expect, it } from 'vitest';
import type { TestPage } from './harness';
import { sharedBrowser, siteUrl } from './harness';

/** The notices shown inside the embed's shadow root (embed.html: the game in `#game`). */
const embedNotices = (page: TestPage): Promise<string[]> =>
  page.evaluate(() =>
    [...(document.getElementById('game')?.shadowRoot?.querySelectorAll('.notice p') ?? [])].map((p) => p.textContent ?? ''),
  );

describe('an embed’s history in the embed’s language', () => {
  const browser = sharedBrowser();

  it('tells a German embed whose history database cannot be opened, in German, that its games cannot be kept', async () => {
    // An English browser: the German can only come from the embed's `lang`.
    const context = await browser().newContext({ locale: 'en-US' });
    await context.addInitScript(
      `IDBFactory.prototype.open = function () { throw new DOMException('The user denied permission to access the database.', 'SecurityError'); };`,
    );
    const page = await context.newPage();
    await page.goto(siteUrl('embed.html?skin=flat&history&lang=de&storage-key=german'));
    await expect
      .poll(() => embedNotices(page), { timeout: 10_000 })
      .toEqual([
        expect.stringMatching(
          /^Deine Spiele können in diesem Browser nicht aufbewahrt werden: der Browser hat die Datenbank verweigert \(SecurityError\)\. Das Spiel geht weiter/,
        ),
      ]);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('de');
    expect(await page.errors()).toEqual([]);
    await context.close();
  });
});
