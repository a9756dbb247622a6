/**
 * The CLI's store of schema verdicts (shared/json/schema-verdicts.ts), kept in one JSON file
 * of the user's cache folder between runs: `list` and `validate`, run again and again by
 * agents and CI, then neither compile a schema they have seen before nor load ajv.
 *
 * The file is read on the first question and written, atomically, only when a run added
 * verdicts. It belongs to one build (`buildId`): a verdict depends on ajv and on how we
 * set it up, so a file from another build is ignored and replaced. It is a cache: a
 * missing, unreadable, malformed or unwritable file only costs the compiling, and what it
 * holds never decides a call (arguments are always validated by a freshly compiled schema).
 */
import { closeSync, fstatSync, mkdirSync, openSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  schemaVerdictStore,
  useSchemaVerdictStore,
  type SchemaVerdict,
  type SchemaVerdictStore,
} from '../../../shared/json/schema-verdicts';
import { writeFileAtomic } from '../fs/atomic-write';
import { logSwallowed } from '../log';

export interface SchemaVerdictFileOptions {
  /** The cache file (its folder is made, private to the user, when first written); null: none. */
  file: string | null;
  /**
   * Verdicts the build found for its bundled skills (scripts/build.mjs), read but never
   * written: even a first run, or one with caching off, need not compile those schemas.
   */
  seed?: string | null;
  /** The build the verdicts belong to. */
  buildId: string;
  /** Most verdicts kept: the least recently added go first (default 2,000). */
  maxEntries?: number;
}

export interface SchemaVerdictFile extends SchemaVerdictStore {
  /** Writes the file when this run added verdicts; never throws. */
  save(): Promise<void>;
  /** Saves, and stops serving as the process's store (serveSchemaVerdictFile). */
  close(): Promise<void>;
}

/** A schema's key is its JSON text: one larger than this is checked every time instead. */
const MAX_KEY_LENGTH = 16 * 1024;
/** Most characters of keys kept in all: the file stays small enough to read on every run. */
const MAX_KEPT_CHARS = 4 * 1024 * 1024;

interface FileShape {
  build: string;
  verdicts: [string, SchemaVerdict][];
}

function isVerdict(v: unknown): v is SchemaVerdict {
  if (typeof v !== 'object' || v === null) return false;
  const { ok, message } = v as { ok?: unknown; message?: unknown };
  return ok === true || (ok === false && typeof message === 'string');
}

/** The text of `file`; with `own`, only when the user running this owns it, else null. */
function readText(file: string, own: boolean): string | null {
  const fd = openSync(file, 'r');
  try {
    const uid = process.getuid?.();
    if (own && uid !== undefined && fstatSync(fd).uid !== uid) return null;
    return readFileSync(fd, 'utf8');
  } finally {
    closeSync(fd);
  }
}

/**
 * The verdicts in `file` when it is a file of this build, else none. `own`: the file must
 * be the user's (the cache file; the seed is installed with the CLI, whoever owns it).
 */
function readVerdicts(
  file: string | null | undefined,
  buildId: string,
  own: boolean,
): Map<string, SchemaVerdict> {
  const kept = new Map<string, SchemaVerdict>();
  if (!file) return kept;
  let data: Partial<FileShape> | null;
  try {
    const text = readText(file, own);
    if (text === null) return kept;
    data = JSON.parse(text) as Partial<FileShape> | null;
  } catch {
    return kept; // none yet, or not ours to trust: the run compiles
  }
  if (data?.build !== buildId || !Array.isArray(data.verdicts)) return kept;
  for (const entry of data.verdicts) {
    if (Array.isArray(entry) && typeof entry[0] === 'string' && isVerdict(entry[1]))
      kept.set(entry[0], entry[1]);
  }
  return kept;
}

export function openSchemaVerdictFile(opts: SchemaVerdictFileOptions): SchemaVerdictFile {
  const maxEntries = opts.maxEntries ?? 2000;
  let verdicts: Map<string, SchemaVerdict> | null = null;
  let seeded: Map<string, SchemaVerdict> | null = null;
  let keptChars: number | null = null;
  let added = false;
  const loaded = (): Map<string, SchemaVerdict> =>
    (verdicts ??= readVerdicts(opts.file, opts.buildId, true));
  const seed = (): Map<string, SchemaVerdict> =>
    (seeded ??= readVerdicts(opts.seed, opts.buildId, false));
  const file: SchemaVerdictFile = {
    get: (key) => seed().get(key) ?? loaded().get(key),
    set(key, verdict) {
      if (key.length > MAX_KEY_LENGTH || !opts.file) return;
      const map = loaded();
      // The keys' characters, counted once and then kept up to date.
      if (keptChars === null) keptChars = [...map.keys()].reduce((n, k) => n + k.length, 0);
      if (map.delete(key)) keptChars -= key.length;
      map.set(key, verdict);
      keptChars += key.length;
      added = true;
      // Bounded while it runs too (a long-lived host asks about every edit of a schema).
      for (const k of map.keys()) {
        if (map.size <= maxEntries && keptChars <= MAX_KEPT_CHARS) break;
        map.delete(k);
        keptChars -= k.length;
      }
    },
    async save() {
      if (!added || !verdicts || !opts.file) return;
      added = false;
      const data: FileShape = { build: opts.buildId, verdicts: [...verdicts] };
      try {
        mkdirSync(path.dirname(opts.file), { recursive: true, mode: 0o700 });
        await writeFileAtomic(opts.file, JSON.stringify(data), { mode: 0o600 });
      } catch (err) {
        logSwallowed('keep the schema verdicts for the next run')(err);
      }
    },
    async close() {
      await file.save();
      if (schemaVerdictStore() === file) useSchemaVerdictStore(null);
    },
  };
  return file;
}

/** Opens the file and makes it the process's store of verdicts until its close(). */
export function serveSchemaVerdictFile(opts: SchemaVerdictFileOptions): SchemaVerdictFile {
  const file = openSchemaVerdictFile(opts);
  useSchemaVerdictStore(file);
  return file;
}
