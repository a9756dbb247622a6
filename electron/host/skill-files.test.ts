import {
  lstat,
  mkdir,
  mkdtemp,
  readFile,
  readlink,
  realpath,
  rm,
  stat,
  symlink,
  utimes,
  writeFile,
} from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  ConflictError,
  createFile,
  createFolder,
  deletePath,
  fileVersion,
  listSkillFiles,
  readFileForEditor,
  readSkillFile,
  renamePath,
  SKILL_READ_CAP_BYTES,
  walkSkillTree,
  writeSkillFile,
} from './skill-files';

const PNG_HEAD = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const SKILL_MD = '---\nname: demo\ndescription: A demo skill.\n---\n# Demo\n\nBody text.\n';

let tmp: string;
let root: string;
let outside: string;

async function put(rel: string, data: string | Buffer): Promise<void> {
  const file = path.join(root, ...rel.split('/'));
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, data);
}

beforeEach(async () => {
  tmp = await realpath(await mkdtemp(path.join(os.tmpdir(), 'skill-files-')));
  root = path.join(tmp, 'demo');
  outside = path.join(tmp, 'outside');
  await mkdir(root);
  await mkdir(outside);
  await writeFile(path.join(outside, 'secret.txt'), 'top secret');
  await put('SKILL.md', SKILL_MD);
  await put('scripts/run.py', 'print("hi")\n');
  await put('references/guide.md', '---\ntitle: kept\n---\nGuide\n');
});
afterEach(async () => {
  await rm(tmp, { recursive: true, force: true });
});

describe('listSkillFiles', () => {
  it('lists files sorted, relative, with sizes, skipping clutter', async () => {
    await put('.git/HEAD', 'ref');
    await put('node_modules/x/index.js', 'x');
    await put('scripts/__pycache__/run.cpython-311.pyc', 'x');
    await put('.DS_Store', 'x');
    await put('assets/.DS_Store', 'x');
    await put('.env.example', 'A=1\n');
    const files = await listSkillFiles(root);
    expect(files).toEqual([
      { path: '.env.example', bytes: 4 },
      { path: 'SKILL.md', bytes: Buffer.byteLength(SKILL_MD) },
      { path: 'references/guide.md', bytes: 26 },
      { path: 'scripts/run.py', bytes: 12 },
    ]);
  });

  it('lists folders (empty ones too) when asked', async () => {
    await mkdir(path.join(root, 'assets'));
    const files = await listSkillFiles(root, { includeDirs: true });
    expect(files.filter((f) => f.dir).map((f) => f.path)).toEqual([
      'assets',
      'references',
      'scripts',
    ]);
  });

  it('lists a symlink to a file inside as that file and leaves out links that point outside', async () => {
    await symlink('scripts/run.py', path.join(root, 'run-link.py'));
    await symlink(path.join(outside, 'secret.txt'), path.join(root, 'secret.txt'));
    await symlink(outside, path.join(root, 'out'), 'dir');
    await symlink('nowhere', path.join(root, 'dangling'));
    const paths = (await listSkillFiles(root)).map((f) => f.path);
    expect(paths).toContain('run-link.py');
    expect(paths.some((p) => p.includes('secret') || p.startsWith('out') || p === 'dangling')).toBe(
      false,
    );
    const link = (await listSkillFiles(root)).find((f) => f.path === 'run-link.py');
    expect(link?.bytes).toBe(12);
  });

  it('lists a symlinked folder inside the root with its files', async () => {
    await symlink('scripts', path.join(root, 'tools'), 'dir');
    const files = await listSkillFiles(root, { includeDirs: true });
    expect(files).toContainEqual({ path: 'tools', bytes: 0, dir: true });
    expect(files).toContainEqual({ path: 'tools/run.py', bytes: 12 });
  });

  it('does not hang on a symlink loop', async () => {
    await symlink('..', path.join(root, 'scripts', 'up'), 'dir');
    await symlink('.', path.join(root, 'self'), 'dir');
    await mkdir(path.join(root, 'references', 'sub'));
    await symlink('..', path.join(root, 'references', 'sub', 'back'), 'dir');
    const paths = (await listSkillFiles(root, { includeDirs: true })).map((f) => f.path);
    expect(paths).toEqual([
      'SKILL.md',
      'references',
      'references/guide.md',
      'references/sub',
      'scripts',
      'scripts/run.py',
    ]);
  });

  it('is bounded in entries and depth', async () => {
    for (let i = 0; i < 30; i++) await put(`many/f${String(i).padStart(2, '0')}.txt`, 'x');
    const bounded = await walkSkillTree(root, { maxEntries: 10 });
    expect(bounded.entries).toHaveLength(10);
    expect(bounded.truncated).toBe(true);
    expect(await listSkillFiles(root, { maxEntries: 5 })).toHaveLength(5);

    const deep = Array.from({ length: 40 }, (_, i) => `d${i}`).join('/');
    await put(`${deep}/bottom.txt`, 'x');
    const walked = await walkSkillTree(root);
    expect(walked.truncated).toBe(true);
    expect(walked.entries.some((e) => e.path.endsWith('bottom.txt'))).toBe(false);
    const dirs = await walkSkillTree(root, { includeDirs: true });
    expect(Math.max(...dirs.entries.map((e) => e.path.split('/').length))).toBe(32);
    const folders = await walkSkillTree(root, { maxFolders: 3 });
    expect(folders.truncated).toBe(true);
  });

  it('reports a missing skill folder as not_found', async () => {
    await expect(listSkillFiles(path.join(tmp, 'missing'))).rejects.toMatchObject({
      code: 'not_found',
    });
  });
});

describe('readSkillFile', () => {
  it('strips the frontmatter of SKILL.md and returns sidecars verbatim', async () => {
    const r = await readSkillFile(root, 'SKILL.md');
    expect(r).toEqual({
      text: '# Demo\n\nBody text.\n',
      bytes: Buffer.byteLength(SKILL_MD),
      truncated: false,
    });
    expect((await readSkillFile(root, 'references/guide.md')).text).toBe(
      '---\ntitle: kept\n---\nGuide\n',
    );
    expect((await readSkillFile(root, 'SKILL.md', { stripFrontmatter: false })).text).toBe(
      SKILL_MD,
    );
  });

  it('strips a BOM and CRLF frontmatter, also from a lowercase skill.md', async () => {
    await rm(path.join(root, 'SKILL.md'));
    await put('skill.md', '\uFEFF---\r\nname: demo\r\n---\r\nBody\r\n');
    expect((await readSkillFile(root, 'skill.md')).text).toBe('Body\r\n');
  });

  it('caps the text at 50 KB on a character boundary', async () => {
    await put('references/big.md', 'é'.repeat(40 * 1024)); // 80 KB, two bytes per character
    await put('references/odd.md', 'a' + 'é'.repeat(40 * 1024)); // the cap falls inside a character
    for (const name of ['references/big.md', 'references/odd.md']) {
      const r = await readSkillFile(root, name);
      expect(r.truncated).toBe(true);
      expect(Buffer.byteLength(r.text)).toBeLessThanOrEqual(SKILL_READ_CAP_BYTES);
      expect(Buffer.byteLength(r.text)).toBeGreaterThanOrEqual(SKILL_READ_CAP_BYTES - 1);
      expect(r.text.includes('\uFFFD')).toBe(false);
    }
  });

  it('reads only the head of a 10 MB file', async () => {
    await put('references/huge.txt', Buffer.alloc(10 * 1024 * 1024, 0x61));
    const r = await readSkillFile(root, 'references/huge.txt');
    expect(r).toMatchObject({ bytes: 10 * 1024 * 1024, truncated: true });
    expect(r.text.length).toBe(SKILL_READ_CAP_BYTES);
  });

  it('caps the body of a long SKILL.md after stripping', async () => {
    await put('SKILL.md', `---\nname: demo\n---\n${'x'.repeat(60 * 1024)}`);
    const r = await readSkillFile(root, 'SKILL.md');
    expect(r.truncated).toBe(true);
    expect(r.text).toBe('x'.repeat(SKILL_READ_CAP_BYTES));
  });

  it('refuses binary files and images with a clear error', async () => {
    await put('assets/blob.bin', Buffer.from([0, 1, 2, 3, 0, 255]));
    await put('assets/logo.png', Buffer.concat([PNG_HEAD, Buffer.alloc(32)]));
    await expect(readSkillFile(root, 'assets/blob.bin')).rejects.toMatchObject({
      code: 'invalid_params',
      message: expect.stringContaining('assets/blob.bin: is a binary file'),
    });
    await expect(readSkillFile(root, 'assets/logo.png')).rejects.toMatchObject({
      message: expect.stringContaining('image/png'),
    });
  });

  it('reads a SKILL.md that is not UTF-8 with U+FFFD, and refuses one with NUL bytes', async () => {
    await put('SKILL.md', Buffer.from('---\nname: demo\n---\nCaf\xe9 au lait\n', 'latin1'));
    expect((await readSkillFile(root, 'SKILL.md')).text).toBe('Caf\uFFFD au lait\n');
    await put('references/latin1.md', Buffer.from('Caf\xe9\n', 'latin1'));
    await expect(readSkillFile(root, 'references/latin1.md')).rejects.toMatchObject({
      code: 'invalid_params',
    });
    await put('SKILL.md', Buffer.from('---\nname: demo\n---\nnul \0 byte\n', 'latin1'));
    await expect(readSkillFile(root, 'SKILL.md')).rejects.toMatchObject({
      message: expect.stringContaining('SKILL.md: is a binary file'),
    });
  });

  it('hardens the path', async () => {
    await symlink(path.join(outside, 'secret.txt'), path.join(root, 'leak.txt'));
    for (const bad of [
      '../outside/secret.txt',
      '/etc/passwd',
      'scripts\\run.py',
      'SKILL.md\0',
      'leak.txt',
    ]) {
      await expect(readSkillFile(root, bad)).rejects.toMatchObject({ code: 'forbidden_path' });
    }
    await symlink('scripts/run.py', path.join(root, 'ok-link.py'));
    expect((await readSkillFile(root, 'ok-link.py')).text).toBe('print("hi")\n');
    await expect(readSkillFile(root, 'scripts')).rejects.toMatchObject({ code: 'invalid_params' });
    await expect(readSkillFile(root, 'nope.md')).rejects.toMatchObject({
      code: 'not_found',
      message: expect.stringContaining('nope.md'),
    });
  });
});

describe('readFileForEditor', () => {
  it('returns text with a version that matches fileVersion(stat)', async () => {
    const r = await readFileForEditor(root, './scripts//run.py');
    const st = await stat(path.join(root, 'scripts', 'run.py'));
    expect(r).toEqual({
      kind: 'text',
      path: 'scripts/run.py',
      text: 'print("hi")\n',
      bytes: 12,
      version: fileVersion(st),
    });
  });

  it('returns images as base64, binary and oversized files as placeholders', async () => {
    const png = Buffer.concat([PNG_HEAD, Buffer.from('rest')]);
    await put('assets/logo.png', png);
    await put('assets/blob.bin', Buffer.from([1, 0, 2]));
    await put('references/huge.md', Buffer.alloc(6 * 1024 * 1024, 0x61));
    await put('assets/huge.png', Buffer.concat([PNG_HEAD, Buffer.alloc(11 * 1024 * 1024)]));
    await put('assets/huge.bin', Buffer.alloc(11 * 1024 * 1024));
    expect(await readFileForEditor(root, 'assets/logo.png')).toMatchObject({
      kind: 'image',
      mime: 'image/png',
      base64: png.toString('base64'),
      bytes: png.length,
    });
    expect(await readFileForEditor(root, 'assets/blob.bin')).toMatchObject({
      kind: 'binary',
      bytes: 3,
    });
    expect(await readFileForEditor(root, 'references/huge.md')).toMatchObject({
      kind: 'too_large',
      bytes: 6 * 1024 * 1024,
    });
    expect(await readFileForEditor(root, 'assets/huge.png')).toMatchObject({ kind: 'too_large' });
    expect(await readFileForEditor(root, 'assets/huge.bin')).toMatchObject({ kind: 'binary' });
  });
});

describe('writeSkillFile', () => {
  it('writes atomically, creating folders, and returns the new version', async () => {
    const res = await writeSkillFile(root, 'references/new/deep.md', 'deep\n');
    expect(await readFile(path.join(root, 'references', 'new', 'deep.md'), 'utf8')).toBe('deep\n');
    const read = await readFileForEditor(root, 'references/new/deep.md');
    expect(res).toEqual({ version: read.version, bytes: 5 });
  });

  it('saves when the expected version matches and refuses when the file changed underneath', async () => {
    const opened = await readFileForEditor(root, 'SKILL.md');
    const saved = await writeSkillFile(root, 'SKILL.md', SKILL_MD + 'edit 1\n', {
      expectedVersion: opened.version,
    });
    // Someone else edits the file (a different size and mtime) after our save.
    await writeFile(path.join(root, 'SKILL.md'), 'changed elsewhere\n');
    await utimes(path.join(root, 'SKILL.md'), new Date(), new Date(Date.now() + 5000));
    const err = await writeSkillFile(root, 'SKILL.md', 'edit 2', {
      expectedVersion: saved.version,
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ConflictError);
    expect(err).toMatchObject({ code: 'conflict', path: 'SKILL.md' });
    expect(await readFile(path.join(root, 'SKILL.md'), 'utf8')).toBe('changed elsewhere\n');
    // Without an expected version the caller chose to overwrite.
    await writeSkillFile(root, 'SKILL.md', 'forced\n', { expectedVersion: null });
    expect(await readFile(path.join(root, 'SKILL.md'), 'utf8')).toBe('forced\n');
  });

  it('reports a conflict when the file was deleted since it was opened', async () => {
    const opened = await readFileForEditor(root, 'scripts/run.py');
    await rm(path.join(root, 'scripts', 'run.py'));
    await expect(
      writeSkillFile(root, 'scripts/run.py', 'x', { expectedVersion: opened.version }),
    ).rejects.toMatchObject({
      code: 'conflict',
      currentVersion: null,
    });
  });

  it('writes through a symlink inside the root to its target, keeping the link', async () => {
    await symlink('scripts/run.py', path.join(root, 'run-link.py'));
    await writeSkillFile(root, 'run-link.py', 'print("new")\n');
    expect((await lstat(path.join(root, 'run-link.py'))).isSymbolicLink()).toBe(true);
    expect(await readlink(path.join(root, 'run-link.py'))).toBe('scripts/run.py');
    expect(await readFile(path.join(root, 'scripts', 'run.py'), 'utf8')).toBe('print("new")\n');
  });

  it('refuses to write through a symlink that leaves the root', async () => {
    await symlink(path.join(outside, 'secret.txt'), path.join(root, 'leak.txt'));
    await symlink(outside, path.join(root, 'out'), 'dir');
    await symlink(path.join(outside, 'planted.txt'), path.join(root, 'dangling.txt'));
    for (const rel of [
      'leak.txt',
      'out/secret.txt',
      'out/new.txt',
      'out/sub/new.txt',
      'dangling.txt',
    ]) {
      await expect(writeSkillFile(root, rel, 'pwned')).rejects.toMatchObject({
        code: 'forbidden_path',
      });
    }
    expect(await readFile(path.join(outside, 'secret.txt'), 'utf8')).toBe('top secret');
    await expect(stat(path.join(outside, 'new.txt'))).rejects.toThrow();
    await expect(stat(path.join(outside, 'sub'))).rejects.toThrow();
    await expect(stat(path.join(outside, 'planted.txt'))).rejects.toThrow();
  });

  it('refuses hostile and unportable names, and folders', async () => {
    for (const rel of ['../x.md', '/tmp/x.md', 'a\\b.md', 'CON', 'notes.', 'a\u0007b']) {
      await expect(writeSkillFile(root, rel, 'x')).rejects.toMatchObject({
        code: 'forbidden_path',
      });
    }
    await expect(writeSkillFile(root, 'scripts', 'x')).rejects.toMatchObject({
      code: 'invalid_params',
    });
    await expect(writeSkillFile(root, 'SKILL.md/inner.md', 'x')).rejects.toMatchObject({
      message: expect.stringContaining('SKILL.md/inner.md'),
    });
  });
});

describe('file tree operations', () => {
  it('createFile refuses an existing path', async () => {
    const res = await createFile(root, 'references/new.md', '# New\n');
    expect(res.bytes).toBe(6);
    await expect(createFile(root, 'references/new.md', 'again')).rejects.toMatchObject({
      code: 'exists',
    });
    await expect(createFile(root, 'scripts')).rejects.toMatchObject({ code: 'exists' });
    expect(await readFile(path.join(root, 'references', 'new.md'), 'utf8')).toBe('# New\n');
  });

  it('createFolder creates parents and refuses an existing path', async () => {
    await createFolder(root, 'assets/icons');
    expect((await stat(path.join(root, 'assets', 'icons'))).isDirectory()).toBe(true);
    await expect(createFolder(root, 'assets/icons')).rejects.toMatchObject({ code: 'exists' });
    await expect(createFolder(root, '../escape')).rejects.toMatchObject({ code: 'forbidden_path' });
  });

  it('renamePath moves files and folders but never overwrites', async () => {
    await renamePath(root, 'scripts/run.py', 'scripts/main.py');
    expect(await readFile(path.join(root, 'scripts', 'main.py'), 'utf8')).toBe('print("hi")\n');
    await renamePath(root, 'references', 'docs/references');
    expect(await readFile(path.join(root, 'docs', 'references', 'guide.md'), 'utf8')).toContain(
      'Guide',
    );
    await expect(renamePath(root, 'scripts/main.py', 'SKILL.md')).rejects.toMatchObject({
      code: 'exists',
    });
    await expect(renamePath(root, 'docs', 'docs/inner')).rejects.toMatchObject({
      code: 'invalid_params',
    });
    await expect(renamePath(root, 'missing.md', 'x.md')).rejects.toMatchObject({
      code: 'not_found',
    });
    await expect(renamePath(root, 'SKILL.md', '../SKILL.md')).rejects.toMatchObject({
      code: 'forbidden_path',
    });
  });

  it('renamePath moves a symlink itself, and refuses a destination outside', async () => {
    await symlink(outside, path.join(root, 'out'), 'dir');
    await renamePath(root, 'out', 'moved-out');
    expect(await readlink(path.join(root, 'moved-out'))).toBe(outside);
    await expect(renamePath(root, 'SKILL.md', 'moved-out/SKILL.md')).rejects.toMatchObject({
      code: 'forbidden_path',
    });
    expect(await readFile(path.join(outside, 'secret.txt'), 'utf8')).toBe('top secret');
  });

  it('deletePath removes files and folders, a symlink but not its target, and SKILL.md', async () => {
    await symlink(outside, path.join(root, 'out'), 'dir');
    await deletePath(root, 'out');
    expect(await readFile(path.join(outside, 'secret.txt'), 'utf8')).toBe('top secret');
    await deletePath(root, 'references');
    await expect(stat(path.join(root, 'references'))).rejects.toThrow();
    await deletePath(root, 'SKILL.md');
    expect((await listSkillFiles(root)).map((f) => f.path)).toEqual(['scripts/run.py']);
    await expect(deletePath(root, 'SKILL.md')).rejects.toMatchObject({ code: 'not_found' });
  });

  it('deletePath refuses the root and paths outside it', async () => {
    for (const rel of ['.', '', '..', '../outside', '/']) {
      await expect(deletePath(root, rel)).rejects.toMatchObject({ code: 'forbidden_path' });
    }
    await symlink(outside, path.join(root, 'out'), 'dir');
    await expect(deletePath(root, 'out/secret.txt')).rejects.toMatchObject({
      code: 'forbidden_path',
    });
    expect(await readFile(path.join(outside, 'secret.txt'), 'utf8')).toBe('top secret');
    expect((await stat(root)).isDirectory()).toBe(true);
  });
});
