/**
 * The files the CLI keeps between runs of one scope (the kept verdicts, verdict-cache.ts,
 * the kept listings, kept-listings.ts, and the kept runs, kept-run.ts): JSON lines, a
 * header naming the build and the scope, then the lines (for verdicts, one per folder led
 * by the folder's path). A file of another build or scope, or not the user's
 * (cache-file.ts), is read as empty; so is a cut last line.
 */
import { readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { readCacheText, writeCacheText } from '../fs/cache-file';
import { logSwallowed } from '../log';

/** Scope files kept at most in one folder: the least recently written go first. */
const MAX_SCOPE_FILES = 32;
/** Characters of lines written at most: past that, the rest are read afresh next time. */
const MAX_FILE_CHARS = 128 * 1024 * 1024;

/** One scope's file in one folder of the cache folder. */
export interface KeptFile {
  path: string;
  /** The header's JSON, with its newline. */
  headerLine: string;
}

/**
 * The scope's file name: FNV-1a, twice with different seeds. Not a cryptographic hash,
 * and it need not be one: the header holds the whole scope and a file of another scope is
 * ignored, and node:crypto is not worth loading on a run that hits (lazy-crypto.ts).
 */
function scopeName(scope: string): string {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ 0x5bd1e995;
  for (let i = 0; i < scope.length; i++) {
    const c = scope.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x01000193) ^ (b >>> 15);
  }
  return (a >>> 0).toString(16).padStart(8, '0') + (b >>> 0).toString(16).padStart(8, '0');
}

/** The file of `scope` for `build` in `folder` of the cache folder `dir`. */
export function keptFile(dir: string, folder: string, build: string, scope: string): KeptFile {
  return {
    path: path.join(dir, folder, `${scopeName(scope)}.jsonl`),
    headerLine: JSON.stringify({ build, scope }) + '\n',
  };
}

/** What `file` holds after its header, when it is the user's and of its build and scope; else null. */
export function readKeptText(file: KeptFile): string | null {
  let text: string | null;
  try {
    text = readCacheText(file.path);
  } catch {
    return null; // none yet, or unreadable: every folder is read
  }
  // Not the user's, or of another build or scope: not trusted.
  if (text === null || !text.startsWith(file.headerLine)) return null;
  return text.slice(file.headerLine.length);
}

/** The lines of `file` by the folder that leads each, when it is the user's and of its build and scope. */
export function readKeptLines(file: KeptFile): Map<string, string> {
  const kept = new Map<string, string>();
  const text = readKeptText(file);
  if (text === null) return kept;
  for (let start = 0, end = 0; start < text.length; start = end + 1) {
    end = text.indexOf('\n', start);
    if (end < 0) break; // a cut last line is left out
    const line = text.slice(start, end);
    // The folder leads the line: found without parsing the rest (parsed when looked up).
    const dir = leadingString(line);
    if (dir !== null) kept.set(dir, line);
  }
  return kept;
}

/**
 * Writes `lines` to `file` after its header, then keeps the newest scope files of its
 * folder. Never throws: a cache that cannot be written is logged as `keeping`.
 */
export async function writeKeptLines(
  file: KeptFile,
  lines: Iterable<string>,
  keeping: string,
): Promise<void> {
  try {
    await writeCacheText(file.path, keptText(file, lines));
    pruneScopes(path.dirname(file.path));
  } catch (err) {
    logSwallowed(`keep ${keeping} for the next run`)(err);
  }
}

/** The file's text: the header and `lines`, as many as fit in MAX_FILE_CHARS. */
function keptText(file: KeptFile, lines: Iterable<string>): string {
  let text = file.headerLine;
  for (const line of lines) {
    if (text.length + line.length > MAX_FILE_CHARS) break;
    text += line + '\n';
  }
  return text;
}

/** The JSON string at the start of `["…",…`, or null. */
function leadingString(line: string): string | null {
  if (!line.startsWith('["')) return null;
  // Most paths need no escape: the string is the text up to the next quote.
  const quote = line.indexOf('"', 2);
  const escape = line.indexOf('\\', 2);
  if (quote > 0 && (escape < 0 || escape > quote)) return line.slice(2, quote);
  for (let i = 2; i < line.length; i++) {
    if (line[i] === '\\') i++;
    else if (line[i] === '"') {
      try {
        return JSON.parse(line.slice(1, i + 1)) as string;
      } catch {
        return null;
      }
    }
  }
  return null;
}

/** Keeps the newest MAX_SCOPE_FILES scope files of `folder` (each folder or profile checked has its own). */
function pruneScopes(folder: string): void {
  const files = readdirSync(folder).filter((n) => n.endsWith('.jsonl'));
  if (files.length <= MAX_SCOPE_FILES) return;
  const byAge = files
    .map((name) => {
      const file = path.join(folder, name);
      try {
        return { file, at: statSync(file).mtimeMs };
      } catch {
        return { file, at: 0 };
      }
    })
    .sort((a, b) => b.at - a.at);
  for (const { file } of byAge.slice(MAX_SCOPE_FILES)) rmSync(file, { force: true });
}
