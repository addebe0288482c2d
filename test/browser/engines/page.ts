/**
 * The page, context and browser every browser test uses, whatever the engine: the
 * operations are written once here over a `PageDriver`, so a click, a wait or a read means
 * the same in Chromium, Firefox and WebKit. Names follow Playwright's where they overlap.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Pixels } from '../fixtures/png';
import { decodePng, encodePng } from '../fixtures/png';
import type { BrowserDriver, ContextDriver, ContextOptions, EngineName, KeyStep, MediaFeatures, PageDriver, Point } from './driver';
import { sourceOf } from './in-page';

const DEFAULT_TIMEOUT = 30_000;
const POLL_MS = 40;

/** Serializes a call of `fn` on `arg` into an expression the page evaluates. */
const call = (fn: string | ((...args: never[]) => unknown), ...args: unknown[]): string =>
  typeof fn === 'string' ? fn : `${sourceOf(fn)}(${args.map((a) => (a === undefined ? 'undefined' : JSON.stringify(a))).join(', ')})`;

export interface Box {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/** One step of a locator: a CSS selector, inside the previous step's elements. */
interface Step {
  readonly selector: string;
  readonly hasText?: string;
  readonly nth?: number;
}

/**
 * Runs in the page: the elements a locator chain names. As in Playwright, a selector of
 * descendants reaches into open shadow roots ('cube-2048 .game'): where plain CSS finds
 * nothing, the last part is looked for in every shadow root and the others among its
 * ancestors across shadow boundaries.
 */
function resolveChain(chain: readonly Step[]): Element[] {
  const parentOf = (node: Element): Element | null => node.parentElement ?? (node.parentNode as ShadowRoot | null)?.host ?? null;
  const shadowRoots = (root: Document | Element | ShadowRoot): ShadowRoot[] => {
    const found: ShadowRoot[] = [];
    const visit = (r: Document | Element | ShadowRoot): void => {
      for (const el of r.querySelectorAll('*')) {
        if (el.shadowRoot) {
          found.push(el.shadowRoot);
          visit(el.shadowRoot);
        }
      }
    };
    visit(root);
    return found;
  };
  const deepAll = (root: Document | Element, selector: string): Element[] => {
    const light = [...root.querySelectorAll(selector)];
    if (light.length > 0) return light;
    // Split on spaces outside brackets and parentheses: the descendant combinators.
    const parts: string[] = [];
    let depth = 0;
    let part = '';
    for (const ch of selector.trim()) {
      if (ch === '[' || ch === '(') depth++;
      if (ch === ']' || ch === ')') depth--;
      if (ch === ' ' && depth === 0) {
        if (part) parts.push(part);
        part = '';
      } else part += ch;
    }
    if (part) parts.push(part);
    if (parts.some((p) => p === '>' || p === '+' || p === '~')) return [];
    const last = parts[parts.length - 1] as string;
    const candidates = [root, ...shadowRoots(root)].flatMap((r) => [...r.querySelectorAll(last)]);
    return candidates.filter((el) => {
      let i = parts.length - 2;
      for (let node = parentOf(el); node && i >= 0; node = parentOf(node)) if (node.matches(parts[i] as string)) i--;
      return i < 0;
    });
  };
  let scope: (Document | Element)[] = [document];
  let found: Element[] = [];
  for (const step of chain) {
    found = [...new Set(scope.flatMap((root) => deepAll(root, step.selector)))];
    if (step.hasText !== undefined) found = found.filter((e) => (e.textContent ?? '').includes(step.hasText as string));
    if (step.nth !== undefined) found = found[step.nth] ? [found[step.nth] as Element] : [];
    scope = found;
  }
  return found;
}

export interface Locator {
  locator(selector: string, options?: { hasText?: string }): Locator;
  nth(index: number): Locator;
  count(): Promise<number>;
  allTextContents(): Promise<string[]>;
  textContent(): Promise<string | null>;
  getAttribute(name: string): Promise<string | null>;
  boundingBox(): Promise<Box | null>;
  isVisible(): Promise<boolean>;
  /** Runs `fn` on the first element (waiting for one). */
  evaluate<R, A = undefined>(fn: (element: Element, arg: A) => R | Promise<R>, arg?: A): Promise<R>;
  click(): Promise<void>;
  waitFor(options?: { timeout?: number }): Promise<void>;
}

export interface FilePayload {
  readonly name: string;
  readonly mimeType: string;
  readonly buffer: Uint8Array;
}

/** The page operations tests use, identical in every engine. */
export class TestPage {
  readonly keyboard = {
    /** A key or a chord such as 'Control+z'. */
    press: (combo: string): Promise<void> => this.driver.keys(chord(combo)),
    type: (text: string): Promise<void> =>
      this.driver.keys([...text].flatMap((key) => [{ type: 'down', key } as const, { type: 'up', key } as const])),
    down: (key: string): Promise<void> => this.driver.keys([{ type: 'down', key }]),
    up: (key: string): Promise<void> => this.driver.keys([{ type: 'up', key }]),
  };

  readonly mouse = {
    move: async (x: number, y: number, options: { steps?: number } = {}): Promise<void> => {
      const steps = Math.max(1, options.steps ?? 1);
      const from = this.pointer;
      const path = Array.from({ length: steps }, (_, i) => ({
        x: from.x + ((x - from.x) * (i + 1)) / steps,
        y: from.y + ((y - from.y) * (i + 1)) / steps,
      }));
      await this.driver.mouseMove(path);
      this.pointer = { x, y };
    },
    click: async (x: number, y: number): Promise<void> => {
      await this.driver.click({ x, y });
      this.pointer = { x, y };
    },
  };

  readonly touchscreen = {
    /** One finger down at the first point, moved through the others, lifted at the last. */
    drag: (path: readonly Point[]): Promise<void> => this.driver.touchDrag(path),
  };

  private pointer: Point = { x: 0, y: 0 };
  private viewport: { width: number; height: number };

  constructor(
    readonly engine: EngineName,
    /** The engine's own driver: for the harness, not for tests. */
    readonly driver: PageDriver,
    viewport: { width: number; height: number },
  ) {
    this.viewport = { ...viewport };
  }

  goto(url: string): Promise<void> {
    return this.driver.goto(url);
  }

  reload(): Promise<void> {
    return this.driver.reload();
  }

  url(): Promise<string> {
    return this.driver.url();
  }

  /** Runs `fn` in the page on a JSON-like `arg` and resolves to its JSON-like result. */
  evaluate<R>(fn: string | (() => R | Promise<R>)): Promise<R>;
  evaluate<R, A>(fn: (arg: A) => R | Promise<R>, arg: A): Promise<R>;
  evaluate<R, A>(fn: string | ((arg: A) => R | Promise<R>), arg?: A): Promise<R> {
    return this.driver.evaluate(call(fn, arg)) as Promise<R>;
  }

  /** The same inside the first frame whose address contains `urlPart`. */
  evaluateInFrame<R>(urlPart: string, fn: () => R | Promise<R>): Promise<R> {
    return this.driver.evaluateInFrame(urlPart, call(fn)) as Promise<R>;
  }

  /** Polls `fn` in the page until it returns something truthy, and resolves to that. */
  async waitForFunction<R, A>(fn: string | ((arg: A) => R | Promise<R>), arg?: A, options: { timeout?: number } = {}): Promise<R> {
    const timeout = options.timeout ?? DEFAULT_TIMEOUT;
    const deadline = Date.now() + timeout;
    const expression = call(fn, arg);
    let failure: unknown = null;
    for (;;) {
      try {
        const value = (await this.driver.evaluate(expression)) as R;
        if (value) return value;
      } catch (error) {
        // A navigation under way takes the page away mid-call; the next poll asks the new one.
        failure = error;
      }
      if (Date.now() > deadline)
        throw new Error(
          `waitForFunction: still false after ${timeout} ms: ${expression.slice(0, 300)}${failure ? ` (last error: ${String(failure)})` : ''}`,
        );
      await sleep(POLL_MS);
    }
  }

  waitForTimeout(ms: number): Promise<void> {
    return sleep(ms).then(() => undefined);
  }

  async waitForURL(match: RegExp | ((url: URL) => boolean), options: { timeout?: number } = {}): Promise<void> {
    const deadline = Date.now() + (options.timeout ?? DEFAULT_TIMEOUT);
    const test = (url: string): boolean => (match instanceof RegExp ? match.test(url) : match(new URL(url)));
    while (!test(await this.url())) {
      if (Date.now() > deadline) throw new Error(`waitForURL: the address is still ${await this.url()}`);
      await sleep(POLL_MS);
    }
  }

  /** Runs `action`, then waits until a new document has loaded (a reload, a link, a form). */
  async waitForNavigation(action: () => Promise<unknown>): Promise<void> {
    await this.evaluate(() => {
      (window as unknown as { __cube2048Stale: boolean }).__cube2048Stale = true;
    });
    await action();
    await this.waitForFunction(
      () => !(window as unknown as { __cube2048Stale?: boolean }).__cube2048Stale && document.readyState === 'complete',
    );
  }

  locator(selector: string, options: { hasText?: string } = {}): Locator {
    return this.chain([{ selector, ...(options.hasText === undefined ? {} : { hasText: options.hasText }) }]);
  }

  click(selector: string): Promise<void> {
    return this.locator(selector).click();
  }

  async focus(selector: string): Promise<void> {
    await this.one(selector, (el) => (el as HTMLElement).focus());
  }

  async press(selector: string, combo: string): Promise<void> {
    await this.focus(selector);
    await this.keyboard.press(combo);
  }

  /** Sets a text field's value as typing would end: input and change events fire. */
  async fill(selector: string, value: string): Promise<void> {
    await this.one(
      selector,
      (el, v) => {
        const input = el as HTMLInputElement;
        input.focus();
        input.value = v;
        input.dispatchEvent(new Event('input', { bubbles: true }));
        input.dispatchEvent(new Event('change', { bubbles: true }));
      },
      value,
    );
  }

  async selectOption(selector: string, value: string): Promise<void> {
    await this.one(
      selector,
      (el, v) => {
        const select = el as HTMLSelectElement;
        select.value = v;
        select.dispatchEvent(new Event('input', { bubbles: true }));
        select.dispatchEvent(new Event('change', { bubbles: true }));
      },
      value,
    );
  }

  /** Hands a file input a file (a path or a payload), as choosing it in the file picker would. */
  async setInputFiles(selector: string, file: string | FilePayload): Promise<void> {
    const payload: FilePayload =
      typeof file === 'string' ? { name: basename(file), mimeType: 'application/json', buffer: await readFile(file) } : file;
    await this.one(
      selector,
      (el, f) => {
        const input = el as HTMLInputElement;
        const bytes = Uint8Array.from(atob(f.base64), (c) => c.charCodeAt(0));
        const transfer = new DataTransfer();
        transfer.items.add(new File([bytes], f.name, { type: f.mimeType }));
        input.files = transfer.files;
        input.dispatchEvent(new Event('input', { bubbles: true }));
        input.dispatchEvent(new Event('change', { bubbles: true }));
      },
      { name: payload.name, mimeType: payload.mimeType, base64: Buffer.from(payload.buffer).toString('base64') },
    );
  }

  textContent(selector: string): Promise<string | null> {
    return this.one(selector, (el) => el.textContent);
  }

  getAttribute(selector: string, name: string): Promise<string | null> {
    return this.one(selector, (el, n) => el.getAttribute(n), name);
  }

  inputValue(selector: string): Promise<string> {
    return this.one(selector, (el) => (el as HTMLInputElement).value);
  }

  isChecked(selector: string): Promise<boolean> {
    return this.one(selector, (el) => (el as HTMLInputElement).checked);
  }

  isDisabled(selector: string): Promise<boolean> {
    return this.one(selector, (el) => (el as HTMLInputElement).disabled === true);
  }

  isVisible(selector: string): Promise<boolean> {
    return this.locator(selector).isVisible();
  }

  viewportSize(): { width: number; height: number } {
    return { ...this.viewport };
  }

  async setViewportSize(size: { width: number; height: number }): Promise<void> {
    await this.driver.setViewport(size.width, size.height);
    this.viewport = { ...size };
  }

  emulateMedia(features: MediaFeatures): Promise<void> {
    return this.driver.emulateMedia(features);
  }

  /** A PNG of the viewport, or of `clip` (CSS pixels) in it; saved to `path` when given. */
  async screenshot(options: { clip?: Box; path?: string } = {}): Promise<Uint8Array> {
    let png = await this.driver.screenshot();
    if (options.clip) png = encodePng(crop(decodePng(png), options.clip, await this.evaluate(() => devicePixelRatio)));
    if (options.path) await writeFile(options.path, png);
    return png;
  }

  private errorsTaken = 0;

  /** Console errors and uncaught exceptions the page has had (since `takeErrors`), as "console.error: …" / "pageerror: …". */
  async errors(): Promise<string[]> {
    return (await this.driver.errors()).slice(this.errorsTaken);
  }

  /** The errors so far, which later calls no longer report: for a test that expects some. */
  async takeErrors(): Promise<string[]> {
    const all = await this.driver.errors();
    const taken = all.slice(this.errorsTaken);
    this.errorsTaken = all.length;
    return taken;
  }

  /** Every console message, as "type: text" (for browser warnings the page logs). */
  consoleMessages(): Promise<string[]> {
    return this.driver.messages();
  }

  close(): Promise<void> {
    return this.driver.close();
  }

  private chain(steps: readonly Step[]): Locator {
    const json = (a: unknown): string => (a === undefined ? 'undefined' : JSON.stringify(a));
    const elements = `${sourceOf(resolveChain)}(${JSON.stringify(steps)})`;
    // Composed as source, never with eval in the page: a strict CSP page must run these too.
    const all = <R, A>(fn: (elements: Element[], arg: A) => R, arg?: A): Promise<R> =>
      this.driver.evaluate(`${sourceOf(fn)}(${elements}, ${json(arg)})`) as Promise<R>;
    const first = async <R, A>(fn: (element: Element, arg: A) => R, arg?: A): Promise<R> => {
      await locator.waitFor();
      return this.driver.evaluate(`${sourceOf(fn)}(${elements}[0], ${json(arg)})`) as Promise<R>;
    };
    const locator: Locator = {
      locator: (selector, options = {}) =>
        this.chain([...steps, { selector, ...(options.hasText === undefined ? {} : { hasText: options.hasText }) }]),
      nth: (index) => this.chain([...steps.slice(0, -1), { ...(steps[steps.length - 1] as Step), nth: index }]),
      count: () => all((els) => els.length),
      allTextContents: () => all((els) => els.map((e) => e.textContent ?? '')),
      textContent: () => first((el) => el.textContent),
      getAttribute: (name) => first((el, n) => el.getAttribute(n), name),
      boundingBox: () =>
        all((els) => {
          const el = els[0];
          if (!el) return null;
          const r = el.getBoundingClientRect();
          return { x: r.x, y: r.y, width: r.width, height: r.height };
        }),
      isVisible: () =>
        all((els) => {
          const el = els[0] as HTMLElement | undefined;
          if (!el) return false;
          const r = el.getBoundingClientRect();
          return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden';
        }),
      evaluate: (fn, arg) => first(fn as (element: Element, arg: unknown) => unknown, arg) as never,
      waitFor: async (options = {}) => {
        const timeout = options.timeout ?? DEFAULT_TIMEOUT;
        const deadline = Date.now() + timeout;
        while ((await locator.count()) === 0) {
          if (Date.now() > deadline) throw new Error(`no element matches ${JSON.stringify(steps)} after ${timeout} ms`);
          await sleep(POLL_MS);
        }
      },
      click: async () => {
        // As a person would: wait until it is there, enabled and not covered, then press the mouse on its middle.
        const deadline = Date.now() + DEFAULT_TIMEOUT;
        for (;;) {
          const target = await all((els) => {
            const el = els[0] as HTMLElement | undefined;
            if (!el) return { why: 'no element matches' };
            if ((el as HTMLButtonElement).disabled) return { why: 'the element is disabled' };
            let r = el.getBoundingClientRect();
            if (r.bottom > innerHeight || r.top < 0 || r.right > innerWidth || r.left < 0) {
              el.scrollIntoView({ block: 'center', inline: 'center' });
              r = el.getBoundingClientRect();
            }
            if (r.width === 0 || r.height === 0) return { why: 'the element is not visible' };
            // A dialog sliding in moves its buttons: a press aimed mid-slide lands beside them once it ends.
            const moving = document.getAnimations().some((a) => {
              const effect = a.effect as KeyframeEffect | null;
              const target = effect?.target;
              return (
                a.playState === 'running' &&
                !effect?.pseudoElement &&
                target instanceof Element &&
                target.contains(el) &&
                Number.isFinite(effect?.getComputedTiming().endTime)
              );
            });
            if (moving) return { why: 'the element is moving' };
            const x = r.x + r.width / 2;
            const y = r.y + r.height / 2;
            let hit: Element | null = document.elementFromPoint(x, y);
            while (hit?.shadowRoot) {
              const inner = hit.shadowRoot.elementFromPoint(x, y);
              if (!inner || inner === hit) break;
              hit = inner;
            }
            const inside = (node: Node | null): boolean => {
              for (let n = node; n; n = n instanceof ShadowRoot ? n.host : n.parentNode) if (n === el) return true;
              return false;
            };
            if (el.tagName !== 'IFRAME' && !inside(hit)) return { why: `another element is on top: ${hit?.outerHTML.slice(0, 120)}` };
            return { x, y };
          });
          if ('x' in target) {
            await this.mouse.click(target.x as number, target.y as number);
            return;
          }
          if (Date.now() > deadline) throw new Error(`cannot click ${JSON.stringify(steps)}: ${target.why}`);
          await sleep(POLL_MS);
        }
      },
    };
    return locator;
  }

  /** Waits for `selector` and runs `fn` on its first element. */
  private one<R, A = undefined>(selector: string, fn: (element: Element, arg: A) => R, arg?: A): Promise<R> {
    return this.locator(selector).evaluate(fn as (element: Element, arg: A | undefined) => R, arg);
  }
}

/** 'Control+Shift+z' → downs in order, ups in reverse. */
function chord(combo: string): KeyStep[] {
  const keys = combo === '+' ? ['+'] : combo.split('+');
  return [...keys.map((key) => ({ type: 'down' as const, key })), ...keys.reverse().map((key) => ({ type: 'up' as const, key }))];
}

function crop(image: Pixels, clip: Box, ratio: number): Pixels {
  const x0 = Math.round(clip.x * ratio);
  const y0 = Math.round(clip.y * ratio);
  const width = Math.min(Math.round(clip.width * ratio), image.width - x0);
  const height = Math.min(Math.round(clip.height * ratio), image.height - y0);
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++)
    data.set(image.data.subarray(((y0 + y) * image.width + x0) * 4, ((y0 + y) * image.width + x0 + width) * 4), y * width * 4);
  return { width, height, data };
}

/** A browsing context: its own storage, cookies and cache; pages in it share them. */
export class TestContext {
  private readonly pages: TestPage[] = [];

  constructor(
    readonly engine: EngineName,
    private readonly driver: ContextDriver,
    private readonly viewport: { width: number; height: number },
  ) {}

  async newPage(): Promise<TestPage> {
    const page = new TestPage(this.engine, await this.driver.newPage(), this.viewport);
    this.pages.push(page);
    return page;
  }

  /** Runs `fn(arg)` (or a script's source) before the page's own scripts on every later load. */
  addInitScript<A>(fn: string | ((arg: A) => unknown), arg?: A): Promise<void> {
    return this.driver.addInitScript(call(fn, arg));
  }

  /** Cuts the network; false where the engine cannot under automation (then the test stops the server). */
  setOffline(offline: boolean): Promise<boolean> {
    return this.driver.setOffline(offline);
  }

  close(): Promise<void> {
    return this.driver.close();
  }
}

export class TestBrowser {
  constructor(private readonly driver: BrowserDriver) {}

  get engine(): EngineName {
    return this.driver.engine;
  }

  async newContext(options: ContextOptions = {}): Promise<TestContext> {
    const viewport = options.viewport ?? { width: 800, height: 800 };
    const context = new TestContext(this.engine, await this.driver.newContext({ deviceScaleFactor: 1, ...options, viewport }), viewport);
    // Only Chromium's driver sets the browser's languages itself (see ContextOptions.locale).
    if (options.locale && this.engine !== 'chromium') {
      await context.addInitScript(
        (languages: string[]) => {
          Object.defineProperty(Navigator.prototype, 'languages', { configurable: true, get: () => Object.freeze([...languages]) });
          Object.defineProperty(Navigator.prototype, 'language', { configurable: true, get: () => languages[0] });
        },
        [options.locale, options.locale.split('-')[0] ?? options.locale],
      );
    }
    return context;
  }

  close(): Promise<void> {
    return this.driver.close();
  }
}

/** A picture of the page's viewport region `clip`, as pixels. */
export async function pixelsOf(page: TestPage, clip: Box): Promise<Pixels> {
  return decodePng(await page.screenshot({ clip }));
}
