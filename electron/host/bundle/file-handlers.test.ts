/**
 * What an export would be, over a stand-in lookup: a folder by path is read as it is (no
 * workspace lists it), a skill by name through the host's lookup, and the one export
 * policy says whether it is refused.
 */
import { mkdtemp, realpath, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SkillRecord } from '../../../shared/skill/model';
import { lookupOver, skillRecord, writeSkill } from '../skills/test-support/skill-records';
import { bundleFileHandlers } from './file-handlers';

let tmp: string;
let good: string;
let broken: string;
let records: SkillRecord[];

beforeEach(async () => {
  tmp = await realpath(await mkdtemp(path.join(os.tmpdir(), 'bundle-files-')));
  good = await writeSkill(path.join(tmp, 'listed'), 'good');
  // Name and folder disagree: an error, so the policy refuses it without force.
  broken = await writeSkill(path.join(tmp, 'elsewhere'), 'broken', 'not-broken');
  records = [await skillRecord(good)];
});
afterEach(async () => {
  await rm(tmp, { recursive: true, force: true });
});

describe('export.check', () => {
  const handlers = () => bundleFileHandlers({ skillAt: lookupOver(() => records).resolveSkill });

  it('names a listed skill by name, with its folder and SKILL.md, and does not refuse it', async () => {
    await expect(handlers()['export.check']({ skill: 'good' })).resolves.toEqual({
      name: 'good',
      dir: good,
      skillMdPath: path.join(good, 'SKILL.md'),
      diagnostics: [],
      refused: false,
    });
  });

  it('reads a folder no workspace lists as it is, refused for its errors unless forced', async () => {
    const refused = await handlers()['export.check']({ folder: broken });
    expect(refused).toMatchObject({ name: 'not-broken', dir: broken, refused: true });
    expect(refused.diagnostics.some((d) => d.code === 'NAME_DIR_MISMATCH')).toBe(true);
    await expect(
      handlers()['export.check']({ folder: broken, force: true }),
    ).resolves.toMatchObject({ refused: false });
  });

  it('says which skill a name does not find, as the lookup does', async () => {
    await expect(handlers()['export.check']({ skill: 'nope' })).rejects.toMatchObject({
      code: 'not_found',
      message: "no skill named 'nope'",
    });
  });
});
