/**
 * A minimal static file server for the built site, with the right MIME types and optional
 * extra headers. For WebKit, whose WebDriver has no init scripts, it also puts a context's
 * init scripts at the top of each HTML page it serves to a browser carrying INIT_COOKIE.
 */
import { mkdirSync } from 'node:fs';
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { extname, join, normalize, resolve } from 'node:path';
import type { AddressInfo } from 'node:net';

/** The cookie naming a WebKit context's init scripts, and where the driver writes them. */
export const INIT_COOKIE = 'cube2048-init';
const INIT_DIR = join(tmpdir(), 'cube2048-init-scripts');
mkdirSync(INIT_DIR, { recursive: true });
export const initScriptFile = (token: string): string => join(INIT_DIR, `${token.replace(/[^\w-]/g, '')}.js`);
const INIT_PATH = '/__cube2048/init.js';
/** An empty page on any of our servers: where the WebKit driver sets its cookie. */
export const BLANK_PATH = '/__cube2048/blank.html';

const tokenOf = (cookie: string | undefined): string | null => {
  const match = new RegExp(`(?:^|;\\s*)${INIT_COOKIE}=([\\w-]+)`).exec(cookie ?? '');
  return match?.[1] ?? null;
};

/** As a classic script first in <head>: it runs before the page's modules, and a CSP of 'self' allows it. */
const withInitScript = (html: string): string => {
  const tag = `<script src="${INIT_PATH}"></script>`;
  const head = /<head[^>]*>/i.exec(html);
  return head ? html.slice(0, head.index + head[0].length) + tag + html.slice(head.index + head[0].length) : tag + html;
};

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.ico': 'image/x-icon',
  '.map': 'application/json',
  '.woff2': 'font/woff2',
};

export interface Served {
  readonly url: string;
  close(): Promise<void>;
}

/** One answer the server gave: the path asked for, the status, and the bytes of the body sent. */
export type ServedLog = (path: string, status: number, bytes: number) => void;

/**
 * Serves `dir` as a static host does: each file with an ETag, so a browser revalidating a file it
 * holds gets a 304 without the body. `headers` adds headers per path; `log` hears every answer.
 */
export function serveDirectory(
  dir: string,
  headers: (path: string) => Record<string, string> = () => ({}),
  log: ServedLog = () => undefined,
): Promise<Served> {
  const root = resolve(dir);
  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      let path = normalize(join(root, decodeURIComponent(url.pathname)));
      if (!path.startsWith(root)) {
        res.writeHead(403).end();
        return;
      }
      const token = tokenOf(req.headers.cookie);
      try {
        if (url.pathname === BLANK_PATH) {
          res.writeHead(200, { 'content-type': TYPES['.html'] as string }).end('<!doctype html><title>blank</title>');
          return;
        }
        if (url.pathname === INIT_PATH) {
          const script = token ? await readFile(initScriptFile(token), 'utf8').catch(() => '') : '';
          res.writeHead(200, { 'content-type': TYPES['.js'] as string, 'cache-control': 'no-store' }).end(script);
          return;
        }
        let info = await stat(path);
        if (info.isDirectory()) {
          path = join(path, 'index.html');
          info = await stat(path);
        }
        let body: Buffer | string = await readFile(path);
        if (token && extname(path) === '.html') body = withInitScript(body.toString('utf8'));
        const etag = `"${info.size.toString(36)}-${Math.round(info.mtimeMs).toString(36)}${token ? `-${token}` : ''}"`;
        const head = {
          'content-type': TYPES[extname(path)] ?? 'application/octet-stream',
          'cache-control': 'no-cache',
          etag,
          ...headers(url.pathname),
        };
        if (req.headers['if-none-match'] === etag) {
          res.writeHead(304, head).end();
          log(url.pathname, 304, 0);
          return;
        }
        res.writeHead(200, head);
        res.end(body);
        log(url.pathname, 200, Buffer.byteLength(body));
      } catch {
        res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
        log(url.pathname, 404, 0);
      }
    })();
  });
  return new Promise((done) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      done({ url: `http://127.0.0.1:${port}/`, close: () => new Promise((ok) => server.close(() => ok())) });
    });
  });
}
