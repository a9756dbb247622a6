/**
 * The Studio API names a skill by its folder: two skills that share a name read,
 * write and export as two skills, a name two skills share is refused rather than
 * guessed, and whether a skill is writable is the host's one answer.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readFile, realpath } from 'node:fs/promises';
import path from 'node:path';
import type { StudioHost } from './studio-host';
import type { RouterResult } from './router';
import type { SkillListing } from '../../shared/api/studio-api';
import { tempWorkspace, type TempWorkspace } from '../test-support/temp-workspace';
import { isolatedHost } from '../test-support/isolated-host';
import { makeCallRequest } from '../../shared/protocol/messages';

function ok(r: RouterResult): unknown {
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.result;
}

describe('a skill is its folder in the Studio API', () => {
  let ws: TempWorkspace;
  let bundled: TempWorkspace;
  let host: StudioHost;
  let plain: string;
  let claude: string;

  beforeEach(async () => {
    ws = tempWorkspace();
    bundled = tempWorkspace();
    const twin = (where: string) =>
      `---\nname: twin\ndescription: The ${where} twin.\nentrypoint: scripts/run.sh\n---\n`;
    const answer = (where: string) =>
      `cat > /dev/null\necho '{"type":"result","data":{"from":"${where}"}}'\n`;
    ws.write('skills/twin/SKILL.md', twin('plain'));
    ws.write('skills/twin/scripts/run.sh', answer('plain'));
    ws.write('.claude/skills/twin/SKILL.md', twin('claude'));
    ws.write('.claude/skills/twin/scripts/run.sh', answer('claude'));
    bundled.addSkill('shipped', 'name: shipped\ndescription: Comes with the studio.');
    host = await isolatedHost(ws.root, { frameworkDir: path.join(bundled.root, 'skills') });
    const root = await realpath(ws.root);
    plain = path.join(root, 'skills', 'twin');
    claude = path.join(root, '.claude', 'skills', 'twin');
  });
  afterEach(async () => {
    await host.close();
    ws.cleanup();
    bundled.cleanup();
  });

  it('lists each skill with its folder and the host’s writable answer', async () => {
    const listing = ok(await host.call('skills.list', {})) as SkillListing;
    const twins = listing.skills.filter((s) => s.name === 'twin').map((s) => s.dir);
    expect(twins.sort()).toEqual([claude, plain].sort());
    const shipped = listing.skills.find((s) => s.name === 'shipped');
    expect(shipped).toMatchObject({ writable: false });
    expect(shipped?.readOnlyReason).toMatch(/bundled/);
    expect(listing.skills.find((s) => s.dir === plain)).toMatchObject({ writable: true });
    expect(listing.skills.find((s) => s.dir === plain)).not.toHaveProperty('path');
  });

  it('reads and writes the twin it is given, never the first of the name', async () => {
    const got = ok(await host.call('skills.get', { skill: claude })) as { skillMd: string };
    expect(got.skillMd).toContain('The claude twin.');
    const read = ok(await host.call('files.read', { skill: plain, path: 'SKILL.md' })) as {
      text: string;
    };
    expect(read.text).toContain('The plain twin.');

    ok(
      await host.call('files.write', {
        skill: claude,
        path: 'SKILL.md',
        text: '---\nname: twin\ndescription: Edited claude twin.\n---\n',
      }),
    );
    expect(await readFile(path.join(claude, 'SKILL.md'), 'utf8')).toContain('Edited claude twin.');
    expect(await readFile(path.join(plain, 'SKILL.md'), 'utf8')).toContain('The plain twin.');

    const exported = ok(
      await host.call('bundles.export', { skill: claude, format: 'zip', force: true }),
    ) as { entries: string[]; fileName: string };
    expect(exported.fileName).toBe('twin.zip');
  });

  it('refuses a name two skills share, and a folder that is no listed skill', async () => {
    const byName = await host.call('files.read', { skill: 'twin', path: 'SKILL.md' });
    expect(byName).toMatchObject({ ok: false, error: { code: 'invalid_params' } });
    const outside = await host.call('files.read', { skill: ws.root, path: 'SKILL.md' });
    expect(outside).toMatchObject({ ok: false, error: { code: 'not_found' } });
  });

  it('refuses writes to a read-only skill with the host’s reason', async () => {
    const listing = ok(await host.call('skills.list', {})) as SkillListing;
    const shipped = listing.skills.find((s) => s.name === 'shipped');
    const r = await host.call('files.write', {
      skill: shipped?.dir ?? '',
      path: 'SKILL.md',
      text: 'x',
    });
    expect(r).toMatchObject({ ok: false, error: { code: 'read_only' } });
    if (!r.ok) expect(r.error.message).toMatch(/bundled/);
  });

  it('runs the twin the studio pins by folder; agents and bare names get no guess', async () => {
    const run = async (metadata: Record<string, unknown>, agent: string | null = null) =>
      host.callSkill(makeCallRequest({ name: 'twin', arguments: {}, metadata }), agent);
    const fromClaude = await run({ skill_dir: claude });
    expect(fromClaude.data?.data).toEqual({ from: 'claude' });
    const fromPlain = await run({ skill_dir: plain });
    expect(fromPlain.data?.data).toEqual({ from: 'plain' });
    // Agents get the name's winner, never a pin (here: no agent may use it at all).
    expect((await run({ skill_dir: claude }, 'writer')).error?.code).toBe('unauthorized');
    // Without a pin the name is in conflict: refused, never a guess.
    expect((await run({})).error?.code).toBe('skill_error');
    // A pin to a folder of another name pins nothing.
    expect((await run({ skill_dir: path.dirname(plain) })).error?.code).toBe('skill_error');
  });
});
