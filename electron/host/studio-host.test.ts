/**
 * The studio host through its typed door (`invoke`), on temp folders: the policies a
 * transport relies on the host for — export refused while a skill has errors, writes
 * refused on read-only skills, the registry refreshed by every write (no watcher runs
 * here, so nothing else could refresh it) — and the router's codes reaching the caller.
 */
import { mkdir, mkdtemp, readFile, realpath, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { StudioHost } from './studio-host';

let tmp: string;
let ws: string;
let bundled: string;
let host: StudioHost;

async function makeSkill(parent: string, name: string, frontmatterName = name): Promise<string> {
  const dir = path.join(parent, name);
  await mkdir(dir, { recursive: true });
  await writeFile(
    path.join(dir, 'SKILL.md'),
    `---\nname: ${frontmatterName}\ndescription: ${name} does things.\n---\nBody\n`,
  );
  return dir;
}

beforeEach(async () => {
  tmp = await realpath(await mkdtemp(path.join(os.tmpdir(), 'studio-host-')));
  ws = path.join(tmp, 'ws');
  bundled = path.join(tmp, 'bundled');
  await makeSkill(path.join(ws, 'skills'), 'good');
  // Name and folder disagree: an error, so export must refuse without force.
  await makeSkill(path.join(ws, 'skills'), 'broken', 'not-broken');
  await makeSkill(bundled, 'text-stats');
  host = await StudioHost.create({
    workspace: ws,
    home: null,
    stateDir: null,
    noUser: true,
    frameworkDir: bundled,
  });
});
afterEach(async () => {
  await host.close();
  await rm(tmp, { recursive: true, force: true });
});

const dirOf = (name: string) => {
  const s = host.listing().skills.find((x) => x.name === name);
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
    const ok = await host.invoke('bundles.export', { skill: dirOf('good'), format: 'skill' });
    expect(ok.refused).toBe(false);
    expect(ok.bytes).toBeGreaterThan(0);
  });

  it('refuses an export that names a path, whatever the skill', async () => {
    await expect(
      host.invoke('bundles.export', { skill: dirOf('good'), format: 'zip', outPath: '/tmp/x.zip' }),
    ).rejects.toMatchObject({ code: 'forbidden_path' });
  });

  it('refreshes the registry on every write, so the listing is current when the call returns', async () => {
    const dir = dirOf('good');
    const before = await host.invoke('skills.get', { skill: dir });
    await host.invoke('files.write', {
      skill: dir,
      path: 'SKILL.md',
      text: '---\nname: good\ndescription: Now says something else.\n---\nBody\n',
      expectedVersion: before.version,
    });
    expect(host.listing().skills.find((s) => s.dir === dir)?.description).toBe(
      'Now says something else.',
    );

    await host.invoke('files.createFile', { skill: dir, path: 'notes.md', text: 'hi' });
    expect(host.listing().skills.find((s) => s.dir === dir)?.files_count).toBe(2);
    await host.invoke('files.delete', { skill: dir, path: 'notes.md' });
    expect(host.listing().skills.find((s) => s.dir === dir)?.files_count).toBe(1);
  });

  it('refuses writes to a read-only (bundled) skill and leaves its file alone', async () => {
    const dir = dirOf('text-stats');
    const original = await readFile(path.join(dir, 'SKILL.md'), 'utf8');
    await expect(
      host.invoke('files.write', { skill: dir, path: 'SKILL.md', text: 'overwritten' }),
    ).rejects.toMatchObject({ code: 'read_only' });
    expect(await readFile(path.join(dir, 'SKILL.md'), 'utf8')).toBe(original);
  });

  it('throws the router refusal with its code for params the API does not take', async () => {
    await expect(
      host.invoke('skills.get', { skill: dirOf('good'), extra: 1 } as unknown as { skill: string }),
    ).rejects.toMatchObject({ code: 'invalid_params' });
  });
});
