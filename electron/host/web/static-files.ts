/**
 * Serving the built renderer, for the local server and the desktop app's own scheme alike:
 * a URL path maps to a file inside the renderer folder or to nothing. No `..`, no encoded
 * tricks, no symlinks out of the folder.
 */
import { realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { isInsideOrEqual } from '../fs/safe-path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.ttf': 'font/ttf',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
};

export function contentTypeFor(file: string): string {
  return TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
}

/** The absolute file for a request path, or null (the caller answers 404). */
export async function resolveStaticFile(rootDir: string, urlPath: string): Promise<string | null> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return null;
  const parts = decoded.split('/').filter((p) => p.length > 0);
  if (parts.some((p) => p === '..' || p === '.')) return null;
  const rel = parts.length === 0 ? 'index.html' : parts.join('/');
  try {
    const root = await realpath(rootDir);
    const file = await realpath(path.join(root, rel));
    if (!isInsideOrEqual(root, file)) return null;
    const st = await stat(file);
    return st.isFile() ? file : null;
  } catch {
    return null;
  }
}
