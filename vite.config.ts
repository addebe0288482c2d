import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import { serviceWorker } from './src/pwa/vite-plugin.js';

const page = (name: string): string => resolve(import.meta.dirname, name);

/**
 * The package's public entries by their published names, so the showcase and the example
 * skins in examples/ import `cube2048/skin` exactly as an outside author does (tsconfig.json's
 * `paths` says the same to TypeScript).
 */
export const PACKAGE_ENTRIES = [
  { find: /^cube2048$/, replacement: page('src/embed/index.ts') },
  { find: /^cube2048\/skin$/, replacement: page('src/skins/index.ts') },
  { find: /^cube2048\/skin-kit$/, replacement: page('src/skin-kit/index.ts') },
  { find: /^cube2048\/engine$/, replacement: page('src/engine/index.ts') },
];

/**
 * The showcase's own copies of the game page's modules (src/page/ and the page's texts): the
 * showcase speaks, looks and keeps settings with the game page's code, but shared, each of
 * those modules would leave the game page's entry for a chunk the two pages share, and the game
 * page would download one chunk more. A copy (the same file under another id) is bundled with
 * the showcase alone, so nothing the showcase imports changes what the game page downloads.
 */
function showcaseCopies(): Plugin {
  const COPY = '?showcase-copy';
  const fromShowcase = (id: string): boolean => /\/src\/showcase[^/]*\.ts$/.test(id) || id.endsWith(COPY);
  const pageOnly = /\/src\/(page\/[^/]+|i18n\/en\/page)\.ts$/;
  return {
    name: 'cube2048:showcase-copies',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!importer || !fromShowcase(importer)) return null;
      const resolved = await this.resolve(source, importer.replace(COPY, ''), { ...options, skipSelf: true });
      return resolved && pageOnly.test(resolved.id) ? `${resolved.id}${COPY}` : resolved;
    },
    load: (id) => (id.endsWith(COPY) ? readFile(id.slice(0, -COPY.length), 'utf8') : null),
  };
}

/**
 * What every game needs before its first move, on every page that plays one (the game page, the
 * embed's page, the showcase): the engine's play, the store, the shared game UI, the input and
 * the skins' registry and playback, as one chunk. Left to itself the bundler cut these into four
 * chunks by which pages share them, and the game page paid for every chunk's imports and exports
 * (0.7 kB gzip through ten moves). What loads on demand stays out (announce, how-to, history,
 * dialogs). A module missing here is only bundled elsewhere: the size test says what that costs.
 */
const GAME_MODULES = [
  'input/keymap',
  'input/keyboard',
  'input/swipe',
  'engine/board',
  'engine/move',
  'engine/rng',
  'engine/game',
  'engine/undo',
  'engine/untrusted',
  'engine/serialize',
  'store/persistence',
  'store/store',
  'game-ui/lifetime',
  'game-ui/local-storage',
  'i18n/core',
  // Beside core: the page's daily banner and the history write dates with it (alone it was a chunk of its own, a request more).
  'i18n/date-tag',
  'i18n/choose',
  'i18n/en/core',
  'skins/palette',
  'skins/timings',
  'skins/timeline',
  'skins/change-timeline',
  'skins/change-loader',
  'skins/flat-loader',
  'skins/skin',
  'skins/registered',
  'skins/webgl-available',
  'skins/registry',
  'game-ui/skin-host',
  'skins/looks',
  'input/commands',
  'input/gamepad-on-demand',
  'input/queue',
  'game-ui/when-wanted',
  'game-ui/a11y-grid',
  'game-ui/replace',
  'game-ui/format',
  'game-ui/hud',
  'game-ui/gain',
  'game-ui/gain-loader',
  'game-ui/live-region',
  'game-ui/session',
  'game-ui/history/noting',
  'input/view-direction',
  'input/keys-or',
  'i18n/en/keys',
  'skins/playback',
  'skins/skin-options',
  'store/index',
];
const isGameModule = (id: string): boolean => id.includes('/zustand/esm/vanilla') || GAME_MODULES.some((m) => id.endsWith(`/src/${m}.ts`));

export default defineConfig({
  // Relative base: the built site works from any static host and any sub-folder.
  base: './',
  publicDir: 'assets',
  // The game page's offline cache: sw.js at the site root (see src/pwa/).
  plugins: [showcaseCopies(), serviceWorker({ entry: page('src/pwa/sw.ts') })],
  resolve: { alias: PACKAGE_ENTRIES },
  server: { port: 5173, strictPort: false },
  preview: { port: 4173 },
  build: {
    target: 'es2022',
    // No modulepreload polyfill (0.6 kB gzip on every first load): where the browser lacks
    // modulepreload (Safari before 17) chunks still load, found through their imports.
    // The page's own first chunks are preloaded from its HTML; a chunk loaded later fetches the scripts it
    // imports itself (the page has most already), and only its styles are listed to load with it: listing
    // every chunk's scripts in the page's first file cost every visit 0.5 kB for parts most players never open.
    modulePreload: {
      polyfill: false,
      resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : deps.filter((dep) => dep.endsWith('.css'))),
    },
    // The deployable site carries no source maps unless asked for: `npm run build -- --sourcemap`.
    sourcemap: false,
    rollupOptions: {
      input: { main: page('index.html'), showcase: page('showcase.html'), embed: page('embed.html') },
      output: { codeSplitting: { groups: [{ name: 'game', test: (id: string) => isGameModule(id) }] } },
    },
  },
  test: {
    // The second-try passes named at the end of a run (browser tests get one retry).
    reporters: ['default', './test/setup/second-tries.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['test/**/*.test.ts'],
          exclude: ['test/browser/**', 'test/cli/**', 'node_modules/**'],
          environment: 'node',
        },
      },
      {
        extends: true,
        // The `cube2048` command: built once per run (global setup), then driven as a process.
        test: {
          name: 'cli',
          include: ['test/cli/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['test/cli/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      // The browser files once per engine: a test says what it checks once and runs in all three (test/browser/harness.ts).
      ...(['chromium', 'firefox', 'webkit'] as const).map((engine) => ({
        extends: true as const,
        test: {
          name: engine,
          include: ['test/browser/**/*.test.ts'],
          environment: 'node' as const,
          env: { CUBE2048_ENGINE: engine },
          globalSetup: ['test/browser/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // One browser at a time per engine keeps a 2-core CI machine responsive.
          fileParallelism: false,
          // One more try for a test a stall of the busy machine failed; it is named at the end of the run (test/setup/second-tries.ts).
          retry: 1,
        },
      })),
    ],
  },
});
