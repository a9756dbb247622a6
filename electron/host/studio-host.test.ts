/**
 * The studio host through its typed door (`invoke`), on temp folders: the policies a
 * transport relies on the host for — export refused while a skill has errors, writes
 * refused on read-only skills, the registry refreshed by every write (no watcher runs
 * here, so nothing else could refresh it) — and the router's codes reaching the caller.
 */
import { mkdtemp, readFile, realpath, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { StudioEvent } from '../../shared/api/studio-api';
import type { StudioHost } from './studio-host';
import { isolatedHost } from '../test-support/isolated-host';
import { writeSkill } from './skills/test-support/skill-records';

let tmp: string;
let ws: string;
let bundled: string;
let host: StudioHost;

beforeEach(async () => {
  tmp = await realpath(await mkdtemp(path.join(os.tmpdir(), 'studio-host-')));
  ws = path.join(tmp, 'ws');
  bundled = path.join(tmp, 'bundled');
  await writeSkill(path.join(ws, 'skills'), 'good');
  // Name and folder disagree: an error, so export must refuse without force.
  await writeSkill(path.join(ws, 'skills'), 'broken', 'not-broken');
  await writeSkill(bundled, 'text-stats');
  host = await isolatedHost(ws, { frameworkDir: bundled });
});
afterEach(async () => {
  await host.close();
  await rm(tmp, { recursive: true, force: true });
});

const dirOf = async (name: string) => {
  const s = (await host.invoke('skills.list', {})).skills.find((x) => x.name === name);
  if (!s) throw new Error(`no skill ${name}`);
  return s.dir;
};

describe('StudioHost.invoke', () => {
  it('refuses to export a skill with errors unless forced, and returns the bytes when forced', async () => {
    const dir = path.join(ws, 'skills', 'broken');
    const refused = await host.invoke('bundles.export', { skill: dir, format: 'zip' });
    expect(refused.refused).toBe(true);
    expect(refused.base64).toBeNull();
    expect(refused.diagnostics.some((d) => d.severity === 'error')).toBe(true);

    const forced = await host.invoke('bundles.export', { skill: dir, format: 'zip', force: true });
    expect(forced.refused).toBe(false);
    expect(forced.base64 && Buffer.from(forced.base64, 'base64').subarray(0, 2).toString()).toBe(
      'PK',
    );
  });

  it('exports a valid skill without force', async () => {
    const ok = await host.invoke('bundles.export', { skill: await dirOf('good'), format: 'skill' });
    expect(ok.refused).toBe(false);
    expect(ok.bytes).toBeGreaterThan(0);
  });

  it('never writes an export anywhere: a path to write to is no parameter', async () => {
    const params = { skill: await dirOf('good'), format: 'zip', outPath: '/tmp/x.zip' };
    await expect(host.invoke('bundles.export', params as never)).rejects.toMatchObject({
      code: 'invalid_params',
    });
  });

  it('refreshes the registry on every write, so the listing is current when the call returns', async () => {
    const dir = await dirOf('good');
    const before = await host.invoke('skills.get', { skill: dir });
    await host.invoke('files.write', {
      skill: dir,
      path: 'SKILL.md',
      text: '---\nname: good\ndescription: Now says something else.\n---\nBody\n',
      expectedVersion: before.version,
    });
    expect(
      (await host.invoke('skills.list', {})).skills.find((s) => s.dir === dir)?.description,
    ).toBe('Now says something else.');

    await host.invoke('files.createFile', { skill: dir, path: 'notes.md', text: 'hi' });
    expect(
      (await host.invoke('skills.list', {})).skills.find((s) => s.dir === dir)?.files_count,
    ).toBe(2);
    await host.invoke('files.delete', { skill: dir, path: 'notes.md' });
    expect(
      (await host.invoke('skills.list', {})).skills.find((s) => s.dir === dir)?.files_count,
    ).toBe(1);
  });

  it('refuses writes to a read-only (bundled) skill and leaves its file alone', async () => {
    const dir = await dirOf('text-stats');
    const original = await readFile(path.join(dir, 'SKILL.md'), 'utf8');
    await expect(
      host.invoke('files.write', { skill: dir, path: 'SKILL.md', text: 'overwritten' }),
    ).rejects.toMatchObject({ code: 'read_only' });
    expect(await readFile(path.join(dir, 'SKILL.md'), 'utf8')).toBe(original);
  });

  it('throws the router refusal with its code for params the API does not take', async () => {
    await expect(
      host.invoke('skills.get', { skill: await dirOf('good'), extra: 1 } as unknown as {
        skill: string;
      }),
    ).rejects.toMatchObject({ code: 'invalid_params' });
  });

  it('saves agents through the workspace settings: unknown keys kept, the UI told, the allowlist in force', async () => {
    await writeFile(path.join(ws, 'skill-studio.json'), JSON.stringify({ layout: { left: 1 } }));
    const events: StudioEvent[] = [];
    host.onEvent((e) => events.push(e));
    const agents = [{ id: 'ops', name: 'Ops', allowed_skills: ['good'] }];
    const info = await host.invoke('agents.save', { agents });
    expect(info.agents).toEqual(agents);
    expect(JSON.parse(await readFile(path.join(ws, 'skill-studio.json'), 'utf8'))).toEqual({
      layout: { left: 1 },
      agents,
    });
    expect(events).toEqual([{ type: 'workspace.changed', info }]);
    const allowed = (await host.invoke('skills.served', { agent: 'ops' }))
      .filter((s) => s.allowed)
      .map((s) => s.record.summary.name);
    expect(allowed).toContain('good');
    expect(allowed).not.toContain('broken');
    expect((await host.invoke('workspace.info', {})).agents).toEqual(agents);
  });
});
