import { execFileSync } from 'node:child_process';
import { chmod, mkdir, mkdtemp, open, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { listSkillFiles } from '../skill-files';
import {
  readFolderAsSkill,
  readSkillFolder,
  scanFolder,
  scanFolders,
  scanSkillFolder,
} from './scan';
import type { SourceFolder } from './sources';

let tmp: string;
let src: string;
beforeEach(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'scan-'));
  src = path.join(tmp, 'skills');
  await mkdir(src);
});
afterEach(async () => {
  await chmod(path.join(src, 'locked', 'SKILL.md'), 0o644).catch(() => undefined);
  await rm(tmp, { recursive: true, force: true });
});

const folder = (dir = src): SourceFolder => ({
  source: 'project',
  id: 'project:skills',
  dir,
  priority: 0,
});

function skillMd(name: string, extra = ''): string {
  return `---\nname: ${name}\ndescription: Does ${name} things.\n${extra}---\n\n# ${name}\n`;
}

async function makeSkill(dir: string, text: string, fileName = 'SKILL.md'): Promise<string> {
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, fileName), text);
  return dir;
}

describe('scanFolder', () => {
  it('finds depth-1 folders holding SKILL.md and builds their records', async () => {
    await makeSkill(
      path.join(src, 'alpha'),
      skillMd('alpha', 'license: MIT\ntags: [a, b]\ncategory: tools\n'),
    );
    await makeSkill(path.join(src, 'beta'), skillMd('beta'));
    await mkdir(path.join(src, 'notes'));
    await writeFile(path.join(src, 'notes', 'README.md'), '# not a skill\n');
    await makeSkill(path.join(src, 'alpha', 'nested'), skillMd('nested'));

    const scan = await scanFolder(folder(), 0);
    expect(scan.exists).toBe(true);
    expect(scan.singleSkill).toBe(false);
    expect(scan.problems).toEqual([]);
    expect(scan.skills.map((s) => s.record.summary.name)).toEqual(['alpha', 'beta']);
    const alpha = scan.skills[0].record;
    expect(alpha.summary).toMatchObject({
      name: 'alpha',
      description: 'Does alpha things.',
      source: 'project',
      dir: path.join(src, 'alpha'),
      writable: true,
      license: 'MIT',
      tags: ['a', 'b'],
      category: 'tools',
      kind: 'llm',
      status: 'Published',
      has_errors: false,
      has_warnings: false,
      shadowed_by: null,
      conflict: false,
    });
    expect(alpha.skillMdPath).toBe(path.join(src, 'alpha', 'SKILL.md'));
    expect(alpha.frontmatter).toMatchObject({ name: 'alpha' });
    expect(alpha.body).toBe('\n# alpha\n');
    expect(alpha.definition.name).toBe('alpha');
    expect(alpha.diagnostics).toEqual([]);
  });

  it('reports a missing source folder as absent, not as a problem', async () => {
    const scan = await scanFolder(folder(path.join(tmp, 'nope')), 0);
    expect(scan).toMatchObject({ exists: false, skills: [], problems: [] });
  });

  it('accepts a lowercase skill.md with a SKILL_MD_CASE warning', async () => {
    await makeSkill(path.join(src, 'lower'), skillMd('lower'), 'skill.md');
    const [skill] = (await scanFolder(folder(), 0)).skills;
    expect(skill.record.skillMdPath).toBe(path.join(src, 'lower', 'skill.md'));
    expect(skill.record.diagnostics.map((d) => [d.code, d.severity])).toEqual([
      ['SKILL_MD_CASE', 'warning'],
    ]);
    expect(skill.record.summary.has_warnings).toBe(true);
  });

  it('reads a source folder that is itself one skill (--root pointed at a skill)', async () => {
    const one = await makeSkill(path.join(tmp, 'one-skill'), skillMd('one-skill'));
    await makeSkill(path.join(one, 'examples'), skillMd('examples'));
    const scan = await scanFolder(folder(one), 0);
    expect(scan.singleSkill).toBe(true);
    expect(scan.skills.map((s) => s.record.dir)).toEqual([one]);
  });

  it('follows a symlinked skill folder once and survives link loops', async () => {
    const real = await makeSkill(path.join(tmp, 'elsewhere', 'linked'), skillMd('linked'));
    await symlink(real, path.join(src, 'linked'));
    const a = await makeSkill(path.join(src, 'a'), skillMd('a'));
    // A skill folder holding a link to its parent, a link to the source itself and to
    // the workspace above it, and a link to itself.
    await symlink('..', path.join(a, 'loop'));
    await symlink('.', path.join(src, 'dot'));
    await symlink('..', path.join(src, 'up'));
    await symlink('self', path.join(src, 'self'));
    await symlink(path.join(tmp, 'missing'), path.join(src, 'dangling'));

    const scan = await scanFolder(folder(), 0);
    expect(scan.problems).toEqual([]);
    expect(scan.skills.map((s) => [s.record.summary.name, s.linked])).toEqual([
      ['a', false],
      ['linked', true],
    ]);
    const linked = scan.skills[1];
    expect(linked.record.dir).toBe(path.join(src, 'linked'));
    expect(linked.realDir).toBe(real);
    // The loop link inside `a` leads outside the skill: left out of the count as of the listing.
    expect(scan.skills[0].record.summary.files_count).toBe(1);
    expect((await listSkillFiles(a)).map((f) => f.path)).toEqual(['SKILL.md']);
  });

  it('reports a 10 MB SKILL.md as FILE_TOO_LARGE without reading it', async () => {
    const dir = path.join(src, 'huge');
    await mkdir(dir);
    const handle = await open(path.join(dir, 'SKILL.md'), 'w');
    await handle.write(skillMd('huge'));
    await handle.truncate(10 * 1024 * 1024);
    await handle.close();

    const [skill] = (await scanFolder(folder(), 0)).skills;
    expect(skill.record.summary).toMatchObject({ name: 'huge', has_errors: true, description: '' });
    expect(skill.record.diagnostics).toHaveLength(1);
    expect(skill.record.diagnostics[0]).toMatchObject({
      code: 'FILE_TOO_LARGE',
      severity: 'error',
      line: 1,
    });
    expect(skill.record.diagnostics[0].message).toMatch(/SKILL\.md: is 10485760 bytes/);
    expect(skill.record.frontmatter).toBeNull();
  });

  it('reads a long SKILL.md (past the first read) whole, and honours a smaller cap', async () => {
    const body = 'A line of instructions that goes on for a while.\n'.repeat(4000); // ~200 KB
    await makeSkill(path.join(src, 'long'), skillMd('long') + body);
    const [skill] = (await scanFolder(folder(), 0)).skills;
    expect(skill.record.body.length).toBe(body.length + '\n# long\n'.length);
    expect(skill.record.diagnostics.map((d) => d.code)).toEqual(['SKILL_BODY_OVERSIZE']);

    const [capped] = (await scanFolder(folder(), 0, { maxSkillMdBytes: 1000 })).skills;
    expect(capped.record.diagnostics.map((d) => d.code)).toEqual(['FILE_TOO_LARGE']);
    const [small] = (await scanFolder(folder(), 0, { maxSkillMdBytes: 10 })).skills;
    expect(small.record.diagnostics.map((d) => d.code)).toEqual(['FILE_TOO_LARGE']);
  });

  it('reports a binary SKILL.md as FILE_BINARY', async () => {
    await mkdir(path.join(src, 'bin'));
    await writeFile(
      path.join(src, 'bin', 'SKILL.md'),
      Buffer.from([0x2d, 0x2d, 0x2d, 0x0a, 0x00, 0x01, 0x02, 0xff]),
    );
    const [skill] = (await scanFolder(folder(), 0)).skills;
    expect(skill.record.diagnostics.map((d) => d.code)).toEqual(['FILE_BINARY']);
    expect(skill.record.summary.has_errors).toBe(true);
  });

  it('reads a SKILL.md that is not UTF-8 with a warning', async () => {
    await mkdir(path.join(src, 'latin'));
    await writeFile(
      path.join(src, 'latin', 'SKILL.md'),
      Buffer.concat([Buffer.from(skillMd('latin', 'license: caf')), Buffer.from([0xe9, 0x0a])]),
    );
    const [skill] = (await scanFolder(folder(), 0)).skills;
    expect(skill.record.summary.name).toBe('latin');
    const warning = skill.record.diagnostics.find((d) => d.code === 'FILE_BINARY');
    expect(warning).toMatchObject({ severity: 'warning' });
  });

  // As root (the usual CI container) chmod 000 does not stop reads, so there is nothing to test.
  it.skipIf(process.getuid?.() === 0)(
    'reports an unreadable SKILL.md as FILE_UNREADABLE (skipped as root: chmod cannot deny root)',
    async () => {
      const file = path.join(
        await makeSkill(path.join(src, 'locked'), skillMd('locked')),
        'SKILL.md',
      );
      await chmod(file, 0o000);
      const [skill] = (await scanFolder(folder(), 0)).skills;
      expect(skill.record.diagnostics.map((d) => d.code)).toEqual(['FILE_UNREADABLE']);
      expect(skill.record.summary.name).toBe('locked');
    },
  );

  it('reports a FIFO named SKILL.md instead of blocking on it', async () => {
    const dir = path.join(src, 'fifo');
    await mkdir(dir);
    try {
      execFileSync('mkfifo', [path.join(dir, 'SKILL.md')]);
    } catch {
      return; // no mkfifo on this system: nothing to check
    }
    const [skill] = (await scanFolder(folder(), 0)).skills;
    expect(skill.record.diagnostics.map((d) => d.code)).toEqual(['FILE_UNREADABLE']);
  });

  it('counts files like the file listing does, skipping .git and node_modules', async () => {
    const dir = await makeSkill(path.join(src, 'counted'), skillMd('counted'));
    await mkdir(path.join(dir, 'scripts'));
    await writeFile(path.join(dir, 'scripts', 'run.py'), 'print(1)\n');
    await mkdir(path.join(dir, 'references', 'deep'), { recursive: true });
    await writeFile(path.join(dir, 'references', 'deep', 'notes.md'), 'x\n');
    await mkdir(path.join(dir, 'assets'));
    await mkdir(path.join(dir, 'node_modules', 'pkg'), { recursive: true });
    await writeFile(path.join(dir, 'node_modules', 'pkg', 'index.js'), '');
    await mkdir(path.join(dir, '.git'));
    await writeFile(path.join(dir, '.git', 'HEAD'), 'ref\n');

    const [skill] = (await scanFolder(folder(), 0)).skills;
    expect(skill.record.summary.files_count).toBe(3);
    expect(skill.record.summary.files_count).toBe((await listSkillFiles(dir)).length);
  });

  it('checks paths named in the frontmatter against the skill folder', async () => {
    const outside = path.join(tmp, 'secret.sh');
    await writeFile(outside, 'echo secret\n');
    const missing = await makeSkill(
      path.join(src, 'missing'),
      skillMd('missing', 'entrypoint: scripts/run.sh\n'),
    );
    const escaping = await makeSkill(
      path.join(src, 'escaping'),
      skillMd('escaping', 'entrypoint: run.sh\n'),
    );
    await symlink(outside, path.join(escaping, 'run.sh'));
    const fine = await makeSkill(path.join(src, 'fine'), skillMd('fine', 'entrypoint: run.sh\n'));
    await writeFile(path.join(fine, 'run.sh'), 'echo ok\n');
    const folderEntry = await makeSkill(
      path.join(src, 'folder-entry'),
      skillMd('folder-entry', 'entrypoint: scripts\n'),
    );
    await mkdir(path.join(folderEntry, 'scripts'));

    const scan = await scanFolder(folder(), 0);
    const codes = new Map(
      scan.skills.map((s) => [s.record.summary.name, s.record.diagnostics.map((d) => d.code)]),
    );
    expect(codes.get('missing')).toEqual(['ENTRYPOINT_MISSING']);
    expect(codes.get('escaping')).toEqual(['ENTRYPOINT_OUTSIDE']);
    expect(codes.get('folder-entry')).toEqual(['ENTRYPOINT_MISSING']);
    expect(codes.get('fine')).toEqual([]);
    const fineRecord = scan.skills.find((s) => s.record.summary.name === 'fine')?.record;
    expect(fineRecord?.entrypoint).toBe('run.sh');
    expect(fineRecord?.summary.kind).toBe('script');
    expect(missing).toBeTruthy();
  });

  it('refuses a SKILL.md that is a link to a file outside the skill', async () => {
    const outside = path.join(tmp, 'elsewhere.md');
    await writeFile(outside, skillMd('linked'));
    const dir = path.join(src, 'linked');
    await mkdir(dir, { recursive: true });
    await symlink(outside, path.join(dir, 'SKILL.md'));
    const rec = await readSkillFolder(dir);
    expect(rec.diagnostics).toEqual([
      expect.objectContaining({
        code: 'FILE_UNREADABLE',
        message: expect.stringMatching(/outside the skill folder/),
      }),
    ]);
  });

  it('bounds the number of skills read from one folder', async () => {
    for (const n of ['s1', 's2', 's3']) await makeSkill(path.join(src, n), skillMd(n));
    const scan = await scanFolder(folder(), 0, { maxSkillsPerSource: 2 });
    expect(scan.skills.map((s) => s.record.summary.name)).toEqual(['s1', 's2']);
    expect(scan.problems).toHaveLength(1);
    expect(scan.problems[0]).toMatchObject({ severity: 'warning', file: src });
  });

  it('gives equal fingerprints for equal content and different ones after a change', async () => {
    const dir = await makeSkill(path.join(src, 'fp'), skillMd('fp'));
    const first = await scanSkillFolder(folder(), 0, dir);
    const again = await scanSkillFolder(folder(), 0, dir);
    await writeFile(path.join(dir, 'extra.md'), 'x');
    const withFile = await scanSkillFolder(folder(), 0, dir);
    const fp = (x: unknown): string => (x as { fingerprint: string }).fingerprint;
    expect(fp(first)).toBe(fp(again));
    expect(fp(withFile)).not.toBe(fp(first));
    expect(await scanSkillFolder(folder(), 0, path.join(src, 'gone'))).toBeNull();
  });

  it('scans several folders with one bound on concurrency, in order', async () => {
    const other = path.join(tmp, 'other');
    await makeSkill(path.join(other, 'x'), skillMd('x'));
    await makeSkill(path.join(src, 'y'), skillMd('y'));
    const scans = await scanFolders([folder(), { ...folder(other), id: 'other' }], {
      concurrency: 1,
    });
    expect(scans.map((s) => s.skills.map((k) => k.record.summary.name))).toEqual([['y'], ['x']]);
    expect(scans.map((s) => s.folderIndex)).toEqual([0, 1]);
  });
});

describe('readSkillFolder', () => {
  it('reads a skill folder', async () => {
    const dir = await makeSkill(path.join(src, 'direct'), skillMd('direct'));
    const record = await readSkillFolder(dir, 'user', { profile: 'spec' });
    expect(record.summary).toMatchObject({ name: 'direct', source: 'user' });
    expect(record.diagnostics).toEqual([]);
  });

  it('reports SKILL_MD_MISSING for a folder without SKILL.md and FILE_UNREADABLE for no folder', async () => {
    await mkdir(path.join(src, 'empty'));
    const empty = await readSkillFolder(path.join(src, 'empty'));
    expect(empty.diagnostics.map((d) => d.code)).toEqual(['SKILL_MD_MISSING']);
    expect(empty.summary.name).toBe('empty');
    expect(empty.skillMdPath).toBeNull();
    const none = await readSkillFolder(path.join(src, 'none'));
    expect(none.diagnostics.map((d) => d.code)).toEqual(['FILE_UNREADABLE']);
    expect(none.diagnostics[0].message).toMatch(/no such folder/);
  });

  it('keeps where the keys are written only when asked (a client profile asks)', async () => {
    const dir = await makeSkill(path.join(src, 'keys'), skillMd('keys', 'license: MIT\n'));
    const asked = await readFolderAsSkill(dir, 'project', { keyPositions: true });
    expect(asked.keyPositions).toEqual({
      name: { line: 2, column: 1 },
      description: { line: 3, column: 1 },
      license: { line: 4, column: 1 },
    });
    expect(asked.namePosition).toEqual({ line: 2, column: 1 });
    // Not asked: the registry's scans (and what they keep) never hold them.
    const plain = await readFolderAsSkill(dir);
    expect(plain).not.toHaveProperty('keyPositions');
    expect(plain.namePosition).toEqual({ line: 2, column: 1 });
    const [scanned] = (await scanFolder(folder(), 0)).skills;
    expect(scanned).not.toHaveProperty('keyPositions');
  });

  it('applies the spec profile', async () => {
    const dir = await makeSkill(path.join(src, 'ext'), skillMd('ext', 'version: "1.0"\n'));
    expect(
      (await readSkillFolder(dir, 'project', { profile: 'spec' })).diagnostics.map((d) => d.code),
    ).toEqual(['NOT_PORTABLE']);
    expect((await readSkillFolder(dir)).diagnostics).toEqual([]);
  });
});
