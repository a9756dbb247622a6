/** The skill management methods through the real router and host, on temp folders. */
import { mkdtemp, readdir, readFile, realpath, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { StudioEvent } from '../../../shared/api/studio-api';
import type { StudioHost } from '../studio-host';
import { isolatedHost } from '../../test-support/isolated-host';
import { zipFiles } from '../../test-support/zip-files';
import { skillMd, writeSkill } from '../skills/test-support/skill-records';
import { freedesktopTrash } from './trash';

let tmp: string;
let ws: string;
let bundled: string;
let dataHome: string;
let host: StudioHost;
let events: StudioEvent[];

async function call<T>(method: string, params: unknown): Promise<T> {
  const res = await host.call(method, params);
  if (!res.ok) throw Object.assign(new Error(res.error.message), { code: res.error.code });
  return res.result as T;
}

beforeEach(async () => {
  tmp = await realpath(await mkdtemp(path.join(os.tmpdir(), 'skill-admin-')));
  ws = path.join(tmp, 'ws');
  bundled = path.join(tmp, 'bundled');
  dataHome = path.join(tmp, 'share');
  await writeSkill(path.join(ws, 'skills'), 'mine');
  await writeSkill(bundled, 'text-stats');
  host = await isolatedHost(ws, { frameworkDir: bundled, trash: freedesktopTrash({ dataHome }) });
  events = [];
  host.onEvent((e) => events.push(e));
});
afterEach(async () => {
  await host.close();
  await rm(tmp, { recursive: true, force: true });
});

const names = async () =>
  (await host.invoke('skills.list', {})).skills.map((s) => `${s.source}:${s.name}`).sort();

describe('skill management through the Studio API', () => {
  it('duplicates a bundled skill into skills/, renames it, then deletes it to the trash', async () => {
    const bundledDir = path.join(bundled, 'text-stats');
    const copy = await call<{ name: string; dir: string }>('skills.duplicate', {
      skill: bundledDir,
    });
    expect(copy).toEqual({
      name: 'text-stats-copy',
      dir: path.join(ws, 'skills', 'text-stats-copy'),
    });
    expect(await names()).toContain('project:text-stats-copy');
    expect(
      (await host.invoke('skills.list', {})).skills.find((s) => s.name === 'text-stats-copy')
        ?.writable,
    ).toBe(true);

    const renamed = await call<{ name: string; dir: string }>('skills.rename', {
      skill: copy.dir,
      to: 'my-stats',
    });
    expect(renamed).toEqual({ name: 'my-stats', dir: path.join(ws, 'skills', 'my-stats') });
    expect(await readFile(path.join(renamed.dir, 'SKILL.md'), 'utf8')).toContain(
      'name: my-stats\n',
    );
    expect(await names()).toEqual(['framework:text-stats', 'project:mine', 'project:my-stats']);
    expect(events).toContainEqual({
      type: 'skill.moved',
      from: copy.dir,
      to: renamed.dir,
      name: 'my-stats',
    });

    expect(await call('skills.trash', {})).toEqual({ trash: 'the Trash' });
    expect(await call('skills.delete', { skill: renamed.dir })).toEqual({ trashed: true });
    expect(await names()).toEqual(['framework:text-stats', 'project:mine']);
    expect(await readdir(path.join(dataHome, 'Trash', 'files'))).toEqual(['my-stats']);
  });

  it('refuses to delete or rename a bundled skill, and leaves it alone', async () => {
    const bundledDir = path.join(bundled, 'text-stats');
    await expect(call('skills.delete', { skill: bundledDir })).rejects.toMatchObject({
      code: 'read_only',
    });
    await expect(call('skills.rename', { skill: bundledDir, to: 'x' })).rejects.toMatchObject({
      code: 'read_only',
    });
    expect(await readdir(bundled)).toEqual(['text-stats']);
  });

  it('refuses a rename onto an existing skill, and a bad name at the boundary', async () => {
    await writeSkill(path.join(ws, 'skills'), 'other');
    await host.call('skills.list', {});
    const mine = path.join(ws, 'skills', 'mine');
    await expect(call('skills.rename', { skill: mine, to: 'other' })).rejects.toMatchObject({
      code: 'exists',
    });
    await expect(call('skills.rename', { skill: mine, to: '' })).rejects.toMatchObject({
      code: 'invalid_params',
    });
  });

  it('without a trash, deletes only when told it is permanent', async () => {
    await host.close();
    host = await isolatedHost(ws, { trash: null });
    const mine = path.join(ws, 'skills', 'mine');
    expect(await call('skills.trash', {})).toEqual({ trash: null });
    await expect(call('skills.delete', { skill: mine })).rejects.toMatchObject({
      code: 'invalid_params',
    });
    expect(await call('skills.delete', { skill: mine, permanent: true })).toEqual({
      trashed: false,
    });
    expect(await readdir(path.join(ws, 'skills'))).toEqual([]);
  });

  it('previews a two-skill bundle, then imports it keeping both on the conflict', async () => {
    const base64 = (
      await zipFiles({
        'mine/SKILL.md': skillMd('mine'),
        'fresh/SKILL.md': skillMd('fresh'),
      })
    ).toString('base64');
    const preview = await call<{
      skills: { folder: string; exists: boolean; keepBothAs: string }[];
    }>('bundles.inspect', { base64, fileName: 'two.zip' });
    expect(preview.skills.map((k) => [k.folder, k.exists, k.keepBothAs])).toEqual([
      ['mine', true, 'mine-2'],
      ['fresh', false, 'fresh-2'],
    ]);
    await expect(call('bundles.import', { base64, fileName: 'two.zip' })).rejects.toMatchObject({
      code: 'exists',
    });
    const res = await call<{ skills: { name: string; outcome: string }[] }>('bundles.import', {
      base64,
      fileName: 'two.zip',
      choices: { mine: 'keep-both' },
    });
    expect(res.skills.map((k) => [k.name, k.outcome])).toEqual([
      ['mine-2', 'kept-both'],
      ['fresh', 'created'],
    ]);
    expect(await names()).toEqual([
      'framework:text-stats',
      'project:fresh',
      'project:mine',
      'project:mine-2',
    ]);
    await expect(
      call('bundles.import', { base64, fileName: 'two.zip', onConflict: 'overwrite' }),
    ).rejects.toMatchObject({ code: 'invalid_params' });
  });
});
