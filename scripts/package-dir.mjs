// Packages an unpacked desktop app offline (electron-builder --dir with electronDist +
// electronVersion), then checks that it holds what the app needs at run time and that
// the security fuses are flipped in its binary (see electronFuses in electron-builder.yml).
//   ELECTRON_OVERRIDE_DIST_PATH=… npm run package:dir      (a real Electron dist)
//   npm run package:dir -- --layout-only                   (no Electron binary: checks the layout)
import { execFileSync } from 'node:child_process';
import {
  existsSync,
  mkdtempSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
  rmSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const layoutOnly = process.argv.includes('--layout-only');
const { parse: parseYaml } = require('yaml');
const { getCurrentFuseWire, FuseV1Options } = require('@electron/fuses');
/** How a fuse wire spells on and off (ASCII '1' and '0'). */
const FUSE_ON = 49;
const FUSE_OFF = 48;

/**
 * The fuses the packaged app must have: no ELECTRON_RUN_AS_NODE, NODE_OPTIONS or
 * --inspect (the app can never be turned into a bare Node), and code loaded only from
 * its app.asar, checked for integrity where Electron supports it.
 */
const REQUIRED_FUSES = {
  runAsNode: [FuseV1Options.RunAsNode, false],
  enableNodeOptionsEnvironmentVariable: [FuseV1Options.EnableNodeOptionsEnvironmentVariable, false],
  enableNodeCliInspectArguments: [FuseV1Options.EnableNodeCliInspectArguments, false],
  enableEmbeddedAsarIntegrityValidation: [
    FuseV1Options.EnableEmbeddedAsarIntegrityValidation,
    true,
  ],
  onlyLoadAppFromAsar: [FuseV1Options.OnlyLoadAppFromAsar, true],
};

const config = parseYaml(readFileSync(path.join(root, 'electron-builder.yml'), 'utf8'));
const wrongFuses = Object.entries(REQUIRED_FUSES)
  .filter(([key, [, want]]) => config.electronFuses?.[key] !== want)
  .map(([key, [, want]]) => `${key}: ${want}`);
if (wrongFuses.length) {
  console.error(
    `package:dir: electron-builder.yml must set electronFuses { ${wrongFuses.join(', ')} }`,
  );
  process.exit(1);
}

/** Marks where Electron keeps its fuse wire (@electron/fuses looks for it). */
const FUSE_SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';

function electronDist() {
  const override = process.env.ELECTRON_OVERRIDE_DIST_PATH;
  if (override && existsSync(override)) return { dir: override, stub: false };
  const local = path.join(root, 'node_modules', 'electron', 'dist');
  if (existsSync(local) && readdirSync(local).length > 0) return { dir: local, stub: false };
  if (!layoutOnly) return null;
  // Without a real binary, a stub lets electron-builder lay out the app so its contents can be checked.
  const dir = mkdtempSync(path.join(os.tmpdir(), 'electron-stub-'));
  // The stub carries a fuse wire (version 1, Electron's default states) after a shell
  // comment, so electron-builder flips its fuses as it would a real binary's, and the
  // result is checked below.
  const on = FUSE_ON;
  const off = FUSE_OFF;
  const defaults = [on, off, on, on, off, off, off, on];
  writeFileSync(
    path.join(dir, 'electron'),
    Buffer.concat([
      Buffer.from(`#!/bin/sh\necho "stub Electron: layout check only"\nexit 0\n# ${FUSE_SENTINEL}`),
      Buffer.from([1, defaults.length, ...defaults]),
      Buffer.from('\n'),
    ]),
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

// The fuses as flipped in the packaged binary (the one file of the app with a fuse wire).
const binary = readdirSync(appDir)
  .map((f) => path.join(appDir, f))
  .find(
    (f) =>
      statSync(f).isFile() &&
      (statSync(f).mode & 0o111) !== 0 &&
      readFileSync(f).includes(FUSE_SENTINEL),
  );
if (!binary) {
  console.error(`package:dir: no Electron binary with a fuse wire in ${appDir}`);
  process.exit(1);
}
const wire = await getCurrentFuseWire(binary);
const unflipped = Object.entries(REQUIRED_FUSES)
  .filter(([, [index, want]]) => wire[index] !== (want ? FUSE_ON : FUSE_OFF))
  .map(([key]) => key);
if (unflipped.length) {
  console.error(`package:dir: fuses not set in ${binary}: ${unflipped.join(', ')}`);
  process.exit(1);
}
console.log(
  `package:dir: ${appDir} holds the app (${files.size} files in app.asar; fuses set${dist.stub ? '; stub Electron binary' : ''})`,
);
if (dist.stub) rmSync(dist.dir, { recursive: true, force: true });
