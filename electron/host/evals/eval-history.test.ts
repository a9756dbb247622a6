/**
 * Eval runs read back from the folder on disk: newest first, a run another host left
 * 'running' shown failed, and a case run found by its key or by its eval_metadata.json.
 */
import { mkdir, mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SkillRecord } from '../../../shared/skill/model';
import { skillRecord, writeSkill } from '../skills/test-support/skill-records';
import { caseFolderIn, EvalHistory } from './eval-history';
import type { EvalRunRecord } from './eval-store';

let tmp: string;
let record: SkillRecord;
let live: Set<string>;
let history: EvalHistory;

const runsDir = () => path.join(tmp, '.skill-studio', 'evals', 'research');

async function writeRun(runId: string, patch: Partial<EvalRunRecord> = {}): Promise<string> {
  const folder = path.join(runsDir(), runId);
  await mkdir(folder, { recursive: true });
  const rec: EvalRunRecord = {
    runId,
    kind: 'benchmark',
    status: 'completed',
    skill_name: 'research',
    skill_dir: record.dir,
    started_at: '2026-01-01T00:00:00.000Z',
    finished_at: '2026-01-01T00:01:00.000Z',
    provider: 'local',
    model: 'm',
    pass_rate: { with_skill: 1 },
    trigger_pass_rate: null,
    error: null,
    options: {},
    ...patch,
  };
  await writeFile(path.join(folder, 'eval_run.json'), JSON.stringify(rec));
  return folder;
}

beforeEach(async () => {
  tmp = await realpath(await mkdtemp(path.join(os.tmpdir(), 'eval-history-')));
  record = await skillRecord(await writeSkill(path.join(tmp, 'skills'), 'research'));
  live = new Set();
  history = new EvalHistory(
    () => tmp,
    (_dir, runId) => live.has(runId),
  );
});
afterEach(async () => {
  await rm(tmp, { recursive: true, force: true });
});

describe('EvalHistory', () => {
  it('lists runs newest first, up to the limit, a stale running one as failed', async () => {
    await writeRun('20260101-000000');
    await writeRun('20260102-000000', { status: 'running' });
    await writeRun('20260103-000000', { status: 'running' });
    await mkdir(path.join(runsDir(), '20260104-000000')); // no eval_run.json: not a run
    live.add('20260103-000000');
    const runs = await history.list(record, undefined);
    expect(runs.map((r) => [r.runId, r.status, r.live])).toEqual([
      ['20260103-000000', 'running', true],
      ['20260102-000000', 'failed', false],
      ['20260101-000000', 'completed', false],
    ]);
    expect(await history.list(record, 1)).toHaveLength(1);
    expect(
      await new EvalHistory(
        () => null,
        () => false,
      ).list(record, undefined),
    ).toEqual([]);
  });

  it('reads one run back, and names one that is not there', async () => {
    const folder = await writeRun('20260101-000000');
    await writeFile(path.join(folder, 'benchmark.json'), '{"runs":[]}');
    expect(await history.get(record, '20260101-000000')).toEqual({
      runId: '20260101-000000',
      kind: 'benchmark',
      status: 'completed',
      folder,
      benchmark: { runs: [] },
      triggers: null,
      improve: null,
    });
    await expect(history.get(record, 'nope')).rejects.toMatchObject({
      code: 'not_found',
      message: 'no eval run nope for "research"',
    });
  });

  it('finds a case run for feedback, and refuses one that did not run', async () => {
    const folder = await writeRun('20260101-000000');
    await mkdir(path.join(folder, 'eval-inline-1', 'with_skill', 'run-1'), { recursive: true });
    const ref = {
      kind: 'case' as const,
      eval_id: 1,
      case_key: 'inline#1',
      configuration: 'with_skill' as const,
      run_number: 1,
    };
    expect(await history.caseRun(record, '20260101-000000', ref)).toEqual({
      folder,
      runId: 'eval-inline-1-with_skill-run-1',
    });
    await expect(
      history.caseRun(record, '20260101-000000', { ...ref, run_number: 2 }),
    ).rejects.toMatchObject({ code: 'not_found' });
  });
});

describe('caseFolderIn', () => {
  it('finds a case by its key, else by the eval_metadata.json that names it', async () => {
    const folder = await writeRun('20260101-000000');
    await mkdir(path.join(folder, 'eval-inline-1'));
    await mkdir(path.join(folder, 'eval-7'));
    await writeFile(
      path.join(folder, 'eval-7', 'eval_metadata.json'),
      JSON.stringify({ eval_id: 7, case_key: 'inline#2' }),
    );
    const ref = { kind: 'case' as const, configuration: 'with_skill' as const, run_number: 1 };
    expect(await caseFolderIn(folder, { ...ref, eval_id: 1, case_key: 'inline#1' })).toBe(
      'eval-inline-1',
    );
    expect(await caseFolderIn(folder, { ...ref, eval_id: 7, case_key: 'inline#2' })).toBe('eval-7');
    expect(await caseFolderIn(folder, { ...ref, eval_id: 7 })).toBe('eval-7');
    expect(await caseFolderIn(folder, { ...ref, eval_id: 9 })).toBe('eval-9');
  });
});
