/**
 * The synchronous scan (scan-io.ts, the CLI's kind) reads exactly what the default
 * one reads, hostile folders included: link loops, dangling links, a FIFO named
 * SKILL.md (reported, never opened: a blocking open would hang the CLI for good),
 * a SKILL.md linked out of its skill, and a body whose links are checked.
 */
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readSkillFolder, scanFolders, type FolderScan } from './scan';
import type { SourceFolder } from './sources';

let tmp: string;
let src: string;
beforeEach(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'scan-sync-'));
  src = path.join(tmp, 'skills');
  await mkdir(src);
});
afterEach(() => rm(tmp, { recursive: true, force: true }));

const folder: () => SourceFolder = () => ({ source: 'project', id: 'p', dir: src, priority: 0 });

async function skill(name: string, body = '', extra = ''): Promise<string> {
  const dir = path.join(src, name);
  await mkdir(path.join(dir, 'references'), { recursive: true });
  await writeFile(
    path.join(dir, 'SKILL.md'),
    `---\nname: ${name}\ndescription: Does ${name} things.\n${extra}---\n\n# ${name}\n${body}`,
  );
  await writeFile(path.join(dir, 'references', 'notes.md'), 'notes\n');
  return dir;
}

/** What a caller sees of a scan: records, problems and fingerprints, in order. */
const visible = (scans: FolderScan[]): unknown =>
  scans.map((s) => ({
    exists: s.exists,
    problems: s.problems,
    skills: s.skills.map((k) => ({
      record: k.record,
      realDir: k.realDir,
      linked: k.linked,
      fingerprint: k.fingerprint,
    })),
  }));

describe('synchronous scan', () => {
  it('reads hostile folders exactly as the default scan does', async () => {
    await skill('plain', 'See [notes](references/notes.md) and [gone](references/gone.md).\n');
    await skill('entry', '', 'entrypoint: scripts/missing.py\n');
    const fifoDir = await skill('fifo');
    await rm(path.join(fifoDir, 'SKILL.md'));
    execFileSync('mkfifo', [path.join(fifoDir, 'SKILL.md')]);
    const outsideDir = await skill('outside');
    await writeFile(path.join(tmp, 'elsewhere.md'), '---\nname: elsewhere\n---\n');
    await rm(path.join(outsideDir, 'SKILL.md'));
    await symlink(path.join(tmp, 'elsewhere.md'), path.join(outsideDir, 'SKILL.md'));
    await symlink(path.join(src, 'plain'), path.join(src, 'linked'));
    await symlink('..', path.join(src, 'up'));
    await symlink('self', path.join(src, 'self'));
    await symlink(path.join(tmp, 'missing'), path.join(src, 'dangling'));
    await symlink('..', path.join(src, 'plain', 'references', 'loop'));

    const async = await scanFolders([folder()]);
    const sync = await scanFolders([folder()], { sync: true });
    expect(visible(sync)).toEqual(visible(async));

    // The fixture is hostile enough to mean something.
    const byName = new Map(sync[0].skills.map((k) => [path.basename(k.record.dir), k.record]));
    const codes = (n: string): string[] => byName.get(n)?.diagnostics.map((d) => d.code) ?? [];
    expect([...byName.keys()].sort()).toEqual(['entry', 'fifo', 'linked', 'outside', 'plain']);
    expect(codes('fifo')).toContain('FILE_UNREADABLE');
    expect(codes('outside')).toContain('FILE_UNREADABLE');
    expect(codes('plain').length).toBeGreaterThan(0); // the missing link target
    expect(codes('entry').length).toBeGreaterThan(0);
  });

  it('reads one folder as a skill, FIFO included, as the default does', async () => {
    const dir = await skill('one');
    const fifoDir = await skill('fifo');
    await rm(path.join(fifoDir, 'SKILL.md'));
    execFileSync('mkfifo', [path.join(fifoDir, 'SKILL.md')]);
    for (const d of [dir, fifoDir, path.join(tmp, 'nope')]) {
      expect(await readSkillFolder(d, 'project', { sync: true })).toEqual(
        await readSkillFolder(d, 'project'),
      );
    }
    const fifo = await readSkillFolder(fifoDir, 'project', { sync: true });
    expect(fifo.diagnostics.map((d) => d.code)).toContain('FILE_UNREADABLE');
  });
});

describe('a scan without fingerprints (the CLI, which never re-reads)', () => {
  it('reads the same records and leaves every fingerprint empty', async () => {
    await skill('one', 'See [notes](references/notes.md).\n');
    await skill('two');
    const folders = [folder()];
    const full = await scanFolders(folders, { sync: true });
    const bare = await scanFolders(folders, { sync: true, fingerprint: false });
    expect(bare.flatMap((s) => s.skills.map((k) => k.fingerprint))).toEqual(['', '']);
    const records = (scans: FolderScan[]): unknown =>
      scans.map((s) => s.skills.map((k) => [k.record, k.realDir, k.key]));
    expect(records(bare)).toEqual(records(full));
    expect(full[0].skills[0].record.summary.files_count).toBe(2);
  });
});
