/**
 * `files.atHead` and `search.contents` over a stand-in registry and a real git repository:
 * HEAD's text of a skill's own file only (never a path outside the skill, even through a
 * link), and "not in git" said plainly. The router's schema bounds the query.
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, realpath, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SkillRecord } from '../../../shared/skill/model';
import { createRouter } from '../router';
import { eagerTable } from '../lazy-handler-table';
import { lookupOver, skillRecord, writeSkill } from '../skills/test-support/skill-records';
import { searchHandlers } from './handlers';

let tmp: string;
let repo: string;
let inGit: string;
let loose: string;
let records: SkillRecord[];
let handlers: ReturnType<typeof searchHandlers>;

const git = (...args: string[]) =>
  execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], {
    cwd: repo,
    stdio: 'pipe',
  });

beforeAll(async () => {
  tmp = await realpath(await mkdtemp(path.join(os.tmpdir(), 'search-handlers-')));
  repo = path.join(tmp, 'repo');
  inGit = await writeSkill(path.join(repo, 'skills'), 'in-git');
  await writeFile(path.join(repo, 'outside.md'), 'committed secret\n');
  git('init', '-q');
  git('add', '.');
  git('commit', '-q', '-m', 'first');
  await writeFile(path.join(inGit, 'SKILL.md'), 'edited since\n');
  await writeFile(path.join(inGit, 'new.md'), 'new\n');
  await symlink(path.join(repo, 'outside.md'), path.join(inGit, 'link.md'));
  loose = await writeSkill(path.join(tmp, 'plain'), 'loose');
  records = [await skillRecord(inGit), await skillRecord(loose)];
  handlers = searchHandlers({
    ...lookupOver(() => records),
    skills: () => records.map((r) => ({ name: r.summary.name, dir: r.dir })),
  });
});
afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
});

describe('files.atHead', () => {
  it("reads the skill's file as committed", async () => {
    const r = await handlers['files.atHead']({ skill: inGit, path: 'SKILL.md' });
    expect(r.status).toBe('committed');
    expect(r.status === 'committed' && r.text).toContain('name: in-git');
  });

  it('says a file new since HEAD is not in HEAD, and a skill outside git is not in git', async () => {
    expect(await handlers['files.atHead']({ skill: inGit, path: 'new.md' })).toMatchObject({
      status: 'untracked',
      message: expect.stringMatching(/not in git HEAD/),
    });
    expect(await handlers['files.atHead']({ skill: loose, path: 'SKILL.md' })).toMatchObject({
      status: 'not_in_git',
      message: expect.stringMatching(/not in git/),
    });
  });

  it('refuses a path outside the skill, also through a link, and never returns its text', async () => {
    for (const p of ['../../outside.md', '/etc/passwd', 'link.md']) {
      const call = handlers['files.atHead']({ skill: inGit, path: p });
      await expect(call, p).rejects.toMatchObject({
        code: expect.stringMatching(/path|invalid|not_found/),
      });
    }
  });
});

describe('search.contents through the router', () => {
  it('finds text in the listed skills and refuses a query over the cap', async () => {
    const route = createRouter(eagerTable(handlers));
    const total = async (query: string) => {
      const r = await route('search.contents', { query }, 'network');
      return r.ok ? (r.result as { total: number }).total : -1;
    };
    expect(await total('NAME: LOOSE')).toBe(1);
    expect(await total('edited since')).toBe(1);
    // link.md points out of the skill, at a committed file: never read.
    expect(await total('committed secret')).toBe(0);
    const long = await route(
      'search.contents',
      { query: 'x'.repeat(1001), regex: true },
      'network',
    );
    expect(long).toMatchObject({ ok: false, error: { code: 'invalid_params' } });
    const extra = await route('search.contents', { query: 'x', path: '/' }, 'network');
    expect(extra).toMatchObject({ ok: false, error: { code: 'invalid_params' } });
  });
});
