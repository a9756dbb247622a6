/** The registry reports problems of a skill's eval files with the skill, and sees their edits. */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readSkillFolder } from './scan';

let tmp: string;
let dir: string;

beforeEach(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'eval-sidecars-'));
  dir = path.join(tmp, 'demo');
  await mkdir(path.join(dir, 'evals'), { recursive: true });
  await writeFile(path.join(dir, 'SKILL.md'), '---\nname: demo\ndescription: A demo.\n---\nBody\n');
});
afterEach(() => rm(tmp, { recursive: true, force: true }));

describe('eval files in the scan', () => {
  it('lists their problems as the skill diagnostics, at line and column, with the file', async () => {
    await writeFile(path.join(dir, 'evals', 'evals.json'), '{"evals": [\n  {"id": 1}\n]}');
    await writeFile(path.join(dir, 'evals', 'triggers.json'), '[{"query": "q"}]');
    const rec = await readSkillFolder(dir, 'project');
    const evals = rec.diagnostics.filter((d) => d.code === 'EVAL_INVALID');
    expect(evals.map((d) => [d.file, d.line, d.column, d.severity])).toEqual([
      ['evals/evals.json', 2, 3, 'error'],
      ['evals/triggers.json', 1, 2, 'error'],
    ]);
    expect(rec.summary.has_errors).toBe(true);
  });
  it('finds nothing to say about good files, or without an evals folder', async () => {
    await writeFile(
      path.join(dir, 'evals', 'evals.json'),
      JSON.stringify({ skill_name: 'demo', evals: [{ id: 1, prompt: 'p', expectations: ['ok'] }] }),
    );
    expect((await readSkillFolder(dir, 'project')).diagnostics).toEqual([]);
    await rm(path.join(dir, 'evals'), { recursive: true });
    expect((await readSkillFolder(dir, 'project')).diagnostics).toEqual([]);
  });
});
