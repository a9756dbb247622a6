// Packages an unpacked desktop app offline (electron-builder --dir with electronDist +
// electronVersion), then checks that it holds what the app needs at run time.
//   ELECTRON_OVERRIDE_DIST_PATH=… npm run package:dir      (a real Electron dist)
//   npm run package:dir -- --layout-only                   (no Electron binary: checks the layout)
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, mkdirSync, readdirSync, writeFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const layoutOnly = process.argv.includes('--layout-only');

function electronDist() {
  const override = process.env.ELECTRON_OVERRIDE_DIST_PATH;
  if (override && existsSync(override)) return { dir: override, stub: false };
  const local = path.join(root, 'node_modules', 'electron', 'dist');
  if (existsSync(local) && readdirSync(local).length > 0) return { dir: local, stub: false };
  if (!layoutOnly) return null;
  // Without a real binary, a stub lets electron-builder lay out the app so its contents can be checked.
  const dir = mkdtempSync(path.join(os.tmpdir(), 'electron-stub-'));
  writeFileSync(
    path.join(dir, 'electron'),
    '#!/bin/sh\necho "stub Electron: layout check only"\n',
    { mode: 0o755 },
  );
  mkdirSync(path.join(dir, 'resources'));
  writeFileSync(path.join(dir, 'LICENSE'), '');
  writeFileSync(path.join(dir, 'version'), require('electron/package.json').version);
  return { dir, stub: true };
}

const dist = electronDist();
if (!dist) {
  console.log(
    'package:dir: no Electron dist here (set ELECTRON_OVERRIDE_DIST_PATH, or pass --layout-only); skipped.',
  );
  process.exit(0);
}
if (!existsSync(path.join(root, 'dist', 'electron', 'main.cjs'))) {
  execFileSync(process.execPath, [path.join(root, 'scripts', 'build.mjs')], {
    stdio: 'inherit',
    cwd: root,
  });
}
const out = mkdtempSync(path.join(os.tmpdir(), 'skill-studio-package-'));
const builder = path.join(root, 'node_modules', 'electron-builder', 'cli.js');
execFileSync(
  process.execPath,
  [
    builder,
    '--dir',
    '--publish',
    'never',
    '--linux',
    '--config',
    'electron-builder.yml',
    `-c.electronDist=${dist.dir}`,
    `-c.electronVersion=${require('electron/package.json').version}`,
    `-c.directories.output=${out}`,
  ],
  { stdio: 'inherit', cwd: root, env: { ...process.env, ELECTRON_BUILDER_OFFLINE: 'true' } },
);

const unpacked = readdirSync(out).find((d) => d.endsWith('-unpacked'));
if (!unpacked) throw new Error(`package:dir: no unpacked app in ${out}`);
const appDir = path.join(out, unpacked);
const resources = path.join(appDir, 'resources');
const asar = require('@electron/asar');
const files = new Set(
  asar.listPackage(path.join(resources, 'app.asar')).map((f) => f.replaceAll('\\', '/')),
);
const need = [
  '/dist/electron/main.cjs',
  '/dist/electron/preload.cjs',
  '/dist/renderer/index.html',
  '/package.json',
];
const missing = need.filter((f) => !files.has(f));
if (![...files].some((f) => f.startsWith('/node_modules/@parcel/watcher/')))
  missing.push('/node_modules/@parcel/watcher');
for (const f of [
  'skills/time-arithmetic/SKILL.md',
  'skills/text-stats/scripts/run.mjs',
  'templates/basic/SKILL.md',
]) {
  if (!existsSync(path.join(resources, f))) missing.push(`resources/${f}`);
}
const nativeWatcher = existsSync(
  path.join(resources, 'app.asar.unpacked', 'node_modules', '@parcel'),
);
if (!nativeWatcher) missing.push('app.asar.unpacked/node_modules/@parcel (native watcher binary)');
if (missing.length) {
  console.error(`package:dir: the packaged app lacks: ${missing.join(', ')}`);
  process.exit(1);
}
console.log(
  `package:dir: ${appDir} holds the app (${files.size} files in app.asar${dist.stub ? '; stub Electron binary' : ''})`,
);
if (dist.stub) rmSync(dist.dir, { recursive: true, force: true });
