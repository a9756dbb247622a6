/**
 * The name lookup (find-skill.ts) answers exactly as a loaded SkillRegistry: for every
 * name and folder a workspace can be asked about — shadowed, conflicting, linked twice,
 * with broken or unreadable frontmatter, a lowercase skill.md, a one-skill source — it
 * finds the same skill folder and SKILL.md as `get(name)`, else the listed folder.
 */
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defaultWorkspaceConfig } from '../workspace/workspace-config';
import { findSkill } from './find-skill';
import { SkillRegistry } from './registry';
import { resolveSources, type ResolveSourcesOptions } from './sources';

let tmp: string;
beforeEach(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'find-skill-'));
});
afterEach(() => rm(tmp, { recursive: true, force: true }));

async function put(file: string, text: string): Promise<void> {
  await mkdir(path.dirname(path.join(tmp, file)), { recursive: true });
  await writeFile(path.join(tmp, file), text);
}

const skillMd = (frontmatter: string): string => `---\n${frontmatter}\n---\n# Body\n`;

/** What the registry answers for `ref` (the read command's rule before the lookup). */
function registryAnswer(reg: SkillRegistry, ref: string): unknown {
  const rec = reg.get(ref) ?? reg.all().find((r) => r.dir === ref);
  return rec ? { dir: rec.dir, skillMdPath: rec.skillMdPath, name: rec.summary.name } : null;
}

async function expectSameAnswers(opts: ResolveSourcesOptions, refs: string[]): Promise<void> {
  const reg = new SkillRegistry({ ...opts, scan: { sync: true } });
  await reg.load();
  const folders = resolveSources(opts);
  for (const ref of [
    ...refs,
    ...reg.all().map((r) => r.dir),
    ...reg.all().map((r) => r.summary.name),
  ]) {
    const found = await findSkill(folders, ref);
    expect({ ref, found }).toEqual({ ref, found: registryAnswer(reg, ref) });
  }
}

describe('findSkill', () => {
  it('answers as the registry across sources, conflicts, links and broken frontmatter', async () => {
    const ws = path.join(tmp, 'ws');
    const home = path.join(tmp, 'home');
    // Conflict inside one source: the first folder in scan order wins the name.
    await put('ws/skills/b-dup/SKILL.md', skillMd('name: dup\ndescription: B.'));
    await put('ws/.claude/skills/a-dup/SKILL.md', skillMd('name: dup\ndescription: A.'));
    // A user skill shadowed by a project skill of the same name, and one that is not.
    await put('home/.claude/skills/shadowed/SKILL.md', skillMd('name: dup\ndescription: U.'));
    await put('home/.agents/skills/mine/SKILL.md', skillMd('name: mine\ndescription: M.'));
    // Names that fall back to the folder: broken YAML, an unresolved alias, a non-map,
    // a blank or non-string name, no fence, and a SKILL.md that is binary.
    await put('ws/skills/broken/SKILL.md', skillMd('name: [unclosed\ndescription: x'));
    await put('ws/skills/late-error/SKILL.md', skillMd('name: late-name\ndescription: "open'));
    await put('ws/skills/alias/SKILL.md', skillMd('name: *nowhere\ndescription: x'));
    await put('ws/skills/list/SKILL.md', skillMd('- name: list-item'));
    await put('ws/skills/blank/SKILL.md', skillMd('name: "   "\ndescription: x'));
    await put('ws/skills/number/SKILL.md', skillMd('name: 42\ndescription: x'));
    await put('ws/skills/nofence/SKILL.md', 'name: nofence\n');
    await put('ws/skills/binary/SKILL.md', '---\nname: bin\0ary\n---\n');
    // Duplicated keys keep the last value; a padded name is trimmed; a lowercase file.
    await put('ws/skills/twice/SKILL.md', skillMd('name: first\nname: second\ndescription: x'));
    await put('ws/skills/padded/SKILL.md', skillMd('name: "  padded-name  "\ndescription: x'));
    await put('ws/skills/lower/skill.md', skillMd('name: lower\ndescription: x'));
    // Not skills: no SKILL.md, an ignored folder.
    await put('ws/skills/notes/README.md', 'notes\n');
    await put('ws/skills/node_modules/x/SKILL.md', skillMd('name: hidden'));
    // One real folder reached twice: the link comes first in scan order and keeps it.
    await put('ws/.agents/skills/real-one/SKILL.md', skillMd('name: linked\ndescription: x'));
    await symlink(path.join(ws, '.agents/skills/real-one'), path.join(ws, 'skills/a-link'));
    // …and one named after its folder: the later copy's name is no skill's.
    await put('ws/.agents/skills/real-two/SKILL.md', 'no frontmatter\n');
    await symlink(path.join(ws, '.agents/skills/real-two'), path.join(ws, 'skills/z-link'));
    // A plugin folder that is itself one skill, and a framework folder.
    await put('plugin-skill/SKILL.md', skillMd('name: plugged\ndescription: x'));
    await put('framework/mine/SKILL.md', skillMd('name: mine\ndescription: F.'));
    const config = { ...defaultWorkspaceConfig(), plugins: [path.join(tmp, 'plugin-skill')] };
    await expectSameAnswers(
      { workspace: ws, home, frameworkDir: path.join(tmp, 'framework'), config },
      [
        ...['dup', 'mine', 'second', 'first', 'padded-name', 'bin\0ary', 'list-item', 'nowhere'],
        ...[
          'late-name',
          'late-error',
          'real-two',
          'z-link',
          path.join(ws, '.agents/skills/real-two'),
        ],
      ],
    );
  });

  it('finds a skill by the folder it is listed under, and nothing for other folders', async () => {
    await put('ws/skills/one/SKILL.md', skillMd('name: renamed\ndescription: x'));
    const ws = path.join(tmp, 'ws');
    const folders = resolveSources({
      workspace: ws,
      home: null,
      frameworkDir: null,
      config: defaultWorkspaceConfig(),
    });
    expect(await findSkill(folders, path.join(ws, 'skills/one'))).toEqual({
      name: 'renamed',
      dir: path.join(ws, 'skills/one'),
      skillMdPath: path.join(ws, 'skills/one/SKILL.md'),
    });
    expect(await findSkill(folders, 'one')).toBeNull();
    expect(await findSkill(folders, path.join(ws, 'skills'))).toBeNull();
  });
});
