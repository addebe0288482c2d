/**
 * The `cube2048` npm package, built into dist-lib/ (`npm run build:lib`):
 *
 * - default mode: ES modules for bundlers. Entries `cube2048.js` (mountGame, registerSkin),
 *   `engine.js` (the pure rules), `element.js` (registers <cube-2048>), `skin.js` (the skin
 *   API) and `skin-kit.js` (the skins' conformance kit); three and zustand stay
 *   imports (package dependencies, never bundled twice); the cubes skin is a lazy chunk.
 * - `--mode script`: dist-lib/script/cube2048.js for `<script type="module" src>` with no
 *   build step: everything bundled and minified, three.js in its own file next to it,
 *   loaded only when a game shows the cubes.
 *
 * Types come from `tsc -p tsconfig.lib.json` into dist-lib/types/.
 */
import { resolve } from 'node:path';
import type { InlineConfig } from 'vite';
import { defineConfig } from 'vite';

const root = import.meta.dirname;
const at = (path: string): string => resolve(root, path);

export const LIB_DIR = 'dist-lib';
export const SCRIPT_DIR = `${LIB_DIR}/script`;

/** Package dependencies: the host's bundler resolves them once for the page. */
const EXTERNAL = [/^three(\/|$)/, /^zustand(\/|$)/];

const shared = (outDir: string): InlineConfig => ({
  root,
  configFile: false,
  publicDir: false,
  logLevel: 'warn',
  build: { outDir, emptyOutDir: true, target: 'es2022', copyPublicDir: false, sourcemap: true, reportCompressedSize: false },
});

export function libConfig(outDir: string = at(LIB_DIR)): InlineConfig {
  const base = shared(outDir);
  return {
    ...base,
    build: {
      ...base.build,
      // Readable modules: the host's bundler minifies them along with its own code.
      minify: false,
      lib: {
        entry: {
          cube2048: at('src/embed/index.ts'),
          engine: at('src/engine/index.ts'),
          element: at('src/embed/element.ts'),
          skin: at('src/skins/index.ts'),
          'skin-kit': at('src/skin-kit/index.ts'),
        },
        formats: ['es'],
        fileName: (_format, name) => `${name}.js`,
      },
      rolldownOptions: { external: EXTERNAL, output: { chunkFileNames: 'chunks/[name]-[hash].js' } },
    },
  };
}

export function scriptConfig(outDir: string = at(SCRIPT_DIR)): InlineConfig {
  const base = shared(outDir);
  return {
    ...base,
    // One request shows a board: the flat board is in this file, not fetched after it (src/skins/flat-loader.ts);
    // what a change draws comes once it shows (src/skins/change-loader.ts), the floating "+N" with the first
    // move that scores (src/game-ui/gain-loader.ts).
    resolve: {
      alias: [
        { find: /^\.\/flat-loader$/, replacement: at('src/skins/flat-bundled.ts') },
        { find: /^\.\/change-loader$/, replacement: at('src/skins/change-later.ts') },
        { find: /^\.\/gain-loader$/, replacement: at('src/game-ui/gain-later.ts') },
      ],
    },
    build: {
      ...base.build,
      // Library mode (no preload helper writing <link> tags into the host's <head>), minified
      // by rolldown itself: Vite keeps whitespace in library ES output, but this file is served as it is.
      lib: { entry: { cube2048: at('src/embed/script.ts') }, formats: ['es'], fileName: () => 'cube2048.js' },
      rolldownOptions: {
        // Modules the cubes chunk shares with the entry stay in the entry: one file to load, not two.
        preserveEntrySignatures: 'allow-extension',
        // Served as it is: the minifier's `@__PURE__` marks, there for a later bundler, are bytes no one reads (licences stay).
        output: { minify: true, chunkFileNames: 'cube2048-[name]-[hash].js', comments: { legal: true, annotation: false, jsdoc: false } },
      },
    },
  };
}

export default defineConfig(({ mode }) => (mode === 'script' ? scriptConfig() : libConfig()));
