/**
 * The package as a host gets it, for the tests of one file: packed and installed into a
 * throwaway host once per test run (test/embed/package.ts), served, and a browser of the
 * file's engine. Served before the file's tests, taken down after; read its fields inside a test.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, inject } from 'vitest';
import type { InstalledPackage } from '../embed/package';
import { packedOnce } from '../embed/package';
import type { TestBrowser } from './harness';
import { sharedBrowser } from './harness';
import type { Served } from './static-server';
import { serveDirectory } from './static-server';

export interface PackagedHost {
  readonly pkg: InstalledPackage;
  readonly served: Served;
  readonly browser: TestBrowser;
}

export function packagedHost(): PackagedHost {
  const browser = sharedBrowser();
  let ready: Omit<PackagedHost, 'browser'> | null = null;
  beforeAll(async () => {
    const pkg = await packedOnce(join(inject('runDir'), 'package'));
    ready = { pkg, served: await serveDirectory(pkg.host) };
  }, 300_000);
  afterAll(async () => {
    await ready?.served.close();
    await ready?.pkg.close();
  });
  const get = (): Omit<PackagedHost, 'browser'> => {
    if (!ready) throw new Error('packagedHost(): the package is installed in beforeAll, so use it inside a test');
    return ready;
  };
  return {
    get pkg() {
      return get().pkg;
    },
    get served() {
      return get().served;
    },
    get browser() {
      return browser();
    },
  };
}
