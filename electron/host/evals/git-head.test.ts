/** The committed SKILL.md `old_skill` runs from, found also under a folder named `..x`. */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fileAtHead } from './git-head';

const repo = realpathSync(mkdtempSync(path.join(tmpdir(), 'git-head-')));
afterAll(() => rmSync(repo, { recursive: true, force: true }));

const git = (...args: string[]) =>
  execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], {
    cwd: repo,
    stdio: 'pipe',
  });

describe('fileAtHead', () => {
  it('reads a file committed under `..skills/`, and nothing for an uncommitted one', async () => {
    git('init', '-q');
    const dir = path.join(repo, '..skills', 'demo');
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'SKILL.md'), 'committed\n');
    git('add', '.');
    git('commit', '-q', '-m', 'skill');
    writeFileSync(path.join(dir, 'SKILL.md'), 'edited\n');
    writeFileSync(path.join(dir, 'NEW.md'), 'new\n');
    expect(await fileAtHead(path.join(dir, 'SKILL.md'))).toBe('committed\n');
    expect(await fileAtHead(path.join(dir, 'NEW.md'))).toBeNull();
  });
});
