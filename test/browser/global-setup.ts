/** Builds the site once per run into its own temporary folder and serves it for every browser test file. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { build } from 'vite';
import { serveDirectory } from './static-server';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const root = resolve(import.meta.dirname, '../..');
  // A private output folder: parallel runs never overwrite each other's site or dist/.
  const outDir = await mkdtemp(join(tmpdir(), 'cube2048-site-'));
  await build({ root, logLevel: 'warn', build: { outDir, emptyOutDir: true } });
  const server = await serveDirectory(outDir);
  project.provide('siteUrl', server.url);
  project.provide('siteDir', outDir);
  return async () => {
    await server.close();
    await rm(outDir, { recursive: true, force: true });
  };
}
