/**
 * `install.skill` through the in-process host: with `from` (a source the command line
 * names) it is served by the install domain alone, the whole host never opened (its
 * settings never read); without, by the whole host, as for every host.
 */
import { mkdir, mkdtemp, readFile, realpath, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createHostProxy, type HostProxy } from './host-proxy';

let tmp: string;
let ws: string;
let proxy: HostProxy;
let told: string[];

const md = (name: string) => `---\nname: ${name}\ndescription: ${name} does things.\n---\nBody\n`;

beforeEach(async () => {
  tmp = await realpath(await mkdtemp(path.join(os.tmpdir(), 'install-form-')));
  ws = path.join(tmp, 'ws');
  await mkdir(path.join(tmp, 'src', 'alpha'), { recursive: true });
  await writeFile(path.join(tmp, 'src', 'alpha', 'SKILL.md'), md('alpha'));
  await mkdir(path.join(ws, 'skills', 'mine'), { recursive: true });
  await writeFile(path.join(ws, 'skills', 'mine', 'SKILL.md'), md('mine'));
  // A broken skill-studio.json is told when the whole host reads it, and only then.
  await writeFile(path.join(ws, 'skill-studio.json'), '{"plugins": 5}');
  told = [];
  proxy = createHostProxy({
    cwd: ws,
    env: { HOME: path.join(tmp, 'home') },
    userHome: path.join(tmp, 'home'),
    roots: [],
    noUser: true,
    onConfigDiagnostics: (file) => told.push(file),
  });
});
afterEach(async () => {
  await proxy.close();
  await rm(tmp, { recursive: true, force: true });
});

describe('install.skill in the in-process host', () => {
  const into = { client: 'claude-code', scope: 'project', mode: 'copy' } as const;

  it('installs from a source without opening the whole host', async () => {
    const result = await proxy.invoke('install.skill', { from: { src: '../src' }, ...into });
    expect(result.skills.map((o) => [o.name, o.result])).toEqual([['alpha', 'installed']]);
    expect(result.source).toEqual({
      kind: 'folder',
      location: path.join(tmp, 'src'),
      commit: null,
    });
    expect(await readFile(path.join(ws, '.claude', 'skills', 'alpha', 'SKILL.md'), 'utf8')).toBe(
      md('alpha'),
    );
    expect(told).toEqual([]);
    // Refused by the one router as any caller's would be, with its code.
    await expect(
      proxy.invoke('install.skill', { from: { src: '' }, ...into }),
    ).rejects.toMatchObject({
      code: 'invalid_params',
      message: expect.stringContaining('/from/src'),
    });
    expect(told).toEqual([]);
  });

  it("installs a workspace's skill through the whole host", async () => {
    const report = await proxy.invoke('install.skill', {
      skill: path.join(ws, 'skills', 'mine'),
      ...into,
    });
    expect(report.skills.map((o) => [o.name, o.result])).toEqual([['mine', 'installed']]);
    expect(report.source).toBeUndefined();
    expect(told).toEqual([path.join(ws, 'skill-studio.json')]);
  });
});
