import {
  chmod,
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  realpath,
  rm,
  stat,
  writeFile,
} from 'node:fs/promises';
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { ZipFile } from 'yazl';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { exportBundle } from './export-bundle';
import { readSkillFolder } from '../registry/scan';
import { skillNameOf } from '../registry/skill-name';
import { importBundle, inspectBundle } from './import-bundle';

const posix = process.platform !== 'win32';
const SKILL_MD = '---\nname: demo-skill\ndescription: Demo.\n---\nBody\n';

interface ZipItem {
  name: string;
  data?: string | Buffer;
  mode?: number;
  dir?: boolean;
  compress?: boolean;
}

/** Builds a ZIP with yazl; hostile names are written with placeholders and patched after. */
function makeZip(items: ZipItem[]): Promise<Buffer> {
  const zip = new ZipFile();
  for (const item of items) {
    if (item.dir) zip.addEmptyDirectory(item.name, { mode: item.mode });
    else
      zip.addBuffer(Buffer.from(item.data ?? ''), item.name, {
        mode: item.mode,
        compress: item.compress ?? false,
      });
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (c: Buffer) => chunks.push(c));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on('error', reject);
    zip.end();
  });
}

/** Replaces every occurrence of a same-length name in the archive (local and central headers). */
function patchName(buf: Buffer, from: string, to: string): Buffer {
  const a = Buffer.from(from);
  const b = Buffer.from(to);
  expect(b.length).toBe(a.length);
  const out = Buffer.from(buf);
  let at = out.indexOf(a);
  let count = 0;
  while (at !== -1) {
    b.copy(out, at);
    count++;
    at = out.indexOf(a, at + a.length);
  }
  expect(count).toBeGreaterThanOrEqual(2);
  return out;
}

/** Rewrites the uncompressed size of every central-directory record (signature 0x02014b50). */
function patchCentralSizes(buf: Buffer, size: number): Buffer {
  const out = Buffer.from(buf);
  for (let i = 0; i + 46 <= out.length; i++) {
    if (out.readUInt32LE(i) === 0x02014b50) out.writeUInt32LE(size, i + 24);
  }
  return out;
}

let tmp: string;
let into: string;

beforeEach(async () => {
  tmp = await realpath(await mkdtemp(path.join(os.tmpdir(), 'import-bundle-')));
  into = path.join(tmp, 'skills');
  await mkdir(into);
});
afterEach(async () => {
  await rm(tmp, { recursive: true, force: true });
});

async function expectRefused(
  buffer: Buffer,
  code: string,
  message: string | RegExp,
): Promise<void> {
  const err = await importBundle(buffer, into).then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(Error);
  expect(err).toMatchObject({ code });
  if (typeof message === 'string') expect((err as Error).message).toContain(message);
  else expect((err as Error).message).toMatch(message);
  // Nothing half-written stays behind.
  expect(await readdir(into)).toEqual([]);
}

describe('importBundle', () => {
  it('round-trips an exported skill, keeping executables executable', async () => {
    const src = path.join(tmp, 'src', 'demo-skill');
    await mkdir(path.join(src, 'scripts'), { recursive: true });
    await mkdir(path.join(src, 'assets', 'empty'), { recursive: true });
    await writeFile(path.join(src, 'SKILL.md'), SKILL_MD);
    await writeFile(path.join(src, 'scripts', 'run.sh'), '#!/bin/sh\necho hi\n');
    await chmod(path.join(src, 'scripts', 'run.sh'), 0o755);
    await writeFile(path.join(src, 'scripts', 'data.json'), '{"a":1}\n');
    const { buffer } = await exportBundle(src, { name: 'demo-skill', format: 'skill' });

    const result = await importBundle(buffer, into);
    expect(result).toEqual({
      name: 'demo-skill',
      path: path.join(into, 'demo-skill'),
      skipped: [],
      skills: [
        {
          from: 'demo-skill',
          name: 'demo-skill',
          path: path.join(into, 'demo-skill'),
          skipped: [],
          outcome: 'created',
        },
      ],
    });
    expect(await readFile(path.join(result.path, 'SKILL.md'), 'utf8')).toBe(SKILL_MD);
    expect(await readFile(path.join(result.path, 'scripts', 'data.json'), 'utf8')).toBe(
      '{"a":1}\n',
    );
    expect((await stat(path.join(result.path, 'assets', 'empty'))).isDirectory()).toBe(true);
    if (posix) {
      expect((await stat(path.join(result.path, 'scripts', 'run.sh'))).mode & 0o111).not.toBe(0);
      expect((await stat(path.join(result.path, 'scripts', 'data.json'))).mode & 0o111).toBe(0);
    }
    expect(await readdir(into)).toEqual(['demo-skill']);

    // Exporting the imported copy gives the same bytes.
    const again = await exportBundle(result.path, { name: 'demo-skill', format: 'skill' });
    expect(again.buffer.equals(buffer)).toBe(true);
  });

  it('refuses an existing skill folder with code exists, leaving it alone', async () => {
    const buffer = await makeZip([{ name: 'demo-skill/SKILL.md', data: SKILL_MD }]);
    await mkdir(path.join(into, 'demo-skill'));
    await writeFile(path.join(into, 'demo-skill', 'mine.txt'), 'mine');
    await expect(importBundle(buffer, into)).rejects.toMatchObject({ code: 'exists' });
    expect(await readdir(path.join(into, 'demo-skill'))).toEqual(['mine.txt']);
    expect(await readdir(into)).toEqual(['demo-skill']);
  });

  it('creates the destination folder when needed', async () => {
    const buffer = await makeZip([{ name: 'demo-skill/SKILL.md', data: SKILL_MD }]);
    const nested = path.join(tmp, 'new', 'skills');
    expect((await importBundle(buffer, nested)).path).toBe(path.join(nested, 'demo-skill'));
  });

  it('refuses a ".." entry (zip-slip)', async () => {
    const zip = await makeZip([
      { name: 'demo-skill/SKILL.md', data: SKILL_MD },
      { name: 'demo-skill/QQ/QQ/evil.txt', data: 'pwned' },
    ]);
    await expectRefused(
      patchName(zip, 'demo-skill/QQ/QQ/evil.txt', 'demo-skill/../../evil.txt'),
      'invalid_params',
      'demo-skill/../../evil.txt',
    );
    await expect(stat(path.join(tmp, 'evil.txt'))).rejects.toThrow();
  });

  it('refuses absolute entries', async () => {
    const zip = await makeZip([
      { name: 'demo-skill/SKILL.md', data: SKILL_MD },
      { name: 'Xtmp/evil.txt', data: 'pwned' },
    ]);
    await expectRefused(
      patchName(zip, 'Xtmp/evil.txt', '/tmp/evil.txt'),
      'invalid_params',
      'absolute',
    );
    const drive = await makeZip([
      { name: 'demo-skill/SKILL.md', data: SKILL_MD },
      { name: 'Cx/evil.txt', data: 'pwned' },
    ]);
    await expectRefused(
      patchName(drive, 'Cx/evil.txt', 'C:/evil.txt'),
      'invalid_params',
      '"C:/evil.txt"',
    );
  });

  it('refuses backslashes instead of reading them as separators', async () => {
    const zip = await makeZip([
      { name: 'demo-skill/SKILL.md', data: SKILL_MD },
      { name: 'demo-skill/QQ_QQ_evil.txt', data: 'pwned' },
    ]);
    await expectRefused(
      patchName(zip, 'demo-skill/QQ_QQ_evil.txt', 'demo-skill/..\\..\\evil.txt'),
      'invalid_params',
      'backslash',
    );
  });

  it('refuses symlink entries', async () => {
    const zip = await makeZip([
      { name: 'demo-skill/SKILL.md', data: SKILL_MD },
      { name: 'demo-skill/passwd', data: '/etc/passwd', mode: 0o120777 },
    ]);
    await expectRefused(
      zip,
      'invalid_params',
      '"demo-skill/passwd": symbolic links are not accepted',
    );
  });

  it('refuses a bundle with a top-level folder that holds no SKILL.md, writing nothing', async () => {
    const zip = await makeZip([
      { name: 'demo-skill/SKILL.md', data: SKILL_MD },
      { name: 'other/file.txt', data: 'x' },
    ]);
    await expectRefused(zip, 'invalid_params', 'no SKILL.md in the top-level folder "other"');
  });

  it('refuses loose files beside skill folders', async () => {
    const zip = await makeZip([
      { name: 'demo-skill/SKILL.md', data: SKILL_MD },
      { name: 'README.md', data: 'x' },
    ]);
    await expectRefused(zip, 'invalid_params', '"README.md": outside a single top-level folder');
  });

  it('refuses a bundle without SKILL.md or with two of them', async () => {
    await expectRefused(
      await makeZip([{ name: 'demo-skill/README.md', data: 'x' }]),
      'invalid_params',
      'no SKILL.md',
    );
    await expectRefused(
      await makeZip([{ name: 'demo-skill/docs/SKILL.md', data: SKILL_MD }]),
      'invalid_params',
      'no SKILL.md in the top-level folder "demo-skill"',
    );
    await expectRefused(
      await makeZip([
        { name: 'demo-skill/SKILL.md', data: SKILL_MD },
        { name: 'demo-skill/skill.md', data: SKILL_MD },
      ]),
      'invalid_params',
      /more than one SKILL.md|same name/,
    );
  });

  it('refuses duplicate entries', async () => {
    const zip = await makeZip([
      { name: 'demo-skill/SKILL.md', data: SKILL_MD },
      { name: 'demo-skill/a.txt', data: '1' },
      { name: 'demo-skill/A.txt', data: '2' },
    ]);
    await expectRefused(zip, 'invalid_params', 'same name');
  });

  it('refuses more than 10,000 entries', async () => {
    const items: ZipItem[] = [{ name: 'demo-skill/SKILL.md', data: SKILL_MD }];
    for (let i = 0; i < 10_000; i++) items.push({ name: `demo-skill/f/${i}`, data: '' });
    await expectRefused(await makeZip(items), 'too_large', '10000');
  });

  it('refuses a bundle that declares more than 200 MB uncompressed (zip bomb)', async () => {
    const zip = await makeZip([
      { name: 'demo-skill/SKILL.md', data: SKILL_MD, compress: true },
      { name: 'demo-skill/a.bin', data: 'a', compress: true },
      { name: 'demo-skill/b.bin', data: 'b', compress: true },
    ]);
    await expectRefused(patchCentralSizes(zip, 150 * 1024 * 1024), 'too_large', '200 MB');
  });

  it('refuses an entry whose data is larger than its header says', async () => {
    const zip = await makeZip([
      { name: 'demo-skill/SKILL.md', data: SKILL_MD + 'x'.repeat(100_000), compress: true },
    ]);
    // Declares 10 bytes for 100 KB of deflated data: the extraction must stop, not trust the header.
    await expectRefused(patchCentralSizes(zip, 10), 'invalid_params', '"demo-skill/SKILL.md"');
  });

  it('refuses names Windows cannot hold and garbage that is not a ZIP', async () => {
    const zip = await makeZip([
      { name: 'demo-skill/SKILL.md', data: SKILL_MD },
      { name: 'demo-skill/CON', data: 'x' },
    ]);
    await expectRefused(zip, 'invalid_params', 'reserved device name');
    await expectRefused(
      Buffer.from('definitely not a zip'),
      'invalid_params',
      'Not a readable ZIP',
    );
  });

  it('accepts SKILL.md at the archive root, naming the folder from the frontmatter', async () => {
    const zip = await makeZip([
      { name: 'SKILL.md', data: SKILL_MD },
      { name: 'scripts/run.py', data: 'print(1)\n' },
    ]);
    const result = await importBundle(zip, into);
    expect(result.name).toBe('demo-skill');
    expect(await readFile(path.join(into, 'demo-skill', 'scripts', 'run.py'), 'utf8')).toBe(
      'print(1)\n',
    );
  });

  it('refuses a root-level SKILL.md without a usable name', async () => {
    await expectRefused(
      await makeZip([{ name: 'SKILL.md', data: '# no frontmatter\n' }]),
      'invalid_params',
      'top-level folder',
    );
    await expectRefused(
      await makeZip([{ name: 'SKILL.md', data: '---\nname: ../../evil\n---\n' }]),
      'invalid_params',
      'cannot be a folder name',
    );
  });

  it('names a root-level skill whose name: is written twice as the registry lists it', async () => {
    const text = '---\nname: first-name\nname: second-name\ndescription: Twice named.\n---\nBody\n';
    const result = await importBundle(await makeZip([{ name: 'SKILL.md', data: text }]), into);
    const listed = await readSkillFolder(path.join(into, result.name), 'project');
    // One reader: the bundle's folder, the registry's listing and a name lookup agree.
    expect(result.name).toBe(listed.summary.name);
    expect(skillNameOf(text, 'anything')).toBe(result.name);
    expect(result.name).toBe('second-name');
  });

  it('skips the __MACOSX folder that macOS archivers add', async () => {
    const zip = await makeZip([
      { name: 'demo-skill/SKILL.md', data: SKILL_MD },
      { name: '__MACOSX/demo-skill/._SKILL.md', data: 'resource fork' },
    ]);
    await importBundle(zip, into);
    expect(await readdir(path.join(into, 'demo-skill'))).toEqual(['SKILL.md']);
  });
});

describe('importBundle never plants what export would not write', () => {
  /** All files under `dir`, relative, posix, sorted (hidden ones included). */
  async function tree(dir: string): Promise<string[]> {
    const entries = await readdir(dir, { recursive: true, withFileTypes: true });
    return entries
      .filter((e) => e.isFile())
      .map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
      .sort();
  }

  it.runIf(posix)(
    'skips a real .git with a core.fsmonitor hook, zipped by zip(1), and says so',
    async () => {
      const src = path.join(tmp, 'src');
      const skill = path.join(src, 'demo-skill');
      await mkdir(path.join(skill, '.git', 'hooks'), { recursive: true });
      await writeFile(path.join(skill, 'SKILL.md'), SKILL_MD);
      await writeFile(path.join(skill, '.gitattributes'), '*.md text\n');
      const marker = path.join(tmp, 'pwned');
      await writeFile(
        path.join(skill, '.git', 'config'),
        `[core]\n\tfsmonitor = "touch ${marker}; false"\n`,
      );
      await writeFile(path.join(skill, '.git', 'HEAD'), 'ref: refs/heads/main\n');
      await writeFile(path.join(skill, '.git', 'hooks', 'post-checkout'), '#!/bin/sh\n');
      await mkdir(path.join(skill, 'Node_Modules', 'x'), { recursive: true });
      await writeFile(path.join(skill, 'Node_Modules', 'x', 'index.js'), '');
      await mkdir(path.join(skill, 'scripts', '__pycache__'), { recursive: true });
      await writeFile(path.join(skill, 'scripts', '__pycache__', 'run.cpython-311.pyc'), '');
      await writeFile(path.join(skill, 'scripts', 'run.PYC'), '');
      await writeFile(path.join(skill, 'scripts', '.DS_Store'), '');
      const zipFile = path.join(tmp, 'demo.zip');
      execFileSync('zip', ['-qr', zipFile, 'demo-skill'], { cwd: src });

      const res = await importBundle(await readFile(zipFile), into);
      expect(res.name).toBe('demo-skill');
      expect(await tree(res.path)).toEqual(['.gitattributes', 'SKILL.md']);
      expect(res.skipped).toEqual(
        expect.arrayContaining([
          'demo-skill/.git/config',
          'demo-skill/.git/hooks/post-checkout',
          'demo-skill/Node_Modules/x/index.js',
          'demo-skill/scripts/__pycache__/run.cpython-311.pyc',
          'demo-skill/scripts/run.PYC',
          'demo-skill/scripts/.DS_Store',
        ]),
      );
      // And git run there finds no repository of the bundle's making.
      await writeFile(path.join(tmp, 'skills', '.keep'), '');
      let gitRan = true;
      try {
        execFileSync('git', ['status'], {
          cwd: res.path,
          stdio: 'ignore',
          env: { ...process.env, GIT_CEILING_DIRECTORIES: tmp },
        });
      } catch {
        gitRan = false; // "not a git repository": what we want
      }
      expect(gitRan).toBe(false);
      await expect(stat(marker)).rejects.toThrow();
    },
  );

  it('skips every spelling of .git a filesystem could take for it', async () => {
    // (`.git.` and `.git ` never get this far: names ending in a dot or space are refused.)
    const names = ['.GIT', '.Git', 'GIT~1', '.g\u200cit', '.git\ufeff'];
    const zip = await makeZip([
      { name: 'demo-skill/SKILL.md', data: SKILL_MD },
      ...names.map((n) => ({ name: `demo-skill/${n}/config`, data: '[core]\n' })),
      { name: 'demo-skill/deep/er/.GIT/config', data: '[core]\n' },
    ]);
    const res = await importBundle(zip, into);
    expect(await tree(res.path)).toEqual(['SKILL.md']);
    expect(res.skipped).toHaveLength(names.length + 1);
  });

  it('refuses a .git top folder, a skill named .git, and Git internals under another name', async () => {
    await expectRefused(
      await makeZip([{ name: '.git/SKILL.md', data: SKILL_MD }]),
      'invalid_params',
      /top-level folder ".git"/,
    );
    await expectRefused(
      await makeZip([{ name: 'SKILL.md', data: SKILL_MD.replace('demo-skill', '.Git') }]),
      'invalid_params',
      /cannot be named ".Git"/,
    );
    await expectRefused(
      await makeZip([
        { name: 'demo-skill/SKILL.md', data: SKILL_MD },
        { name: 'demo-skill/assets/repo/HEAD', data: 'ref: refs/heads/main\n' },
        { name: 'demo-skill/assets/repo/config', data: '[core]\n\tfsmonitor = evil\n' },
        { name: 'demo-skill/assets/repo/objects/', dir: true },
      ]),
      'invalid_params',
      /Git repository's internals/,
    );
  });

  it('keeps .gitattributes and .gitmodules, which export writes too', async () => {
    const zip = await makeZip([
      { name: 'demo-skill/SKILL.md', data: SKILL_MD },
      { name: 'demo-skill/.gitattributes', data: '* text\n' },
      { name: 'demo-skill/.gitmodules', data: '' },
    ]);
    const res = await importBundle(zip, into);
    expect(await tree(res.path)).toEqual(['.gitattributes', '.gitmodules', 'SKILL.md']);
    expect(res.skipped).toEqual([]);
  });
});

describe('bundles holding several skills, the preview, and conflicts', () => {
  const md = (name: string, extra = '') =>
    `---\nname: ${name}\ndescription: ${name}.\n${extra}---\nBody\n`;
  const twoSkills = () =>
    makeZip([
      { name: 'alpha/SKILL.md', data: md('alpha') },
      { name: 'alpha/references/a.md', data: '# A\n' },
      { name: 'beta/', dir: true },
      { name: 'beta/SKILL.md', data: md('beta') },
    ]);

  it('imports every top-level skill folder of a zip', async () => {
    const res = await importBundle(await twoSkills(), into);
    expect(res.skills.map((k) => [k.name, k.outcome])).toEqual([
      ['alpha', 'created'],
      ['beta', 'created'],
    ]);
    expect(res.name).toBe('alpha');
    expect((await readdir(into)).sort()).toEqual(['alpha', 'beta']);
    expect(await readFile(path.join(into, 'alpha', 'references', 'a.md'), 'utf8')).toBe('# A\n');
    expect(await readFile(path.join(into, 'beta', 'SKILL.md'), 'utf8')).toBe(md('beta'));
  });

  it('writes none of the skills when a later one holds an unsafe entry', async () => {
    const zip = await makeZip([
      { name: 'alpha/SKILL.md', data: md('alpha') },
      { name: 'beta/SKILL.md', data: md('beta') },
      { name: 'beta/link', data: '/etc/passwd', mode: 0o120777 },
    ]);
    await expectRefused(zip, 'invalid_params', 'symbolic links');
  });

  it('writes none of the skills when a later one fails while unpacking', async () => {
    const zip = await makeZip([
      { name: 'alpha/SKILL.md', data: md('alpha') },
      { name: 'beta/SKILL.md', data: md('beta') },
      { name: 'beta/big.txt', data: 'x'.repeat(5000), compress: true },
    ]);
    // Only beta/big.txt's central record understates its size: its data runs past it.
    const out = Buffer.from(zip);
    for (let i = 0; i + 46 <= out.length; i++) {
      if (out.readUInt32LE(i) !== 0x02014b50) continue;
      const nameLength = out.readUInt16LE(i + 28);
      if (out.toString('utf8', i + 46, i + 46 + nameLength) === 'beta/big.txt')
        out.writeUInt32LE(10, i + 24);
    }
    await expectRefused(out, 'invalid_params', '"beta/big.txt"');
  });

  it('refuses two top-level folders a case-insensitive disk would merge', async () => {
    const zip = await makeZip([
      { name: 'alpha/SKILL.md', data: md('alpha') },
      { name: 'Alpha/SKILL.md', data: md('alpha') },
    ]);
    await expectRefused(zip, 'invalid_params', 'same name');
  });

  it('previews every skill with its validation, and writes nothing', async () => {
    await mkdir(path.join(into, 'alpha'));
    const zip = await makeZip([
      { name: 'alpha/SKILL.md', data: md('alpha') },
      { name: 'alpha/scripts/run.sh', data: 'echo\n' },
      { name: 'alpha/.git/config', data: '[core]\n' },
      { name: 'beta/SKILL.md', data: md('wrong-name') + 'See [notes](notes.md).\n' },
    ]);
    const preview = await inspectBundle(zip, into);
    expect(preview.into).toBe(into);
    expect(preview.skills).toHaveLength(2);
    const [alpha, beta] = preview.skills;
    expect(alpha).toMatchObject({
      folder: 'alpha',
      files: ['SKILL.md', 'scripts/run.sh'],
      skipped: ['alpha/.git/config'],
      exists: true,
      keepBothAs: 'alpha-2',
      diagnostics: [],
    });
    expect(alpha.bytes).toBe(Buffer.byteLength(md('alpha')) + 5);
    expect(beta).toMatchObject({ folder: 'beta', exists: false, keepBothAs: 'beta-2' });
    expect(beta.diagnostics.map((d) => d.code)).toEqual(
      expect.arrayContaining(['NAME_DIR_MISMATCH', 'LINK_MISSING']),
    );
    expect(await readdir(into)).toEqual(['alpha']);
    expect(await readdir(path.join(into, 'alpha'))).toEqual([]);
  });

  it('refuses an unsafe bundle in the preview exactly as import does', async () => {
    const zip = await makeZip([
      { name: 'alpha/SKILL.md', data: md('alpha') },
      { name: 'alpha/QQ/QQ/evil.txt', data: 'pwned' },
    ]);
    const evil = patchName(zip, 'alpha/QQ/QQ/evil.txt', 'alpha/../../evil.txt');
    await expect(inspectBundle(evil, into)).rejects.toMatchObject({ code: 'invalid_params' });
    await expectRefused(evil, 'invalid_params', '"alpha/../../evil.txt"');
  });

  it('refuses existing folders by default, naming each, and writes nothing', async () => {
    await mkdir(path.join(into, 'alpha'));
    await mkdir(path.join(into, 'beta'));
    const err = await importBundle(await twoSkills(), into).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'exists' });
    expect((err as Error).message).toContain('"alpha", "beta"');
    expect((await readdir(into)).sort()).toEqual(['alpha', 'beta']);
    expect(await readdir(path.join(into, 'alpha'))).toEqual([]);
  });

  it('keeps both: the new one becomes <name>-2 (then -3) with its name: updated', async () => {
    await mkdir(path.join(into, 'alpha'));
    await writeFile(path.join(into, 'alpha', 'SKILL.md'), 'mine');
    const res = await importBundle(await twoSkills(), into, { onConflict: 'keep-both' });
    expect(res.skills.map((k) => [k.from, k.name, k.outcome])).toEqual([
      ['alpha', 'alpha-2', 'kept-both'],
      ['beta', 'beta', 'created'],
    ]);
    expect(await readFile(path.join(into, 'alpha', 'SKILL.md'), 'utf8')).toBe('mine');
    expect(await readFile(path.join(into, 'alpha-2', 'SKILL.md'), 'utf8')).toBe(
      md('alpha').replace('name: alpha', 'name: alpha-2'),
    );
    expect(await readFile(path.join(into, 'alpha-2', 'references', 'a.md'), 'utf8')).toBe('# A\n');

    const again = await importBundle(
      await makeZip([{ name: 'alpha/SKILL.md', data: md('alpha') }]),
      into,
      { onConflict: 'keep-both' },
    );
    expect(again.name).toBe('alpha-3');
  });

  it('replaces atomically: the old folder is gone, no temp folder stays', async () => {
    await mkdir(path.join(into, 'alpha', 'old'), { recursive: true });
    await writeFile(path.join(into, 'alpha', 'SKILL.md'), 'old');
    await writeFile(path.join(into, 'alpha', 'old', 'x.txt'), 'old');
    const res = await importBundle(await twoSkills(), into, { onConflict: 'replace' });
    expect(res.skills[0]).toMatchObject({ name: 'alpha', outcome: 'replaced' });
    expect((await readdir(path.join(into, 'alpha'))).sort()).toEqual(['SKILL.md', 'references']);
    expect(await readFile(path.join(into, 'alpha', 'SKILL.md'), 'utf8')).toBe(md('alpha'));
    expect((await readdir(into)).sort()).toEqual(['alpha', 'beta']);
  });

  it('follows a choice per skill, and skip leaves the existing folder alone', async () => {
    await mkdir(path.join(into, 'alpha'));
    await mkdir(path.join(into, 'beta'));
    await writeFile(path.join(into, 'beta', 'SKILL.md'), 'mine');
    const res = await importBundle(await twoSkills(), into, {
      onConflict: 'replace',
      choices: { beta: 'skip' },
    });
    expect(res.skills.map((k) => k.outcome)).toEqual(['replaced', 'skipped']);
    expect(res.name).toBe('alpha');
    expect(await readFile(path.join(into, 'beta', 'SKILL.md'), 'utf8')).toBe('mine');
    expect(await readFile(path.join(into, 'alpha', 'SKILL.md'), 'utf8')).toBe(md('alpha'));
  });
});
