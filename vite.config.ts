import { resolve } from 'node:path';
import { defineConfig } from 'vitest/config';

const page = (name: string): string => resolve(import.meta.dirname, name);

export default defineConfig({
  // Relative base: the built site works from any static host and any sub-folder.
  base: './',
  publicDir: 'assets',
  server: { port: 5173, strictPort: false },
  preview: { port: 4173 },
  build: {
    target: 'es2022',
    sourcemap: true,
    rollupOptions: {
      input: { main: page('index.html') },
    },
  },
  test: {
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['test/**/*.test.ts'], exclude: ['test/browser/**', 'node_modules/**'], environment: 'node' },
      },
      {
        extends: true,
        test: {
          name: 'browser',
          include: ['test/browser/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['test/browser/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // One Chromium at a time per file keeps a 2-core CI machine responsive.
          fileParallelism: false,
        },
      },
    ],
  },
});
