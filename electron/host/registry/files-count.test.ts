/**
 * One symlink policy for every walk of a skill folder (fs/walk-tree.ts): the registry's
 * files_count, the file listing, export and duplicate all see the same files, on a tree
 * with links in and out of the skill, a loop, a dangling link and a deep tree.
 */
import { mkdir, mkdtemp, readdir, realpath, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { exportBundle } from '../bundle/export-bundle';
import { duplicateSkillFolder } from '../skills-admin/skill-folder-ops';
import { listSkillFiles } from '../skill-files';
import { readSkillFolder, scanFolder } from './scan';

const posix = process.platform !== 'win32';
let tmp: string;
let src: string;
let skill: string;

async function put(rel: string, text = 'x\n'): Promise<void> {
  const file = path.join(skill, rel);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, text);
}

/** Every file below `dir`, following nothing (what a copy really holds). */
async function filesIn(dir: string, rel = ''): Promise<string[]> {
  const out: string[] = [];
  for (const e of await readdir(path.join(dir, rel), { withFileTypes: true })) {
    const childRel = rel ? `${rel}/${e.name}` : e.name;
    if (e.isDirectory()) out.push(...(await filesIn(dir, childRel)));
    else out.push(childRel);
  }
  return out.sort();
}

beforeEach(async () => {
  tmp = await realpath(await mkdtemp(path.join(os.tmpdir(), 'files-count-')));
  src = path.join(tmp, 'skills');
  skill = path.join(src, 'tricky');
  await put('SKILL.md', '---\nname: tricky\ndescription: Links everywhere.\n---\n# Tricky\n');
  await put('scripts/run.py', 'print(1)\n');
  await put('references/guide.md');
  await mkdir(path.join(tmp, 'outside'));
  await writeFile(path.join(tmp, 'outside', 'secret.txt'), 'secret\n');
  // A tree 40 folders deep: deeper than any walk goes.
  await put('d0/d1/d2/mid.txt');
  await put(`${Array.from({ length: 40 }, (_, i) => `d${i}`).join('/')}/bottom.txt`);
  await put('node_modules/pkg/index.js');
  if (!posix) return;
  await symlink('scripts/run.py', path.join(skill, 'run-link.py')); // a file inside
  await symlink('references', path.join(skill, 'docs'), 'dir'); // a folder inside
  await symlink(path.join(tmp, 'outside', 'secret.txt'), path.join(skill, 'secret.txt')); // out
  await symlink(path.join(tmp, 'outside'), path.join(skill, 'out'), 'dir'); // a folder out
  await symlink('..', path.join(skill, 'scripts', 'up'), 'dir'); // a loop
  await symlink('.', path.join(skill, 'self'), 'dir'); // the skill itself
  await symlink('nowhere', path.join(skill, 'dangling'));
});
afterEach(async () => {
  await rm(tmp, { recursive: true, force: true });
});

describe('one walk of a skill folder', () => {
  it('gives files_count equal to the listing, in the registry and for a folder read alone', async () => {
    const listed = (await listSkillFiles(skill)).map((f) => f.path);
    expect(listed).toContain('scripts/run.py');
    expect(listed.some((p) => p.startsWith('d0/'))).toBe(true);
    expect(listed.some((p) => p.endsWith('bottom.txt'))).toBe(false);
    if (posix) {
      expect(listed).toEqual(expect.arrayContaining(['run-link.py', 'docs/guide.md']));
      const outside = ['secret.txt', 'out/secret.txt', 'dangling', 'self/SKILL.md', 'scripts/up'];
      expect(listed.filter((p) => outside.some((o) => p.startsWith(o)))).toEqual([]);
    }
    const folder = { source: 'project', id: 'p', dir: src, priority: 0 } as const;
    for (const sync of [false, true]) {
      const [scanned] = (await scanFolder(folder, 0, { sync })).skills;
      expect(scanned.record.summary.files_count).toBe(listed.length);
    }
    expect((await readSkillFolder(skill)).summary.files_count).toBe(listed.length);
  });

  it('stops counting where the listing stops', async () => {
    const folder = { source: 'project', id: 'p', dir: src, priority: 0 } as const;
    const [scanned] = (await scanFolder(folder, 0, { maxFilesPerSkill: 3 })).skills;
    expect(scanned.record.summary.files_count).toBe(3);
    expect(await listSkillFiles(skill, { maxEntries: 3 })).toHaveLength(3);
  });

  it('exports and duplicates exactly the files the listing shows', async () => {
    const listed = (await listSkillFiles(skill)).map((f) => f.path);
    await rm(path.join(skill, 'd0'), { recursive: true }); // export refuses a tree cut short
    const shown = listed.filter((p) => !p.startsWith('d0/'));
    const bundle = await exportBundle(skill, { name: 'tricky', format: 'zip' });
    expect(bundle.entries.map((e) => e.slice('tricky/'.length)).sort()).toEqual(shown);
    const copy = await duplicateSkillFolder(skill, path.join(tmp, 'copies'), 'copied');
    expect(await filesIn(copy)).toEqual(shown);
  });
});
