import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openRegularFile, readInsideSkill, readRegularFile } from './safe-read';

const posix = process.platform !== 'win32';

/** A named pipe with no writer: a plain open() of it would block a libuv thread forever. */
export function mkfifo(file: string): void {
  execFileSync('mkfifo', [file]);
}

describe('the hardened reader', () => {
  let base: string;
  let skill: string;

  beforeEach(async () => {
    base = await mkdtemp(path.join(os.tmpdir(), 'safe-read-'));
    skill = path.join(base, 'skill');
    await mkdir(path.join(skill, 'refs'), { recursive: true });
    await writeFile(path.join(skill, 'SKILL.md'), '---\nname: skill\n---\nbody\n');
    await writeFile(path.join(base, 'id_rsa'), '-----BEGIN PRIVATE KEY-----\nsecret\n');
  });
  afterEach(async () => {
    await rm(base, { recursive: true, force: true });
  });

  it('reads a regular file inside the skill, through a link that stays inside', async () => {
    await symlink('../SKILL.md', path.join(skill, 'refs', 'again.md'));
    const direct = await readInsideSkill(skill, 'SKILL.md', { maxBytes: 1024 });
    expect(direct.data.toString()).toContain('name: skill');
    const linked = await readInsideSkill(skill, 'refs/again.md', { maxBytes: 1024 });
    expect(linked.data.toString()).toContain('name: skill');
  });

  it('never reads a file a link leads to outside the skill', async () => {
    await symlink(path.join(base, 'id_rsa'), path.join(skill, 'key.md'));
    const err = await readInsideSkill(skill, 'key.md', { maxBytes: 1024 }).catch((e) => e);
    expect(err).toMatchObject({ code: 'forbidden_path' });
    expect(String(err.message)).not.toContain('PRIVATE');
  });

  it('refuses a file over the cap from the open descriptor, without reading it', async () => {
    await writeFile(path.join(skill, 'big.md'), 'x'.repeat(5000));
    await expect(readInsideSkill(skill, 'big.md', { maxBytes: 4096 })).rejects.toMatchObject({
      code: 'too_large',
    });
  });

  it.runIf(posix)('refuses devices: /dev/zero is never read', async () => {
    await expect(readRegularFile('/dev/zero', 'zero', { maxBytes: 1024 })).rejects.toMatchObject({
      code: 'invalid_params',
      message: 'zero: is a device, not a regular file',
    });
    // A link to it from a skill leaves the skill, and is refused before any open.
    await symlink('/dev/zero', path.join(skill, 'zero.json'));
    await expect(readInsideSkill(skill, 'zero.json', { maxBytes: 1024 })).rejects.toMatchObject({
      code: 'forbidden_path',
    });
  });

  it.runIf(posix)(
    'refuses FIFOs at once, more of them than the thread pool has threads, and the pool stays free',
    async () => {
      const names: string[] = [];
      for (let i = 0; i < 8; i++) {
        const name = `pipe-${i}.md`;
        mkfifo(path.join(skill, name));
        names.push(name);
      }
      // A link inside the skill to a FIFO gets past the lstat (it is a link): the
      // non-blocking open and the fstat must catch it.
      await symlink('pipe-0.md', path.join(skill, 'linked-pipe.md'));
      const viaLink = openRegularFile(path.join(skill, 'linked-pipe.md'), 'linked-pipe.md');
      await expect(viaLink).rejects.toMatchObject({
        code: 'invalid_params',
        message: 'linked-pipe.md: is a named pipe (FIFO), not a regular file',
      });
      const results = await Promise.allSettled(
        names.map((n) => readInsideSkill(skill, n, { maxBytes: 1024 })),
      );
      for (const r of results) {
        expect(r.status).toBe('rejected');
        expect((r as PromiseRejectedResult).reason.message).toMatch(/named pipe \(FIFO\)/);
      }
      // Had any of those opens blocked, four of them would hold every libuv thread and
      // this read would never finish (the test would time out).
      expect(await readFile(path.join(skill, 'SKILL.md'), 'utf8')).toContain('name: skill');
    },
  );
});
