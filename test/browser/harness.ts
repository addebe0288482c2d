/**
 * The one place that knows how to start Chromium for tests: Debian's browser, headless,
 * no network chatter, WebGL on SwiftShader. Every browser test launches through here.
 */
import { chromium } from 'playwright-core';
import type { Browser, BrowserContext, LaunchOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS: readonly string[] = [
  '--no-sandbox',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  '--use-angle=swiftshader',
  '--enable-unsafe-swiftshader',
  '--ignore-gpu-blocklist',
];

export function launchBrowser(extra: Partial<LaunchOptions> & { args?: string[] } = {}): Promise<Browser> {
  const { args = [], ...rest } = extra;
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, ...rest, args: [...CHROMIUM_ARGS, ...args] });
}

/**
 * One browser for the tests of the enclosing `describe`: launched before them, closed after.
 * Returns the browser; calling it before the tests start is a mistake and throws.
 */
export function sharedBrowser(): () => Browser {
  let browser: Browser | null = null;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error('sharedBrowser(): the browser is launched in beforeAll, so use it inside a test');
    return browser;
  };
}

/** Base URL of the built site served for this test run (see global-setup.ts). */
export const siteUrl = (path = ''): string => new URL(path, inject('siteUrl')).href;

/** A page that fails the test on any console error or uncaught exception it sees. */
export async function openPage(
  browser: Browser,
  path: string,
  options: Parameters<Browser['newContext']>[0] = {},
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport: { width: 800, height: 800 }, deviceScaleFactor: 1, ...options });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console.error: ${m.text()}`);
  });
  await page.goto(siteUrl(path));
  return { context, page, errors };
}

declare module 'vitest' {
  export interface ProvidedContext {
    siteUrl: string;
    siteDir: string;
  }
}
