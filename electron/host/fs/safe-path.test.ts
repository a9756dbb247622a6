import { mkdir, mkdtemp, realpath, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  assertRealPathInside,
  checkRelativePath,
  isInsideOrEqual,
  isStrictlyInside,
  PathError,
  pathProblem,
  relativeInside,
  resolveInside,
} from './safe-path';

function refusal(fn: () => unknown): PathError {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(PathError);
    return err as PathError;
  }
  throw new Error('expected a PathError');
}

describe('checkRelativePath', () => {
  it('accepts and normalises ordinary relative paths', () => {
    expect(checkRelativePath('SKILL.md')).toBe('SKILL.md');
    expect(checkRelativePath('scripts/run.py')).toBe('scripts/run.py');
    expect(checkRelativePath('./a//b/./c/')).toBe('a/b/c');
    expect(checkRelativePath('références/café.md')).toBe('références/café.md');
    expect(checkRelativePath('.hidden/x..y')).toBe('.hidden/x..y');
  });

  const hostile: [string, string][] = [
    ['', 'empty'],
    ['.', 'names no file'],
    ['./', 'names no file'],
    ['..', '".."'],
    ['../secret', '".."'],
    ['a/../../b', '".."'],
    ['a/..', '".."'],
    ['/etc/passwd', 'absolute'],
    ['C:\\Windows\\win.ini', 'drive'],
    ['C:/Windows', 'drive'],
    ['c:relative', 'drive'],
    ['\\\\server\\share\\x', 'UNC'],
    ['//server/share', 'UNC'],
    ['a\\b', 'backslash'],
    ['..\\..\\x', 'backslash'],
    ['a\0b', 'NUL'],
    ['SKILL.md\0.png', 'NUL'],
    ['a\u0001b', 'control'],
    ['line\nbreak', 'control'],
    ['del\u007f', 'control'],
    ['x'.repeat(1025), 'longer than 1024'],
  ];
  for (const [input, why] of hostile) {
    it(`refuses ${JSON.stringify(input.slice(0, 30))} (${why})`, () => {
      const err = refusal(() => checkRelativePath(input));
      expect(err.code).toBe('forbidden_path');
      expect(err.message).toContain(why);
      expect(pathProblem(input).why).toContain(why);
    });
  }

  it('accepts a path of exactly 1024 characters', () => {
    expect(checkRelativePath('x'.repeat(1024))).toHaveLength(1024);
  });

  it('refuses names Windows reserves, only for writes', () => {
    for (const name of [
      'CON',
      'nul.txt',
      'a/COM1',
      'lpt9.md',
      'aux',
      'trailing.',
      'trailing ',
      'dir./x',
      'notes/a:b',
      'q?.md',
      'x|y',
    ]) {
      expect(checkRelativePath(name)).toBeTruthy();
      const err = refusal(() => checkRelativePath(name, { forWrite: true }));
      expect(err.code).toBe('forbidden_path');
    }
    expect(checkRelativePath('console.md', { forWrite: true })).toBe('console.md');
    expect(checkRelativePath('com10', { forWrite: true })).toBe('com10');
  });
});

describe('isInsideOrEqual', () => {
  it('compares whole segments, not string prefixes', () => {
    const root = path.resolve('/tmp/skill');
    expect(isInsideOrEqual(root, root)).toBe(true);
    expect(isInsideOrEqual(root, path.join(root, 'a', 'b'))).toBe(true);
    expect(isInsideOrEqual(root, path.resolve('/tmp/skill-other/x'))).toBe(false);
    expect(isInsideOrEqual(root, path.resolve('/tmp'))).toBe(false);
    expect(isInsideOrEqual(root, path.join(root, '..foo'))).toBe(true);
  });

  it('treats `..foo` and `a/..b` as names inside, and only a whole `..` as climbing out', () => {
    const root = path.resolve('/tmp/skill');
    expect(relativeInside(root, path.join(root, '..foo', 'x'))).toBe(path.join('..foo', 'x'));
    expect(relativeInside(root, `${root}/a/..b`)).toBe(path.join('a', '..b'));
    expect(relativeInside(root, `${root}${path.sep}`)).toBe('');
    expect(relativeInside(root, `${root}/../x`)).toBeNull();
    expect(relativeInside(root, `${root}/a/../../x`)).toBeNull();
    expect(relativeInside(root, path.dirname(root))).toBeNull();
    expect(isStrictlyInside(root, root)).toBe(false);
    expect(isStrictlyInside(root, path.join(root, '..foo'))).toBe(true);
    expect(isStrictlyInside(root, path.join(root, '..'))).toBe(false);
  });
});

describe('assertRealPathInside', () => {
  let base: string;
  let ws: string;
  let outside: string;
  beforeEach(async () => {
    base = await realpath(await mkdtemp(path.join(os.tmpdir(), 'real-inside-')));
    ws = path.join(base, 'ws');
    outside = path.join(base, 'outside');
    await mkdir(ws);
    await mkdir(outside);
  });
  afterEach(() => rm(base, { recursive: true, force: true }));

  it('passes a path that does not exist yet, and one under a `..name` folder', async () => {
    const target = path.join(ws, '.skill-studio', 'evals', 'x');
    expect(await assertRealPathInside(ws, target)).toBe(target);
    await mkdir(path.join(ws, '..data'));
    expect(await assertRealPathInside(ws, path.join(ws, '..data', 'f'))).toBe(
      path.join(ws, '..data', 'f'),
    );
  });

  it('refuses a committed link out of the workspace, naming the real path', async () => {
    await symlink(outside, path.join(ws, '.skill-studio'));
    const err = await assertRealPathInside(
      ws,
      path.join(ws, '.skill-studio', 'evals', 'x'),
      'the eval results',
    ).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PathError);
    expect((err as PathError).message).toContain(path.join(outside, 'evals', 'x'));
    expect((err as PathError).message).toContain('the eval results');
  });

  it('refuses a dangling link on the way and a target not under the root at all', async () => {
    await symlink(path.join(outside, 'gone'), path.join(ws, '.skill-studio'));
    await expect(
      assertRealPathInside(ws, path.join(ws, '.skill-studio', 'history')),
    ).rejects.toBeInstanceOf(PathError);
    await expect(assertRealPathInside(ws, path.join(outside, 'f'))).rejects.toThrow(/not inside/);
  });

  it('follows a link that stays inside the workspace', async () => {
    await mkdir(path.join(ws, 'state'));
    await symlink(path.join(ws, 'state'), path.join(ws, '.skill-studio'));
    expect(await assertRealPathInside(ws, path.join(ws, '.skill-studio', 'h'))).toBe(
      path.join(ws, 'state', 'h'),
    );
  });
});

describe('resolveInside', () => {
  let tmp: string;
  let root: string;
  let outside: string;

  beforeEach(async () => {
    tmp = await realpath(await mkdtemp(path.join(os.tmpdir(), 'safe-path-')));
    root = path.join(tmp, 'skill');
    outside = path.join(tmp, 'outside');
    await mkdir(path.join(root, 'scripts'), { recursive: true });
    await mkdir(outside);
    await writeFile(path.join(root, 'SKILL.md'), '---\nname: skill\n---\n');
    await writeFile(path.join(root, 'scripts', 'run.py'), 'print(1)\n');
    await writeFile(path.join(outside, 'secret.txt'), 'secret');
  });
  afterEach(async () => {
    await rm(tmp, { recursive: true, force: true });
  });

  it('resolves an existing file to its real path', async () => {
    expect(await resolveInside(root, 'scripts/run.py', { mustExist: true })).toBe(
      path.join(root, 'scripts', 'run.py'),
    );
  });

  it('places a missing target under its nearest existing folder', async () => {
    expect(await resolveInside(root, 'new/deep/file.md')).toBe(
      path.join(root, 'new', 'deep', 'file.md'),
    );
    await expect(resolveInside(root, 'new/file.md', { mustExist: true })).rejects.toMatchObject({
      code: 'not_found',
    });
  });

  it('refuses lexical escapes before touching the disk', async () => {
    await expect(resolveInside(root, '../outside/secret.txt')).rejects.toMatchObject({
      code: 'forbidden_path',
    });
    await expect(resolveInside(root, path.join(outside, 'secret.txt'))).rejects.toMatchObject({
      code: 'forbidden_path',
    });
  });

  it('refuses a symlinked file that points out of the root', async () => {
    await symlink(path.join(outside, 'secret.txt'), path.join(root, 'leak.txt'));
    const err = await resolveInside(root, 'leak.txt').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PathError);
    expect((err as PathError).message).toContain('outside the skill folder');
  });

  it('refuses a new file under a symlinked folder that points out of the root', async () => {
    await symlink(outside, path.join(root, 'out'), 'dir');
    await expect(resolveInside(root, 'out/secret.txt')).rejects.toMatchObject({
      code: 'forbidden_path',
    });
    await expect(resolveInside(root, 'out/new/file.txt')).rejects.toMatchObject({
      code: 'forbidden_path',
    });
  });

  it('refuses a dangling symlink, which a write would follow out of the root', async () => {
    await symlink(path.join(outside, 'not-yet.txt'), path.join(root, 'dangling.txt'));
    await expect(resolveInside(root, 'dangling.txt')).rejects.toMatchObject({
      code: 'forbidden_path',
    });
  });

  it('follows a symlink to a file inside the root', async () => {
    await symlink('scripts/run.py', path.join(root, 'run-link.py'));
    expect(await resolveInside(root, 'run-link.py')).toBe(path.join(root, 'scripts', 'run.py'));
  });

  it('works when the root itself is reached through a symlink', async () => {
    const alias = path.join(tmp, 'alias');
    await symlink(root, alias, 'dir');
    expect(await resolveInside(alias, 'SKILL.md')).toBe(path.join(root, 'SKILL.md'));
  });

  it('with noFollowLast returns the link itself, but still checks its folder', async () => {
    await symlink(outside, path.join(root, 'out'), 'dir');
    expect(await resolveInside(root, 'out', { noFollowLast: true, mustExist: true })).toBe(
      path.join(root, 'out'),
    );
    await expect(
      resolveInside(root, 'out/secret.txt', { noFollowLast: true }),
    ).rejects.toMatchObject({
      code: 'forbidden_path',
    });
  });

  it('reports a missing root as not_found', async () => {
    await expect(resolveInside(path.join(tmp, 'nope'), 'SKILL.md')).rejects.toMatchObject({
      code: 'not_found',
    });
  });

  it('refuses a symlink loop', async () => {
    await symlink('loop-b', path.join(root, 'loop-a'));
    await symlink('loop-a', path.join(root, 'loop-b'));
    await expect(resolveInside(root, 'loop-a')).rejects.toMatchObject({ code: 'forbidden_path' });
  });
});
