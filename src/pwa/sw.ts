/**
 * The service worker: the whole built site is cached on install, so the game plays offline
 * after the first visit. Each build has its own cache (the version is a hash of every file),
 * pages are fetched network-first so an online reload always gets the newest version, and a
 * new version waits until the player accepts the reload or closes every tab of the game.
 * The build (vite-plugin.ts) fills in the version and the file list.
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
const BUILD = JSON.parse('__CUBE2048_BUILD__') as { readonly version: string; readonly files: readonly string[] };
const VERSION = BUILD.version;
const FILES = BUILD.files;
const PREFIX = 'cube2048-';
const CACHE = `${PREFIX}${VERSION}`;
/** After this long without an answer a page comes from the cache (a flaky connection must not hang the game). */
const NETWORK_WAIT_MS = 4000;

const base = new URL('./', scope.registration.scope);
const INDEX = new URL('index.html', base).href;

scope.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      // Bypass the HTTP cache so a new version never stores an old file.
      await cache.addAll(FILES.map((file) => new Request(new URL(file, base), { cache: 'reload' })));
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
  const data = event.data as { type?: unknown } | null;
  if (data?.type === 'skip-waiting') void scope.skipWaiting();
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
    return response.ok ? response : ((await caches.match(request, { cacheName: CACHE, ignoreSearch: true })) ?? response);
  } catch {
    return cached();
  }
}

async function fromCacheThenNetwork(request: Request): Promise<Response> {
  return (await caches.match(request, { cacheName: CACHE })) ?? fetch(request);
}

scope.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET' || !request.url.startsWith(base.href)) return;
  if (request.mode === 'navigate') event.respondWith(fromNetworkThenCache(request));
  // Everything else is a hashed build file or a public asset of this version.
  else event.respondWith(fromCacheThenNetwork(request));
});
