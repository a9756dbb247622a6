import { execFile } from 'node:child_process';
import { chmod, mkdir, mkdtemp, realpath, rm, symlink, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import * as yauzl from 'yauzl';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bundleFileName, exportBundle } from './export-bundle';

const run = promisify(execFile);
const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const posix = process.platform !== 'win32';

interface ReadEntry {
  name: string;
  mode: number;
  date: Date;
  data: string;
}

async function readZip(buffer: Buffer): Promise<ReadEntry[]> {
  const zip = await yauzl.fromBufferPromise(buffer, { lazyEntries: true });
  const out: ReadEntry[] = [];
  for await (const entry of zip.eachEntry()) {
    let data = '';
    if (!entry.fileName.endsWith('/')) {
      const chunks: Buffer[] = [];
      for await (const c of await zip.openReadStreamPromise(entry)) chunks.push(c as Buffer);
      data = Buffer.concat(chunks).toString('utf8');
    }
    out.push({
      name: entry.fileName,
      mode: (entry.externalFileAttributes >>> 16) & 0xffff,
      date: entry.getLastModDate({ forceDosFormat: true }),
      data,
    });
  }
  return out;
}

let tmp: string;
let skill: string;

async function put(rel: string, data: string): Promise<void> {
  const file = path.join(skill, ...rel.split('/'));
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, data);
}

beforeEach(async () => {
  tmp = await realpath(await mkdtemp(path.join(os.tmpdir(), 'export-bundle-')));
  skill = path.join(tmp, 'demo-skill');
  await put('SKILL.md', '---\nname: demo-skill\ndescription: Demo.\n---\nBody\n');
  await put('scripts/run.sh', '#!/bin/sh\necho hi\n');
  await chmod(path.join(skill, 'scripts', 'run.sh'), 0o755);
  await put('references/guide.md', 'Guide\n');
  await put('node_modules/dep/index.js', 'x');
  await put('scripts/__pycache__/mod.cpython-311.pyc', 'x');
  await put('scripts/stale.pyc', 'x');
  await put('.DS_Store', 'x');
  await put('.git/HEAD', 'ref: refs/heads/main\n');
  await mkdir(path.join(skill, 'assets', 'empty'), { recursive: true });
});
afterEach(async () => {
  await rm(tmp, { recursive: true, force: true });
});

describe('exportBundle', () => {
  it('writes one top-level folder, sorted entries, without clutter', async () => {
    const { buffer, entries } = await exportBundle(skill, { name: 'demo-skill', format: 'skill' });
    expect(entries).toEqual([
      'demo-skill/SKILL.md',
      'demo-skill/assets/empty/',
      'demo-skill/references/guide.md',
      'demo-skill/scripts/run.sh',
    ]);
    const read = await readZip(buffer);
    expect(read.map((e) => e.name)).toEqual(entries);
    expect(read.find((e) => e.name.endsWith('guide.md'))?.data).toBe('Guide\n');
  });

  it('fixes timestamps and modes (0755 only for executables)', async () => {
    const read = await readZip(
      (await exportBundle(skill, { name: 'demo-skill', format: 'zip' })).buffer,
    );
    for (const e of read) {
      expect([
        e.date.getFullYear(),
        e.date.getMonth(),
        e.date.getDate(),
        e.date.getHours(),
      ]).toEqual([1980, 0, 1, 0]);
    }
    const mode = (suffix: string) => read.find((e) => e.name.endsWith(suffix))?.mode;
    expect(mode('SKILL.md')).toBe(0o100644);
    if (posix) expect(mode('run.sh')).toBe(0o100755);
    expect(mode('empty/')).toBe(0o040755);
  });

  it('is byte-identical for the same input, whatever the mtimes', async () => {
    const first = await exportBundle(skill, { name: 'demo-skill', format: 'skill' });
    const second = await exportBundle(skill, { name: 'demo-skill', format: 'skill' });
    expect(second.buffer.equals(first.buffer)).toBe(true);
    const later = new Date('2031-05-06T07:08:09Z');
    for (const rel of ['SKILL.md', 'scripts/run.sh', 'references/guide.md', 'assets/empty']) {
      await utimes(path.join(skill, rel), later, later);
    }
    const touched = await exportBundle(skill, { name: 'demo-skill', format: 'skill' });
    expect(touched.buffer.equals(first.buffer)).toBe(true);
    await put('references/guide.md', 'Changed\n');
    const changed = await exportBundle(skill, { name: 'demo-skill', format: 'skill' });
    expect(changed.buffer.equals(first.buffer)).toBe(false);
  });

  it('is byte-identical in another time zone (a real child process)', async () => {
    const local = await exportBundle(skill, { name: 'demo-skill', format: 'skill' });
    const script = path.join(tmp, 'export.mts');
    const moduleUrl = new URL('./export-bundle.ts', import.meta.url).href;
    await writeFile(
      script,
      `import { exportBundle } from ${JSON.stringify(moduleUrl)};
const { buffer } = await exportBundle(${JSON.stringify(skill)}, { name: 'demo-skill', format: 'skill' });
process.stdout.write(buffer.toString('base64'));
`,
    );
    for (const tz of ['Pacific/Kiritimati', 'America/Los_Angeles']) {
      const { stdout } = await run(process.execPath, ['--import', 'tsx', script], {
        cwd: repoRoot,
        env: { ...process.env, TZ: tz, NODE_OPTIONS: '' },
        maxBuffer: 16 * 1024 * 1024,
      });
      expect(Buffer.from(stdout, 'base64').equals(local.buffer)).toBe(true);
    }
  });

  it('includes a symlink target inside the skill and skips one that leaves it', async () => {
    const outside = path.join(tmp, 'outside');
    await mkdir(outside);
    await writeFile(path.join(outside, 'secret.txt'), 'secret');
    await symlink('references/guide.md', path.join(skill, 'guide-link.md'));
    await symlink(path.join(outside, 'secret.txt'), path.join(skill, 'secret.txt'));
    await symlink(outside, path.join(skill, 'out'), 'dir');
    const { buffer, entries } = await exportBundle(skill, { name: 'demo-skill', format: 'skill' });
    expect(entries).toContain('demo-skill/guide-link.md');
    expect(entries.some((e) => e.includes('secret') || e.includes('/out'))).toBe(false);
    const read = await readZip(buffer);
    expect(read.find((e) => e.name === 'demo-skill/guide-link.md')).toMatchObject({
      data: 'Guide\n',
      mode: 0o100644,
    });
  });

  it('refuses a skill whose SKILL.md is only a link to a file outside it', async () => {
    const outside = path.join(tmp, 'outside.md');
    await writeFile(outside, '---\nname: demo-skill\ndescription: d\n---\n');
    await rm(path.join(skill, 'SKILL.md'));
    await symlink(outside, path.join(skill, 'SKILL.md'));
    await expect(exportBundle(skill, { name: 'demo-skill', format: 'zip' })).rejects.toMatchObject({
      code: 'invalid_params',
      message: expect.stringMatching(/no SKILL\.md of its own/),
    });
  });

  it('refuses a file whose name an import could not take back, naming it', async () => {
    for (const [name, why] of [
      ['a\\b.txt', /backslash/],
      ['trail.', /dot or a space/],
      ['ctl\u0001.txt', /control character/],
    ] as const) {
      await put(`references/${name}`, 'x');
      await expect(
        exportBundle(skill, { name: 'demo-skill', format: 'zip' }),
      ).rejects.toMatchObject({ code: 'invalid_params', message: expect.stringMatching(why) });
      await rm(path.join(skill, 'references', name));
    }
    await expect(exportBundle(skill, { name: 'demo-skill', format: 'zip' })).resolves.toBeDefined();
  });

  it('refuses a skill holding a file whose name is not UTF-8, instead of leaving it out', async () => {
    const bad = Buffer.concat([
      Buffer.from(path.join(skill, 'references') + path.sep),
      Buffer.from([0x66, 0xff, 0x2e, 0x6d, 0x64]), // f, an invalid byte, .md
    ]);
    await mkdir(path.join(skill, 'references'), { recursive: true });
    await writeFile(bad, 'x');
    await expect(exportBundle(skill, { name: 'demo-skill', format: 'zip' })).rejects.toMatchObject({
      code: 'invalid_params',
      message: expect.stringMatching(/references\/f\uFFFD\.md" has a name that is not valid UTF-8/),
    });
  });

  it('refuses a name that is not a single folder name', async () => {
    for (const name of ['', '../x', 'a/b', 'CON']) {
      await expect(exportBundle(skill, { name, format: 'zip' })).rejects.toMatchObject({
        code: 'invalid_params',
      });
    }
  });

  it('names the file after the format', () => {
    expect(bundleFileName('demo-skill', 'skill')).toBe('demo-skill.skill');
    expect(bundleFileName('demo-skill', 'zip')).toBe('demo-skill.zip');
  });
});
