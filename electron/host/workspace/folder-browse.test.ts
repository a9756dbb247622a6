/**
 * The browser-mode folder picker through the studio host's typed door: child folders only,
 * under the home folder and the workspace's parent, and never past a link that leaves them.
 */
import { mkdir, mkdtemp, realpath, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { StudioHost } from '../studio-host';

let tmp: string;
let home: string;
let projects: string;
let ws: string;
let outside: string;
let host: StudioHost;

beforeEach(async () => {
  tmp = await realpath(await mkdtemp(path.join(os.tmpdir(), 'folder-browse-')));
  home = path.join(tmp, 'home');
  projects = path.join(tmp, 'projects');
  ws = path.join(projects, 'ws');
  outside = path.join(tmp, 'secret');
  for (const d of [
    path.join(home, 'skills-a'),
    path.join(home, '.config'),
    ws,
    path.join(projects, 'other'),
    path.join(outside, 'inner'),
  ])
    await mkdir(d, { recursive: true });
  await writeFile(path.join(home, 'notes.txt'), 'a file, never listed');
  // Links: one out of the roots, one that stays inside them, one dangling.
  await symlink(outside, path.join(home, 'escape'));
  await symlink(path.join(projects, 'other'), path.join(home, 'other-link'));
  await symlink(path.join(tmp, 'nothing'), path.join(home, 'dangling'));
  host = await StudioHost.create({
    workspace: ws,
    home,
    stateDir: null,
    noUser: true,
    frameworkDir: null,
  });
});

afterEach(async () => {
  await host?.close();
  await rm(tmp, { recursive: true, force: true });
});

describe('folders.browse', () => {
  it('lists child folders of the home folder: no files, no link out of the roots', async () => {
    const listing = await host.invoke('folders.browse', {});
    expect(listing.path).toBe(home);
    expect(listing.parent).toBeNull();
    expect(listing.roots).toEqual([home, projects]);
    expect(listing.folders.map((f) => [f.name, f.hidden])).toEqual([
      ['.config', true],
      ['other-link', false],
      ['skills-a', false],
    ]);
    expect(listing.folders[2]!.path).toBe(path.join(home, 'skills-a'));
  });

  it("lists the workspace's parent, so a sibling folder can be opened", async () => {
    const listing = await host.invoke('folders.browse', { path: projects });
    expect(listing.folders.map((f) => f.name)).toEqual(['other', 'ws']);
    const inner = await host.invoke('folders.browse', { path: path.join(projects, 'other') });
    expect(inner.parent).toBe(projects);
  });

  it('refuses a folder outside the roots, however it is written', async () => {
    for (const p of [
      outside,
      '/',
      '/etc',
      path.join(home, '..'),
      path.join(home, 'skills-a', '..', '..', 'secret'),
      tmp,
    ]) {
      const err = await host.invoke('folders.browse', { path: p }).catch((e: unknown) => e);
      expect(err, p).toMatchObject({ code: 'forbidden_path' });
    }
  });

  it('refuses to list through a link that leaves the roots, and names where it leads', async () => {
    for (const p of [path.join(home, 'escape'), path.join(home, 'escape', 'inner')]) {
      const err = await host.invoke('folders.browse', { path: p }).catch((e: unknown) => e);
      expect(err, p).toMatchObject({ code: 'forbidden_path' });
      expect((err as Error).message).toContain(outside);
    }
  });

  it('says when a folder is not there, or is a file', async () => {
    await expect(
      host.invoke('folders.browse', { path: path.join(home, 'missing') }),
    ).rejects.toMatchObject({ code: 'not_found' });
    await expect(
      host.invoke('folders.browse', { path: path.join(home, 'notes.txt') }),
    ).rejects.toMatchObject({ code: 'not_found' });
    await expect(host.invoke('folders.browse', { path: 'relative/path' })).rejects.toMatchObject({
      code: 'forbidden_path',
    });
  });
});
