/**
 * Where an Electron binary is, if any: ELECTRON_OVERRIDE_DIST_PATH, or the dist
 * that `electron`'s install step downloads (machines without network have none).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';

const EXE =
  process.platform === 'win32'
    ? 'electron.exe'
    : process.platform === 'darwin'
      ? 'Electron.app/Contents/MacOS/Electron'
      : 'electron';

export function electronDist(repoRoot: string): string | null {
  const override = process.env.ELECTRON_OVERRIDE_DIST_PATH;
  if (override && existsSync(override)) return override;
  const local = path.join(repoRoot, 'node_modules', 'electron', 'dist');
  return existsSync(local) ? local : null;
}

export function electronExecutable(repoRoot: string): string | null {
  const dist = electronDist(repoRoot);
  if (!dist) return null;
  const exe = path.join(dist, EXE);
  return existsSync(exe) ? exe : null;
}
