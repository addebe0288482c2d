/** Builds the `cube2048` command once per test run into a private folder (never the shared dist-cli/). */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildCli } from '../../bench/oj';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = await mkdtemp(join(tmpdir(), 'cube2048-cli-'));
  project.provide('cliBundle', await buildCli(dir));
  return () => rm(dir, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    cliBundle: string;
  }
}
