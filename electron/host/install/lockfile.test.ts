/** A lockfile is read as a repository could write it: every key and entry checked, no link followed. */
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readLockfile } from './lockfile';

let dir: string;
let folder: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'lockfile-'));
  folder = path.join(dir, 'skills');
  await mkdir(folder);
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const good = {
  name: 'alpha',
  client: 'codex',
  source: { kind: 'git', location: 'https://example.com/r.git', subpath: 'skills/alpha' },
  commit: null,
  hash: 'sha256-x',
  mode: 'copy',
  installed_at: '2026-01-01T00:00:00.000Z',
  files: { 'SKILL.md': 'sha256-y' },
};

const lockWith = (skills: Record<string, unknown>) =>
  writeFile(path.join(folder, 'skills-lock.json'), JSON.stringify({ version: 1, skills }));

describe('readLockfile', () => {
  it('reads a lockfile install wrote', async () => {
    await lockWith({ alpha: good });
    expect(Object.keys((await readLockfile(folder)).skills)).toEqual(['alpha']);
  });

  it('refuses the whole lockfile for one bad key or entry, naming it', async () => {
    const cases: [string, unknown, RegExp][] = [
      ['../../.ssh', good, /"\.\." is not allowed/],
      ['a/b', good, /not one plain folder name/],
      ['/etc', good, /absolute/],
      ['CON', good, /reserved device name/],
      ['alpha', { ...good, files: null }, /"files" is not an object/],
      ['alpha', { ...good, files: { '../x': 'sha256-z', 'SKILL.md': 'h' } }, /"files" holds/],
      ['alpha', { ...good, files: {} }, /no SKILL\.md/],
      ['alpha', { ...good, client: 'nobody' }, /no client id/],
      ['alpha', { ...good, source: { ...good.source, kind: 'ext' } }, /source\.kind/],
      ['alpha', { ...good, source: { ...good.source, location: '--upload-pack=x' } }, /location/],
      [
        'alpha',
        { ...good, source: { kind: 'folder', location: 'rel/dir', subpath: '.' } },
        /absolute path/,
      ],
      ['alpha', { ...good, source: { ...good.source, subpath: '../..' } }, /subpath/],
      ['alpha', 'x', /not an object/],
    ];
    for (const [key, entry, why] of cases) {
      await lockWith({ [key]: entry });
      await expect(readLockfile(folder), key).rejects.toThrow(why);
    }
  });

  it('refuses a lockfile that is a link', async () => {
    const elsewhere = path.join(dir, 'theirs.json');
    await writeFile(elsewhere, JSON.stringify({ version: 1, skills: { alpha: good } }));
    await symlink(elsewhere, path.join(folder, 'skills-lock.json'));
    await expect(readLockfile(folder)).rejects.toThrow(/is a symbolic link/);
  });
});
