/**
 * `npm start`'s Electron handling: which binary counts as installed, which settings stop a
 * download, and electron's own install.js run against a local mirror (a fake release zip
 * with its SHASUMS256.txt) that serves it, refuses it, or stalls.
 */
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readFileSync, symlinkSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import yazl from 'yazl';
import {
  downloadElectron,
  executableInDist,
  findElectron,
  hasDisplay,
} from './electron-launch.mjs';
import { tempWorkspace, type TempWorkspace } from '../electron/test-support/temp-workspace';

const repoModules = path.resolve(__dirname, '..', 'node_modules');
const version = (
  JSON.parse(readFileSync(path.join(repoModules, 'electron', 'package.json'), 'utf8')) as {
    version: string;
  }
).version;
const exeName = executableInDist(process.platform);

let ws: TempWorkspace;
let server: http.Server | null = null;
afterEach(async () => {
  if (server) await new Promise((resolve) => server?.close(resolve));
  server?.closeAllConnections();
  server = null;
  ws?.cleanup();
});

/** A copy of the `electron` package without a binary, whose install.js resolves the real @electron/get. */
function freshElectronPackage(): string {
  ws = tempWorkspace('skill-studio-electron-');
  const dir = path.join(ws.root, 'node_modules', 'electron');
  mkdirSync(dir, { recursive: true });
  for (const f of ['package.json', 'install.js', 'checksums.json']) {
    copyFileSync(path.join(repoModules, 'electron', f), path.join(dir, f));
  }
  for (const scope of ['@electron', '@electron-internal']) {
    symlinkSync(path.join(repoModules, scope), path.join(ws.root, 'node_modules', scope));
  }
  return dir;
}

function installDist(dir: string, distVersion = version): void {
  ws.write(path.relative(ws.root, path.join(dir, 'dist', exeName)), '#!/bin/sh\n');
  ws.write(path.relative(ws.root, path.join(dir, 'dist', 'version')), distVersion);
  ws.write(path.relative(ws.root, path.join(dir, 'path.txt')), exeName);
}

function releaseZip(): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  zip.addBuffer(Buffer.from('#!/bin/sh\necho fake electron\n'), exeName, { mode: 0o100755 });
  zip.addBuffer(Buffer.from(version), 'version');
  zip.end();
  const chunks: Buffer[] = [];
  return new Promise((resolve, reject) => {
    zip.outputStream.on('data', (c: Buffer) => chunks.push(c));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on('error', reject);
  });
}

type Mirror = 'serve' | 'refuse' | 'stall';

/** A release mirror on loopback; returns the env that points install.js at it. */
async function mirror(mode: Mirror): Promise<NodeJS.ProcessEnv> {
  const zip = await releaseZip();
  const zipName = `electron-v${version}-${process.platform}-${process.arch}.zip`;
  const sums = `${createHash('sha256').update(zip).digest('hex')} *${zipName}\n`;
  server = http.createServer((req, res) => {
    if (mode === 'stall') {
      // Headers, a first chunk, then nothing: a connection that hangs mid-download.
      res.writeHead(200, { 'content-length': String(zip.length) });
      res.write(zip.subarray(0, 10));
      return;
    }
    if (mode === 'refuse') {
      res.writeHead(404).end();
    } else if (req.url === `/v${version}/SHASUMS256.txt`) {
      res.end(sums);
    } else if (req.url === `/v${version}/${zipName}`) {
      res.end(zip);
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    PATH: process.env.PATH,
    ELECTRON_MIRROR: `http://127.0.0.1:${port}/`,
    // The fake zip's checksum comes from the mirror, not from electron's checksums.json.
    electron_use_remote_checksums: '1',
    electron_config_cache: path.join(ws.root, 'cache'),
  };
}

describe('findElectron', () => {
  const platform = process.platform;

  it('finds a binary that install.js laid out for this version', () => {
    const dir = freshElectronPackage();
    installDist(dir);
    expect(findElectron({ electronDir: dir, env: {}, platform })).toEqual({
      exe: path.join(dir, 'dist', exeName),
    });
  });

  it('calls a missing binary downloadable, naming the version', () => {
    const dir = freshElectronPackage();
    expect(findElectron({ electronDir: dir, env: {}, platform })).toEqual({
      exe: null,
      downloadable: true,
      reason: `no Electron ${version} binary is installed`,
    });
  });

  it('treats a dist left by another Electron version, or without path.txt, as missing', () => {
    const dir = freshElectronPackage();
    installDist(dir, '44.0.0');
    expect(findElectron({ electronDir: dir, env: {}, platform }).exe).toBeNull();
    installDist(dir);
    ws.write(path.relative(ws.root, path.join(dir, 'path.txt')), 'elsewhere');
    expect(findElectron({ electronDir: dir, env: {}, platform }).exe).toBeNull();
  });

  it('never downloads when ELECTRON_SKIP_BINARY_DOWNLOAD is set', () => {
    const dir = freshElectronPackage();
    const found = findElectron({
      electronDir: dir,
      env: { ELECTRON_SKIP_BINARY_DOWNLOAD: '1' },
      platform,
    });
    expect(found).toMatchObject({ exe: null, downloadable: false });
    expect(found.exe === null && found.reason).toContain('ELECTRON_SKIP_BINARY_DOWNLOAD');
  });

  it('uses ELECTRON_OVERRIDE_DIST_PATH alone, and says when it holds no binary', () => {
    const dir = freshElectronPackage();
    installDist(dir);
    const override = path.join(ws.root, 'override');
    const env = { ELECTRON_OVERRIDE_DIST_PATH: override };
    const missing = findElectron({ electronDir: dir, env, platform });
    expect(missing).toMatchObject({ exe: null, downloadable: false });
    expect(missing.exe === null && missing.reason).toContain('ELECTRON_OVERRIDE_DIST_PATH');
    ws.write(path.join('override', exeName), '#!/bin/sh\n');
    expect(findElectron({ electronDir: dir, env, platform })).toEqual({
      exe: path.join(override, exeName),
    });
  });

  it('reports an absent electron package as not downloadable', () => {
    ws = tempWorkspace();
    expect(
      findElectron({ electronDir: path.join(ws.root, 'nothing'), env: {}, platform }),
    ).toMatchObject({ exe: null, downloadable: false });
  });

  it('lays out the executable where install.js puts it on each platform', () => {
    expect(executableInDist('linux')).toBe('electron');
    expect(executableInDist('win32')).toBe('electron.exe');
    expect(executableInDist('darwin')).toBe('Electron.app/Contents/MacOS/Electron');
  });
});

describe('hasDisplay', () => {
  it('needs DISPLAY or WAYLAND_DISPLAY on Linux only', () => {
    expect(hasDisplay({}, 'linux')).toBe(false);
    expect(hasDisplay({ DISPLAY: ':0' }, 'linux')).toBe(true);
    expect(hasDisplay({ WAYLAND_DISPLAY: 'wayland-0' }, 'linux')).toBe(true);
    expect(hasDisplay({}, 'darwin')).toBe(true);
    expect(hasDisplay({}, 'win32')).toBe(true);
  });
});

describe('downloadElectron (electron install.js against a local mirror)', () => {
  it('downloads, checks and unpacks the binary, reporting progress', async () => {
    const dir = freshElectronPackage();
    const env = await mirror('serve');
    const progress: number[] = [];
    const result = await downloadElectron({
      electronDir: dir,
      env,
      pollMs: 20,
      onProgress: (b) => progress.push(b),
    });
    expect(result).toEqual({ ok: true });
    expect(findElectron({ electronDir: dir, env: {}, platform: process.platform })).toEqual({
      exe: path.join(dir, 'dist', exeName),
    });
    expect(progress.length).toBeGreaterThan(0);
  });

  it('reports a refused download with the server answer', async () => {
    const dir = freshElectronPackage();
    const result = await downloadElectron({ electronDir: dir, env: await mirror('refuse') });
    expect(result.ok).toBe(false);
    expect(!result.ok && result.reason).toMatch(/^the download failed \(HTTPError: .*404/);
    expect(existsSync(path.join(dir, 'path.txt'))).toBe(false);
  });

  it('gives up on a download that stops sending data', async () => {
    const dir = freshElectronPackage();
    const result = await downloadElectron({
      electronDir: dir,
      env: await mirror('stall'),
      stallMs: 500,
      pollMs: 50,
    });
    expect(result).toEqual({ ok: false, reason: 'the download stalled (no data for 1 s)' });
    expect(existsSync(path.join(dir, 'path.txt'))).toBe(false);
  });
});
