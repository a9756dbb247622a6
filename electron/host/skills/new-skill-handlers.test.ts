/**
 * A new skill over a stand-in registry: in the workspace's skills/ it is the listed skill,
 * and in a folder the caller names (outside every source) it is the skill as its folder
 * reads, made without a workspace; a name or folder that is taken is refused, writing nothing.
 */
import { mkdtemp, readdir, readFile, realpath, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { StudioError } from '../../../shared/errors';
import type { SkillRecord } from '../../../shared/skill/model';
import { listedOrNull, newSkillHandlers } from './new-skill-handlers';
import { lookupOver, registryCalls, skillRecord } from './test-support/skill-records';

let tmp: string;
let workspaceSkills: string;
let records: SkillRecord[];
let registry: ReturnType<typeof registryCalls>;

beforeEach(async () => {
  tmp = await realpath(await mkdtemp(path.join(os.tmpdir(), 'new-skill-')));
  workspaceSkills = path.join(tmp, 'ws', 'skills');
  records = [];
  registry = registryCalls();
});
afterEach(async () => {
  await rm(tmp, { recursive: true, force: true });
});

function handlers(importDir: () => string) {
  const lookup = lookupOver(() => records);
  return newSkillHandlers({
    importDir,
    // The stand-in registry lists what is in the workspace's skills/ once re-read.
    reload: async () => {
      await registry.reload();
      const names = await readdir(workspaceSkills).catch(() => []);
      records = await Promise.all(names.map((n) => skillRecord(path.join(workspaceSkills, n))));
    },
    listedAt: (dir) => listedOrNull(() => lookup.resolveSkill(dir)),
  });
}

const noWorkspace = () => {
  throw new StudioError('precondition', 'open a workspace first');
};

describe('skills.new', () => {
  it('makes the skill in the workspace and answers with it as listed', async () => {
    const made = await handlers(() => workspaceSkills)['skills.new']({
      name: 'fresh',
      template: 'basic',
    });
    expect(made.summary).toMatchObject({ name: 'fresh', dir: path.join(workspaceSkills, 'fresh') });
    expect(made.summary.source).toBe(records[0].summary.source);
    expect(registry.calls).toEqual(['reload']);
  });

  it('makes the skill in a folder no source lists, with no workspace, read as its folder reads', async () => {
    const into = path.join(tmp, 'elsewhere', 'deep');
    const made = await handlers(noWorkspace)['skills.new']({
      name: 'loose',
      template: 'script',
      into,
    });
    expect(made.summary).toMatchObject({ name: 'loose', dir: path.join(into, 'loose') });
    expect(made.summary.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(await readFile(path.join(into, 'loose', 'SKILL.md'), 'utf8')).toBe(made.skillMd);
    expect(records).toEqual([]);
  });

  it('refuses a folder that is taken and a name the rules refuse, writing nothing', async () => {
    const into = path.join(tmp, 'elsewhere');
    const create = handlers(noWorkspace)['skills.new'];
    await create({ name: 'taken', template: 'basic', into });
    await expect(create({ name: 'taken', template: 'basic', into })).rejects.toMatchObject({
      code: 'exists',
      message: `${path.join(into, 'taken')} already exists`,
    });
    await expect(create({ name: 'a'.repeat(300), template: 'basic', into })).rejects.toMatchObject({
      code: 'invalid_params',
      message: expect.stringContaining('the limit is 64'),
    });
    expect(await readdir(into)).toEqual(['taken']);
  });
});
