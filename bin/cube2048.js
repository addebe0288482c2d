#!/usr/bin/env node
// The installed `cube2048` command: runs the bundle that `npm run build:cli` makes
// (the npm package ships it built: `npm pack` runs it through the `prepack` script).
try {
  await import('../dist-cli/cube2048.js');
} catch (error) {
  if (error && error.code === 'ERR_MODULE_NOT_FOUND' && String(error.message).includes('dist-cli')) {
    process.stderr.write('cube2048: the command is not built yet; run "npm run build:cli" in the cube2048 folder.\n');
    process.exit(1);
  }
  throw error;
}
