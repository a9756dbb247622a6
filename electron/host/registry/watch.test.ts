import { spawn, spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rename, rm, symlink, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeFileAtomic } from '../fs/atomic-write';
import { SkillRegistry, type RegistryChange, type RegistryError } from './registry';
import { ignorePatterns, INOTIFY_LIMIT_HINT } from './watch';

const here = path.dirname(fileURLToPath(import.meta.url));

let tmp: string;
let ws: string;
let home: string;
const registries: SkillRegistry[] = [];

beforeEach(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'watch-'));
  ws = path.join(tmp, 'ws');
  home = path.join(tmp, 'home');
  await mkdir(ws);
  await mkdir(home);
});
afterEach(async () => {
  await Promise.all(registries.splice(0).map((r) => r.close()));
  await rm(tmp, { recursive: true, force: true });
});

function skillText(name: string | null, description = 'A skill.'): string {
  return `---\n${name === null ? '' : `name: ${name}\n`}description: ${description}\n---\nBody\n`;
}

async function makeSkill(dir: string, name: string | null = path.basename(dir)): Promise<string> {
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, 'SKILL.md'), skillText(name));
  return dir;
}

/** Hands out a registry's change events in order; waits for the next one with a timeout. */
function changes(reg: SkillRegistry) {
  const queue: RegistryChange[] = [];
  const waiting: ((e: RegistryChange) => void)[] = [];
  reg.on('change', (e) => {
    const w = waiting.shift();
    if (w) w(e);
    else queue.push(e);
  });
  return {
    next(timeoutMs = 8000): Promise<RegistryChange> {
      const queued = queue.shift();
      if (queued) return Promise.resolve(queued);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiting.splice(waiting.indexOf(done), 1);
          reject(new Error(`no change event within ${timeoutMs} ms`));
        }, timeoutMs);
        const done = (e: RegistryChange): void => {
          clearTimeout(timer);
          resolve(e);
        };
        waiting.push(done);
      });
    },
  };
}

const added = (...names: string[]): RegistryChange => ({ added: names, changed: [], removed: [] });
const changed = (...names: string[]): RegistryChange => ({
  added: [],
  changed: names,
  removed: [],
});
const removed = (...names: string[]): RegistryChange => ({
  added: [],
  changed: [],
  removed: names,
});

async function watching(): Promise<{
  reg: SkillRegistry;
  next: (t?: number) => Promise<RegistryChange>;
}> {
  const reg = new SkillRegistry({ workspace: ws, home, frameworkDir: null, debounceMs: 50 });
  registries.push(reg);
  await reg.load();
  const c = changes(reg);
  await reg.watch();
  return { reg, next: (t) => c.next(t) };
}

/**
 * Proves nothing else was emitted: events arrive in order, so if the next one is the
 * sentinel's, no stray event came before it.
 */
async function expectNoStrayEvents(next: () => Promise<RegistryChange>, n = 1): Promise<void> {
  await makeSkill(path.join(ws, 'skills', `sentinel-${n}`));
  expect(await next()).toEqual(added(`sentinel-${n}`));
}

/** Zombie children of this process (Linux): started and never reaped. */
function zombieChildren(): number {
  let n = 0;
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      // pid (comm) state ppid …: the comm may hold spaces, so read after its last ')'.
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (state === 'Z' && Number(ppid) === process.pid) n++;
    } catch {
      // gone meanwhile
    }
  }
  return n;
}

describe('registry.watch', () => {
  it.skipIf(process.platform !== 'linux')(
    'leaves no zombie process behind, however often it subscribes',
    async () => {
      await makeSkill(path.join(ws, 'skills', 'one'));
      const before = zombieChildren();
      for (let i = 0; i < 3; i++) {
        const { reg } = await watching();
        await reg.close();
      }
      expect(zombieChildren()).toBe(before);
    },
  );

  it('emits added, changed and removed, each exactly once', async () => {
    await mkdir(path.join(ws, 'skills'));
    const { reg, next } = await watching();

    const dir = await makeSkill(path.join(ws, 'skills', 'alpha'));
    expect(await next()).toEqual(added('alpha'));
    expect(reg.get('alpha')?.summary.description).toBe('A skill.');

    await writeFile(path.join(dir, 'SKILL.md'), skillText('alpha', 'Now different.'));
    expect(await next()).toEqual(changed('alpha'));
    expect(reg.get('alpha')?.summary.description).toBe('Now different.');

    // A touch and a rewrite with the same text change nothing visible: no event.
    const now = new Date();
    await utimes(path.join(dir, 'SKILL.md'), now, now);
    await writeFile(path.join(dir, 'SKILL.md'), skillText('alpha', 'Now different.'));
    await expectNoStrayEvents(next, 1);

    // A new sidecar file changes the listing (files_count).
    await writeFile(path.join(dir, 'notes.md'), 'x');
    expect(await next()).toEqual(changed('alpha'));
    expect(reg.get('alpha')?.summary.files_count).toBe(2);

    await rm(dir, { recursive: true });
    expect(await next()).toEqual(removed('alpha'));
    expect(reg.get('alpha')).toBeUndefined();
    await expectNoStrayEvents(next, 2);
  });

  it('names every changed file of a skill by its folder, sidecars, deep files and `..name` folders included', async () => {
    const dir = await makeSkill(path.join(ws, 'skills', 'filed'));
    await mkdir(path.join(dir, 'scripts'), { recursive: true });
    await writeFile(path.join(dir, 'scripts', 'run.mjs'), 'one\n');
    const { reg } = await watching();
    const seen: { dir: string; paths: string[] }[] = [];
    reg.on('files', (e) => seen.push(e));
    const waitFor = async (file: string): Promise<void> => {
      const until = Date.now() + 8000;
      while (!seen.some((e) => e.dir === dir && e.paths.includes(file))) {
        if (Date.now() > until)
          throw new Error(`no files event for ${file}: ${JSON.stringify(seen)}`);
        await new Promise((r) => setTimeout(r, 20));
      }
    };

    // A sidecar rewritten with the same size changes no listing, yet its file is reported.
    await writeFile(path.join(dir, 'scripts', 'run.mjs'), 'two\n');
    await waitFor('scripts/run.mjs');
    await writeFile(path.join(dir, 'SKILL.md'), skillText('filed', 'Changed.'));
    await waitFor('SKILL.md');
    // `..notes` is a folder inside the skill (only a whole `..` segment climbs out).
    await mkdir(path.join(dir, '..notes'));
    await writeFile(path.join(dir, '..notes', 'todo.md'), 'one\n');
    await waitFor('..notes/todo.md');
    // Paths are relative to the skill folder, posix, and never the folder itself.
    expect(seen.every((e) => e.paths.every((p) => p !== '' && !p.includes('\\')))).toBe(true);
  });

  it('sees edits deep inside a skill folder that appeared with its sub-folders already made', async () => {
    await mkdir(path.join(ws, 'skills'));
    const { reg, next } = await watching();
    const seen: { dir: string; paths: string[] }[] = [];
    reg.on('files', (e) => seen.push(e));
    // As `cp -r` or `mkdir -p x/scripts` would: the sub-folder exists before any watch on x.
    const dir = path.join(ws, 'skills', 'copied');
    await mkdir(path.join(dir, 'scripts'), { recursive: true });
    await writeFile(path.join(dir, 'scripts', 'run.mjs'), 'one\n');
    await writeFile(path.join(dir, 'SKILL.md'), skillText('copied'));
    expect(await next()).toEqual(added('copied'));
    // The fresh subscription lands a moment later: an author's edits keep coming, and one
    // of them must be reported (without it, none ever is: scripts/ has no watch).
    const until = Date.now() + 8000;
    for (let n = 2; !seen.some((e) => e.dir === dir && e.paths.includes('scripts/run.mjs')); n++) {
      if (Date.now() > until) throw new Error(`no files event: ${JSON.stringify(seen)}`);
      await writeFile(path.join(dir, 'scripts', 'run.mjs'), 'line\n'.repeat(n));
      await new Promise((r) => setTimeout(r, 200));
    }
  });

  it('sees an editor save through a temp file and a rename as one change', async () => {
    const dir = await makeSkill(path.join(ws, 'skills', 'saved'));
    const { reg, next } = await watching();

    // The vim/VS Code way: write a temp file beside it, then rename it over SKILL.md.
    const temp = path.join(dir, '.SKILL.md.swp-tmp');
    await writeFile(temp, skillText('saved', 'Saved once.'));
    await rename(temp, path.join(dir, 'SKILL.md'));
    expect(await next()).toEqual(changed('saved'));
    expect(reg.get('saved')?.summary.description).toBe('Saved once.');

    // The studio's own atomic write.
    await writeFileAtomic(path.join(dir, 'SKILL.md'), skillText('saved', 'Saved twice.'));
    expect(await next()).toEqual(changed('saved'));
    expect(reg.get('saved')?.summary.files_count).toBe(1);
    await expectNoStrayEvents(next);
  });

  it('reports a renamed folder by name: removed + added, or changed when the name stays', async () => {
    // No `name:` in SKILL.md: the skill is known by its folder name.
    await makeSkill(path.join(ws, 'skills', 'draft'), null);
    // `name: report` in a folder called `report-wip`.
    await makeSkill(path.join(ws, 'skills', 'report-wip'), 'report');
    const { reg, next } = await watching();

    await rename(path.join(ws, 'skills', 'draft'), path.join(ws, 'skills', 'final'));
    expect(await next()).toEqual({ added: ['final'], changed: [], removed: ['draft'] });

    await rename(path.join(ws, 'skills', 'report-wip'), path.join(ws, 'skills', 'report'));
    expect(await next()).toEqual(changed('report'));
    expect(reg.get('report')?.dir).toBe(path.join(ws, 'skills', 'report'));
    expect(reg.get('report')?.diagnostics.map((d) => d.code)).not.toContain('NAME_DIR_MISMATCH');
    await expectNoStrayEvents(next);
  });

  it('sees a skills folder created after watching started, and skills in agent-client folders', async () => {
    const { next } = await watching();
    await makeSkill(path.join(ws, 'skills', 'first'));
    expect(await next()).toEqual(added('first'));

    await makeSkill(path.join(ws, '.claude', 'skills', 'from-claude'));
    expect(await next()).toEqual(added('from-claude'));

    // User folders are watched from the home folder.
    await makeSkill(path.join(home, '.codex', 'skills', 'from-codex'));
    expect(await next()).toEqual(added('from-codex'));

    // Changes in unrelated workspace folders are not skills.
    await makeSkill(path.join(ws, 'src', 'not-a-source'));
    await expectNoStrayEvents(next);
  });

  it('updates shadowing when a higher source gains the same name', async () => {
    await makeSkill(path.join(home, '.agents', 'skills', 'tool'));
    const { reg, next } = await watching();
    expect(reg.get('tool')?.summary.source).toBe('user');

    await makeSkill(path.join(ws, 'skills', 'tool'));
    expect(await next()).toEqual(changed('tool'));
    expect(reg.get('tool')?.summary.source).toBe('project');
    expect(reg.all().find((r) => r.summary.source === 'user')?.summary.shadowed_by).toBe(
      path.join(ws, 'skills', 'tool'),
    );

    await makeSkill(path.join(ws, '.github', 'skills', 'tool'));
    expect(await next()).toEqual(changed('tool'));
    expect(reg.conflicts()).toEqual(['tool']);
  });

  it('watches the real folder of a symlinked skill', async () => {
    const real = await makeSkill(path.join(tmp, 'outside', 'linked'));
    await mkdir(path.join(ws, 'skills'));
    await symlink(real, path.join(ws, 'skills', 'linked'));
    const { reg, next } = await watching();
    expect(reg.get('linked')?.dir).toBe(path.join(ws, 'skills', 'linked'));

    await writeFile(path.join(real, 'SKILL.md'), skillText('linked', 'Edited at the source.'));
    expect(await next()).toEqual(changed('linked'));
    expect(reg.get('linked')?.summary.description).toBe('Edited at the source.');
  });

  it('watches a source folder that is a symlink (dotfiles) at its real place', async () => {
    const dotfiles = path.join(tmp, 'dotfiles', 'skills');
    await makeSkill(path.join(dotfiles, 'kept'));
    await mkdir(path.join(home, '.claude'));
    await symlink(dotfiles, path.join(home, '.claude', 'skills'));
    const { reg, next } = await watching();
    expect(reg.get('kept')?.dir).toBe(path.join(home, '.claude', 'skills', 'kept'));

    await makeSkill(path.join(dotfiles, 'fresh'));
    expect(await next()).toEqual(added('fresh'));
    expect(reg.get('fresh')?.dir).toBe(path.join(home, '.claude', 'skills', 'fresh'));
  });

  it('re-reads skill-studio.json: new plugin folders are scanned and a config event is sent', async () => {
    await makeSkill(path.join(ws, 'vendor', 'plugged'));
    const { reg, next } = await watching();
    const configs: number[] = [];
    reg.on('config', (e) => configs.push(e.config.plugins.length));

    await writeFile(path.join(ws, 'skill-studio.json'), JSON.stringify({ plugins: ['vendor'] }));
    expect(await next()).toEqual(added('plugged'));
    expect(configs).toEqual([1]);
    expect(reg.get('plugged')?.summary.source).toBe('plugin');

    // And the plugin folder is watched from now on.
    await writeFile(path.join(ws, 'vendor', 'plugged', 'SKILL.md'), skillText('plugged', 'v2'));
    expect(await next()).toEqual(changed('plugged'));

    // A broken settings file: a diagnostic and defaults (the plugin goes away).
    await writeFile(path.join(ws, 'skill-studio.json'), '{ "plugins": [ }');
    expect(await next()).toEqual(removed('plugged'));
    expect(reg.configDiagnostics()[0]).toMatchObject({ code: 'WORKSPACE_CONFIG', line: 1 });
  });

  it('stops cleanly on close()', async () => {
    await makeSkill(path.join(ws, 'skills', 'x'));
    const { reg } = await watching();
    await reg.close();
    await reg.close();
    expect(reg.list().map((r) => r.summary.name)).toEqual(['x']);
  });
});

describe('ignorePatterns', () => {
  const ignored = (include: string[], rel: string): boolean =>
    ignorePatterns(include).some((re) => re.test(rel));

  it('keeps the wanted folders, their ancestors and their contents, ignores the rest', () => {
    const include = ['skills', '.claude/skills', 'skill-studio.json'];
    for (const rel of [
      'skills',
      'skills/a/SKILL.md',
      '.claude',
      '.claude/skills',
      '.claude/skills/x',
      'skill-studio.json',
    ]) {
      expect(ignored(include, rel), rel).toBe(false);
    }
    for (const rel of [
      'src',
      'src/skills',
      '.claude/settings.json',
      'skills-old',
      '.claudex',
      'skill-studio.json.bak',
    ]) {
      expect(ignored(include, rel), rel).toBe(true);
    }
    expect(ignored(include, 'skills/a/node_modules')).toBe(true);
    expect(ignored(include, 'skills/a/.git/HEAD')).toBe(true);
    expect(ignored(include, 'skills/a/.github')).toBe(false);
  });

  it('keeps everything but dependency and VCS folders for a whole-folder target', () => {
    expect(ignored([''], 'anything/at/all')).toBe(false);
    expect(ignored([''], 'x/node_modules/y')).toBe(true);
  });
});

describe('the inotify watch limit', () => {
  // A user namespace has its own inotify limits (Linux ≥ 5.11): the limit can be made tiny
  // there without touching the machine's setting.
  const probe =
    process.platform === 'linux'
      ? spawnSync('unshare', [
          '-U',
          '-r',
          'sh',
          '-c',
          'echo 8 > /proc/sys/user/max_inotify_watches',
        ])
      : null;
  const canLimit = probe?.status === 0;

  it.skipIf(!canLimit)(
    'turns ENOSPC into an error event that names the fix, and keeps working (needs unshare -U)',
    async () => {
      await mkdir(path.join(ws, 'skills'));
      for (let i = 0; i < 12; i++) await makeSkill(path.join(ws, 'skills', `s${i}`));
      const script = path.join(tmp, 'limit.mts');
      await writeFile(
        script,
        [
          `import { SkillRegistry } from ${JSON.stringify(pathToFileURL(path.join(here, 'registry.ts')).href)};`,
          `const reg = new SkillRegistry({ workspace: ${JSON.stringify(ws)}, home: null, frameworkDir: null });`,
          'const errors = [];',
          "reg.on('error', (e) => errors.push(e));",
          'await reg.load();',
          'await reg.watch();',
          'const names = reg.list().map((r) => r.summary.name);',
          'await reg.close();',
          'console.log(JSON.stringify({ errors, count: names.length }));',
        ].join('\n'),
      );
      const out = await new Promise<string>((resolve, reject) => {
        const child = spawn(
          'unshare',
          [
            '-U',
            '-r',
            'sh',
            '-c',
            'echo 5 > /proc/sys/user/max_inotify_watches && exec "$0" --import tsx "$1"',
            process.execPath,
            script,
          ],
          { cwd: path.resolve(here, '../../..'), stdio: ['ignore', 'pipe', 'pipe'] },
        );
        let stdout = '';
        let stderr = '';
        child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
        child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
        const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
        child.on('close', (code) => {
          clearTimeout(timer);
          if (code === 0) resolve(stdout);
          else reject(new Error(`child exited ${code}: ${stderr}`));
        });
      });
      const result = JSON.parse(out.trim().split('\n').pop() as string) as {
        errors: RegistryError[];
        count: number;
      };
      expect(result.count).toBe(12);
      expect(result.errors).toHaveLength(1);
      expect(result.errors[0].code).toBe('WATCH_LIMIT');
      expect(result.errors[0].message).toContain('sysctl fs.inotify.max_user_watches=524288');
      expect(result.errors[0].message).toContain(INOTIFY_LIMIT_HINT);
    },
  );
});
