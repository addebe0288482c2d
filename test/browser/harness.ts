/**
 * The one place that knows how to start a browser for tests. Each vitest project runs the
 * browser files in one engine (CUBE2048_ENGINE: chromium, firefox or webkit, see
 * vite.config.ts); tests drive it through `TestPage`, which means the same in all three.
 * A test gets its browser from `sharedBrowser()` (with extra Chromium switches where it needs
 * them), or a second, Chromium-only one from `sharedChromium()`; no test launches one otherwise.
 * Chromium-only checks (CDP) say so with `chromiumOnly` and reach Playwright's page with `playwright`.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, inject, it } from 'vitest';
import { chromiumDriver, playwrightPageOf } from './engines/chromium';
import type { ContextOptions, EngineName } from './engines/driver';
import { firefoxDriver } from './engines/firefox';
import type { TestContext, TestPage } from './engines/page';
import { TestBrowser } from './engines/page';
import { webkitDriver } from './engines/webkit';

export type { ContextOptions, EngineName } from './engines/driver';
export type { Box, Locator, TestContext, TestPage } from './engines/page';
export { TestBrowser } from './engines/page';
export { CHROMIUM_ARGS, CHROMIUM_PATH } from './engines/chromium';

export const ENGINES: readonly EngineName[] = ['chromium', 'firefox', 'webkit'];

/** The engine of this test run: CUBE2048_ENGINE, else Chromium. */
export const ENGINE: EngineName = (() => {
  const name = process.env['CUBE2048_ENGINE'] ?? 'chromium';
  if (!(ENGINES as readonly string[]).includes(name)) throw new Error(`CUBE2048_ENGINE=${name}: expected one of ${ENGINES.join(', ')}`);
  return name as EngineName;
})();

/** What this engine's automation can do, where the engines differ (not what the product does). */
export const supports = {
  /** WebKitGTK's WebDriver cannot emulate a device pixel ratio. */
  deviceScaleFactor: ENGINE !== 'webkit',
} as const;

/**
 * Long sweeps (ten thousand random inputs, the corrupt-save cases, every language, a hundred
 * mount cycles) run whole in Chromium and one case in three in Firefox and WebKit, which take two
 * to three times as long here: the part still meets each kind of case in each engine, and a
 * 2-core CI run stays within its time. `keep` names cases every engine runs.
 */
export function sweep<T>(cases: readonly T[], keep: (c: T) => boolean = () => false): readonly T[] {
  return ENGINE === 'chromium' ? cases : cases.filter((c, i) => i % 3 === 0 || i === cases.length - 1 || keep(c));
}

/** How many of a sweep of `count` runs in this engine (see `sweep`). */
export const sweepCount = (count: number): number => (ENGINE === 'chromium' ? count : Math.ceil(count / 3));

export interface LaunchOptions {
  /** Extra Chromium switches (ignored by the other engines, which have no such switches). */
  readonly chromiumArgs?: readonly string[];
  /** A running Firefox to open a session on, rather than launching one. */
  readonly firefoxEndpoint?: string | undefined;
}

/** This run's engine; in Firefox a session on the run's one Firefox (global-setup.ts). */
const launchBrowser = (options: LaunchOptions = {}): Promise<TestBrowser> =>
  launchEngine(ENGINE, ENGINE === 'firefox' ? { ...options, firefoxEndpoint: inject('firefoxEndpoint') } : options);

/** A named engine (the benchmarks measure each in turn). */
export async function launchEngine(engine: EngineName, options: LaunchOptions = {}): Promise<TestBrowser> {
  const driver =
    engine === 'chromium'
      ? await chromiumDriver(options.chromiumArgs)
      : engine === 'firefox'
        ? await firefoxDriver(options.firefoxEndpoint)
        : await webkitDriver();
  return new TestBrowser(driver);
}

/**
 * One browser for the tests of the enclosing `describe` (or file): launched before them, closed
 * after (after the hooks registered later, so a file's own servers close first). This is how
 * every test gets a browser. Returns the browser; calling it before the tests start throws.
 */
export function sharedBrowser(options: LaunchOptions = {}): () => TestBrowser {
  return shared('sharedBrowser()', () => launchBrowser(options));
}

/**
 * A second browser with other Chromium switches, for the enclosing `describe`'s `chromiumOnly`
 * checks: launched in Chromium alone; asking for it in another engine throws.
 */
export function sharedChromium(chromiumArgs: readonly string[]): () => TestBrowser {
  return shared('sharedChromium()', ENGINE === 'chromium' ? () => launchBrowser({ chromiumArgs }) : null);
}

function shared(name: string, launch: (() => Promise<TestBrowser>) | null): () => TestBrowser {
  let browser: TestBrowser | null = null;
  beforeAll(async () => {
    if (launch) browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!launch) throw new Error(`${name}: this browser is launched in Chromium only, and this run is ${ENGINE}`);
    if (!browser) throw new Error(`${name}: the browser is launched in beforeAll, so use it inside a test`);
    return browser;
  };
}

/** `it` in Chromium, a skipped test elsewhere: for checks only CDP can make. Say why in `reason`. */
export function chromiumOnly(reason: string): ReturnType<typeof it.skipIf> {
  if (!reason) throw new Error('chromiumOnly: say why the check needs Chromium');
  return it.skipIf(ENGINE !== 'chromium');
}

/** The Playwright page behind a Chromium page, for a `chromiumOnly` check. */
export function playwright(page: TestPage): Page {
  const native = playwrightPageOf(page.driver);
  if (!native) throw new Error(`a Chromium-only check ran in ${ENGINE}`);
  return native;
}

/** Base URL of the built site served for this test run (see global-setup.ts). */
export const siteUrl = (path = ''): string => new URL(path, inject('siteUrl')).href;

export interface OpenedPage {
  readonly context: TestContext;
  readonly page: TestPage;
  /** The console errors and uncaught exceptions the page has had. */
  errors(): Promise<string[]>;
  close(): Promise<void>;
}

/** A page in a fresh context at `path` (relative to the site, or absolute); its errors are collected. */
export async function openPage(browser: TestBrowser, path: string, options: ContextOptions = {}): Promise<OpenedPage> {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  await page.goto(path === 'about:blank' ? path : siteUrl(path));
  return { context, page, errors: () => page.errors(), close: () => context.close() };
}

declare module 'vitest' {
  export interface ProvidedContext {
    siteUrl: string;
    siteDir: string;
    /** The run's own folder, for what is made once per run (once-per-run.ts): the npm package, the fixture pages. */
    runDir: string;
    /** The run's one Firefox, in the Firefox project (engines/firefox.ts launchSharedFirefox). */
    firefoxEndpoint?: string;
  }
}
