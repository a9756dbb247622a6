/** "Install to…" through the real router and host: clients, preview, install, conflicts. */
import {
  lstat,
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  realpath,
  rm,
  symlink,
  writeFile,
} from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { InstallReport, ResultOf } from '../../../shared/api/studio-api';
import { StudioHost } from '../studio-host';

let tmp: string;
let ws: string;
let home: string;
let host: StudioHost;

const md = (name: string, extra = '') =>
  `---\nname: ${name}\ndescription: ${name} does things.${extra}\n---\nBody\n`;

async function call<T>(method: string, params: unknown): Promise<T> {
  const res = await host.call(method, params);
  if (!res.ok) throw Object.assign(new Error(res.error.message), { code: res.error.code });
  return res.result as T;
}

beforeEach(async () => {
  tmp = await realpath(await mkdtemp(path.join(os.tmpdir(), 'install-handlers-')));
  ws = path.join(tmp, 'ws');
  home = path.join(tmp, 'home');
  await mkdir(path.join(ws, 'skills', 'mine'), { recursive: true });
  await writeFile(path.join(ws, 'skills', 'mine', 'SKILL.md'), md('mine'));
  await mkdir(path.join(home, '.cursor'), { recursive: true });
  host = await StudioHost.create({ workspace: ws, home, stateDir: null, frameworkDir: null });
});
afterEach(async () => {
  await host.close();
  await rm(tmp, { recursive: true, force: true });
});

const mineDir = () => path.join(ws, 'skills', 'mine');

describe('install.* methods', () => {
  it('lists the clients with their folders and what shows they are used', async () => {
    const { clients } = await call<ResultOf<'install.clients'>>('install.clients', {});
    const cursor = clients.find((c) => c.id === 'cursor');
    expect(cursor).toMatchObject({
      userFound: '~/.cursor',
      userFolder: path.join(home, '.cursor', 'skills'),
      projectFolder: path.join(ws, '.cursor', 'skills'),
    });
    expect(clients.some((c) => c.id === 'spec')).toBe(false);
  });

  it("previews the client's verdict, installs, and lists the copy as a project skill", async () => {
    const preview = await call<ResultOf<'install.preview'>>('install.preview', {
      skill: mineDir(),
      client: 'claude-code',
      scope: 'project',
    });
    expect(preview).toMatchObject({
      folder: path.join(ws, '.claude', 'skills'),
      name: 'mine',
      exists: false,
      problem: null,
    });
    expect(preview.check.status).toBe('ok');

    const report = await call<InstallReport>('install.skill', {
      skill: mineDir(),
      client: 'claude-code',
      scope: 'project',
      mode: 'copy',
    });
    expect(report.skills[0].result).toBe('installed');
    const installed = path.join(ws, '.claude', 'skills', 'mine');
    expect(await readFile(path.join(installed, 'SKILL.md'), 'utf8')).toBe(md('mine'));
    expect((await host.invoke('skills.list', {})).skills.map((s) => s.dir)).toContain(installed);
    // This user's own install: its lockfile is recorded as theirs, by real path and hash.
    const trusted = JSON.parse(
      await readFile(path.join(home, '.config', 'skill-studio', 'trusted-lockfiles.json'), 'utf8'),
    ) as { lockfiles: Record<string, string> };
    expect(Object.keys(trusted.lockfiles)).toEqual([
      path.join(ws, '.claude', 'skills', 'skills-lock.json'),
    ]);

    // Again: the copy is there now, so the install stops with the diff.
    await writeFile(path.join(mineDir(), 'SKILL.md'), md('mine', '\nlicense: MIT'));
    const again = await call<InstallReport>('install.skill', {
      skill: mineDir(),
      client: 'claude-code',
      scope: 'project',
      mode: 'copy',
    });
    expect(again.skills[0].result).toBe('conflict');
    expect(again.skills[0].conflict?.changes).toEqual({
      added: [],
      removed: [],
      changed: ['SKILL.md'],
    });
    expect(again.skills[0].conflict?.incomingSkillMd).toMatch(/license: MIT/);
    expect(await readFile(path.join(installed, 'SKILL.md'), 'utf8')).toBe(md('mine'));

    const replaced = await call<InstallReport>('install.skill', {
      skill: mineDir(),
      client: 'claude-code',
      scope: 'project',
      mode: 'copy',
      onConflict: 'replace',
    });
    expect(replaced.skills[0].result).toBe('replaced');
    expect(await readFile(path.join(installed, 'SKILL.md'), 'utf8')).toMatch(/license: MIT/);
  });

  it('links into a user folder, and refuses what the router cannot accept', async () => {
    const report = await call<InstallReport>('install.skill', {
      skill: mineDir(),
      client: 'cursor',
      scope: 'user',
      mode: 'link',
    });
    expect(report.skills[0].result).toBe('installed');
    expect((await lstat(path.join(home, '.cursor', 'skills', 'mine'))).isSymbolicLink()).toBe(true);
    await expect(
      call('install.skill', { skill: mineDir(), client: 'spec', scope: 'user', mode: 'copy' }),
    ).rejects.toMatchObject({ code: 'invalid_params' });
    await expect(
      call('install.preview', { skill: mineDir(), client: 'adk', scope: 'user' }),
    ).rejects.toThrow(/reads no user skills folder/);
  });

  it('never installs from a source a window or a request names, nor opens one for a local process', async () => {
    const from = { src: path.join(tmp, 'elsewhere') };
    await mkdir(path.join(from.src, 'other'), { recursive: true });
    await writeFile(path.join(from.src, 'other', 'SKILL.md'), md('other'));
    const params = { from, client: 'claude-code', scope: 'project', mode: 'copy' } as const;
    for (const caller of ['window', 'network'] as const)
      expect(await host.call('install.skill', params, caller)).toMatchObject({
        ok: false,
        error: { code: 'forbidden_path' },
      });
    // The command line's own host opens such a source in its caller's folder
    // (source-handlers.ts); this one installs the skills of its workspace only.
    await expect(host.invoke('install.skill', params)).rejects.toMatchObject({
      code: 'invalid_params',
      message: expect.stringContaining('a source (`from`) is installed from the command line'),
    });
    await expect(
      host.invoke('install.skill', { ...params, skill: mineDir() } as never),
    ).rejects.toMatchObject({ code: 'invalid_params' });
    await expect(readdir(path.join(ws, '.claude', 'skills'))).rejects.toThrow();
  });

  it('refuses to install through a .claude/skills a repository committed as a link, naming where it points', async () => {
    const elsewhere = path.join(tmp, 'elsewhere');
    await mkdir(elsewhere);
    await mkdir(path.join(ws, '.claude'));
    await symlink(elsewhere, path.join(ws, '.claude', 'skills'));
    const params = { skill: mineDir(), client: 'claude-code', scope: 'project' };
    for (const [method, extra] of [
      ['install.preview', {}],
      ['install.skill', { mode: 'copy' }],
    ] as const)
      await expect(call(method, { ...params, ...extra })).rejects.toMatchObject({
        code: 'forbidden_path',
        message: expect.stringContaining(`to ${elsewhere}, outside ${ws}`) as unknown,
      });
    expect(await readdir(elsewhere)).toEqual([]);
  });
});
