/** Builds the site once and serves dist/ on a free port for every browser test file. */
import { resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { build } from 'vite';
import { serveDirectory } from './static-server';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const root = resolve(import.meta.dirname, '../..');
  if (!process.env.CUBE2048_SKIP_BUILD) await build({ root, logLevel: 'warn' });
  const server = await serveDirectory(resolve(root, 'dist'));
  project.provide('siteUrl', server.url);
  return server.close;
}
