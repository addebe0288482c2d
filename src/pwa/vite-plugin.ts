/**
 * Builds the service worker (sw.ts) into `sw.js` at the site root, with the list of every
 * file of the build to cache and a version that changes whenever any file does. Build only:
 * the dev server has no service worker, so development never serves stale files.
 */
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import type { Plugin, ResolvedConfig } from 'vite';

const SW_FILE = 'sw.js';
/** Not worth caching for play: source maps, and notes that are not part of the game. */
const SKIP = /\.map$|(^|\/)(README|LICENSE)[^/]*$|\.DS_Store$/;

async function listFiles(dir: string): Promise<string[]> {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true, recursive: true });
  } catch {
    return [];
  }
  return entries.filter((e) => e.isFile()).map((e) => relative(dir, join(e.parentPath, e.name)).split(sep).join('/'));
}

/** Replaces the quoted placeholder `name` (any quote style) in built code. */
function fillPlaceholder(code: string, name: string, value: string): string {
  const pattern = new RegExp(`(["'\`])${name}\\1`, 'g');
  if (!pattern.test(code)) throw new Error(`service worker: placeholder ${name} not found in the built ${SW_FILE}`);
  return code.replace(pattern, value);
}

export function serviceWorker(options: { readonly entry: string }): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'cube2048:service-worker',
    apply: 'build',
    enforce: 'post',
    configResolved(resolved) {
      config = resolved;
    },
    buildStart() {
      this.emitFile({ type: 'chunk', id: options.entry, fileName: SW_FILE });
    },
    async generateBundle(_output, bundle) {
      const sw = bundle[SW_FILE];
      if (!sw || sw.type !== 'chunk') return;
      const hash = createHash('sha256');
      const files: string[] = [];
      for (const [name, item] of Object.entries(bundle).sort(([a], [b]) => a.localeCompare(b))) {
        if (name === SW_FILE || SKIP.test(name)) continue;
        files.push(name);
        hash.update(name).update(item.type === 'chunk' ? item.code : item.source);
      }
      const publicDir = config.publicDir;
      for (const name of publicDir ? (await listFiles(publicDir)).sort() : []) {
        if (SKIP.test(name) || files.includes(name)) continue;
        files.push(name);
        hash.update(name).update(await readFile(join(publicDir, name)));
      }
      const build = { version: hash.digest('hex').slice(0, 16), files };
      sw.code = fillPlaceholder(sw.code, '__CUBE2048_BUILD__', JSON.stringify(JSON.stringify(build)));
    },
  };
}
