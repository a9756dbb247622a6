/**
 * The listing of a whole run, kept beside the kept verdicts (verdict-cache.ts, in the cache
 * folder's `runs/`, one file per scope as kept-file.ts writes them): what an
 * earlier `list` of the same scope and build answered (every skill with its problems, and
 * the conflicts), used again when everything that run was made from answers the same now.
 * An unchanged folder of 10,000 skills is then listed at the cost of a stat per folder
 * and file it read, instead of rebuilding and ranking 10,000 records from their verdicts.
 *
 * What a listing is made of, besides its scope (sources, settings, profile: the kept
 * file's header) and the build:
 * - the answers to the scan's file-system calls: each source folder's listing and real
 *   path, each candidate's real path, each skill folder's listing and the folders below it
 *   that its file count lists, each file a fresh read opened. An InputLog (read-inputs.ts)
 *   over the scan's calls records them all, as they were answered (through the kept
 *   listings, kept-listings.ts), each listed folder with its identity when it could be
 *   trusted: a later check answers such a folder by a stat alone, and lists the others;
 * - each skill's verdict, itself a function of what its read saw: a kept verdict's
 *   inputs, a fresh read's inputs, or, for a bundled skill, the build's seed
 *   (listing-seed.ts).
 * Worker threads record their own calls and post them at their end (run-recorder.ts);
 * a run in which a worker ended without posting them keeps nothing.
 * A later run checks every recorded answer and every skill's inputs (as the verdict cache
 * checks one skill's); when each answers the same, the scan would find exactly what it
 * found, so the listing is the same. A path that answered two ways within the run is
 * recorded twice and can never match.
 *
 * A cache like the verdicts: a file missing, corrupt, of another build or scope, or not
 * the user's is ignored (the run lists as ever), anything that answers otherwise or a
 * racy file (read-inputs.ts) reads the run as ever, and that run keeps its own.
 */
import type { Dirent } from 'node:fs';
import { keptFile, readKeptText, writeKeptLines, type KeptFile } from './kept-file';
import {
  hasIdentity,
  identityOf,
  isFolderIdentity,
  trustedFolderStat,
  type FolderIdentity,
  type KeptListings,
} from './kept-listings';
import { checkInputs, type ReadInput } from './read-inputs';
import { syncScanCalls } from './scan-io';
import { runRecorder, type RunRecord, type RunRecorder } from './run-recorder';
import { skillProbes } from './skill-record';
import { isJsonExact, openScopeListings } from './verdict-cache';

/** The folder of kept runs inside the cache folder (beside `verdicts` and `listings`). */
export const RUNS_FOLDER = 'runs';

/** How the checks are answered now. */
export interface KeptRunCheck {
  /** When this run began (read-inputs.ts, RACY_MS). */
  runStart: number;
  /** Whether the bundled skill in `dir` (listed as `entries`) still has the seed's verdict. */
  seeded(dir: string, realDir: string, entries: readonly Dirent[]): boolean;
}

/**
 * Keeps `listing` in `file` with what it was made from (`record`; null: nothing is kept, as
 * some of the run cannot be checked again). `identify`: each listed folder's identity for
 * this run (folderIdentity), so that the next run can answer it by a stat. Never throws.
 */
export async function saveKeptRun(
  file: KeptFile,
  record: RunRecord | null,
  listing: unknown,
  identify: (dir: string) => FolderIdentity | null = () => null,
): Promise<void> {
  // A listing JSON cannot give back exactly (NaN from YAML, say) is listed afresh.
  if (record === null || !isJsonExact(listing)) return;
  identifyListings(record.log, identify);
  let lines: string[];
  try {
    lines = [JSON.stringify(packRecord(record)), JSON.stringify(listing)];
  } catch {
    return; // past what one string can hold (a tree of millions of folders): kept never
  }
  await writeKeptLines(file, lines, 'the listing');
}

/**
 * Each listing of `log` with its folder's identity, but for a folder listed two ways in the
 * run (changed meanwhile): both answers must be checked, and can never both match.
 */
function identifyListings(
  log: ReadInput[],
  identify: (dir: string) => FolderIdentity | null,
): void {
  const twice = new Set<string>();
  const sigs = new Map<string, string>();
  for (const input of log) {
    if (input.kind !== 'list') continue;
    const sig = sigs.get(input.path);
    if (sig === undefined) sigs.set(input.path, input.sig);
    else if (sig !== input.sig) twice.add(input.path);
  }
  for (const input of log) {
    if (input.kind !== 'list') continue;
    if (twice.has(input.path)) delete input.at;
    else input.at ??= identify(input.path) ?? undefined;
  }
}

function packRecord(record: RunRecord): PackedRecord {
  return [
    record.log.map(pack),
    record.skills.map(({ dir, realDir, inputs }) => [
      dir,
      realDir === dir ? 0 : realDir,
      inputs === 'seed' ? inputs : inputs.map(pack),
    ]),
  ];
}

/** What a command's answer is kept under, and how a kept one is checked. */
export interface KeptRunScope<T> {
  /** The cache folder and build (verdict-cache.ts). */
  cache: { dir: string; buildId: string };
  /** The scope of the kept verdicts and listings the answer is read through. */
  scope: string;
  /** What else the answer depends on (the folders as resolved, the profile, the settings). */
  runScope: string;
  /** Whether a bundled skill still has the seed's verdict (see KeptRunCheck). */
  seeded: KeptRunCheck['seeded'];
  /** A kept answer's shape, as far as the caller relies on it. */
  isResult: (v: unknown) => v is T;
}

/**
 * The answer an earlier run of the same scope kept, when everything it was made from
 * answers the same now (checked before any verdict is read: an unchanged run needs none);
 * else `read`'s, through the scope's kept listings (`opened`, for its verdict cache),
 * recorded by `run`, and kept for the next run with each listed folder's identity.
 */
export async function keptOrRead<T>(
  of: KeptRunScope<T>,
  read: (opened: { runStart: number; listings: KeptListings }, run: RunRecorder) => Promise<T>,
): Promise<T> {
  const { dir, buildId } = of.cache;
  const runStart = Date.now();
  // Names are ranked and compared through Unicode normalisation, whose tables are the runtime's.
  const file = keptFile(dir, RUNS_FOLDER, buildId, `${process.version}\0${of.runScope}`);
  const kept = await keptRunResult(file, { runStart, seeded: of.seeded }, of.isResult);
  if (kept !== null) return kept;
  const listings = openScopeListings(dir, buildId, of.scope, runStart);
  const run = runRecorder(runStart);
  const answer = await read({ runStart, listings }, run);
  // The main thread's folders are identified by its kept listings' stats, a worker's by its own.
  await saveKeptRun(file, run.record(), answer, (d) => listings.identityOf(d));
  return answer;
}

/**
 * The answer kept in `file` when everything it was made from answers the same now, else
 * null (and null when the kept one is not `isResult`). A racy file found unchanged
 * (read-inputs.ts) has its metadata trusted from now on: the run is kept again with it
 * (never throws).
 */
async function keptRunResult<T>(
  file: KeptFile,
  check: KeptRunCheck,
  isResult: (v: unknown) => v is T,
): Promise<T | null> {
  const text = readKeptText(file);
  if (text === null) return null;
  const end = text.indexOf('\n');
  const last = text.indexOf('\n', end + 1);
  if (end < 0 || last < 0) return null; // cut short
  let record: RunRecord;
  let result: unknown;
  let now: ReturnType<typeof checkInputs>;
  try {
    record = unpackRecord(JSON.parse(text.slice(0, end)));
    now = holds(record, check);
    if (now === 'changed') return null;
    result = JSON.parse(text.slice(end + 1, last)) as unknown;
    if (!isResult(result)) return null;
  } catch {
    return null; // corrupt, or of a shape this build does not read
  }
  if (now === 'refreshed') await saveKeptRun(file, record, result);
  return result;
}

/**
 * A RunRecord as kept: each input a tuple (a third of the object's size, and quicker to
 * read back), and a skill's real path 0 when it is its folder. The fourth field is a file's
 * hash, or a listing's folder identity.
 */
type PackedInput = [
  kind: string,
  at: string,
  answer: string | null,
  hash?: string | FolderIdentity,
  racy?: 0 | 1,
];
type PackedRecord = [
  log: PackedInput[],
  skills: Array<[dir: string, realDir: string | 0, inputs: PackedInput[] | 'seed']>,
];

const LETTER = { list: 'l', stat: 's', lstat: 'L', real: 'r' } as const;
const KIND: Record<string, 'list' | 'stat' | 'lstat' | 'real'> = {
  l: 'list',
  s: 'stat',
  L: 'lstat',
  r: 'real',
};

function pack(input: ReadInput): PackedInput {
  switch (input.kind) {
    case 'file':
      return ['f', input.path, input.id, input.hash, input.racy ? 1 : 0];
    case 'path':
      return ['p', input.rel, input.answer];
    case 'dir':
      return ['d', input.rel, input.names];
    case 'list':
      return input.at === undefined
        ? ['l', input.path, input.sig]
        : ['l', input.path, input.sig, input.at];
    default:
      return [LETTER[input.kind], input.path, input.sig];
  }
}

/** The input a tuple stands for; throws for one of another shape. */
function unpack(t: PackedInput): ReadInput {
  const [kind, at, answer, hash, racy] = t;
  if (typeof at !== 'string') throw new Error('not a kept input');
  if (kind === 'd' && (answer === null || typeof answer === 'string'))
    return { kind: 'dir', rel: at, names: answer };
  if (typeof answer !== 'string') throw new Error('not a kept input');
  if (kind === 'f' && typeof hash === 'string')
    return { kind: 'file', path: at, id: answer, hash, racy: racy === 1 };
  if (kind === 'p') return { kind: 'path', rel: at, answer };
  if (kind === 'l' && isFolderIdentity(hash))
    return { kind: 'list', path: at, sig: answer, at: hash };
  const named = KIND[kind];
  if (named === undefined) throw new Error('not a kept input');
  return { kind: named, path: at, sig: answer };
}

function unpackRecord(v: unknown): RunRecord {
  const [log, skills] = v as PackedRecord;
  return {
    log: log.map(unpack),
    skills: skills.map(([dir, realDir, inputs]) => {
      if (typeof dir !== 'string') throw new Error('not a kept skill');
      return {
        dir,
        realDir: realDir === 0 ? dir : realDir,
        inputs: inputs === 'seed' ? inputs : inputs.map(unpack),
      };
    }),
  };
}

/**
 * Whether every answer and every skill's inputs of `record` are the same now: 'same',
 * 'refreshed' (the same, with a racy file's metadata now trusted in `record`), or 'changed'.
 */
function holds({ log, skills }: RunRecord, check: KeptRunCheck): ReturnType<typeof checkInputs> {
  const { runStart } = check;
  // A skill folder is listed for the log and again for its verdict's inputs: once is enough.
  const listed = new Map<string, Dirent[]>();
  const listNow = (dir: string): Dirent[] => {
    let entries = listed.get(dir);
    // Few folders are listed here (most answer by their identity): a listing each costs
    // less than reading back every kept listing.
    if (!entries) listed.set(dir, (entries = syncScanCalls.listDir(dir)));
    return entries;
  };
  const { unsettled, identified } = byIdentity(log, runStart);
  // No folder is the skill's own here: every other listing is checked by listing it now.
  const none = { dir: '', entries: [], runStart, listNow, probes: noProbes };
  let now = checkInputs(unsettled, none);
  if (now === 'changed') return now;
  // Each listing found the same, its folder's identity taken before: kept with it.
  for (const [input, at] of identified) input.at = at;
  if (identified.length > 0) now = 'refreshed';
  for (const { dir, realDir, inputs } of skills) {
    if (now === 'changed') return now;
    // What it was read from is all in the log (checked above): nothing more to list.
    if (inputs !== 'seed' && inputs.length === 0) continue;
    try {
      if (inputs === 'seed') {
        if (!check.seeded(dir, realDir, listNow(dir))) return 'changed';
        continue;
      }
      // Listed only when an input asks (a verdict read elsewhere than the log saw needs
      // its SKILL.md's stat alone).
      const at = {
        dir,
        get entries() {
          return listNow(dir);
        },
        runStart,
        listNow,
        probes: () => skillProbes(dir, realDir, listNow(dir)),
      };
      const skill = checkInputs(inputs, at);
      if (skill !== 'same') now = skill;
    } catch {
      return 'changed';
    }
  }
  return now;
}

type ListInput = Extract<ReadInput, { kind: 'list' }>;

/**
 * The log less each listing whose folder still has the identity it was kept with (its
 * entries cannot have changed: kept-listings.ts), and the listings to check whose folder
 * now has a trusted identity, to keep with them once they are found the same. The stats
 * come before any listing of the check, as folderIdentity requires.
 */
function byIdentity(
  log: readonly ReadInput[],
  runStart: number,
): { unsettled: ReadInput[]; identified: [ListInput, FolderIdentity][] } {
  const unsettled: ReadInput[] = [];
  const identified: [ListInput, FolderIdentity][] = [];
  for (const input of log) {
    if (input.kind !== 'list') {
      unsettled.push(input);
      continue;
    }
    const st = trustedFolderStat(input.path, runStart);
    if (st && input.at && hasIdentity(st, input.at)) continue;
    unsettled.push(input);
    if (st) identified.push([input, identityOf(st)]);
  }
  return { unsettled, identified };
}

function noProbes(): never {
  throw new Error('a run records no validator checks of its own');
}
