/**
 * The built game page, served on a free port, with a headless Chromium to open it: what the
 * page benchmarks (latency, autoplay) measure. Everything is taken down when `use` ends.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser } from 'playwright-core';
import { build } from 'vite';
import { launchChromiumBrowser } from '../test/browser/engines/chromium';
import { serveDirectory } from '../test/browser/static-server';

export async function withBuiltSite<T>(use: (site: { readonly url: string; readonly browser: Browser }) => Promise<T>): Promise<T> {
  const root = resolve(import.meta.dirname, '..');
  const siteDir = await mkdtemp(join(tmpdir(), 'cube2048-bench-'));
  try {
    await build({ root, logLevel: 'error', build: { outDir: siteDir, emptyOutDir: true, chunkSizeWarningLimit: 4096 } });
    const server = await serveDirectory(siteDir);
    try {
      const browser = await launchChromiumBrowser();
      try {
        return await use({ url: server.url, browser });
      } finally {
        await browser.close();
      }
    } finally {
      await server.close();
    }
  } finally {
    await rm(siteDir, { recursive: true, force: true });
  }
}
