/**
 * Builds the site once per run into its own temporary folder and serves it for every browser
 * test file, in every engine's project (the build is shared: each project's setup gets the
 * same one). Starts the X display Firefox and WebKit need, where there is none.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { build } from 'vite';
import { ensureDisplay } from './engines/display';
import type { Served } from './static-server';
import { serveDirectory } from './static-server';

let site: Promise<{ dir: string; server: Served }> | null = null;
let users = 0;

async function buildSite(): Promise<{ dir: string; server: Served }> {
  const root = resolve(import.meta.dirname, '../..');
  // A private output folder: parallel runs never overwrite each other's site or dist/.
  const dir = await mkdtemp(join(tmpdir(), 'cube2048-site-'));
  await build({ root, logLevel: 'warn', build: { outDir: dir, emptyOutDir: true } });
  return { dir, server: await serveDirectory(dir) };
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  users++;
  site ??= buildSite();
  const [{ dir, server }] = await Promise.all([site, project.name === 'chromium' ? null : ensureDisplay()]);
  project.provide('siteUrl', server.url);
  project.provide('siteDir', dir);
  return async () => {
    if (--users > 0) return;
    site = null;
    await server.close();
    await rm(dir, { recursive: true, force: true });
  };
}
