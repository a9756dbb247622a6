// What `npm start` needs to know about the Electron binary: where it is, why it is
// missing, and how to fetch it. Electron 45 has no install step: its binary arrives the
// first time something runs its `install-electron` (install.js), which is what
// `downloadElectron` does, watched so that a dead or stalled network ends in bounded time.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, lstatSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The executable's path inside an Electron dist, as electron's install.js lays it out. */
export function executableInDist(platform) {
  if (platform === 'darwin' || platform === 'mas') return 'Electron.app/Contents/MacOS/Electron';
  if (platform === 'win32') return 'electron.exe';
  return 'electron';
}

/** Linux needs an X11 or Wayland display for a window; macOS and Windows always have one. */
export function hasDisplay(env, platform) {
  return platform !== 'linux' || Boolean(env.DISPLAY || env.WAYLAND_DISPLAY);
}

function readText(file) {
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    return null;
  }
}

/** The version of the `electron` package in `electronDir`, or null when it is not installed. */
export function electronVersion(electronDir) {
  const pkg = readText(path.join(electronDir, 'package.json'));
  if (pkg === null) return null;
  try {
    const { version } = JSON.parse(pkg);
    return typeof version === 'string' ? version : null;
  } catch {
    return null;
  }
}

/**
 * The Electron executable to run, or why there is none and whether downloading would help.
 * Installed means what install.js itself checks: dist/version is this package's version,
 * path.txt names this platform's executable, and that file exists — so a dist left by an
 * older Electron, or a download cut off before path.txt was written, counts as missing.
 */
export function findElectron({ electronDir, env, platform }) {
  const rel = executableInDist(platform);
  const override = env.ELECTRON_OVERRIDE_DIST_PATH;
  if (override) {
    const exe = path.join(override, rel);
    if (existsSync(exe)) return { exe };
    return {
      exe: null,
      downloadable: false,
      reason: `ELECTRON_OVERRIDE_DIST_PATH is set but ${exe} does not exist`,
    };
  }
  const version = electronVersion(electronDir);
  if (!version) {
    return { exe: null, downloadable: false, reason: 'the electron package is not installed' };
  }
  const exe = path.join(electronDir, 'dist', rel);
  const installed =
    readText(path.join(electronDir, 'dist', 'version'))?.replace(/^v/, '') === version &&
    readText(path.join(electronDir, 'path.txt')) === rel &&
    existsSync(exe);
  if (installed) return { exe };
  if (env.ELECTRON_SKIP_BINARY_DOWNLOAD) {
    return {
      exe: null,
      downloadable: false,
      reason: `no Electron ${version} binary is installed and ELECTRON_SKIP_BINARY_DOWNLOAD is set`,
    };
  }
  return { exe: null, downloadable: true, reason: `no Electron ${version} binary is installed` };
}

/** Bytes under `dir` (0 when it does not exist); symlinks are counted, not followed. */
function bytesUnder(dir) {
  let total = 0;
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return 0;
  }
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) total += bytesUnder(full);
    else {
      try {
        total += lstatSync(full).size;
      } catch {
        // Removed while we looked: the next poll sees the new state.
      }
    }
  }
  return total;
}

/** The line of install.js's output that says what went wrong (it prints an error's stack). */
function failureLine(output) {
  const lines = output
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  return lines.find((l) => /^\w*Error\b/.test(l)) ?? lines[0] ?? 'no output';
}

/**
 * Runs electron's `install-electron` in a child process and watches the bytes it writes:
 * the download lands in a temp folder given to it as TMPDIR, the unzipped binary in
 * electron/dist. `onProgress(bytes)` is called as they grow. The child is stopped when
 * nothing new arrives for `stallMs`, or after `totalMs` in all.
 * @returns {Promise<{ ok: true } | { ok: false, reason: string }>}
 */
export function downloadElectron({
  electronDir,
  env,
  stallMs = 30_000,
  totalMs = 10 * 60_000,
  pollMs = 1000,
  onProgress = () => {},
}) {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'skill-studio-electron-'));
  const child = spawn(process.execPath, [path.join(electronDir, 'install.js')], {
    cwd: electronDir,
    // @electron/get's own progress bar needs a terminal it does not get here; ours replaces it.
    env: { ...env, TMPDIR: tmp, TMP: tmp, TEMP: tmp, ELECTRON_GET_NO_PROGRESS: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk) => {
    output = (output + chunk).slice(-16_384);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);

  return new Promise((resolve) => {
    const started = Date.now();
    let lastBytes = 0;
    let lastGrowth = started;
    let stopped = null;
    const finish = (result) => {
      clearInterval(timer);
      rmSync(tmp, { recursive: true, force: true });
      resolve(result);
    };
    const stop = (reason) => {
      stopped = reason;
      child.kill();
    };
    const timer = setInterval(() => {
      const now = Date.now();
      const bytes = bytesUnder(tmp) + bytesUnder(path.join(electronDir, 'dist'));
      if (bytes > lastBytes) {
        lastBytes = bytes;
        lastGrowth = now;
        onProgress(bytes);
      }
      if (now - lastGrowth > stallMs) {
        stop(`the download stalled (no data for ${Math.round(stallMs / 1000)} s)`);
      } else if (now - started > totalMs) {
        stop(`the download took longer than ${Math.round(totalMs / 1000)} s`);
      }
    }, pollMs);
    child.on('error', (err) => finish({ ok: false, reason: `install-electron: ${err.message}` }));
    child.on('close', (code, signal) => {
      if (stopped) finish({ ok: false, reason: stopped });
      else if (code === 0) finish({ ok: true });
      else {
        const how = signal ? `was killed by ${signal}` : `failed`;
        finish({ ok: false, reason: `the download ${how} (${failureLine(output)})` });
      }
    });
  });
}
