/**
 * WebKit: Debian's WebKitGTK MiniBrowser, driven by WebKitWebDriver over W3C WebDriver
 * (HTTP), under Xvfb. A WebKitWebDriver holds one session, and a session is one browser with
 * its own storage, so each context gets its own driver process. Pages are its windows.
 *
 * WebDriver classic has no init scripts and no console log: the test servers put the
 * context's init scripts (and a console collector) in every HTML page they serve to a
 * browser carrying its cookie (see static-server.ts), and the driver reads the collector.
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { INIT_COOKIE, initScriptFile, BLANK_PATH } from '../static-server';
import { SCREEN, privateDisplay } from './display';
import type { BrowserDriver, ContextDriver, ContextOptions, KeyStep, MediaFeatures, PageDriver, Point } from './driver';
import { TAKE_CONSOLE, applyMedia, consoleCollector, mediaShimSource, sourceOf } from './in-page';

const DRIVER = process.env['WEBKIT_WEBDRIVER_PATH'] ?? '/usr/bin/WebKitWebDriver';

/** MiniBrowser ships with libwebkit2gtk; dpkg knows where. */
function miniBrowser(): string {
  if (process.env['MINIBROWSER_PATH']) return process.env['MINIBROWSER_PATH'];
  const files = execFileSync('dpkg', ['-L', 'libwebkit2gtk-4.1-0'], { encoding: 'utf8' }).split('\n');
  const found = files.find((f) => f.endsWith('/MiniBrowser'));
  if (!found) throw new Error('MiniBrowser not found: apt-get install libwebkit2gtk-4.1-0 webkit2gtk-driver');
  return found;
}

/** WebDriver's codes for the keys KeyboardEvent.key names. */
const KEY_CODES: Readonly<Record<string, string>> = {
  Backspace: '\uE003',
  Tab: '\uE004',
  Enter: '\uE007',
  Shift: '\uE008',
  Control: '\uE009',
  Alt: '\uE00A',
  Escape: '\uE00C',
  ' ': '\uE00D',
  PageUp: '\uE00E',
  PageDown: '\uE00F',
  End: '\uE010',
  Home: '\uE011',
  ArrowLeft: '\uE012',
  ArrowUp: '\uE013',
  ArrowRight: '\uE014',
  ArrowDown: '\uE015',
  Delete: '\uE017',
  Meta: '\uE03D',
};

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

class WebDriverError extends Error {}

class Session {
  constructor(
    private readonly base: string,
    readonly id: string,
  ) {}

  async send<T = unknown>(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<T> {
    const response = await fetch(`${this.base}/session/${this.id}${path}`, {
      method,
      headers: { 'content-type': 'application/json' },
      ...(method === 'POST' ? { body: JSON.stringify(body ?? {}) } : {}),
    });
    const { value } = (await response.json()) as { value: T & { error?: string; message?: string } };
    if (value && typeof value === 'object' && 'error' in value && value.error)
      throw new WebDriverError(`WebDriver ${method} ${path}: ${value.error}: ${value.message ?? ''}`);
    return value;
  }

  static async create(port: number, capabilities: unknown): Promise<Session> {
    const base = `http://127.0.0.1:${port}`;
    for (let attempt = 0; ; attempt++) {
      try {
        const response = await fetch(`${base}/session`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ capabilities }),
        });
        const { value } = (await response.json()) as { value: { sessionId?: string; error?: string; message?: string } };
        if (!value.sessionId) throw new WebDriverError(`WebKitWebDriver refused a session: ${value.error}: ${value.message}`);
        return new Session(base, value.sessionId);
      } catch (error) {
        // The driver takes a moment to listen after it starts.
        if (attempt > 100 || error instanceof WebDriverError) throw error;
        await sleep(50);
      }
    }
  }
}

/**
 * The window being driven sits over the pointer, mid-screen, which gives it the focus (there
 * is no window manager: see privateDisplay); the others wait off-screen, still rendering.
 */
let front: { readonly park: () => Promise<void> } | null = null;
const frontAt = (width: number, height: number): { x: number; y: number } => ({
  x: Math.max(0, Math.min(SCREEN.width / 2 - 1, SCREEN.width - width)),
  y: Math.max(0, Math.min(SCREEN.height / 2 - 1, SCREEN.height - height)),
});

export async function webkitDriver(): Promise<BrowserDriver> {
  const display = await privateDisplay();
  const binary = miniBrowser();
  const contexts = new Set<ContextDriver>();
  return {
    engine: 'webkit',
    newContext: async (options) => {
      const context = await contextDriver(display, binary, options, () => contexts.delete(context));
      contexts.add(context);
      return context;
    },
    close: async () => {
      for (const context of [...contexts]) await context.close();
    },
  };
}

/**
 * GTK settings for MiniBrowser: its toolbar's buttons and address field, at their natural
 * size, keep a window at least 447 px wide, wider than a phone. Shrunk to nothing, they let
 * the viewport go down to 290 px.
 */
const GTK_CSS =
  '* { min-width: 0; min-height: 0; padding: 0; margin: 0; border-width: 0; font-size: 1px; -gtk-icon-transform: scale(0.1); }\n';
let gtkConfig: Promise<string> | null = null;
/** One folder for every run: its content never changes, so it is written once and left in place. */
const gtkConfigHome = (): Promise<string> =>
  (gtkConfig ??= (async () => {
    const home = join(tmpdir(), 'cube2048-gtk');
    await mkdir(join(home, 'gtk-3.0'), { recursive: true });
    // Written aside and renamed: a browser starting in another worker never reads half a file.
    const file = join(home, 'gtk-3.0', 'gtk.css');
    await writeFile(`${file}.${process.pid}`, GTK_CSS);
    await rename(`${file}.${process.pid}`, file);
    return home;
  })());

async function contextDriver(display: string, binary: string, options: ContextOptions, closed: () => void): Promise<ContextDriver> {
  if ((options.deviceScaleFactor ?? 1) !== 1)
    throw new Error('WebKitGTK over WebDriver cannot set a device pixel ratio (check `supports.deviceScaleFactor`)');
  const port = await freePort();
  const process_: ChildProcess = spawn(DRIVER, [`--port=${port}`], {
    stdio: 'ignore',
    env: { ...process.env, DISPLAY: display, XDG_CONFIG_HOME: await gtkConfigHome() },
  });
  const session = await Session.create(port, { alwaysMatch: { 'webkitgtk:browserOptions': { binary, args: ['--automation'] } } });
  // No script timeout: WebKit's execute would set one with the page's own setTimeout, which a
  // page that counts its timers (the embed's leak checks) would see as its own.
  await session.send('POST', '/timeouts', { script: null });
  const token = randomUUID();
  const scripts: string[] = [];
  // Emulated media features are the context's (not each window's): one init file serves them all.
  let media: MediaFeatures = {};
  const writeScripts = (): Promise<void> =>
    writeFile(
      initScriptFile(token),
      [`${sourceOf(consoleCollector)}()`, mediaShimSource(media), ...scripts].map((s) => `;${s};\n`).join(''),
    );
  await writeScripts();
  const cookieHosts = new Set<string>();
  let current = await session.send<string>('GET', '/window');
  const viewport = options.viewport ?? { width: 800, height: 800 };

  const focus = async (handle: string): Promise<void> => {
    if (current === handle) return;
    await session.send('POST', '/window', { handle });
    current = handle;
  };
  let first = true;
  const pages: PageDriver[] = [];
  const context: ContextDriver = {
    newPage: async () => {
      let handle = current;
      if (!first) {
        handle = (await session.send<{ handle: string }>('POST', '/window/new', { type: 'window' })).handle;
      }
      first = false;
      const page = pageDriver(
        session,
        handle,
        focus,
        async (features) => {
          media = { ...media, ...features };
          await writeScripts();
          return media;
        },
        async (url) => {
          // The cookie that tells our servers to add this context's scripts, set once per host.
          const { hostname, protocol, host } = new URL(url);
          if (!protocol.startsWith('http') || cookieHosts.has(hostname)) return;
          await session.send('POST', '/url', { url: `${protocol}//${host}${BLANK_PATH}` });
          await session.send('POST', '/cookie', { cookie: { name: INIT_COOKIE, value: token, path: '/' } });
          cookieHosts.add(hostname);
        },
      );
      await focus(handle);
      await page.setViewport(viewport.width, viewport.height);
      pages.push(page);
      return page;
    },
    addInitScript: async (source) => {
      scripts.push(source);
      await writeScripts();
    },
    // WebDriver classic cannot cut the network: the caller stops its server instead.
    setOffline: async () => false,
    close: async () => {
      closed();
      await session.send('DELETE', '').catch(() => undefined);
      process_.kill();
      await rm(initScriptFile(token), { force: true });
    },
  };
  return context;
}

function pageDriver(
  session: Session,
  handle: string,
  focus: (handle: string) => Promise<void>,
  setMedia: (features: MediaFeatures) => Promise<MediaFeatures>,
  beforeGoto: (url: string) => Promise<void>,
): PageDriver {
  const errors: string[] = [];
  const messages: string[] = [];
  let outer = { width: 800, height: 838 };
  const me = {
    park: async (): Promise<void> => {
      await focus(handle);
      await session.send('POST', '/window/rect', { x: SCREEN.width, y: SCREEN.height });
    },
  };
  const on = async (): Promise<void> => {
    if (front !== me) {
      await front?.park().catch(() => undefined);
      await focus(handle);
      await session.send('POST', '/window/rect', frontAt(outer.width, outer.height));
      front = me;
    }
    await focus(handle);
  };
  const run = async (expression: string): Promise<unknown> => {
    await on();
    return session.send('POST', '/execute/sync', { script: `return ${expression};`, args: [] });
  };
  /** Moves what the page's collector holds into our lists (before a navigation takes it away). */
  const collect = async (): Promise<void> => {
    try {
      const taken = (await run(TAKE_CONSOLE)) as { errors: string[]; messages: string[] };
      errors.push(...taken.errors);
      messages.push(...taken.messages);
    } catch {
      // A page mid-navigation or closed has nothing more to give.
    }
  };
  const actions = async (sources: unknown[]): Promise<void> => {
    await on();
    await session.send('POST', '/actions', { actions: sources });
    await session.send('DELETE', '/actions');
  };
  const move = (p: Point): { type: 'pointerMove'; x: number; y: number; origin: 'viewport' } => ({
    type: 'pointerMove',
    x: Math.round(p.x),
    y: Math.round(p.y),
    origin: 'viewport',
  });
  const driver: PageDriver = {
    goto: async (url) => {
      await collect();
      await on();
      await beforeGoto(url);
      await session.send('POST', '/url', { url });
    },
    reload: async () => {
      await collect();
      await on();
      await session.send('POST', '/refresh');
    },
    url: async () => {
      await on();
      return session.send<string>('GET', '/url');
    },
    evaluate: run,
    evaluateInFrame: async (urlPart, expression) => {
      await on();
      const frames = await session.send<Record<string, string>[]>('POST', '/elements', { using: 'css selector', value: 'iframe' });
      try {
        for (const frame of frames) {
          await session.send('POST', '/frame', { id: frame });
          const href = await session.send<string>('POST', '/execute/sync', { script: 'return location.href;', args: [] });
          if (href.includes(urlPart)) return await session.send('POST', '/execute/sync', { script: `return ${expression};`, args: [] });
          await session.send('POST', '/frame/parent');
        }
      } finally {
        await session.send('POST', '/frame', { id: null });
      }
      throw new Error(`no frame at an address containing ${urlPart}`);
    },
    keys: (steps: readonly KeyStep[]) =>
      actions([
        {
          type: 'key',
          id: 'keyboard',
          actions: steps.map(({ type, key }) => ({ type: type === 'down' ? 'keyDown' : 'keyUp', value: KEY_CODES[key] ?? key })),
        },
      ]),
    mouseMove: (path) => actions([{ type: 'pointer', id: 'mouse', parameters: { pointerType: 'mouse' }, actions: path.map(move) }]),
    click: (at) =>
      actions([
        {
          type: 'pointer',
          id: 'mouse',
          parameters: { pointerType: 'mouse' },
          actions: [move(at), { type: 'pointerDown', button: 0 }, { type: 'pointerUp', button: 0 }],
        },
      ]),
    touchDrag: (path) => {
      const [start, ...rest] = path;
      if (!start) return Promise.resolve();
      return actions([
        {
          type: 'pointer',
          id: 'finger',
          parameters: { pointerType: 'touch' },
          actions: [
            move(start),
            { type: 'pointerDown', button: 0 },
            ...rest.map((p) => ({ ...move(p), duration: 16 })),
            { type: 'pointerUp', button: 0 },
          ],
        },
      ]);
    },
    screenshot: async () => {
      await on();
      return Buffer.from(await session.send<string>('GET', '/screenshot'), 'base64');
    },
    setViewport: async (width, height) => {
      await on();
      // The window is the viewport plus MiniBrowser's own chrome: measure it, then size the window.
      for (let attempt = 0; attempt < 3; attempt++) {
        const [innerW, innerH, outerW, outerH] = (await run('[innerWidth, innerHeight, outerWidth, outerHeight]')) as [
          number,
          number,
          number,
          number,
        ];
        if (innerW === width && innerH === height) return;
        outer = { width: width + (outerW - innerW), height: height + (outerH - innerH) };
        await session.send('POST', '/window/rect', { ...frontAt(outer.width, outer.height), ...outer });
        await sleep(50);
      }
      const [innerW, innerH] = (await run('[innerWidth, innerHeight]')) as [number, number];
      if (innerW !== width || innerH !== height)
        throw new Error(`WebKit: asked for a ${width}×${height} viewport, got ${innerW}×${innerH}`);
    },
    emulateMedia: async (features) => {
      await run(applyMedia(await setMedia(features)));
    },
    errors: async () => {
      await collect();
      return [...errors];
    },
    messages: async () => {
      await collect();
      return [...messages];
    },
    close: async () => {
      await collect();
      await on();
      await session.send('DELETE', '/window').catch(() => undefined);
      if (front === me) front = null;
    },
  };
  return driver;
}
