import { mkdir, mkdtemp, readdir, readFile, realpath, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defaultTrash, freedesktopTrash, trashInfoPath } from './trash';

let tmp: string;
let dataHome: string;
const when = new Date(2026, 10, 30, 9, 5, 7);

beforeEach(async () => {
  tmp = await realpath(await mkdtemp(path.join(os.tmpdir(), 'trash-')));
  dataHome = path.join(tmp, 'share');
});
afterEach(async () => {
  await rm(tmp, { recursive: true, force: true });
});

async function makeSkill(name: string, parent = path.join(tmp, 'skills')): Promise<string> {
  const dir = path.join(parent, name);
  await mkdir(path.join(dir, 'scripts'), { recursive: true });
  await writeFile(path.join(dir, 'SKILL.md'), `---\nname: ${name}\n---\n`);
  await writeFile(path.join(dir, 'scripts', 'run.sh'), 'echo\n');
  return dir;
}

describe.runIf(process.platform !== 'win32')('freedesktop trash', () => {
  it('moves a folder to files/ and writes its .trashinfo (path and local deletion time)', async () => {
    const dir = await makeSkill('demo skill é');
    const trash = freedesktopTrash({ dataHome, now: () => when });
    await trash.put(dir);

    const home = path.join(dataHome, 'Trash');
    expect(await readdir(path.join(home, 'files'))).toEqual(['demo skill é']);
    expect(
      await readFile(path.join(home, 'files', 'demo skill é', 'scripts', 'run.sh'), 'utf8'),
    ).toBe('echo\n');
    expect(await readFile(path.join(home, 'info', 'demo skill é.trashinfo'), 'utf8')).toBe(
      `[Trash Info]\nPath=${trashInfoPath(dir)}\nDeletionDate=2026-11-30T09:05:07\n`,
    );
    expect(trashInfoPath(dir)).toContain('/demo%20skill%20%C3%A9');
    await expect(readdir(dir)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('gives a second item of the same name another name, never overwriting the first', async () => {
    const trash = freedesktopTrash({ dataHome, now: () => when });
    await trash.put(await makeSkill('demo', path.join(tmp, 'a')));
    await trash.put(await makeSkill('demo', path.join(tmp, 'b')));
    const home = path.join(dataHome, 'Trash');
    expect((await readdir(path.join(home, 'files'))).sort()).toEqual(['demo', 'demo.2']);
    expect((await readdir(path.join(home, 'info'))).sort()).toEqual([
      'demo.2.trashinfo',
      'demo.trashinfo',
    ]);
    expect(await readFile(path.join(home, 'info', 'demo.2.trashinfo'), 'utf8')).toContain(
      `Path=${path.join(tmp, 'b', 'demo')}\n`,
    );
  });

  it('leaves no .trashinfo behind when the item cannot be moved', async () => {
    const trash = freedesktopTrash({ dataHome, now: () => when });
    await expect(trash.put(path.join(tmp, 'missing'))).rejects.toMatchObject({ code: 'ENOENT' });
    // A name reserved for a move that then fails (a folder into its own subfolder) is released.
    const dir = await makeSkill('x');
    const inside = path.join(dir, 'share');
    await expect(freedesktopTrash({ dataHome: inside }).put(dir)).rejects.toMatchObject({
      code: 'EINVAL',
    });
    expect(await readdir(path.join(inside, 'Trash', 'info'))).toEqual([]);
    expect(await readdir(dir)).toContain('SKILL.md');
  });

  it('is the default on Linux (under XDG_DATA_HOME), and absent on macOS and Windows', async () => {
    expect(defaultTrash({ XDG_DATA_HOME: dataHome }, 'linux')?.label).toBe('the Trash');
    expect(defaultTrash({}, 'darwin')).toBeNull();
    expect(defaultTrash({}, 'win32')).toBeNull();
    const dir = await makeSkill('via-default');
    await defaultTrash({ XDG_DATA_HOME: dataHome }, 'linux')?.put(dir);
    expect(await readdir(path.join(dataHome, 'Trash', 'files'))).toEqual(['via-default']);
    // A relative XDG_DATA_HOME is ignored, as the XDG spec says: ~/.local/share instead.
    const home = path.join(tmp, 'home');
    const dir2 = await makeSkill('via-home');
    await defaultTrash({ XDG_DATA_HOME: 'rel', HOME: home }, 'linux')?.put(dir2);
    expect(await readdir(path.join(home, '.local', 'share', 'Trash', 'files'))).toEqual([
      'via-home',
    ]);
  });
});
