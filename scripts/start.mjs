// `npm start`: the desktop app when an Electron binary and a display exist; otherwise
// the same studio in the browser mode, with its URL printed.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
const root = path.dirname(path.dirname(new URL(import.meta.url).pathname));

function electronBinary() {
  if (process.env.ELECTRON_OVERRIDE_DIST_PATH) {
    const exe = path.join(
      process.env.ELECTRON_OVERRIDE_DIST_PATH,
      process.platform === 'win32' ? 'electron.exe' : 'electron',
    );
    return existsSync(exe) ? exe : null;
  }
  try {
    const pathFile = path.join(path.dirname(require.resolve('electron/package.json')), 'path.txt');
    if (!existsSync(pathFile)) return null;
    const exe = require('electron');
    return typeof exe === 'string' && existsSync(exe) ? exe : null;
  } catch {
    return null;
  }
}

const hasDisplay =
  process.platform !== 'linux' || Boolean(process.env.DISPLAY || process.env.WAYLAND_DISPLAY);
const exe = electronBinary();
const args = process.argv.slice(2);

if (exe && hasDisplay) {
  const child = spawn(exe, [path.join(root, 'dist/electron/main.cjs'), ...args], {
    stdio: 'inherit',
  });
  child.on('exit', (code) => process.exit(code ?? 0));
} else {
  const why = !exe ? 'no Electron binary is installed' : 'no display is available';
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
  process.on('SIGINT', () => child.kill('SIGINT'));
  child.on('exit', (code) => process.exit(code ?? 0));
}
