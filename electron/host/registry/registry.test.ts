import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SkillRegistry, type RegistryOptions } from './registry';

let tmp: string;
let ws: string;
let home: string;
let fw: string;
const registries: SkillRegistry[] = [];

beforeEach(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'registry-'));
  ws = path.join(tmp, 'ws');
  home = path.join(tmp, 'home');
  fw = path.join(tmp, 'bundled');
  await mkdir(ws);
  await mkdir(home);
  await mkdir(fw);
});
afterEach(async () => {
  await Promise.all(registries.splice(0).map((r) => r.close()));
  await rm(tmp, { recursive: true, force: true });
});

async function makeSkill(dir: string, name = path.basename(dir), extra = ''): Promise<string> {
  await mkdir(dir, { recursive: true });
  await writeFile(
    path.join(dir, 'SKILL.md'),
    `---\nname: ${name}\ndescription: The ${name} skill.\n${extra}---\nBody\n`,
  );
  return dir;
}

async function open(over: Partial<RegistryOptions> = {}): Promise<SkillRegistry> {
  const reg = new SkillRegistry({ workspace: ws, home, frameworkDir: fw, ...over });
  registries.push(reg);
  await reg.load();
  return reg;
}

describe('SkillRegistry', () => {
  it('lets a higher source win a name and lists the losers as shadowed', async () => {
    const project = await makeSkill(path.join(ws, 'skills', 'deploy'));
    const user = await makeSkill(path.join(home, '.claude', 'skills', 'deploy'));
    const bundled = await makeSkill(path.join(fw, 'deploy'));
    const plugin = await makeSkill(path.join(ws, 'vendor', 'deploy'));
    await makeSkill(path.join(home, '.agents', 'skills', 'only-user'));
    await writeFile(path.join(ws, 'skill-studio.json'), JSON.stringify({ plugins: ['vendor'] }));

    const reg = await open();
    expect(reg.list().map((r) => [r.summary.name, r.summary.source])).toEqual([
      ['deploy', 'project'],
      ['only-user', 'user'],
    ]);
    expect(reg.all().map((r) => [r.dir, r.summary.shadowed_by])).toEqual([
      [project, null],
      [path.join(home, '.agents', 'skills', 'only-user'), null],
      [user, project],
      [bundled, project],
      [plugin, project],
    ]);
    expect(reg.get('deploy')?.dir).toBe(project);
    expect(reg.getAll('deploy').map((r) => r.dir)).toEqual([project, user, bundled, plugin]);
    expect(reg.getByPath(bundled)?.summary.shadowed_by).toBe(project);
    expect(reg.conflicts()).toEqual([]);
    // Shadowing is not an error of the shadowed skill.
    expect(reg.getByPath(user)?.diagnostics).toEqual([]);
  });

  it('raises SKILL_NAME_CONFLICT on both skills of one name in the same priority', async () => {
    const a = await makeSkill(path.join(ws, 'skills', 'report'));
    const b = await makeSkill(path.join(ws, '.claude', 'skills', 'report'));
    const lower = await makeSkill(path.join(fw, 'report'));
    const reg = await open();

    expect(reg.conflicts()).toEqual(['report']);
    expect(reg.list().map((r) => r.dir)).toEqual([a, b]);
    for (const [dir, other] of [
      [a, b],
      [b, a],
    ]) {
      const rec = reg.getByPath(dir);
      expect(rec?.summary).toMatchObject({ conflict: true, has_errors: true, shadowed_by: null });
      const diag = rec?.diagnostics.find((d) => d.code === 'SKILL_NAME_CONFLICT');
      expect(diag).toMatchObject({ severity: 'error', line: 2, column: 1, field: 'name' });
      expect(diag?.message).toContain(other);
    }
    // The name still resolves (to the first found), flagged so callers can refuse to guess.
    expect(reg.get('report')?.dir).toBe(a);
    expect(reg.get('report')?.summary.conflict).toBe(true);
    expect(reg.getByPath(lower)?.summary).toMatchObject({ shadowed_by: a, conflict: false });
  });

  it('flags skills whose skills: lead back to them through others, and clears it when fixed', async () => {
    const a = await makeSkill(path.join(ws, 'skills', 'a'), 'a', 'skills: [b]\n');
    const b = await makeSkill(path.join(ws, 'skills', 'b'), 'b', 'skills:\n  back: a\n');
    const c = await makeSkill(path.join(ws, 'skills', 'c'), 'c', 'skills: [a]\n');
    const reg = await open();
    const cycleOf = (dir: string) =>
      reg.getByPath(dir)?.diagnostics.find((d) => d.code === 'TOPOLOGY_SKILL_CYCLE');

    expect(cycleOf(a)).toMatchObject({ severity: 'error', line: 4, column: 1, field: 'skills' });
    expect(cycleOf(a)?.message).toContain('(a → b → a)');
    expect(cycleOf(b)?.message).toContain('(b → a → b)');
    expect(reg.getByPath(b)?.summary.has_errors).toBe(true);
    // c calls into the cycle (its run would be refused there) but is not on it.
    expect(cycleOf(c)).toBeUndefined();

    const events: unknown[] = [];
    reg.on('change', (e) => events.push(e));
    await makeSkill(b, 'b');
    await reg.refresh(b);
    expect(events).toEqual([{ added: [], changed: ['a', 'b'], removed: [] }]);
    expect(cycleOf(a)).toBeUndefined();
    expect(cycleOf(b)).toBeUndefined();
    expect(reg.getByPath(a)?.summary.has_errors).toBe(false);
  });

  it('treats one real folder reached twice as one skill', async () => {
    await makeSkill(path.join(ws, 'skills', 'shared'));
    await mkdir(path.join(ws, '.claude'));
    await symlink(path.join(ws, 'skills'), path.join(ws, '.claude', 'skills'));
    await mkdir(path.join(home, '.agents', 'skills'), { recursive: true });
    await symlink(
      path.join(ws, 'skills', 'shared'),
      path.join(home, '.agents', 'skills', 'shared'),
    );
    const reg = await open();
    expect(reg.all().map((r) => r.dir)).toEqual([path.join(ws, 'skills', 'shared')]);
    expect(reg.conflicts()).toEqual([]);
    expect(reg.getByPath(path.join(ws, '.claude', 'skills', 'shared'))).toBeUndefined();
  });

  it('gives a real folder back to the next place it is seen when the first goes', async () => {
    const real = await makeSkill(path.join(home, '.agents', 'skills', 'linked'));
    await mkdir(path.join(ws, 'skills'));
    const link = path.join(ws, 'skills', 'linked');
    await symlink(real, link);
    const reg = await open();
    expect(reg.all().map((r) => [r.dir, r.summary.source])).toEqual([[link, 'project']]);
    const events: unknown[] = [];
    reg.on('change', (e) => events.push(e));

    await rm(link);
    await reg.refresh(link);
    expect(reg.all().map((r) => [r.dir, r.summary.source])).toEqual([[real, 'user']]);
    expect(events).toEqual([{ added: [], changed: ['linked'], removed: [] }]);
  });

  it('compares names after NFKC', async () => {
    // "ﬁle" (U+FB01 ligature) is "file" after NFKC.
    await makeSkill(path.join(ws, 'skills', 'file-a'), 'file');
    await makeSkill(path.join(ws, 'skills', 'file-b'), '\uFB01le');
    const reg = await open();
    expect(reg.conflicts()).toEqual(['file']);
  });

  it('reads skill-studio.json: user folders switched off, bad JSON as a diagnostic', async () => {
    await makeSkill(path.join(home, '.claude', 'skills', 'claude-one'));
    await makeSkill(path.join(home, '.codex', 'skills', 'codex-one'));
    await writeFile(path.join(ws, 'skill-studio.json'), '{ "user_sources": { "claude": false } }');
    const reg = await open();
    expect(reg.list().map((r) => r.summary.name)).toEqual(['codex-one']);

    await writeFile(path.join(ws, 'skill-studio.json'), '{ "user_sources": { "claude": false }');
    const broken = await open();
    expect(broken.configDiagnostics()).toMatchObject([
      {
        code: 'WORKSPACE_CONFIG',
        severity: 'error',
        line: 1,
        file: path.join(ws, 'skill-studio.json'),
      },
    ]);
    // Defaults apply: the claude folder is back on.
    expect(broken.list().map((r) => r.summary.name)).toEqual(['claude-one', 'codex-one']);
  });

  it('uses the config it is given, and --root and --no-user', async () => {
    await makeSkill(path.join(ws, 'skills', 'in-project'));
    await makeSkill(path.join(home, '.claude', 'skills', 'in-home'));
    const elsewhere = await makeSkill(path.join(tmp, 'elsewhere', 'picked'));
    const reg = await open({
      roots: [path.dirname(elsewhere)],
      noUser: true,
      config: { plugins: [], user_sources: {}, agents: [] },
    });
    expect(reg.list().map((r) => r.summary.name)).toEqual(['picked']);
    expect(reg.sources().map((s) => [s.folder.id, s.exists])).toEqual([
      ['root:0', true],
      ['framework', true],
    ]);
  });

  it('rescans on reload() and refresh(dir) and emits what changed', async () => {
    const dir = await makeSkill(path.join(ws, 'skills', 'one'));
    const reg = await open();
    const events: unknown[] = [];
    reg.on('change', (e) => events.push(e));

    await makeSkill(path.join(ws, 'skills', 'two'));
    await reg.reload();
    await writeFile(path.join(dir, 'SKILL.md'), '---\nname: one\ndescription: Changed.\n---\n');
    await reg.refresh(dir);
    await reg.refresh(dir); // nothing changed: no event
    await rm(dir, { recursive: true });
    await reg.refresh(dir);
    expect(events).toEqual([
      { added: ['two'], changed: [], removed: [] },
      { added: [], changed: ['one'], removed: [] },
      { added: [], changed: [], removed: ['one'] },
    ]);
    expect(reg.list().map((r) => r.summary.name)).toEqual(['two']);
  });

  it('works with no workspace and no home: bundled skills only', async () => {
    await makeSkill(path.join(fw, 'time-arithmetic'));
    const reg = await open({ workspace: null, home: null });
    expect(reg.list().map((r) => [r.summary.name, r.summary.source])).toEqual([
      ['time-arithmetic', 'framework'],
    ]);
  });
});
