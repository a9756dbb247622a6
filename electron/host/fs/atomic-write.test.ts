import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isAtomicTempName, tempNameFor, writeFileAtomic } from './atomic-write';

const run = promisify(execFile);
const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const prlimit = ['/usr/bin/prlimit', '/bin/prlimit'].find((p) => existsSync(p));
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const posix = process.platform !== 'win32';

describe('writeFileAtomic', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'atomic-write-'));
  });
  afterEach(async () => {
    await chmod(dir, 0o755).catch(() => undefined);
    await rm(dir, { recursive: true, force: true });
  });

  const leftovers = async () => (await readdir(dir)).filter(isAtomicTempName);

  it('creates a new file and leaves no temp file', async () => {
    const file = path.join(dir, 'new.md');
    await writeFileAtomic(file, 'hello\n');
    expect(await readFile(file, 'utf8')).toBe('hello\n');
    expect(await leftovers()).toEqual([]);
  });

  it('replaces a file, keeping its permission bits', async () => {
    const file = path.join(dir, 'run.sh');
    await writeFile(file, '#!/bin/sh\necho old\n');
    await chmod(file, 0o750);
    await writeFileAtomic(file, new TextEncoder().encode('#!/bin/sh\necho new\n'));
    expect(await readFile(file, 'utf8')).toBe('#!/bin/sh\necho new\n');
    if (posix) expect((await stat(file)).mode & 0o777).toBe(0o750);
  });

  it('applies an explicit mode exactly (not masked by the umask)', async () => {
    const file = path.join(dir, 'tool');
    await writeFileAtomic(file, 'x', { mode: 0o775 });
    if (posix) expect((await stat(file)).mode & 0o777).toBe(0o775);
  });

  it('names temp files so they are recognisable and bounded', () => {
    const tmp = path.basename(tempNameFor(path.join(dir, 'x'.repeat(250))));
    expect(isAtomicTempName(tmp)).toBe(true);
    expect(tmp.length).toBeLessThan(130);
    expect(isAtomicTempName('.SKILL.md.tmp')).toBe(false);
  });

  it('removes its temp file when the rename fails, leaving the target as it was', async () => {
    const target = path.join(dir, 'folder');
    await mkdir(target);
    await writeFile(path.join(target, 'keep.txt'), 'keep');
    await expect(writeFileAtomic(target, 'data')).rejects.toThrow();
    expect(await readFile(path.join(target, 'keep.txt'), 'utf8')).toBe('keep');
    expect(await leftovers()).toEqual([]);
  });

  it('fails cleanly when the folder does not exist', async () => {
    await expect(writeFileAtomic(path.join(dir, 'missing', 'x.md'), 'x')).rejects.toMatchObject({
      code: 'ENOENT',
    });
    expect(await readdir(dir)).toEqual([]);
  });

  it.skipIf(isRoot || !posix)(
    'leaves the original intact when the folder is read-only',
    async () => {
      const file = path.join(dir, 'SKILL.md');
      await writeFile(file, 'original');
      await chmod(dir, 0o555);
      await expect(writeFileAtomic(file, 'replacement')).rejects.toMatchObject({ code: 'EACCES' });
      await chmod(dir, 0o755);
      expect(await readFile(file, 'utf8')).toBe('original');
      expect(await leftovers()).toEqual([]);
    },
  );

  // Root ignores folder permissions, so the failing data write is produced by a file-size
  // limit on a real child process instead: the write of the temp file fails with EFBIG.
  it.skipIf(!prlimit)('leaves the original intact when the data write itself fails', async () => {
    const file = path.join(dir, 'SKILL.md');
    await writeFile(file, 'original content');
    const script = path.join(dir, 'writer.mts');
    const moduleUrl = new URL('./atomic-write.ts', import.meta.url).href;
    await writeFile(
      script,
      `import { writeFileAtomic } from ${JSON.stringify(moduleUrl)};
try {
  await writeFileAtomic(${JSON.stringify(file)}, new Uint8Array(1024 * 1024).fill(65));
  console.log('ok');
} catch (err) {
  console.log('failed:' + err.code);
}
`,
    );
    const { stdout } = await run(
      prlimit as string,
      ['--fsize=65536', process.execPath, '--import', 'tsx', script],
      { cwd: repoRoot, env: { ...process.env, NODE_OPTIONS: '' } },
    );
    expect(stdout.trim()).toBe('failed:EFBIG');
    expect(await readFile(file, 'utf8')).toBe('original content');
    expect(await leftovers()).toEqual([]);
  });

  it('never exposes a partial file to concurrent writers', async () => {
    const file = path.join(dir, 'race.txt');
    const bodies = Array.from({ length: 20 }, (_, i) => `${i}:`.padEnd(10_000, String(i % 10)));
    await Promise.all(bodies.map((b) => writeFileAtomic(file, b)));
    expect(bodies).toContain(await readFile(file, 'utf8'));
    expect(await leftovers()).toEqual([]);
  });
});
