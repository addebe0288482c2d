/**
 * Builds the site once per run into its own temporary folder and serves it for every browser
 * test file, in every engine's project (the build is shared: each project's setup gets the
 * same one), and gives them one folder for what is made once per run (the npm package, the
 * fixture pages: once-per-run.ts), and the
 * Firefox project its one Firefox. Starts the X display Firefox and WebKit need, where there is none.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { build } from 'vite';
import { ensureDisplay } from './engines/display';
import { launchSharedFirefox } from './engines/firefox';
import type { Served } from './static-server';
import { serveDirectory } from './static-server';

let site: Promise<{ dir: string; server: Served; runDir: string }> | null = null;
let users = 0;

async function buildSite(): Promise<{ dir: string; server: Served; runDir: string }> {
  const root = resolve(import.meta.dirname, '../..');
  // A private output folder: parallel runs never overwrite each other's site or dist/.
  const dir = await mkdtemp(join(tmpdir(), 'cube2048-site-'));
  await build({ root, logLevel: 'warn', build: { outDir: dir, emptyOutDir: true } });
  // Empty until a test file asks for the npm package or the fixture pages: the first makes them there for the whole run (once-per-run.ts).
  const runDir = await mkdtemp(join(tmpdir(), 'cube2048-run-'));
  return { dir, server: await serveDirectory(dir), runDir };
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  users++;
  site ??= buildSite();
  const [{ dir, server, runDir }] = await Promise.all([site, project.name === 'chromium' ? null : ensureDisplay()]);
  project.provide('siteUrl', server.url);
  project.provide('siteDir', dir);
  project.provide('runDir', runDir);
  const firefox = project.name === 'firefox' ? await launchSharedFirefox() : null;
  if (firefox) project.provide('firefoxEndpoint', firefox.endpoint);
  return async () => {
    firefox?.close();
    if (--users > 0) return;
    site = null;
    await server.close();
    await Promise.all([rm(dir, { recursive: true, force: true }), rm(runDir, { recursive: true, force: true })]);
  };
}
