import { resolve } from 'node:path';
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

export default defineConfig({
  // Relative base: the built site works from any static host and any sub-folder.
  base: './',
  publicDir: 'assets',
  // The game page's offline cache: sw.js at the site root (see src/pwa/).
  plugins: [serviceWorker({ entry: page('src/pwa/sw.ts') })],
  resolve: { alias: PACKAGE_ENTRIES },
  server: { port: 5173, strictPort: false },
  preview: { port: 4173 },
  build: {
    target: 'es2022',
    // The deployable site carries no source maps unless asked for: `npm run build -- --sourcemap`.
    sourcemap: false,
    rollupOptions: {
      input: { main: page('index.html'), showcase: page('showcase.html'), embed: page('embed.html') },
    },
  },
  test: {
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
        },
      })),
    ],
  },
});
