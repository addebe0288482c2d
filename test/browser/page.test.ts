import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage } from './harness';

describe('the built game page', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('shows a board with two starting tiles and no errors', async () => {
    const { page, errors, context } = await openPage(browser, 'index.html');
    const board = page.locator('#board');
    await board.waitFor();
    const cells = await board.locator('.cell').allTextContents();
    expect(cells).toHaveLength(16);
    expect(cells.filter((t) => /^\d+$/.test(t))).toHaveLength(2);
    expect(errors).toEqual([]);
    await context.close();
  });
});
