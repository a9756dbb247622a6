/**
 * The source handlers over temporary folders: what a source holds, installing it (its
 * picked skills, as a copy or a link), removing an install, and a lockfile that came with the project, whose sources stay unopened until this user
 * approves it.
 */
import { lstat, mkdir, mkdtemp, readFile, realpath, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { installSkills } from './install';
import { classifySource, openSource } from './install-source';
import type { LockTrust } from './lock-trust';
import { sourceInstallHandlers } from './source-handlers';

let tmp: string;
let ws: string;
let home: string;
let src: string;
let trust: LockTrust;

const md = (name: string, body = 'Body\n') =>
  `---\nname: ${name}\ndescription: ${name} does things.\n---\n${body}`;

/** What a workspace install was handed to the whole host with. */
let workspaceInstalls: unknown[];
const handlers = () =>
  sourceInstallHandlers({
    roots: { home, workspace: ws },
    trust,
    cwd: ws,
    workspaceInstall: async (params) => {
      workspaceInstalls.push(params);
      return { skills: [], lockfile: null } as never;
    },
  });

/** Installs every skill of `src` into Claude Code's project folder; `recorded`: as this user's. */
async function installAll(recorded: boolean) {
  const source = await openSource(classifySource(src, ws));
  try {
    return await installSkills(source, {
      client: 'claude-code',
      scope: 'project',
      roots: { home, workspace: ws },
      trust: recorded ? trust : undefined,
    });
  } finally {
    await source.dispose();
  }
}

beforeEach(async () => {
  tmp = await realpath(await mkdtemp(path.join(os.tmpdir(), 'source-handlers-')));
  ws = path.join(tmp, 'ws');
  home = path.join(tmp, 'home');
  src = path.join(tmp, 'src');
  await mkdir(path.join(src, 'alpha'), { recursive: true });
  await writeFile(path.join(src, 'alpha', 'SKILL.md'), md('alpha'));
  await mkdir(ws);
  await mkdir(home);
  trust = { file: path.join(home, 'settings', 'trusted-lockfiles.json') };
});
afterEach(async () => {
  await rm(tmp, { recursive: true, force: true });
});

describe('installs from a source', () => {
  it('inspects a source named from the caller folder, writing nothing', async () => {
    const seen = await handlers()['install.inspect']({ src: '../src', link: false });
    expect(seen.source).toEqual({ kind: 'folder', location: src, commit: null });
    expect(seen.skills).toEqual([{ name: 'alpha', path: 'alpha', problem: null, diagnostics: [] }]);
    expect(seen.clients.map((c) => c.id)).toContain('claude-code');
    await expect(handlers()['install.inspect']({ src: '../none', link: false })).rejects.toThrow(
      '../none: no such file, folder or git URL',
    );
    await expect(
      readFile(path.join(ws, '.claude', 'skills', 'skills-lock.json')),
    ).rejects.toThrow();
  });

  it('installs the picked skills of a source named from the caller folder, carrying the source', async () => {
    await mkdir(path.join(src, 'beta'));
    await writeFile(path.join(src, 'beta', 'SKILL.md'), md('beta'));
    const into = { client: 'claude-code', scope: 'project', mode: 'copy' } as const;
    const result = await handlers()['install.skill']({
      from: { src: '../src', pick: ['beta'] },
      ...into,
    });
    const folder = path.join(ws, '.claude', 'skills');
    expect(result).toMatchObject({
      client: 'claude-code',
      scope: 'project',
      folder,
      lockfile: path.join(folder, 'skills-lock.json'),
      skills: [
        { name: 'beta', result: 'installed', mode: 'copy', path: path.join(folder, 'beta') },
      ],
      source: { kind: 'folder', location: src, commit: null },
    });
    expect(Object.keys(result)).toEqual([
      'client',
      'scope',
      'folder',
      'lockfile',
      'skills',
      'source',
    ]);
    // The same again meets the copy there, and writes nothing.
    const again = await handlers()['install.skill']({
      from: { src: '../src', pick: ['beta'] },
      ...into,
    });
    expect(again.skills.map((o) => o.result)).toEqual(['conflict']);
    // A link points at the source's own folder.
    const linked = await handlers()['install.skill']({
      from: { src: '../src', pick: ['alpha'] },
      ...into,
      mode: 'link',
    });
    expect(linked.skills.map((o) => [o.result, o.mode])).toEqual([['installed', 'link']]);
    expect((await lstat(path.join(folder, 'alpha'))).isSymbolicLink()).toBe(true);
    // A skill of the workspace is the whole host's to find: handed on as it was asked for.
    workspaceInstalls = [];
    await handlers()['install.skill']({ skill: 'alpha', ...into });
    expect(workspaceInstalls).toEqual([{ skill: 'alpha', ...into }]);
  });

  it('removes what was installed, and refuses a name that was not', async () => {
    await installAll(true);
    const removed = await handlers()['install.remove']({
      name: 'alpha',
      client: 'claude-code',
      scope: 'project',
      force: false,
    });
    expect(removed).toEqual({
      name: 'alpha',
      path: path.join(ws, '.claude', 'skills', 'alpha'),
      folder: path.join(ws, '.claude', 'skills'),
      mode: 'copy',
    });
    await expect(
      handlers()['install.remove']({
        name: 'alpha',
        client: 'claude-code',
        scope: 'project',
        force: true,
      }),
    ).rejects.toMatchObject({ code: 'not_found' });
  });

  it('compares installs with their sources, and updates only what the plan applies', async () => {
    await installAll(true);
    expect((await handlers()['install.outdated']({ approved: [] })).map((i) => i.status)).toEqual([
      'current',
    ]);
    await writeFile(path.join(src, 'alpha', 'SKILL.md'), md('alpha', 'New body\n'));
    const plan = await handlers()['install.update']({
      apply: false,
      names: [],
      force: false,
      approved: [],
    });
    expect(plan.map((i) => [i.status, i.applied])).toEqual([['outdated', undefined]]);
    const installed = path.join(ws, '.claude', 'skills', 'alpha', 'SKILL.md');
    expect(await readFile(installed, 'utf8')).toBe(md('alpha'));
    const done = await handlers()['install.update']({
      apply: true,
      names: ['alpha'],
      force: false,
      approved: [],
    });
    expect(done.map((i) => i.applied)).toEqual(['updated']);
    expect(await readFile(installed, 'utf8')).toBe(md('alpha', 'New body\n'));
  });

  it('opens no source of a lockfile that came with the project until this user approves it', async () => {
    await installAll(false);
    const foreign = await handlers()['install.lockfiles']({});
    expect(foreign).toHaveLength(1);
    expect(foreign[0]).toMatchObject({
      shown: path.join(ws, '.claude', 'skills', 'skills-lock.json'),
      scope: 'project',
      sources: [
        { installedAs: 'alpha', source: { kind: 'folder', location: src, subpath: 'alpha' } },
      ],
    });
    const unapproved = await handlers()['install.outdated']({ approved: [] });
    expect(unapproved.map((i) => i.status)).toEqual(['unapproved']);
    // Approved for one call: compared, but not remembered.
    const { file, hash } = foreign[0];
    const once = await handlers()['install.outdated']({ approved: [{ file, hash }] });
    expect(once.map((i) => i.status)).toEqual(['current']);
    expect(await handlers()['install.lockfiles']({})).toHaveLength(1);
    // Recorded in the user's settings: the same bytes are this user's from now on.
    expect(await handlers()['install.trustLockfiles']({ approved: [{ file, hash }] })).toEqual({
      recorded: 1,
    });
    expect(await handlers()['install.lockfiles']({})).toEqual([]);
    // An approval of other bytes approves nothing.
    await rm(trust.file as string);
    const stale = await handlers()['install.outdated']({
      approved: [{ file, hash: 'sha256-other' }],
    });
    expect(stale.map((i) => i.status)).toEqual(['unapproved']);
  });
});
