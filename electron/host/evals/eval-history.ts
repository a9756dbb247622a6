/**
 * Eval runs read back from a skill's eval folder: the list, one run, one model run's
 * transcript, and the run folders feedback is kept in. The folder on disk is the truth;
 * whether a run is still going is the job service's word (`isLive`).
 */
import { promises as fsp } from 'node:fs';
import path from 'node:path';
import type {
  CaseRunRef,
  EvalRunDetail,
  EvalRunFiles,
  EvalRunListItem,
  EvalRunRef,
  EvalTranscript,
} from '../../../shared/api/evals';
import type { SkillRecord } from '../../../shared/skill/model';
import { assertRealPathInside } from '../fs/safe-path';
import { StudioError } from '../../../shared/errors';
import { requireWorkspace } from './eval-jobs';
import {
  BENCHMARK_FILE,
  caseFolderOfKey,
  caseRunDir,
  IMPROVE_FILE,
  listFiles,
  readJson,
  RUN_RECORD,
  skillEvalsDir,
  TRIGGER_RESULTS_FILE,
  triggerRunDir,
  type EvalRunRecord,
} from './eval-store';
import { viewerRunId } from './feedback';

export class EvalHistory {
  constructor(
    private readonly workspace: () => string | null,
    private readonly isLive: (skillDir: string, runId: string) => boolean,
  ) {}

  /** The skill's eval runs, newest first; without a workspace, none. */
  async list(record: SkillRecord, limit: number | undefined): Promise<EvalRunListItem[]> {
    // Without a workspace nothing was ever written: an empty history, not an error.
    if (!this.workspace()) return [];
    const base = await this.evalsFolder(record);
    let names: string[] = [];
    try {
      names = (await fsp.readdir(base, { withFileTypes: true }))
        .filter((e) => e.isDirectory())
        .map((e) => e.name);
    } catch {
      names = [];
    }
    names.sort().reverse();
    const out: EvalRunListItem[] = [];
    for (const name of names) {
      if (limit !== undefined && out.length >= limit) break;
      const rec = await readJson<EvalRunRecord>(path.join(base, name, RUN_RECORD));
      if (!rec) continue;
      const live = this.isLive(record.dir, name);
      out.push({
        runId: name,
        kind: rec.kind,
        status: this.statusOf(rec, live),
        started_at: rec.started_at,
        provider: rec.provider,
        model: rec.model,
        pass_rate: rec.pass_rate ?? {},
        trigger_pass_rate: rec.trigger_pass_rate ?? null,
        live,
      });
    }
    return out;
  }

  async get(record: SkillRecord, runId: string): Promise<EvalRunDetail> {
    const folder = await this.runFolder(record, runId);
    const rec = await readJson<EvalRunRecord>(path.join(folder, RUN_RECORD));
    if (!rec)
      throw new StudioError('not_found', `no eval run ${runId} for "${record.summary.name}"`);
    return {
      runId,
      kind: rec.kind,
      status: this.statusOf(rec, this.isLive(record.dir, runId)),
      folder,
      benchmark: await readJson(path.join(folder, BENCHMARK_FILE)),
      triggers: await readJson(path.join(folder, TRIGGER_RESULTS_FILE)),
      improve: await readJson(path.join(folder, IMPROVE_FILE)),
    };
  }

  async transcript(record: SkillRecord, runId: string, ref: EvalRunRef): Promise<EvalRunFiles> {
    const folder = await this.runFolder(record, runId);
    const rel =
      ref.kind === 'case'
        ? caseRunDir(await caseFolderIn(folder, ref), ref.configuration, ref.run_number)
        : `${ref.phase ? `${ref.phase}/` : ''}${triggerRunDir(ref.query_index, ref.run_number)}`;
    const dir = path.join(folder, ...rel.split('/'));
    const transcript = await readJson<EvalTranscript>(path.join(dir, 'transcript.json'));
    if (!transcript) throw new StudioError('not_found', `no run ${rel} in eval run ${runId}`);
    return {
      transcript,
      grading: ref.kind === 'case' ? await readJson(path.join(dir, 'grading.json')) : null,
      outputs: await listFiles(path.join(dir, 'outputs')),
      folder: dir,
      ...(ref.kind === 'case' ? { run_id: viewerRunId(rel) } : {}),
    };
  }

  /** A run folder that holds an eval run (its eval_run.json), else `not_found`. */
  async existingRunFolder(record: SkillRecord, runId: string): Promise<string> {
    const folder = await this.runFolder(record, runId);
    if (!(await readJson<EvalRunRecord>(path.join(folder, RUN_RECORD))))
      throw new StudioError('not_found', `no eval run ${runId} for "${record.summary.name}"`);
    return folder;
  }

  /**
   * The eval run's folder and the viewer's run id of one case run in it: the run and
   * the case run must exist, else `not_found`.
   */
  async caseRun(
    record: SkillRecord,
    runId: string,
    ref: CaseRunRef,
  ): Promise<{ folder: string; runId: string }> {
    const folder = await this.existingRunFolder(record, runId);
    const rel = caseRunDir(await caseFolderIn(folder, ref), ref.configuration, ref.run_number);
    const ran = await fsp.stat(path.join(folder, ...rel.split('/'))).catch(() => null);
    if (!ran?.isDirectory())
      throw new StudioError('not_found', `no run ${rel} in eval run ${runId}`);
    return { folder, runId: viewerRunId(rel) };
  }

  /** A run left 'running' by a host that stopped is not running any more. */
  private statusOf(rec: EvalRunRecord, live: boolean): EvalRunRecord['status'] {
    return rec.status === 'running' && !live ? 'failed' : rec.status;
  }

  /**
   * The skill's eval folder for reading runs back: like the runs' writes, refused when a
   * committed link takes it out of the workspace (its files would be anyone's).
   */
  private async evalsFolder(record: SkillRecord): Promise<string> {
    const workspace = requireWorkspace(this.workspace());
    const base = skillEvalsDir(workspace, record.summary.name);
    await assertRealPathInside(workspace, base, 'the eval results');
    return base;
  }

  private async runFolder(record: SkillRecord, runId: string): Promise<string> {
    return path.join(await this.evalsFolder(record), runId);
  }
}

/**
 * The folder of the case a transcript ref names. By its key first (`eval-inline-1`,
 * `eval-3`); else (a ref without a key, or an eval run written when inline cases were
 * foldered by their benchmark id) the `eval-*` folder whose eval_metadata.json names
 * the case, by key when given, else by eval_id.
 */
export async function caseFolderIn(runFolder: string, ref: CaseRunRef): Promise<string> {
  const keyed = ref.case_key ? caseFolderOfKey(ref.case_key) : null;
  if (keyed) {
    const found = await fsp.stat(path.join(runFolder, keyed)).catch(() => null);
    if (found?.isDirectory()) return keyed;
  }
  const names = await fsp.readdir(runFolder).catch(() => [] as string[]);
  for (const name of names.filter((n) => n.startsWith('eval-')).sort()) {
    const meta = await readJson<{ eval_id?: unknown; case_key?: unknown }>(
      path.join(runFolder, name, 'eval_metadata.json'),
    );
    if (ref.case_key ? meta?.case_key === ref.case_key : meta?.eval_id === ref.eval_id) return name;
  }
  return keyed ?? `eval-${ref.eval_id}`;
}
