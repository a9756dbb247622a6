/**
 * Kept verdicts, as ESLint's `--cache` and Ruff's cache keep theirs: what reading and
 * validating each skill found, kept in the CLI's cache folder (bin/cache-folder.cjs) with
 * what the read saw (read-inputs.ts), so that a run over an unchanged folder checks a stat
 * per file read instead of reading and validating again.
 *
 * One file per scope: everything besides the skill's own files that its verdict depends
 * on (the command, the profile, skill-studio.json, the folders named), for one build (its
 * header names both, and a file of another build is replaced), so a change of any of them
 * reads every skill afresh. Within a scope a skill's verdict is
 * used only when every input it was read from answers the same (checkInputs); the checks
 * across skills (name conflicts, cycles through `skills:`) are never kept, their callers
 * run them on every run over the verdicts. The file is JSON lines: a header, then one line
 * per skill, written back as read, so what a caller does to a verdict it was handed never
 * reaches the file. It is a cache: a file missing, corrupt, of another build or scope, not
 * the user's, or unwritable is ignored (the run reads every skill) and never fatal.
 */
import { readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { readCacheText, writeCacheText } from '../fs/cache-file';
import { logSwallowed } from '../log';
import type { Dirent } from 'node:fs';
import { checkInputs, type CheckAt, type ReadInput } from './read-inputs';
import { skillProbes } from './skill-record';

/** Where verdicts are kept: the CLI's cache folder and its build. */
export interface VerdictCacheOptions {
  /** The cache folder (verdicts go in its `verdicts/`); null: nothing is kept. */
  dir: string | null;
  buildId: string;
  /** The build's verdicts on its bundled skills, for `list` (listing-seed.ts); read, never written. */
  listingSeed?: string | null;
}

/** The folder of kept verdicts inside the cache folder. */
export const VERDICTS_FOLDER = 'verdicts';
/** Scope files kept at most: the least recently written go first. */
const MAX_SCOPE_FILES = 32;
/** Characters of entries written at most: past that, the rest are read afresh next time. */
const MAX_FILE_CHARS = 128 * 1024 * 1024;

interface Header {
  build: string;
  scope: string;
}

/** A line of the file: the skill folder, its real path, what its read saw, its verdict. */
type EntryLine<V> = [dir: string, realDir: string, inputs: ReadInput[], verdict: V];

export interface VerdictCache<V> {
  /** When this run began: a file changed since then (or a moment before) is racy (read-inputs.ts). */
  readonly runStart: number;
  /** Whether a verdict is kept for the skill folder `dir` (looked up or not). */
  has(dir: string): boolean;
  /**
   * The kept verdict of the skill folder `dir` (real path `realDir`, listed as `entries`
   * by this run) when nothing it was read from changed; each folder is looked up once.
   */
  lookup(dir: string, realDir: string, entries: readonly Dirent[]): V | undefined;
  /** Keeps a verdict just read, with what its read saw (null: it cannot be checked, so it is not kept). */
  keep(dir: string, realDir: string, verdict: V, inputs: ReadInput[] | null | undefined): void;
  /** Writes the file when this run changed what it holds; never throws. */
  save(): Promise<void>;
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

/**
 * The kept verdicts of `scope` (any string naming what the verdicts depend on besides the
 * skills' files), or null when nothing can be kept (no cache folder).
 */
export function openVerdictCache<V>(
  opts: VerdictCacheOptions | null | undefined,
  scope: string,
): VerdictCache<V> | null {
  if (!opts?.dir) return null;
  const runStart = Date.now();
  const file = path.join(opts.dir, VERDICTS_FOLDER, `${scopeName(scope)}.jsonl`);
  const header: Header = { build: opts.buildId, scope };
  const kept = readKept(file, header);
  // What the file will hold: the line of every skill this run saw, in the order seen.
  const lines = new Map<string, string>();
  let changed = false;
  return {
    runStart,
    has: (dir) => kept.has(dir),
    lookup(dir, realDir, entries) {
      const line = kept.get(dir);
      if (line === undefined) return undefined;
      kept.delete(dir);
      let entry: EntryLine<V>;
      try {
        entry = JSON.parse(line) as EntryLine<V>;
      } catch {
        changed = true;
        return undefined;
      }
      if (!isEntry<V>(entry) || entry[0] !== dir || entry[1] !== realDir) return undefined;
      const probes = () => skillProbes(dir, realDir, entries);
      const now = checkedInputs(entry[2], { dir, entries, probes, runStart });
      if (now === 'changed') return undefined;
      // A racy file found unchanged is written again with its metadata as seen now.
      lines.set(dir, now === 'same' ? line : JSON.stringify(entry));
      if (now === 'refreshed') changed = true;
      return entry[3];
    },
    keep(dir, realDir, verdict, inputs) {
      changed = true;
      if (!inputs || !isJsonExact(verdict)) return;
      const line: EntryLine<V> = [dir, realDir, inputs, verdict];
      lines.set(dir, JSON.stringify(line));
    },
    async save() {
      // A skill kept before and not seen now is gone: the file changes too.
      if (!changed && kept.size === 0) return;
      changed = false;
      kept.clear();
      let text = JSON.stringify(header) + '\n';
      for (const line of lines.values()) {
        if (text.length + line.length > MAX_FILE_CHARS) break;
        text += line + '\n';
      }
      try {
        await writeCacheText(file, text);
        pruneScopes(path.dirname(file));
      } catch (err) {
        logSwallowed('keep the skills’ verdicts for the next run')(err);
      }
    },
  };
}

/** checkInputs, with inputs of a shape it cannot read (a corrupt file) taken as a change. */
function checkedInputs(inputs: ReadInput[], at: CheckAt): ReturnType<typeof checkInputs> {
  try {
    return checkInputs(inputs, at);
  } catch {
    return 'changed';
  }
}

/** The lines of `file` by skill folder, when it is the user's and of this build and scope. */
function readKept(file: string, header: Header): Map<string, string> {
  const kept = new Map<string, string>();
  let text: string | null;
  try {
    text = readCacheText(file);
  } catch {
    return kept; // none yet, or unreadable: every skill is read
  }
  if (text === null) return kept; // not the user's: not trusted
  let end = text.indexOf('\n');
  if (end < 0 || text.slice(0, end) !== JSON.stringify(header)) return kept;
  for (let start = end + 1; start < text.length; start = end + 1) {
    end = text.indexOf('\n', start);
    if (end < 0) break; // a cut last line is left out
    const line = text.slice(start, end);
    // The folder leads the line: found without parsing the rest (parsed when looked up).
    const dir = leadingString(line);
    if (dir !== null) kept.set(dir, line);
  }
  return kept;
}

/** The JSON string at the start of `["…",…`, or null. */
function leadingString(line: string): string | null {
  if (!line.startsWith('["')) return null;
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

function isEntry<V>(v: unknown): v is EntryLine<V> {
  return (
    Array.isArray(v) &&
    v.length === 4 &&
    typeof v[0] === 'string' &&
    typeof v[1] === 'string' &&
    Array.isArray(v[2])
  );
}

/**
 * Whether `v` comes back from JSON exactly as it is: plain objects and arrays of strings,
 * booleans, null and finite numbers (YAML can give NaN, Infinity and -0, which JSON
 * cannot keep). A verdict that is not is read afresh every time instead.
 */
export function isJsonExact(v: unknown): boolean {
  switch (typeof v) {
    case 'string':
    case 'boolean':
      return true;
    case 'undefined':
      return false;
    case 'number':
      return Number.isFinite(v) && !Object.is(v, -0);
    case 'object': {
      if (v === null) return true;
      if (Array.isArray(v)) return v.every(isJsonExact);
      const proto = Object.getPrototypeOf(v) as unknown;
      if (proto !== Object.prototype && proto !== null) return false;
      for (const key of Object.keys(v)) {
        if (key === '__proto__') return false;
        // An undefined value is left out by JSON: the key would be missing when read back.
        if (!isJsonExact((v as Record<string, unknown>)[key])) return false;
      }
      return true;
    }
    default:
      return false;
  }
}

/** Keeps the newest MAX_SCOPE_FILES scope files (each folder or profile checked has its own). */
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

/** A folder as a kept verdict can be checked against: where it is, and its entries as listed. */
export interface KeptAt {
  dir: string;
  realDir: string;
  entries: readonly Dirent[];
}

/**
 * `read`'s verdicts of `items`, in order, with the kept ones used where nothing they were
 * read from changed: only the others are read (`read` gets them in order, and returns
 * their verdicts with the `inputs` its reads recorded). `where` says where an item's
 * verdict is checked (null: never kept). The fresh verdicts are kept, without their inputs.
 */
export async function withKeptVerdicts<F, V extends { inputs?: ReadInput[] | null }>(
  cache: VerdictCache<Omit<V, 'inputs'>> | null,
  items: readonly F[],
  where: (item: F) => KeptAt | null,
  read: (items: F[]) => Promise<V[]>,
): Promise<V[]> {
  if (!cache) return read([...items]);
  const places = items.map(where);
  const hits = places.map((at) => (at ? cache.lookup(at.dir, at.realDir, at.entries) : undefined));
  const misses = items.filter((_, i) => hits[i] === undefined);
  const fresh = misses.length > 0 ? await read(misses) : [];
  let next = 0;
  return hits.map((hit, i) => {
    // A copy: what a caller does to a verdict stays out of the next one handed out.
    if (hit !== undefined) return { ...hit } as V;
    const verdict = fresh[next++];
    const { inputs, ...kept } = verdict;
    delete verdict.inputs;
    const at = places[i];
    if (at) cache.keep(at.dir, at.realDir, kept, inputs);
    return verdict;
  });
}
