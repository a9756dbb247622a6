/**
 * The record of this user's own lockfiles: trusted only for the exact bytes recorded,
 * and only while the record is this user's alone (a record others may write trusts nothing).
 */
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isTrustedLockfile, lockHash, lockTrustFor, rememberLockfile } from './lock-trust';
import { isOwnLockfile, readLockfileAt, updateLockfile } from './lockfile';

let home: string;
let folder: string;
beforeEach(async () => {
  home = await mkdtemp(path.join(os.tmpdir(), 'lock-trust-'));
  folder = path.join(home, 'ws', '.claude', 'skills');
  await mkdir(folder, { recursive: true });
});
afterEach(() => rm(home, { recursive: true, force: true }));

const entry = {
  name: 'alpha',
  client: 'claude-code',
  source: { kind: 'folder', location: '/src/alpha', subpath: '.' },
  commit: null,
  hash: 'sha256-x',
  mode: 'copy',
  installed_at: '2026-01-01T00:00:00.000Z',
  files: { 'SKILL.md': 'sha256-y' },
} as const;

describe('trusted lockfiles', () => {
  it("lives in the user's settings folder, never the project", () => {
    expect(lockTrustFor({}, home).file).toBe(
      path.join(home, '.config', 'skill-studio', 'trusted-lockfiles.json'),
    );
    expect(lockTrustFor({ SKILL_STUDIO_PROVIDERS: '/elsewhere/p.json' }, home).file).toBe(
      path.join(home, '.config', 'skill-studio', 'trusted-lockfiles.json'),
    );
    expect(lockTrustFor({}, null).file).toBeNull();
  });

  it("a lockfile this user's write made is trusted until its bytes change", async () => {
    const trust = lockTrustFor({}, home);
    await updateLockfile(folder, (s) => Object.assign(s, { alpha: entry }), trust);
    expect(await isOwnLockfile(await readLockfileAt(folder), trust)).toBe(true);
    // A pull (or anyone) rewrites it: a stranger again.
    await writeFile(path.join(folder, 'skills-lock.json'), JSON.stringify({ skills: {} }));
    expect(await isOwnLockfile(await readLockfileAt(folder), trust)).toBe(false);
  });

  it('a write into a lockfile that came with the project does not make it trusted', async () => {
    const trust = lockTrustFor({}, home);
    await writeFile(
      path.join(folder, 'skills-lock.json'),
      JSON.stringify({ version: 1, skills: { alpha: entry } }),
    );
    await updateLockfile(
      folder,
      (s) => Object.assign(s, { beta: { ...entry, name: 'beta' } }),
      trust,
    );
    expect(await isOwnLockfile(await readLockfileAt(folder), trust)).toBe(false);
  });

  it('a record others may write trusts nothing', async () => {
    const trust = lockTrustFor({}, home);
    const real = path.join(folder, 'skills-lock.json');
    await rememberLockfile(trust, real, lockHash('x'));
    expect(await isTrustedLockfile(trust, real, lockHash('x'))).toBe(true);
    await chmod(trust.file as string, 0o666);
    expect(await isTrustedLockfile(trust, real, lockHash('x'))).toBe(false);
  });
});
