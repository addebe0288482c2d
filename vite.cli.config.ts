/**
 * Builds the `cube2048` command into one ES module for Node 20 (which cannot run
 * TypeScript): dist-cli/cube2048.js, loaded by bin/cube2048.js. Everything, zustand
 * included, is bundled so start-up reads one file. Its own folder, so the site build
 * (dist/) never touches it.
 */
import { resolve } from 'node:path';
import { defineConfig } from 'vite';

export const CLI_ENTRY = resolve(import.meta.dirname, 'src/cli/bin.ts');

export default defineConfig({
  publicDir: false,
  logLevel: 'warn',
  ssr: { noExternal: true, target: 'node' },
  build: {
    ssr: CLI_ENTRY,
    target: 'node20',
    outDir: 'dist-cli',
    emptyOutDir: true,
    minify: false,
    sourcemap: false,
    copyPublicDir: false,
    rolldownOptions: { output: { entryFileNames: 'cube2048.js', format: 'es' } },
  },
});
