/**
 * `folders.validate` through the one router, as the in-process host serves it: the folders a
 * target names are checked in order with the profile asked for, the checks across skills
 * run, and only a local process may name folders to check.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createRouter } from '../router';
import type { Handlers } from '../handler-table';
import { eagerTable } from '../lazy-handler-table';
import { folderCheckHandlers } from './folder-check-handlers';

let tmp: string;
beforeEach(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'folder-checks-'));
});
afterEach(() => rm(tmp, { recursive: true, force: true }));

async function skill(rel: string, frontmatter: string): Promise<string> {
  const dir = path.join(tmp, rel);
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, 'SKILL.md'), `---\n${frontmatter}\n---\nBody.\n`);
  return dir;
}

const route = createRouter(
  eagerTable(folderCheckHandlers({ verdicts: null }) as unknown as Handlers),
);
const codes = (diagnostics: { code: string }[]) => diagnostics.map((d) => d.code);

describe('folders.validate', () => {
  it('checks every skill a folder holds, in order, with the checks across them', async () => {
    await skill('skills/alpha', 'name: alpha\ndescription: Does alpha things. Use for alpha.');
    await skill('skills/nested/alpha', 'name: alpha\ndescription: Another alpha. Use for alpha.');
    await mkdir(path.join(tmp, 'empty'));
    const res = await route(
      'folders.validate',
      { targets: [path.join(tmp, 'skills'), path.join(tmp, 'empty')], profile: 'studio' },
      'local-process',
    );
    if (!res.ok) throw new Error(res.error.message);
    const checked = res.result as { dir: string; name: string; diagnostics: { code: string }[] }[];
    expect(checked.map((c) => path.relative(tmp, c.dir))).toEqual([
      path.join('skills', 'alpha'),
      path.join('skills', 'nested', 'alpha'),
      'empty',
    ]);
    // Two skills one folder argument found share a name; a folder without SKILL.md is a
    // skill lacking it, never nothing to check.
    expect(codes(checked[0].diagnostics)).toContain('SKILL_NAME_CONFLICT');
    expect(codes(checked[2].diagnostics)).toContain('SKILL_MD_MISSING');
  });

  it("reads a client's profile through its rules, and under spec names no shared name", async () => {
    const a = await skill('a/alpha', 'name: alpha\ndescription: Alpha. Use for alpha.');
    const b = await skill('a/deep/alpha', 'name: alpha\ndescription: Alpha two. Use for alpha.');
    const res = await route(
      'folders.validate',
      { targets: [path.dirname(a)], profile: 'spec' },
      'local-process',
    );
    if (!res.ok) throw new Error(res.error.message);
    const checked = res.result as { dir: string; diagnostics: { code: string }[] }[];
    expect(checked.map((c) => c.dir)).toEqual([a, b]);
    expect(checked.flatMap((c) => codes(c.diagnostics))).not.toContain('SKILL_NAME_CONFLICT');
  });

  it('is for a local process only, and refuses a profile it does not know', async () => {
    const params = { targets: ['/etc'], profile: 'studio' };
    for (const caller of ['window', 'network'] as const)
      expect(await route('folders.validate', params, caller)).toMatchObject({
        ok: false,
        error: { code: 'forbidden_path' },
      });
    expect(
      await route('folders.validate', { targets: [tmp], profile: 'vim' }, 'local-process'),
    ).toMatchObject({ ok: false, error: { code: 'invalid_params' } });
    expect(
      await route('folders.validate', { targets: [], profile: 'studio' }, 'local-process'),
    ).toMatchObject({ ok: false, error: { code: 'invalid_params' } });
  });
});
