/**
 * The files methods over a stand-in registry: a change to a writable skill re-reads that skill
 * before the call returns (no watcher runs in the CLI or the server's first reply), and a
 * read-only skill is refused before any file is touched.
 */
import { mkdtemp, readFile, readdir, realpath, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SkillRecord } from '../../../shared/skill/model';
import {
  lookupOver,
  registryCalls,
  skillMd,
  skillRecord,
  writeSkill,
} from '../skills/test-support/skill-records';
import { filesHandlers } from './handlers';

let tmp: string;
let mine: string;
let shipped: string;
let records: SkillRecord[];
let registry: ReturnType<typeof registryCalls>;
let files: ReturnType<typeof filesHandlers>;

beforeEach(async () => {
  tmp = await realpath(await mkdtemp(path.join(os.tmpdir(), 'files-handlers-')));
  mine = await writeSkill(tmp, 'mine');
  shipped = await writeSkill(tmp, 'shipped');
  records = [await skillRecord(mine), await skillRecord(shipped, { readOnly: true })];
  registry = registryCalls();
  files = filesHandlers({ ...lookupOver(() => records), refresh: registry.refresh });
});
afterEach(async () => {
  await rm(tmp, { recursive: true, force: true });
});

describe('files handlers', () => {
  it('writes with the version last read, then re-reads the skill before returning', async () => {
    const read = await files['files.read']({ skill: mine, path: 'SKILL.md' });
    const text = skillMd('mine', 'Says something else.');
    await files['files.write']({
      skill: mine,
      path: 'SKILL.md',
      text,
      expectedVersion: read.version,
    });
    expect(await readFile(path.join(mine, 'SKILL.md'), 'utf8')).toBe(text);
    expect(registry.calls).toEqual([`refresh ${mine}`]);
  });

  it('re-reads the skill after every kind of change', async () => {
    await files['files.createFile']({ skill: mine, path: 'notes.md', text: 'hi' });
    await files['files.createFile']({
      skill: mine,
      path: 'data.bin',
      base64: Buffer.from([1, 2]).toString('base64'),
    });
    await files['files.createFolder']({ skill: mine, path: 'scripts' });
    await files['files.rename']({ skill: mine, from: 'notes.md', to: 'scripts/notes.md' });
    await files['files.delete']({ skill: mine, path: 'data.bin' });
    expect(registry.calls).toEqual(Array(5).fill(`refresh ${mine}`));
    expect((await readdir(mine)).sort()).toEqual(['SKILL.md', 'scripts']);
    expect(await readdir(path.join(mine, 'scripts'))).toEqual(['notes.md']);
  });

  it('refuses every change to a read-only skill and leaves its folder alone', async () => {
    const refusals = [
      files['files.write']({ skill: shipped, path: 'SKILL.md', text: 'overwritten' }),
      files['files.createFile']({ skill: shipped, path: 'x.md', text: 'x' }),
      files['files.createFolder']({ skill: shipped, path: 'x' }),
      files['files.rename']({ skill: shipped, from: 'SKILL.md', to: 'README.md' }),
      files['files.delete']({ skill: shipped, path: 'SKILL.md' }),
    ];
    for (const refused of refusals)
      await expect(refused).rejects.toMatchObject({ code: 'read_only' });
    expect(await readdir(shipped)).toEqual(['SKILL.md']);
    expect(await readFile(path.join(shipped, 'SKILL.md'), 'utf8')).toBe(skillMd('shipped'));
    expect(registry.calls).toEqual([]);
  });

  it('still reads a read-only skill', async () => {
    const read = await files['files.read']({ skill: shipped, path: 'SKILL.md' });
    expect(read).toMatchObject({ text: skillMd('shipped') });
  });
});
