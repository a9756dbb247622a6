import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { chmodSync, chownSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readTokenFile, tokenFileProblem } from './token-file';
import { runCliIn } from '../test-support/run-cli';

const TOKEN = 'a-token-of-enough-length-0123456789';
const isRoot = process.getuid?.() === 0;

describe('--token-file', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'token-file-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const write = (name: string, mode: number) => {
    const file = path.join(dir, name);
    writeFileSync(file, `${TOKEN}\n`);
    chmodSync(file, mode);
    return file;
  };

  it('reads an owner-only file, and reports a missing one as no token yet', async () => {
    expect(await readTokenFile(write('ok', 0o600))).toEqual({ ok: true, token: TOKEN });
    expect(await readTokenFile(write('ro', 0o400))).toEqual({ ok: true, token: TOKEN });
    expect(await readTokenFile(path.join(dir, 'absent'))).toEqual({ ok: true, token: null });
  });

  it('refuses a file group or others can read or write, whatever the bit', async () => {
    for (const mode of [0o640, 0o604, 0o620, 0o602, 0o644, 0o666]) {
      const res = await readTokenFile(write(`m${mode.toString(8)}`, mode));
      expect(res.ok, mode.toString(8)).toBe(false);
      expect(!res.ok && res.message).toMatch(/read or written by others.*chmod 600/);
    }
  });

  it('refuses a symbolic link, a folder, and a file another user owns', async () => {
    const target = write('target', 0o600);
    const link = path.join(dir, 'link');
    symlinkSync(target, link);
    expect(await readTokenFile(link)).toMatchObject({ ok: false, message: /symbolic link/ });
    expect(await readTokenFile(dir)).toMatchObject({ ok: false, message: /not a regular file/ });
    const stat = { isFile: () => true, mode: 0o100600 };
    expect(tokenFileProblem({ ...stat, uid: 4242 }, 1000)).toMatch(/owned by another user/);
    expect(tokenFileProblem({ ...stat, uid: 1000 }, 1000)).toBeNull();
  });

  it.runIf(isRoot)('refuses, even to root, a real file that another user owns', async () => {
    const file = write('theirs', 0o600);
    chownSync(file, 65534, 65534);
    expect(await readTokenFile(file)).toMatchObject({ ok: false, message: /another user/ });
  });

  it('makes `serve` exit 2 with the reason before it serves anything', async () => {
    const file = write('shared', 0o644);
    const run = await runCliIn(dir, ['serve', '--port', '0', '--token-file', file]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`--token-file ${file} can be read or written by others`);
    expect(run.stdout).not.toContain('Skill Studio:');
  });
});
