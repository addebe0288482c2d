/**
 * Builds the service worker (sw.ts) into `sw.js` at the site root, with what it needs to know
 * of this build: a version that changes whenever any file does, the files the game page needs
 * to play offline (cached when the worker installs), and every other file of the site (cached
 * when first used: the other languages, the showcase, the embed page). Build only: the dev
 * server has no service worker, so development never serves stale files.
 */
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import type { Plugin, ResolvedConfig, Rollup } from 'vite';

type OutputBundle = Rollup.OutputBundle;

const SW_FILE = 'sw.js';
/** The game page, whose needs are cached at install. */
const PAGE = 'index.html';
/** Never cached: source maps, and notes that are not part of the game. */
const SKIP = /\.map$|(^|\/)(README|LICENSE)[^/]*$|\.DS_Store$/;
/** A language's words: cached when that language is used, not for every player. */
const LOCALE_MODULE = /\/src\/i18n\/locales\/[^/]+\.ts$/;

/** What the service worker is told of the build. */
export interface BuildFiles {
  readonly version: string;
  /** Cached at install: the game page and everything it loads to play (its own language's words aside). */
  readonly core: readonly string[];
  /** Every file of the site that may be cached, when it is first fetched. */
  readonly files: readonly string[];
}

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

/** The files a chunk loads, at once or on demand: its imports, its CSS, and the assets its code names (the AI's worker). */
function loadsOf(bundle: OutputBundle, name: string): string[] {
  const item = bundle[name];
  if (!item || item.type !== 'chunk') return [];
  const meta = (item as { viteMetadata?: { importedCss?: Set<string>; importedAssets?: Set<string> } }).viteMetadata;
  const named = Object.entries(bundle)
    .filter(([other, asset]) => asset.type === 'asset' && !SKIP.test(other) && item.code.includes(other.split('/').pop() ?? other))
    .map(([other]) => other);
  return [...item.imports, ...item.dynamicImports, ...(meta?.importedCss ?? []), ...(meta?.importedAssets ?? []), ...named];
}

/** Every file the game page reaches from its entry, but the locales' chunks. */
function pageNeeds(bundle: OutputBundle, html: string): string[] {
  const entry = Object.values(bundle).find((item) => item.type === 'chunk' && item.isEntry && item.facadeModuleId?.endsWith(`/${PAGE}`));
  const seen = new Set<string>();
  const visit = (name: string): void => {
    const item = bundle[name];
    if (seen.has(name) || !item || SKIP.test(name) || name === SW_FILE) return;
    if (item.type === 'chunk' && item.facadeModuleId && LOCALE_MODULE.test(item.facadeModuleId)) return;
    seen.add(name);
    for (const next of loadsOf(bundle, name)) visit(next);
  };
  if (entry) visit(entry.fileName);
  // The page's own links: its stylesheet, icons and manifest.
  for (const [, href] of html.matchAll(/(?:href|src)="\.\/([^"#?]+)"/g)) if (href) seen.add(href);
  return [PAGE, ...seen];
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
      const page = bundle[PAGE];
      const html = page?.type === 'asset' ? String(page.source) : '';
      const core = pageNeeds(bundle, html).filter((name) => files.includes(name));
      const build: BuildFiles = { version: hash.digest('hex').slice(0, 16), core, files };
      sw.code = fillPlaceholder(sw.code, '__CUBE2048_BUILD__', JSON.stringify(JSON.stringify(build)));
    },
  };
}
