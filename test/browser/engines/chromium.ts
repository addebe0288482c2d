/**
 * Chromium through playwright-core (Debian's /usr/bin/chromium, headless, WebGL on
 * SwiftShader). It is also the engine for checks only Chromium can make (CDP: touch input,
 * heap figures, device metrics), which reach its Playwright page through `playwrightPage`.
 */
import { chromium } from 'playwright-core';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { BrowserDriver, ContextDriver, ContextOptions, KeyStep, MediaFeatures, PageDriver, Point } from './driver';

export const CHROMIUM_PATH = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';

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

/** The Playwright page behind a Chromium page driver, for Chromium-only checks. */
const playwrightPages = new WeakMap<PageDriver, Page>();
export const playwrightPageOf = (driver: PageDriver): Page | undefined => playwrightPages.get(driver);

export function launchChromiumBrowser(args: readonly string[] = []): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: [...CHROMIUM_ARGS, ...args] });
}

export async function chromiumDriver(args: readonly string[] = []): Promise<BrowserDriver> {
  const browser = await launchChromiumBrowser(args);
  return {
    engine: 'chromium',
    newContext: async (options) => contextDriver(await browser.newContext(contextOptions(options))),
    close: () => browser.close(),
  };
}

const contextOptions = (options: ContextOptions): Parameters<Browser['newContext']>[0] => ({
  ...(options.viewport ? { viewport: { ...options.viewport } } : {}),
  deviceScaleFactor: options.deviceScaleFactor ?? 1,
  hasTouch: options.hasTouch ?? false,
  ...(options.locale ? { locale: options.locale } : {}),
});

function contextDriver(context: BrowserContext): ContextDriver {
  return {
    newPage: async () => pageDriver(await context.newPage()),
    addInitScript: async (source) => {
      await context.addInitScript(source);
    },
    setOffline: async (offline) => {
      await context.setOffline(offline);
      return true;
    },
    close: () => context.close(),
  };
}

function pageDriver(page: Page): PageDriver {
  const errors: string[] = [];
  const messages: string[] = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    messages.push(`${m.type()}: ${m.text()}`);
    if (m.type() === 'error') errors.push(`console.error: ${m.text()}`);
  });
  const driver: PageDriver = {
    goto: async (url) => {
      await page.goto(url);
    },
    reload: async () => {
      await page.reload();
    },
    url: async () => page.url(),
    evaluate: (expression) => page.evaluate(expression),
    evaluateInFrame: async (urlPart, expression) => {
      const frame = page.frames().find((f) => f.url().includes(urlPart));
      if (!frame) throw new Error(`no frame at an address containing ${urlPart}`);
      return frame.evaluate(expression);
    },
    keys: async (steps: readonly KeyStep[]) => {
      for (const { type, key } of steps) await (type === 'down' ? page.keyboard.down(key) : page.keyboard.up(key));
    },
    mouseMove: async (path: readonly Point[]) => {
      for (const { x, y } of path) await page.mouse.move(x, y);
    },
    click: ({ x, y }) => page.mouse.click(x, y),
    touchDrag: async (path) => {
      // Playwright has no touch drag; CDP's touch events are what a finger sends.
      const cdp = await page.context().newCDPSession(page);
      for (const [i, { x, y }] of path.entries()) {
        const type = i === 0 ? 'touchStart' : 'touchMove';
        await cdp.send('Input.dispatchTouchEvent', { type, touchPoints: [{ x, y, id: 1 }] });
      }
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
      await cdp.detach();
    },
    screenshot: () => page.screenshot(),
    setViewport: (width, height) => page.setViewportSize({ width, height }),
    emulateMedia: (features: MediaFeatures) => page.emulateMedia({ ...features }),
    errors: async () => [...errors],
    messages: async () => [...messages],
    close: () => page.close(),
  };
  playwrightPages.set(driver, page);
  return driver;
}
