/**
 * The review loop's feedback.json through the studio host's typed door: written where
 * skill-creator's viewer writes it (the eval run's folder), with its field names, read back,
 * never written through a link out of the workspace, and never overwriting a file it
 * cannot read.
 */
import {
  mkdir,
  mkdtemp,
  readFile,
  readdir,
  realpath,
  rm,
  symlink,
  writeFile,
} from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CaseRunRef } from '../../../shared/api/evals';
import type { StudioHost } from '../studio-host';
import { isolatedHost } from '../../test-support/isolated-host';

const RUN = '2026-12-01T10-00-00-000Z';
let tmp: string;
let ws: string;
let skillDir: string;
let runFolder: string;
let host: StudioHost;

const ref = (configuration: CaseRunRef['configuration'], run_number = 1): CaseRunRef => ({
  kind: 'case',
  eval_id: 1,
  case_key: 'evals-json#1',
  configuration,
  run_number,
});

/** An eval run on disk as the benchmark leaves it: the record and two run folders. */
async function writeEvalRun(folder: string): Promise<void> {
  await mkdir(folder, { recursive: true });
  await writeFile(
    path.join(folder, 'eval_run.json'),
    JSON.stringify({ runId: path.basename(folder), kind: 'benchmark', status: 'completed' }),
  );
  for (const conf of ['with_skill', 'without_skill']) {
    const dir = path.join(folder, 'eval-1', conf, 'run-1');
    await mkdir(path.join(dir, 'outputs'), { recursive: true });
    await writeFile(path.join(dir, 'outputs', 'response.md'), `answer ${conf}`);
    await writeFile(
      path.join(dir, 'transcript.json'),
      JSON.stringify({ configuration: conf, steps: [], answer: `answer ${conf}` }),
    );
  }
  await writeFile(
    path.join(folder, 'eval-1', 'eval_metadata.json'),
    JSON.stringify({ eval_id: 1, case_key: 'evals-json#1', prompt: 'p' }),
  );
}

beforeEach(async () => {
  tmp = await realpath(await mkdtemp(path.join(os.tmpdir(), 'feedback-')));
  ws = path.join(tmp, 'ws');
  skillDir = path.join(ws, 'skills', 'research');
  await mkdir(skillDir, { recursive: true });
  await writeFile(
    path.join(skillDir, 'SKILL.md'),
    '---\nname: research\ndescription: Researches.\n---\nBody\n',
  );
  runFolder = path.join(ws, '.skill-studio', 'evals', 'research', RUN);
});

afterEach(async () => {
  await host?.close();
  await rm(tmp, { recursive: true, force: true });
});

describe('feedback.json', () => {
  it("is saved in the eval run's folder exactly as skill-creator's viewer saves it, and read back", async () => {
    await writeEvalRun(runFolder);
    host = await isolatedHost(ws);
    const before = await host.invoke('evals.feedback.get', { skill: skillDir, runId: RUN });
    expect(before).toEqual({
      file: path.join(runFolder, 'feedback.json'),
      feedback: { reviews: [], status: 'in_progress' },
      problem: null,
    });
    // Two saves at once, of two outputs: both land.
    await Promise.all([
      host.invoke('evals.feedback.save', {
        skill: skillDir,
        runId: RUN,
        ref: ref('with_skill'),
        feedback: 'Cites sources, good.',
      }),
      host.invoke('evals.feedback.save', {
        skill: skillDir,
        runId: RUN,
        ref: ref('without_skill'),
        feedback: 'No citations.',
      }),
    ]);
    const onDisk = JSON.parse(await readFile(path.join(runFolder, 'feedback.json'), 'utf8'));
    expect(Object.keys(onDisk).sort()).toEqual(['reviews', 'status']);
    expect(onDisk.status).toBe('in_progress');
    expect(onDisk.reviews.map((r: object) => Object.keys(r).sort())).toEqual([
      ['feedback', 'run_id', 'timestamp'],
      ['feedback', 'run_id', 'timestamp'],
    ]);
    // Both land, in whichever order the two saves reached the file.
    expect(
      onDisk.reviews
        .map((r: { run_id: string; feedback: string }) => [r.run_id, r.feedback])
        .sort(),
    ).toEqual([
      ['eval-1-with_skill-run-1', 'Cites sources, good.'],
      ['eval-1-without_skill-run-1', 'No citations.'],
    ]);
    expect(Number.isNaN(Date.parse(onDisk.reviews[0].timestamp))).toBe(false);
    // The transcript names the same id, so the UI pairs notes with outputs.
    const files = await host.invoke('evals.transcript', {
      skill: skillDir,
      runId: RUN,
      ref: ref('without_skill'),
    });
    expect(files.run_id).toBe('eval-1-without_skill-run-1');

    // An edit replaces the note in place; blank text removes it.
    await host.invoke('evals.feedback.save', {
      skill: skillDir,
      runId: RUN,
      ref: ref('with_skill'),
      feedback: 'Cites sources; too long.',
      status: 'complete',
    });
    await host.invoke('evals.feedback.save', {
      skill: skillDir,
      runId: RUN,
      ref: ref('without_skill'),
      feedback: '   ',
      status: 'complete',
    });
    const after = await host.invoke('evals.feedback.get', { skill: skillDir, runId: RUN });
    expect(after.feedback.status).toBe('complete');
    expect(after.feedback.reviews.map((r) => [r.run_id, r.feedback])).toEqual([
      ['eval-1-with_skill-run-1', 'Cites sources; too long.'],
    ]);
    // Written whole, no temp file left beside it.
    expect((await readdir(runFolder)).sort()).toEqual(['eval-1', 'eval_run.json', 'feedback.json']);
  });

  it("keeps the reviews skill-creator's viewer wrote, and their order", async () => {
    await writeEvalRun(runFolder);
    const viewerFile = {
      reviews: [
        {
          run_id: 'eval-0-with_skill',
          feedback: 'from the viewer',
          timestamp: '2026-01-01T00:00:00Z',
        },
        {
          run_id: 'eval-1-with_skill-run-1',
          feedback: 'old note',
          timestamp: '2026-01-01T00:00:00Z',
        },
      ],
      status: 'complete',
    };
    await writeFile(path.join(runFolder, 'feedback.json'), JSON.stringify(viewerFile, null, 2));
    host = await isolatedHost(ws);
    const read = await host.invoke('evals.feedback.get', { skill: skillDir, runId: RUN });
    expect(read.feedback).toEqual(viewerFile);
    await host.invoke('evals.feedback.save', {
      skill: skillDir,
      runId: RUN,
      ref: ref('with_skill'),
      feedback: 'new note',
    });
    const onDisk = JSON.parse(await readFile(path.join(runFolder, 'feedback.json'), 'utf8'));
    expect(onDisk.reviews.map((r: { feedback: string }) => r.feedback)).toEqual([
      'from the viewer',
      'new note',
    ]);
  });

  it('never overwrites a feedback.json it cannot read: the notes in it stay', async () => {
    await writeEvalRun(runFolder);
    const handEdited = '{"reviews": [{"run_id": "eval-1-with_skill-run-1", "feedback": "half';
    await writeFile(path.join(runFolder, 'feedback.json'), handEdited);
    host = await isolatedHost(ws);
    const read = await host.invoke('evals.feedback.get', { skill: skillDir, runId: RUN });
    expect(read.problem).toContain(path.join(runFolder, 'feedback.json'));
    const err = await host
      .invoke('evals.feedback.save', {
        skill: skillDir,
        runId: RUN,
        ref: ref('with_skill'),
        feedback: 'would replace the file',
      })
      .catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'conflict' });
    expect((err as Error).message).toContain('feedback.json');
    expect(await readFile(path.join(runFolder, 'feedback.json'), 'utf8')).toBe(handEdited);
  });

  it('writes nothing through a link out of the workspace: the run folder or the file itself', async () => {
    const outside = path.join(tmp, 'outside');
    await writeEvalRun(path.join(outside, RUN));
    await mkdir(path.dirname(runFolder), { recursive: true });
    await symlink(path.join(outside, RUN), runFolder);
    host = await isolatedHost(ws);
    const save = () =>
      host.invoke('evals.feedback.save', {
        skill: skillDir,
        runId: RUN,
        ref: ref('with_skill'),
        feedback: 'planted',
      });
    await expect(save()).rejects.toMatchObject({ code: 'forbidden_path' });
    await expect(
      host.invoke('evals.feedback.get', { skill: skillDir, runId: RUN }),
    ).rejects.toMatchObject({ code: 'forbidden_path' });
    expect(await readdir(path.join(outside, RUN))).not.toContain('feedback.json');

    // The run folder is real, but feedback.json is a link to a file outside.
    await rm(runFolder);
    await writeEvalRun(runFolder);
    const victim = path.join(outside, 'victim.json');
    await writeFile(victim, '{"reviews": [], "status": "in_progress"}');
    await symlink(victim, path.join(runFolder, 'feedback.json'));
    await expect(save()).rejects.toMatchObject({ code: 'forbidden_path' });
    expect(await readFile(victim, 'utf8')).toBe('{"reviews": [], "status": "in_progress"}');
  });

  it('refuses a run id that is a path, and a run or case run that does not exist', async () => {
    await writeEvalRun(runFolder);
    host = await isolatedHost(ws);
    await expect(
      host.invoke('evals.feedback.save', {
        skill: skillDir,
        runId: '../../../../etc',
        ref: ref('with_skill'),
        feedback: 'x',
      }),
    ).rejects.toMatchObject({ code: 'invalid_params' });
    await expect(
      host.invoke('evals.feedback.save', {
        skill: skillDir,
        runId: '2020-01-01T00-00-00-000Z',
        ref: ref('with_skill'),
        feedback: 'x',
      }),
    ).rejects.toMatchObject({ code: 'not_found' });
    await expect(
      host.invoke('evals.feedback.save', {
        skill: skillDir,
        runId: RUN,
        ref: ref('old_skill'),
        feedback: 'x',
      }),
    ).rejects.toMatchObject({ code: 'not_found' });
    expect(await readdir(runFolder)).not.toContain('feedback.json');
  });
});
