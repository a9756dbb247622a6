import {
  chmod,
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  realpath,
  rm,
  stat,
  symlink,
  writeFile,
} from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { deleteSkillFolder, duplicateSkillFolder, renameSkillFolder } from './skill-folder-ops';
import type { Trash } from './trash';

const posix = process.platform !== 'win32';
let tmp: string;
let skills: string;

const md = (name: string) => `---\nname: ${name} # the name\ndescription: Demo.\n---\nBody\n`;

beforeEach(async () => {
  tmp = await realpath(await mkdtemp(path.join(os.tmpdir(), 'skill-ops-')));
  skills = path.join(tmp, 'skills');
  await mkdir(skills);
});
afterEach(async () => {
  await rm(tmp, { recursive: true, force: true });
});

async function makeSkill(name: string, parent = skills): Promise<string> {
  const dir = path.join(parent, name);
  await mkdir(path.join(dir, 'scripts'), { recursive: true });
  await writeFile(path.join(dir, 'SKILL.md'), md(name));
  await writeFile(path.join(dir, 'scripts', 'run.sh'), 'echo\n', { mode: 0o755 });
  return dir;
}

/** A trash that records what it was given (moving it aside, as a real one would). */
function recordingTrash(): Trash & { items: string[] } {
  const items: string[] = [];
  return {
    label: 'the test trash',
    items,
    async put(p) {
      items.push(p);
      await rm(p, { recursive: true });
    },
  };
}

describe('deleteSkillFolder', () => {
  it('puts the folder in the trash when there is one', async () => {
    const dir = await makeSkill('demo');
    const trash = recordingTrash();
    expect(await deleteSkillFolder(dir, trash)).toEqual({ trashed: true });
    expect(trash.items).toEqual([dir]);
  });

  it('without a trash, deletes only when asked to delete permanently', async () => {
    const dir = await makeSkill('demo');
    await expect(deleteSkillFolder(dir, null)).rejects.toMatchObject({
      code: 'invalid_params',
      message: expect.stringContaining('no trash'),
    });
    expect(await readdir(skills)).toEqual(['demo']);
    expect(await deleteSkillFolder(dir, null, { permanent: true })).toEqual({ trashed: false });
    expect(await readdir(skills)).toEqual([]);
  });

  it('keeps the folder when the trash fails, and says which trash', async () => {
    const dir = await makeSkill('demo');
    const broken: Trash = {
      label: 'the Trash',
      put: () => Promise.reject(new Error('disk on fire')),
    };
    await expect(deleteSkillFolder(dir, broken)).rejects.toThrow(
      'Could not move demo to the Trash: disk on fire',
    );
    expect(await readdir(skills)).toEqual(['demo']);
  });

  it('reports a folder that is already gone as not_found', async () => {
    await expect(
      deleteSkillFolder(path.join(skills, 'nope'), null, { permanent: true }),
    ).rejects.toMatchObject({
      code: 'not_found',
    });
  });
});

describe('renameSkillFolder', () => {
  it('renames the folder and its name: together, keeping the rest of the file', async () => {
    const dir = await makeSkill('demo');
    const to = await renameSkillFolder(dir, 'demo-two');
    expect(to).toBe(path.join(skills, 'demo-two'));
    expect(await readdir(skills)).toEqual(['demo-two']);
    expect(await readFile(path.join(to, 'SKILL.md'), 'utf8')).toBe(
      md('demo').replace('name: demo', 'name: demo-two'),
    );
    expect(await readFile(path.join(to, 'scripts', 'run.sh'), 'utf8')).toBe('echo\n');
  });

  it('refuses a target that exists, changing nothing', async () => {
    const dir = await makeSkill('demo');
    await makeSkill('other');
    await expect(renameSkillFolder(dir, 'other')).rejects.toMatchObject({ code: 'exists' });
    // A dangling link or a stray file counts as taken too.
    await writeFile(path.join(skills, 'file'), '');
    await expect(renameSkillFolder(dir, 'file')).rejects.toMatchObject({ code: 'exists' });
    expect(await readFile(path.join(dir, 'SKILL.md'), 'utf8')).toBe(md('demo'));
    expect(await readFile(path.join(skills, 'other', 'SKILL.md'), 'utf8')).toBe(md('other'));
  });

  it('refuses invalid names and names that would leave the folder', async () => {
    const dir = await makeSkill('demo');
    for (const bad of ['Demo', '../escape', 'a/b', '', 'x--y', ' demo2']) {
      await expect(renameSkillFolder(dir, bad)).rejects.toMatchObject({ code: 'invalid_params' });
    }
    expect((await readdir(tmp)).sort()).toEqual(['skills']);
    expect(await readdir(skills)).toEqual(['demo']);
  });

  it.runIf(posix && process.getuid?.() !== 0)(
    'moves the folder back when SKILL.md cannot be rewritten',
    async () => {
      const dir = await makeSkill('demo');
      await chmod(dir, 0o555); // the rename works, the atomic write's temp file does not
      await expect(renameSkillFolder(dir, 'demo-two')).rejects.toThrow();
      await chmod(dir, 0o755);
      expect(await readdir(skills)).toEqual(['demo']);
      expect(await readFile(path.join(dir, 'SKILL.md'), 'utf8')).toBe(md('demo'));
    },
  );
});

describe('duplicateSkillFolder', () => {
  it('copies to <name>-copy (then -copy-2) with name: updated and modes kept', async () => {
    const dir = await makeSkill('demo');
    const first = await duplicateSkillFolder(dir, skills);
    expect(first).toBe(path.join(skills, 'demo-copy'));
    expect(await readFile(path.join(first, 'SKILL.md'), 'utf8')).toBe(
      md('demo').replace('name: demo', 'name: demo-copy'),
    );
    if (posix) expect((await stat(path.join(first, 'scripts', 'run.sh'))).mode & 0o111).not.toBe(0);
    const second = await duplicateSkillFolder(dir, skills);
    expect(path.basename(second)).toBe('demo-copy-2');
    // The original is untouched.
    expect(await readFile(path.join(dir, 'SKILL.md'), 'utf8')).toBe(md('demo'));
    expect((await readdir(skills)).sort()).toEqual(['demo', 'demo-copy', 'demo-copy-2']);
  });

  it('copies a read-only skill from elsewhere into the workspace, creating skills/', async () => {
    const bundled = await makeSkill('text-stats', path.join(tmp, 'resources'));
    if (posix) await chmod(path.join(bundled, 'SKILL.md'), 0o444);
    const into = path.join(tmp, 'ws', 'skills');
    const copy = await duplicateSkillFolder(bundled, into, 'my-stats');
    expect(copy).toBe(path.join(into, 'my-stats'));
    expect(await readFile(path.join(copy, 'SKILL.md'), 'utf8')).toBe(
      md('text-stats').replace('name: text-stats', 'name: my-stats'),
    );
  });

  it.runIf(posix)('leaves out symbolic links and what export leaves out', async () => {
    const dir = await makeSkill('demo');
    await symlink('/etc/passwd', path.join(dir, 'passwd'));
    await mkdir(path.join(dir, '.git'));
    await writeFile(path.join(dir, '.git', 'config'), '[core]\n');
    await mkdir(path.join(dir, 'node_modules', 'x'), { recursive: true });
    const copy = await duplicateSkillFolder(dir, skills);
    expect((await readdir(copy)).sort()).toEqual(['SKILL.md', 'scripts']);
  });

  it('refuses a name that exists or is invalid, leaving no temp folder', async () => {
    const dir = await makeSkill('demo');
    await makeSkill('taken');
    await expect(duplicateSkillFolder(dir, skills, 'taken')).rejects.toMatchObject({
      code: 'exists',
    });
    await expect(duplicateSkillFolder(dir, skills, 'Bad Name')).rejects.toMatchObject({
      code: 'invalid_params',
    });
    expect((await readdir(skills)).sort()).toEqual(['demo', 'taken']);
  });
});
