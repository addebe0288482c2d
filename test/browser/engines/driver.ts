/**
 * What each engine's driver must do, and no more: navigation, script, raw input, a viewport
 * screenshot. Everything a test calls on a page (clicks on selectors, waiting, reading text)
 * is built once on top of this in `page.ts`, so it behaves the same in every engine.
 */

export type EngineName = 'chromium' | 'firefox' | 'webkit';

export interface ContextOptions {
  readonly viewport?: { readonly width: number; readonly height: number };
  /** Only where `supports.deviceScaleFactor` (WebKitGTK's WebDriver cannot set it). */
  readonly deviceScaleFactor?: number;
  readonly hasTouch?: boolean;
  /**
   * The browser's languages, first the preferred one ("de-DE"). Chromium sets them for real
   * (Playwright's `locale`: `navigator.languages`, Accept-Language, Intl's default); the
   * Firefox and WebKit drivers cannot per context, so `TestBrowser` has an init script give
   * pages those `navigator.languages` instead (all the game reads).
   */
  readonly locale?: string;
}

export interface MediaFeatures {
  readonly colorScheme?: 'light' | 'dark';
  readonly reducedMotion?: 'reduce' | 'no-preference';
}

/** A key event for `PageDriver.keys`, named as in KeyboardEvent.key ('ArrowLeft', 'Control', 'z'). */
export interface KeyStep {
  readonly type: 'down' | 'up';
  readonly key: string;
}

export interface Point {
  readonly x: number;
  readonly y: number;
}

export interface PageDriver {
  goto(url: string): Promise<void>;
  reload(): Promise<void>;
  url(): Promise<string>;
  /** Evaluates a JavaScript expression in the page and resolves to its (awaited, JSON-like) value. */
  evaluate(expression: string): Promise<unknown>;
  /** The same in the first frame whose address contains `urlPart`. */
  evaluateInFrame(urlPart: string, expression: string): Promise<unknown>;
  keys(steps: readonly KeyStep[]): Promise<void>;
  mouseMove(path: readonly Point[]): Promise<void>;
  click(at: Point): Promise<void>;
  /** One finger down at the first point, through the others, lifted at the last. */
  touchDrag(path: readonly Point[]): Promise<void>;
  /** The viewport as a PNG. */
  screenshot(): Promise<Uint8Array>;
  setViewport(width: number, height: number): Promise<void>;
  emulateMedia(features: MediaFeatures): Promise<void>;
  /** Console errors and uncaught exceptions so far, as "console.error: …" / "pageerror: …". */
  errors(): Promise<string[]>;
  /** Every console message so far, as "type: text". */
  messages(): Promise<string[]>;
  close(): Promise<void>;
}

export interface ContextDriver {
  newPage(): Promise<PageDriver>;
  /** A script run before the page's own on every later load (a function's source applied to `arg`). */
  addInitScript(source: string): Promise<void>;
  /** Cuts the network where the engine can under automation; false where it cannot. */
  setOffline(offline: boolean): Promise<boolean>;
  close(): Promise<void>;
}

export interface BrowserDriver {
  readonly engine: EngineName;
  newContext(options: ContextOptions): Promise<ContextDriver>;
  close(): Promise<void>;
}
