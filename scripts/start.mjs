// `npm start`: the desktop app where a display exists, downloading the Electron binary
// the first time (Electron 45 fetches it on first use, not at `npm ci`). The same studio
// opens in the browser mode, with the reason printed, when there is no display, when the
// binary cannot be had (no network: the download ends within its stall limit), or when
// the desktop app dies at startup.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { downloadElectron, electronVersion, findElectron, hasDisplay } from './electron-launch.mjs';

const require = createRequire(import.meta.url);
const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const args = process.argv.slice(2);
const mainBundle = path.join(root, 'dist/electron/main.cjs');
// A non-zero exit this soon after launch is a failure to start (missing system libraries,
// a refused sandbox), not a user's session ending: the browser mode takes over.
const STARTUP_MS = 10_000;

function electronPackageDir() {
  try {
    return path.dirname(require.resolve('electron/package.json'));
  } catch {
    return path.join(root, 'node_modules', 'electron');
  }
}

function openBrowser(why) {
  console.log(
    `Skill Studio: ${why}, so the studio opens in your browser instead (Ctrl-C to stop).`,
  );
  const child = spawn(
    process.execPath,
    [path.join(root, 'bin/skill-studio.cjs'), 'serve', ...args],
    {
      stdio: 'inherit',
    },
  );
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code) => process.exit(code ?? 0));
}

function openDesktop(exe) {
  const started = Date.now();
  const child = spawn(exe, [mainBundle, ...args], { stdio: 'inherit' });
  child.on('error', (err) => openBrowser(`the desktop app could not be started (${err.message})`));
  child.on('exit', (code, signal) => {
    const interrupted = signal === 'SIGINT' || signal === 'SIGTERM';
    if (code !== 0 && !interrupted && Date.now() - started < STARTUP_MS) {
      const how = signal ? `was killed by ${signal}` : `exited with code ${code}`;
      openBrowser(`the desktop app ${how} as it started (its output is above)`);
    } else {
      process.exit(code ?? 1);
    }
  });
}

/** Prints the download's size as it grows: one updating line on a terminal, else every 10 s. */
function progressPrinter(version) {
  const tty = process.stdout.isTTY;
  let lastPrinted = 0;
  let rewriting = false;
  return {
    update(bytes) {
      const line = `  Electron ${version}: ${(bytes / 1e6).toFixed(1)} MB`;
      if (tty) {
        rewriting = true;
        process.stdout.write(`\r${line}`);
      } else if (Date.now() - lastPrinted >= 10_000) {
        lastPrinted = Date.now();
        console.log(line);
      }
    },
    end() {
      if (rewriting) process.stdout.write('\n');
    },
  };
}

async function main() {
  if (!existsSync(mainBundle)) {
    console.error('Skill Studio: not built yet — run `npm run build` first.');
    process.exit(2);
  }
  if (!hasDisplay(process.env, process.platform)) return openBrowser('no display is available');
  const electronDir = electronPackageDir();
  const where = { electronDir, env: process.env, platform: process.platform };
  let found = findElectron(where);
  if (!found.exe && found.downloadable) {
    const version = electronVersion(electronDir);
    console.log(`Skill Studio: ${found.reason}; downloading it (once)…`);
    const progress = progressPrinter(version);
    const result = await downloadElectron({ ...where, onProgress: progress.update });
    progress.end();
    if (!result.ok) return openBrowser(`${found.reason}, and ${result.reason}`);
    found = findElectron(where);
  }
  if (!found.exe) return openBrowser(found.reason);
  openDesktop(found.exe);
}

await main();
