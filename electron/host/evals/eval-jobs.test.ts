/**
 * The eval job service over a real workspace: the run's first record is on disk when
 * `start` answers, the final one (done, failed or cancelled) when `eval.finished` goes
 * out, and runs at once on one provider share its call pool.
 */
import { mkdtemp, readFile, realpath, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EvalEvent } from '../../../shared/api/evals';
import type { SkillRecord } from '../../../shared/skill/model';
import { loadProviderSet, type LoadedProviderSet } from '../providers';
import { skillRecord, writeSkill } from '../skills/test-support/skill-records';
import { EvalJobs, type JobRequest, type JobsContext } from './eval-jobs';
import type { EvalRunRecord } from './eval-store';

let tmp: string;
let record: SkillRecord;
let set: LoadedProviderSet;
let events: EvalEvent[];

const PROVIDER = {
  id: 'local',
  kind: 'openai-compatible',
  base_url: 'http://127.0.0.1:9/v1',
  model: 'm',
};

beforeEach(async () => {
  tmp = await realpath(await mkdtemp(path.join(os.tmpdir(), 'eval-jobs-')));
  record = await skillRecord(await writeSkill(path.join(tmp, 'skills'), 'research'));
  set = await loadProviderSet([PROVIDER], {}, null, null, tmp);
  events = [];
});
afterEach(async () => {
  await rm(tmp, { recursive: true, force: true });
});

function service(workspace: string | null = tmp): EvalJobs {
  const ctx: JobsContext = {
    workspace: () => workspace,
    runScript: async () => {
      throw new Error('no script runs here');
    },
    emit: (e) => events.push(e),
  };
  return new EvalJobs(ctx);
}

function request(concurrency = 4): JobRequest {
  return {
    record,
    kind: 'benchmark',
    target: { provider: set.providers[0], model: 'm' },
    options: { runs: 1 },
    concurrency,
    set,
  };
}

const runRecord = async (folder: string): Promise<EvalRunRecord> =>
  JSON.parse(await readFile(path.join(folder, 'eval_run.json'), 'utf8')) as EvalRunRecord;

/** Resolves when `work` is running, and lets the test end it with a patch or an error. */
function heldWork() {
  let started!: () => void;
  const running = new Promise<void>((r) => (started = r));
  let finish!: (patch: Partial<EvalRunRecord> | Error) => void;
  const result = new Promise<Partial<EvalRunRecord> | Error>((r) => (finish = r));
  return {
    running,
    finish,
    work: async () => {
      started();
      const r = await result;
      if (r instanceof Error) throw r;
      return r;
    },
  };
}

/** Resolves once `count` runs have sent eval.finished. */
const finished = (count = 1) =>
  new Promise<void>((resolve) => {
    const timer = setInterval(() => {
      if (events.filter((e) => e.type === 'eval.finished').length >= count) {
        clearInterval(timer);
        resolve();
      }
    }, 5);
  });

describe('EvalJobs', () => {
  it('answers once the running record is on disk, and writes the final one at the end', async () => {
    const jobs = service();
    const held = heldWork();
    const { runId, folder } = await jobs.start(request(), held.work);
    expect(folder).toBe(path.join(tmp, '.skill-studio', 'evals', 'research', runId));
    expect(await runRecord(folder)).toMatchObject({
      runId,
      kind: 'benchmark',
      status: 'running',
      skill_name: 'research',
      skill_dir: record.dir,
      provider: 'local',
      model: 'm',
      finished_at: null,
      options: { runs: 1 },
    });
    await held.running;
    expect(jobs.isLive(record.dir, runId)).toBe(true);

    held.finish({ status: 'completed', pass_rate: { with_skill: 1 } });
    await finished();
    expect(jobs.isLive(record.dir, runId)).toBe(false);
    const final = await runRecord(folder);
    expect(final).toMatchObject({ status: 'completed', pass_rate: { with_skill: 1 } });
    expect(final.finished_at).toEqual(expect.any(String));
    expect(events).toEqual([
      {
        type: 'eval.finished',
        skill: record.dir,
        runId,
        kind: 'benchmark',
        status: 'completed',
        error: null,
      },
    ]);
  });

  it('records a job that throws as failed, with its words', async () => {
    const jobs = service();
    const held = heldWork();
    const { folder } = await jobs.start(request(), held.work);
    held.finish(new Error('the model is unavailable'));
    await finished();
    expect(await runRecord(folder)).toMatchObject({
      status: 'failed',
      error: 'the model is unavailable',
    });
  });

  it('cancels a run going on: answers once eval_run.json says cancelled', async () => {
    const jobs = service();
    const { runId, folder } = await jobs.start(
      request(),
      ({ signal }) =>
        new Promise((resolve) =>
          signal.addEventListener('abort', () => resolve({ status: 'completed' })),
        ),
    );
    expect(await jobs.cancel(record.dir, runId)).toBe(true);
    expect(await runRecord(folder)).toMatchObject({ status: 'cancelled' });
    expect(await jobs.cancel(record.dir, runId)).toBe(false);
    expect(await jobs.cancel(record.dir, 'never-started')).toBe(false);
  });

  it('refuses to start without a workspace', async () => {
    await expect(service(null).start(request(), async () => ({}))).rejects.toMatchObject({
      code: 'invalid_params',
    });
  });

  it("gives runs at once on one provider one pool, bound by the lowest run's concurrency", async () => {
    const jobs = service();
    const first = heldWork();
    const second = heldWork();
    const pools: { max: number }[] = [];
    await jobs.start(request(4), async (run) => {
      pools.push(run.env.pool);
      return first.work();
    });
    await jobs.start(request(2), async (run) => {
      pools.push(run.env.pool);
      return second.work();
    });
    await Promise.all([first.running, second.running]);
    expect(pools[0]).toBe(pools[1]);
    expect(pools[0].max).toBe(2);
    second.finish({ status: 'completed' });
    await finished();
    // The second run let go of its lease: the first run's own bound holds again.
    expect(pools[0].max).toBe(4);
    first.finish({ status: 'completed' });
    await finished(2);
  });
});
