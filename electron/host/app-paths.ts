/**
 * Where the studio's own files live (bundled skills, templates, built renderer),
 * whether it runs from source (tsx, vitest), from the dist/ bundles, or packaged.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { logSwallowed } from './log';

let cachedRoot: string | null = null;

function here(): string {
  // CJS bundles have __dirname; ESM (tsx, vitest) has import.meta.url.
  if (typeof __dirname !== 'undefined') return __dirname;
  return path.dirname(fileURLToPath(import.meta.url));
}

/** The package root: the nearest folder upwards holding our package.json. */
export function appRoot(): string {
  if (cachedRoot) return cachedRoot;
  let dir = here();
  for (;;) {
    const pkg = path.join(dir, 'package.json');
    if (existsSync(pkg)) {
      try {
        if ((JSON.parse(readFileSync(pkg, 'utf8')) as { name?: string }).name === 'skill-studio') {
          cachedRoot = dir;
          return dir;
        }
      } catch {
        // not ours; keep walking up
      }
    }
    const parent = path.dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  cachedRoot = path.resolve(here(), '..');
  return cachedRoot;
}

/** Packaged apps carry resources outside the asar archive (electron-builder extraResources). */
function resourcesDir(): string {
  const packaged = (process as { resourcesPath?: string }).resourcesPath;
  if (packaged && existsSync(path.join(packaged, 'skills'))) return packaged;
  return path.join(appRoot(), 'resources');
}

export const frameworkSkillsDir = (): string => path.join(resourcesDir(), 'skills');
export const templatesDir = (): string => path.join(resourcesDir(), 'templates');
export const rendererDir = (): string => path.join(appRoot(), 'dist', 'renderer');

export function appVersion(): string {
  try {
    return (
      JSON.parse(readFileSync(path.join(appRoot(), 'package.json'), 'utf8')) as { version: string }
    ).version;
  } catch (err) {
    logSwallowed('read the app version from package.json')(err);
    return '0.0.0';
  }
}
