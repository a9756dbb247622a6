/**
 * Eval runs on disk, in skill-creator's layout so its aggregate script and viewer read
 * ours (scripts/aggregate_benchmark.py, "workspace layout"):
 *
 *   <workspace>/.skill-studio/evals/<skill>/<runId>/
 *     eval_run.json                      studio: kind, status, model, options (the list reads it)
 *     benchmark.json, benchmark.md       benchmark runs (skill-creator schema)
 *     eval-<id>/eval_metadata.json       {eval_id, eval_name, prompt, case_key, expectations}
 *     eval-<id>/<configuration>/run-<k>/ transcript.json, timing.json, grading.json, outputs/
 *     eval-inline-<id>/…                 the same for a frontmatter `eval:` case (its own id)
 *     trigger_results.json               trigger runs (run_eval.py's shape + precision/recall)
 *     improve_description.json           description improvement
 *     query-<i>/run-<k>/transcript.json  trigger asks
 *
 * Every file is written atomically (fs/atomic-write.ts): a reader never sees half a
 * file, and a crash leaves the previous version. A new run is a new folder, so a rerun
 * of one case reuses nothing stale.
 */
import { promises as fsp } from 'node:fs';
import path from 'node:path';
import type {
  ConfigurationName,
  EvalCase,
  EvalJobKind,
  EvalRunStatus,
} from '../../../shared/api/evals';
import { writeFileAtomic } from '../fs/atomic-write';
import { isFileServiceError } from '../fs/errors';
import { assertRealPathInside } from '../fs/safe-path';
import { readRegularFile } from '../fs/safe-read';
import { logSwallowed } from '../log';

export const EVALS_FOLDER = path.join('.skill-studio', 'evals');

/** The record every eval run folder starts with (and ends with its final status). */
export interface EvalRunRecord {
  runId: string;
  kind: EvalJobKind;
  status: EvalRunStatus;
  skill_name: string;
  skill_dir: string;
  started_at: string;
  finished_at: string | null;
  provider: string;
  model: string;
  /** Benchmark: pass-rate mean per configuration once known. */
  pass_rate: Partial<Record<ConfigurationName, number>>;
  trigger_pass_rate: number | null;
  error: string | null;
  options: unknown;
}

export const RUN_RECORD = 'eval_run.json';
export const BENCHMARK_FILE = 'benchmark.json';
export const TRIGGER_RESULTS_FILE = 'trigger_results.json';
export const IMPROVE_FILE = 'improve_description.json';

/** A folder-safe form of a skill name (names are checked elsewhere; broken skills still run). */
export function safeSegment(name: string): string {
  const clean = name.replace(/[^A-Za-z0-9._-]/g, '_').replace(/^\.+/, '_');
  return clean === '' ? '_' : clean.slice(0, 120);
}

export function skillEvalsDir(workspace: string, skillName: string): string {
  return path.join(workspace, EVALS_FOLDER, safeSegment(skillName));
}

/** `2026-11-30T14-05-09-123Z`: sorts by time, safe in any file system. */
export function timestampId(now: Date): string {
  return now.toISOString().replace(/[:.]/g, '-');
}

/**
 * The folder of one case in an eval run, named by its source so an inline case and an
 * evals.json case with the same id never share one: `eval-<id>` for evals/evals.json
 * (skill-creator's own layout for its own cases), `eval-inline-<id>` for the
 * frontmatter's. Both match skill-creator's `eval-*` glob; its aggregate script reads
 * the eval_id from eval_metadata.json, not from the name.
 */
export function caseFolder(c: { source: EvalCase['source']; id: number }): string {
  return c.source === 'inline' ? `eval-inline-${c.id}` : `eval-${c.id}`;
}

/** The case folder a case key (`inline#1`, `evals-json#3`) names; null for anything else. */
export function caseFolderOfKey(key: string): string | null {
  const m = /^(inline|evals-json)#(\d{1,10})$/.exec(key);
  return m ? caseFolder({ source: m[1] as EvalCase['source'], id: Number(m[2]) }) : null;
}

export function caseRunDir(
  folder: string,
  configuration: ConfigurationName,
  runNumber: number,
): string {
  return `${folder}/${configuration}/run-${runNumber}`;
}

export function triggerRunDir(queryIndex: number, runNumber: number): string {
  return `query-${queryIndex}/run-${runNumber}`;
}

/**
 * Creates a fresh run folder under `base` (a second one in the same millisecond gets a
 * suffix). `base` must stay inside the workspace once links are resolved: a cloned
 * repository may commit `.skill-studio` (or `.skill-studio/evals`) as a link to anywhere,
 * and every file of the run would follow it. Checked before anything is created, and
 * again on the new folder, which holds only what the run writes.
 */
export async function createRunFolder(
  workspace: string,
  base: string,
  now: Date,
): Promise<{ runId: string; folder: string }> {
  await assertRealPathInside(workspace, base, 'the eval results');
  await fsp.mkdir(base, { recursive: true });
  const stem = timestampId(now);
  for (let i = 1; ; i++) {
    const runId = i === 1 ? stem : `${stem}-${i}`;
    const folder = path.join(base, runId);
    try {
      await fsp.mkdir(folder);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      continue;
    }
    await assertRealPathInside(workspace, folder, 'the eval results');
    return { runId, folder };
  }
}

export async function writeJson(file: string, value: unknown): Promise<void> {
  await fsp.mkdir(path.dirname(file), { recursive: true });
  await writeFileAtomic(file, `${JSON.stringify(value, null, 2)}\n`);
}

export async function writeText(file: string, text: string): Promise<void> {
  await fsp.mkdir(path.dirname(file), { recursive: true });
  await writeFileAtomic(file, text);
}

/** Largest eval file read back: a benchmark of 20 runs of many cases is a few MB. */
const MAX_EVAL_JSON_BYTES = 64 * 1024 * 1024;

/**
 * An eval file read back, or null when it is missing or unreadable. Through the hardened
 * reader, capped: the folder sits in a workspace that may come from elsewhere, so a link
 * planted as `eval_run.json` to /dev/zero or a FIFO is refused rather than read forever.
 */
export async function readJson<T>(file: string): Promise<T | null> {
  try {
    const { data } = await readRegularFile(file, file, {
      maxBytes: MAX_EVAL_JSON_BYTES,
      what: 'an eval file',
    });
    return JSON.parse(data.toString('utf8')) as T;
  } catch (err) {
    if (!isFileServiceError(err) || err.code !== 'not_found') logSwallowed(`reading ${file}`)(err);
    return null;
  }
}

/** An artifact name as a path under outputs/ (no escape, no hidden leading dots). */
export function outputPath(name: string): string | null {
  const parts = name
    .replace(/\\/g, '/')
    .split('/')
    .filter((p) => p !== '' && p !== '.');
  if (parts.length === 0 || parts.some((p) => p === '..')) return null;
  return parts.map(safeSegment).join('/');
}

/** Lists the files under a folder (posix, relative), for the transcript view. */
export async function listFiles(dir: string, prefix = ''): Promise<string[]> {
  let entries;
  try {
    entries = await fsp.readdir(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  const out: string[] = [];
  for (const e of entries) {
    if (e.name.startsWith('.')) continue;
    const rel = prefix ? `${prefix}/${e.name}` : e.name;
    if (e.isDirectory()) out.push(...(await listFiles(path.join(dir, e.name), rel)));
    else if (e.isFile()) out.push(rel);
  }
  return out.sort();
}

/** Serialises the rewrites of one file: the last state always lands, never two at once. */
export class CoalescingWriter {
  private running: Promise<void> | null = null;
  private pending: (() => unknown) | null = null;

  constructor(private readonly file: string) {}

  /** Schedules a write of `value()` (evaluated when the write starts). */
  write(value: () => unknown): Promise<void> {
    this.pending = value;
    if (!this.running) this.running = this.drain();
    return this.running;
  }

  private async drain(): Promise<void> {
    try {
      while (this.pending) {
        const next = this.pending;
        this.pending = null;
        await writeJson(this.file, next());
      }
    } finally {
      this.running = null;
    }
  }

  /** Resolves when nothing is left to write. */
  async flush(): Promise<void> {
    while (this.running) await this.running;
  }
}
