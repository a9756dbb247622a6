// Builds everything that runs: the CLI/server bundle, the Electron main and preload
// bundles, and the renderer. Usage: node scripts/build.mjs [--no-renderer]
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const skipRenderer = process.argv.includes('--no-renderer');
// Native or optional modules stay outside the bundles and load from node_modules.
const external = ['electron', '@parcel/watcher', 'bufferutil', 'utf-8-validate'];
const common = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  sourcemap: 'linked',
  external,
  logLevel: 'warning',
  // app-paths.ts reads import.meta.url only where __dirname is missing (ESM), never in these CJS bundles.
  logOverride: { 'empty-import-meta': 'silent' },
};

await Promise.all([
  build({ ...common, entryPoints: ['electron/cli/main.ts'], outfile: 'dist/cli.cjs' }),
  // The schema worker sits beside each bundle that starts it (electron/host/workers).
  ...['dist/schema-worker.cjs', 'dist/electron/schema-worker.cjs'].map((outfile) =>
    build({ ...common, entryPoints: ['electron/host/workers/schema-worker.ts'], outfile }),
  ),
  existsSync('electron/main/main.ts') &&
    build({ ...common, entryPoints: ['electron/main/main.ts'], outfile: 'dist/electron/main.cjs' }),
  existsSync('electron/preload/preload.ts') &&
    build({
      ...common,
      entryPoints: ['electron/preload/preload.ts'],
      outfile: 'dist/electron/preload.cjs',
      // A sandboxed preload may require only 'electron': everything else is bundled in.
      external: ['electron'],
    }),
]);

if (!skipRenderer && existsSync('vite.config.ts')) {
  const vite = spawnSync(
    process.execPath,
    ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'],
    {
      stdio: 'inherit',
    },
  );
  if (vite.status !== 0) process.exit(vite.status ?? 1);
}
console.log('build: dist/ ready');
