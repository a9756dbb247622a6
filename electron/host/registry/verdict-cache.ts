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
import type { Dirent } from 'node:fs';
import { keptFile, readKeptLines, writeKeptLines } from './kept-file';
import { LISTINGS_FOLDER, openKeptListings, type KeptListings } from './kept-listings';
import { checkInputs, type CheckAt, type ReadInput } from './read-inputs';
import { skillProbes } from './skill-record';
import type { RunRecorder } from './run-recorder';

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
  lookup(
    dir: string,
    realDir: string,
    entries: readonly Dirent[],
    /** Told what the verdict handed out was read from (kept-run.ts records it). */
    seen?: (inputs: ReadInput[]) => void,
  ): V | undefined;
  /** Keeps a verdict just read, with what its read saw (null: it cannot be checked, so it is not kept). */
  keep(dir: string, realDir: string, verdict: V, inputs: ReadInput[] | null | undefined): void;
  /** The folders' listings kept for the same scope (kept-listings.ts), to list a tree through. */
  readonly listings: KeptListings;
  /** Writes the files when this run changed what they hold; never throws. */
  save(): Promise<void>;
}

/**
 * The kept verdicts of `scope` (any string naming what the verdicts depend on besides the
 * skills' files), or null when nothing can be kept (no cache folder). `opened`: the run's
 * start and the scope's kept listings, when the caller has opened them already.
 */
export function openVerdictCache<V>(
  opts: VerdictCacheOptions | null | undefined,
  scope: string,
  opened?: { runStart: number; listings: KeptListings },
): VerdictCache<V> | null {
  if (!opts?.dir) return null;
  const runStart = opened?.runStart ?? Date.now();
  const file = keptFile(opts.dir, VERDICTS_FOLDER, opts.buildId, scope);
  const kept = readKeptLines(file);
  const listings = opened?.listings ?? openScopeListings(opts.dir, opts.buildId, scope, runStart);
  // What the file will hold: the line of every skill this run saw, in the order seen.
  const lines = new Map<string, string>();
  let changed = false;
  return {
    runStart,
    listings,
    has: (dir) => kept.has(dir),
    lookup(dir, realDir, entries, seen) {
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
      seen?.(entry[2]);
      return entry[3];
    },
    keep(dir, realDir, verdict, inputs) {
      changed = true;
      if (!inputs || !isJsonExact(verdict)) return;
      const line: EntryLine<V> = [dir, realDir, inputs, verdict];
      lines.set(dir, JSON.stringify(line));
    },
    async save() {
      await listings.save();
      // A skill kept before and not seen now is gone: the file changes too.
      if (!changed && kept.size === 0) return;
      changed = false;
      kept.clear();
      await writeKeptLines(file, lines.values(), 'the skills’ verdicts');
    },
  };
}

/** The kept listings of `scope` in the cache folder `dir`, for a run that began at `runStart`. */
export function openScopeListings(
  dir: string,
  buildId: string,
  scope: string,
  runStart: number,
): KeptListings {
  return openKeptListings(keptFile(dir, LISTINGS_FOLDER, buildId, scope), runStart);
}

/** checkInputs, with inputs of a shape it cannot read (a corrupt file) taken as a change. */
function checkedInputs(inputs: ReadInput[], at: CheckAt): ReturnType<typeof checkInputs> {
  try {
    return checkInputs(inputs, at);
  } catch {
    return 'changed';
  }
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
 * `run`, when the run is recorded (kept-run.ts), is told what each verdict came from.
 */
export async function withKeptVerdicts<F, V extends { inputs?: ReadInput[] | null }>(
  cache: VerdictCache<Omit<V, 'inputs'>> | null,
  items: readonly F[],
  where: (item: F) => KeptAt | null,
  read: (items: F[]) => Promise<V[]>,
  run: RunRecorder | null = null,
): Promise<V[]> {
  if (!cache) return read([...items]);
  const places = items.map(where);
  const hits = places.map((at) => {
    if (!at) {
      run?.unrecorded(); // read every time: a run that holds it cannot be kept
      return undefined;
    }
    const seen = run ? (inputs: ReadInput[]) => run.skill(at.dir, at.realDir, inputs) : undefined;
    return cache.lookup(at.dir, at.realDir, at.entries, seen);
  });
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
    if (at) {
      cache.keep(at.dir, at.realDir, kept, inputs);
      run?.skill(at.dir, at.realDir, inputs);
    }
    return verdict;
  });
}
