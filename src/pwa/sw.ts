/**
 * The service worker: what the game page needs to play is cached on install, so the game plays
 * offline after the first visit; every other file of the site (another language, the showcase,
 * the embed page) is cached when it is first used, and the page hands over the files it loaded
 * before the worker took it (its language's words). Nothing is downloaded for nothing, and a
 * hashed file the browser already holds is taken from its HTTP cache, not fetched again.
 * Each build has its own cache (the version is a hash of every file), pages are fetched
 * network-first so an online reload always gets the newest version, and a new version waits
 * until the player accepts the reload or closes every tab of the game. The build
 * (vite-plugin.ts) fills in the version and the file lists.
 */

// The service-worker types are not in the DOM library; these are the few parts used here.
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  readonly request: Request;
  respondWith(response: Promise<Response>): void;
}
interface MessageEventLike extends ExtendableEvent {
  readonly data: unknown;
}
interface WorkerScope {
  readonly registration: { readonly scope: string };
  readonly clients: { claim(): Promise<void> };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
  addEventListener(type: 'message', listener: (event: MessageEventLike) => void): void;
}

const scope = globalThis as unknown as WorkerScope;
/** Filled in by the build; parsed at run time so no minifier folds the placeholder away. */
const BUILD = JSON.parse('__CUBE2048_BUILD__') as {
  readonly version: string;
  readonly core: readonly string[];
  readonly files: readonly string[];
};
const VERSION = BUILD.version;
const PREFIX = 'cube2048-';
const CACHE = `${PREFIX}${VERSION}`;
/** After this long without an answer a page comes from the cache (a flaky connection must not hang the game). */
const NETWORK_WAIT_MS = 4000;

const base = new URL('./', scope.registration.scope);
const INDEX = new URL('index.html', base).href;
/** The site's files by address: only these are ever cached. */
const FILES = new Set(BUILD.files.map((file) => new URL(file, base).href));
/**
 * A build file whose name carries its content's hash never changes, so the browser's HTTP cache may
 * serve it; anything else is revalidated with the server (a 304 costs no body), so a new version
 * never stores an old file.
 */
const HASHED = /\/assets\/[^/]+-[\w-]{8,}\.\w+$/;
const requestFor = (href: string): Request => new Request(href, { cache: HASHED.test(href) ? 'default' : 'no-cache' });

/** Caches the site's files among `hrefs` that the cache does not hold yet. */
async function keep(hrefs: readonly string[]): Promise<void> {
  const cache = await caches.open(CACHE);
  const wanted = [...new Set(hrefs)].filter((href) => FILES.has(href));
  const missing = (await Promise.all(wanted.map(async (href) => ((await cache.match(href)) ? null : href)))).filter(
    (href) => href !== null,
  );
  await Promise.all(missing.map(async (href) => cache.put(href, await fetch(requestFor(href)))));
}

scope.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      // A new version never stores an old file: unhashed files are revalidated (requestFor). The game
      // page is asked for by the address the player opened (the folder), which the browser holds already.
      const fetched = await Promise.all(
        BUILD.core.map(async (file) => {
          const href = new URL(file, base).href;
          const response = await fetch(requestFor(href === INDEX ? base.href : href));
          if (!response.ok) throw new Error(`${file}: ${response.status}`);
          return [href, response] as const;
        }),
      );
      await Promise.all(fetched.map(([href, response]) => cache.put(href, response)));
    })(),
  );
});

scope.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
      // The first install takes the open page at once, so it works offline without a reload.
      await scope.clients.claim();
    })(),
  );
});

scope.addEventListener('message', (event) => {
  const data = event.data as { type?: unknown; hrefs?: unknown } | null;
  if (data?.type === 'skip-waiting') void scope.skipWaiting();
  // The files the page loaded before this worker took it (its language's words among them).
  if (data?.type === 'keep' && Array.isArray(data.hrefs))
    event.waitUntil(keep(data.hrefs.filter((x): x is string => typeof x === 'string')));
});

async function fromNetworkThenCache(request: Request): Promise<Response> {
  const cached = async (): Promise<Response> => {
    const page = await caches.match(request, { cacheName: CACHE, ignoreSearch: true });
    // A folder address ("…/cube2048/") is the game page.
    const isFolder = new URL(request.url).pathname.endsWith('/');
    return page ?? (isFolder ? await caches.match(INDEX, { cacheName: CACHE }) : undefined) ?? Response.error();
  };
  try {
    const response = await Promise.race([
      fetch(request),
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error('network too slow')), NETWORK_WAIT_MS)),
    ]);
    if (!response.ok) return (await caches.match(request, { cacheName: CACHE, ignoreSearch: true })) ?? response;
    // A page of the site seen for the first time (the showcase, the embed page) is kept for offline use.
    const url = new URL(request.url);
    const href = url.pathname.endsWith('/') ? INDEX : url.origin + url.pathname;
    if (FILES.has(href)) void keepFirst(href, response.clone());
    return response;
  } catch {
    return cached();
  }
}

/** Caches `response` as `href` unless this version's cache holds it already (an install's copy stays). */
async function keepFirst(href: string, response: Response): Promise<void> {
  const cache = await caches.open(CACHE);
  if (!(await cache.match(href))) await cache.put(href, response);
}

/** A build file: from the cache, else from the network, and kept for next time (offline) when it is one of the site's. */
async function fromCacheThenNetwork(request: Request): Promise<Response> {
  const cached = await caches.match(request, { cacheName: CACHE });
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok && FILES.has(request.url)) void keepFirst(request.url, response.clone());
  return response;
}

scope.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET' || !request.url.startsWith(base.href)) return;
  if (request.mode === 'navigate') event.respondWith(fromNetworkThenCache(request));
  // Everything else is a hashed build file or a public asset of this version.
  else event.respondWith(fromCacheThenNetwork(request));
});
