/**
 * The skills methods over a stand-in registry: a skill's detail names it by folder and
 * serves its SKILL.md, and a new skill is listed (the sources re-read) before the call
 * returns, so the UI can open it at once.
 */
import { mkdtemp, readFile, realpath, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SkillListing } from '../../../shared/api/studio-api';
import type { SkillRecord } from '../../../shared/skill/model';
import { StudioError } from '../../../shared/errors';
import { skillsHandlers } from './handlers';
import {
  lookupOver,
  registryCalls,
  skillMd,
  skillRecord,
  writeSkill,
} from './test-support/skill-records';

let tmp: string;
let into: string;
let records: SkillRecord[];
let registry: ReturnType<typeof registryCalls>;
let skills: ReturnType<typeof skillsHandlers>;
const listing: SkillListing = { skills: [], conflicts: [] };

beforeEach(async () => {
  tmp = await realpath(await mkdtemp(path.join(os.tmpdir(), 'skills-handlers-')));
  into = path.join(tmp, 'skills');
  records = [await skillRecord(await writeSkill(into, 'mine'))];
  registry = registryCalls();
  skills = skillsHandlers({
    ...lookupOver(() => records),
    listing: () => listing,
    winners: () => records,
    // The agent 'narrow' may use no skill at all.
    agentAllows: (agent) => agent !== 'narrow',
    importDir: () => into,
    // The stand-in registry lists whatever is in skills/ once it is re-read.
    reload: async () => {
      await registry.reload();
      records = [...records, await skillRecord(path.join(into, 'fresh'))];
    },
  });
});
afterEach(async () => {
  await rm(tmp, { recursive: true, force: true });
});

describe('skills handlers', () => {
  it('lists what the registry lists', async () => {
    expect(await skills['skills.list']({})).toBe(listing);
  });

  it("gives a skill's detail: summary, files and SKILL.md with its version", async () => {
    const detail = await skills['skills.get']({ skill: path.join(into, 'mine') });
    expect(detail.summary.name).toBe('mine');
    expect(detail.skillMd).toBe(skillMd('mine'));
    expect(detail.version).not.toBe('');
    expect(detail.files.map((f) => f.path)).toEqual(['SKILL.md']);
    await expect(skills['skills.get']({ skill: path.join(into, 'gone') })).rejects.toMatchObject({
      code: 'not_found',
    });
  });

  it('resolves a skill by name or folder, as the command line names it', async () => {
    const dir = path.join(into, 'mine');
    expect(await skills['skills.resolve']({ skill: 'mine' })).toMatchObject({ name: 'mine', dir });
    expect(await skills['skills.resolve']({ skill: dir })).toMatchObject({ name: 'mine', dir });
    await expect(skills['skills.resolve']({ skill: 'gone' })).rejects.toMatchObject({
      code: 'not_found',
    });
  });

  it('indexes for a prompt the skills an agent may use, each with its SKILL.md', async () => {
    expect(await skills['skills.promptIndex']({ agent: null })).toEqual([
      {
        name: 'mine',
        description: records[0].summary.description,
        location: path.join(into, 'mine', 'SKILL.md'),
      },
    ]);
    expect(await skills['skills.promptIndex']({ agent: 'narrow' })).toEqual([]);
  });

  it('serves every winner that is not Archived as its record, saying whether the agent may use it', async () => {
    const archived = await skillRecord(await writeSkill(into, 'old'));
    records = [...records, { ...archived, summary: { ...archived.summary, status: 'Archived' } }];
    const served = await skills['skills.served']({ agent: 'narrow' });
    expect(served.map((s) => [s.record.summary.name, s.allowed])).toEqual([['mine', false]]);
    expect(served[0].record).toBe(records[0]);
    expect((await skills['skills.served']({ agent: null }))[0].allowed).toBe(true);
  });

  it('makes a new skill from a template and re-reads the sources before returning it', async () => {
    const made = await skills['skills.new']({ name: 'fresh', template: 'basic' });
    expect(registry.calls).toEqual(['reload']);
    expect(made.summary).toMatchObject({ name: 'fresh', dir: path.join(into, 'fresh') });
    expect(await readFile(path.join(into, 'fresh', 'SKILL.md'), 'utf8')).toBe(made.skillMd);
  });

  it('refuses a new skill without a workspace and writes nothing', async () => {
    const closed = skillsHandlers({
      ...lookupOver(() => records),
      listing: () => listing,
      winners: () => records,
      agentAllows: () => true,
      importDir: () => {
        throw new StudioError('precondition', 'open a workspace first');
      },
      reload: registry.reload,
    });
    await expect(closed['skills.new']({ name: 'fresh', template: 'basic' })).rejects.toMatchObject({
      code: 'precondition',
    });
    expect(registry.calls).toEqual([]);
  });
});
