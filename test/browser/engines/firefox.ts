/**
 * Firefox: Debian's firefox-esr through puppeteer-core over WebDriver BiDi. Headful under
 * Xvfb, because headless Firefox has no WebGL here (a headful one gets Mesa's llvmpipe).
 */
import puppeteer from 'puppeteer-core';
import type { Browser, BrowserContext, KeyInput, Page } from 'puppeteer-core';
import { ensureDisplay } from './display';
import type { BrowserDriver, ContextDriver, ContextOptions, MediaFeatures, PageDriver } from './driver';
import { applyMedia, mediaShimSource } from './in-page';

export const FIREFOX_PATH = process.env['FIREFOX_PATH'] ?? '/usr/bin/firefox-esr';

async function launchFirefox(): Promise<Browser> {
  const display = await ensureDisplay();
  return puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX_PATH,
    protocol: 'webDriverBiDi',
    headless: false,
    env: { ...process.env, DISPLAY: display },
    extraPrefsFirefox: {
      // A page in a background tab still gets animation frames and timers at full rate.
      'dom.min_background_timeout_value': 4,
      'layout.throttled_frame_rate': 60,
    },
  });
}

/**
 * One Firefox for a whole test run (it takes five seconds to start, once per test file
 * otherwise): launched with no WebDriver session held, so each file in turn opens its own
 * (Firefox allows one at a time) by `firefoxDriver(endpoint)`.
 */
export async function launchSharedFirefox(): Promise<{ readonly endpoint: string; close(): void }> {
  const launched = await launchFirefox();
  const endpoint = launched.wsEndpoint();
  const firefox = launched.process();
  await launched.disconnect();
  return { endpoint, close: () => void firefox?.kill() };
}

/** A Firefox of its own, or a session on the run's shared one at `endpoint` (see `launchSharedFirefox`). */
export async function firefoxDriver(endpoint?: string): Promise<BrowserDriver> {
  const browser: Browser = endpoint
    ? await puppeteer.connect({ browserWSEndpoint: endpoint, protocol: 'webDriverBiDi' })
    : await launchFirefox();
  const contexts = new Set<BrowserContext>();
  return {
    engine: 'firefox',
    newContext: async (options) => {
      const context = await browser.createBrowserContext();
      contexts.add(context);
      return contextDriver(context, options);
    },
    close: endpoint
      ? async () => {
          // The next file gets the browser as this one found it.
          await Promise.all([...contexts].filter((c) => !c.closed).map((c) => c.close().catch(() => undefined)));
          await browser.disconnect();
        }
      : () => browser.close(),
  };
}

function contextDriver(context: BrowserContext, options: ContextOptions): ContextDriver {
  const scripts: string[] = [];
  const pages: Page[] = [];
  return {
    newPage: async () => {
      const page = await context.newPage();
      pages.push(page);
      const media = await page.evaluateOnNewDocument(mediaShimSource({}));
      for (const source of scripts) await page.evaluateOnNewDocument(source);
      const { width, height } = options.viewport ?? { width: 800, height: 800 };
      await page.setViewport({ width, height, deviceScaleFactor: options.deviceScaleFactor ?? 1, hasTouch: options.hasTouch ?? false });
      return pageDriver(page, options, media.identifier);
    },
    addInitScript: async (raw) => {
      // Not in a tab's first blank document, which Firefox runs preload scripts in too (unlike
      // Playwright's init scripts): its storage throws, and no test means that page.
      const source = `if (location.href !== '' && location.href !== 'about:blank') { ${raw}\n}`;
      scripts.push(source);
      for (const page of pages) await page.evaluateOnNewDocument(source);
    },
    setOffline: async (offline) => {
      try {
        for (const page of pages) await page.setOfflineMode(offline);
        return true;
      } catch {
        return false;
      }
    },
    close: () => context.close(),
  };
}

function pageDriver(page: Page, options: ContextOptions, mediaScript: string): PageDriver {
  let media: MediaFeatures = {};
  const errors: string[] = [];
  const messages: string[] = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e instanceof Error ? e.message : String(e)}`));
  page.on('console', (m) => {
    const type = m.type() === 'warn' ? 'warning' : m.type();
    messages.push(`${type}: ${m.text()}`);
    if (type === 'error') errors.push(`console.error: ${m.text()}`);
  });
  // Only the tab in front renders: bring a page forward before it is driven.
  const front = async (): Promise<void> => {
    await page.bringToFront();
  };
  return {
    goto: async (url) => {
      await front();
      await page.goto(url);
    },
    reload: async () => {
      await page.reload();
    },
    url: async () => page.url(),
    evaluate: async (expression) => page.evaluate(expression),
    evaluateInFrame: async (urlPart, expression) => {
      const frame = page.frames().find((f) => f.url().includes(urlPart));
      if (!frame) throw new Error(`no frame at an address containing ${urlPart}`);
      return frame.evaluate(expression);
    },
    keys: async (steps) => {
      for (const { type, key } of steps) await (type === 'down' ? page.keyboard.down(key as KeyInput) : page.keyboard.up(key as KeyInput));
    },
    mouseMove: async (path) => {
      for (const { x, y } of path) await page.mouse.move(x, y);
    },
    click: ({ x, y }) => page.mouse.click(x, y),
    touchDrag: async (path) => {
      const [start, ...rest] = path;
      if (!start) return;
      const touch = await page.touchscreen.touchStart(start.x, start.y);
      for (const { x, y } of rest) await touch.move(x, y);
      await touch.end();
    },
    screenshot: async () => page.screenshot(),
    setViewport: (width, height) =>
      page.setViewport({ width, height, deviceScaleFactor: options.deviceScaleFactor ?? 1, hasTouch: options.hasTouch ?? false }),
    emulateMedia: async (features) => {
      // The shim must run first on later loads, with the new setting: it is replaced, and told now.
      media = { ...media, ...features };
      await page.removeScriptToEvaluateOnNewDocument(mediaScript);
      mediaScript = (await page.evaluateOnNewDocument(mediaShimSource(media))).identifier;
      await page.evaluate(applyMedia(media));
    },
    errors: async () => [...errors],
    messages: async () => [...messages],
    close: () => page.close(),
  };
}
