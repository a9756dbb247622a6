/** `skill-studio import`: several skills per zip, and what happens when a skill exists. */
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { zipFiles as zip } from '../../test-support/zip-files';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempWorkspace, type TempWorkspace } from '../../test-support/temp-workspace';
import { runCliIn as cli } from '../../test-support/run-cli';

const md = (name: string, description = `${name} does things.`) =>
  `---\nname: ${name}\ndescription: ${description}\n---\nBody\n`;

describe('skill-studio import', () => {
  let ws: TempWorkspace;
  let bundle: string;
  beforeEach(async () => {
    ws = tempWorkspace();
    ws.addSkill('alpha', 'name: alpha\ndescription: The one already here.');
    bundle = path.join(ws.root, 'two.zip');
    writeFileSync(
      bundle,
      await zip({
        'alpha/SKILL.md': md('alpha', 'From the bundle.'),
        'beta/SKILL.md': md('beta'),
      }),
    );
  });
  afterEach(() => ws.cleanup());

  const skillMd = (name: string) =>
    readFileSync(path.join(ws.root, 'skills', name, 'SKILL.md'), 'utf8');

  it('imports every skill of a zip into a fresh folder', async () => {
    const r = await cli(ws.root, ['import', 'two.zip', '--into', 'other', '--json']);
    expect(r.code, r.stderr).toBe(0);
    const json = JSON.parse(r.stdout);
    expect(json.skills.map((k: { name: string }) => k.name)).toEqual(['alpha', 'beta']);
    expect(readdirSync(path.join(ws.root, 'other')).sort()).toEqual(['alpha', 'beta']);
  });

  it('refuses an existing skill with exit 1, naming the flags, and writes nothing', async () => {
    const r = await cli(ws.root, ['import', 'two.zip']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('"alpha" already exists');
    expect(r.stderr).toContain('--replace');
    expect(r.stderr).toContain('--keep-both');
    expect(readdirSync(path.join(ws.root, 'skills'))).toEqual(['alpha']);
    expect(skillMd('alpha')).toContain('The one already here.');
  });

  it('--keep-both imports the existing one as <name>-2, name: updated', async () => {
    const r = await cli(ws.root, ['import', 'two.zip', '--keep-both']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('imported alpha-2 →');
    expect(r.stdout).toContain('imported beta →');
    expect(skillMd('alpha')).toContain('The one already here.');
    expect(skillMd('alpha-2')).toBe(md('alpha-2', 'From the bundle.'));
    const v = await cli(ws.root, ['validate', 'skills/alpha-2', '--json']);
    expect(JSON.parse(v.stdout).errors).toBe(0);
  });

  it('--replace swaps the existing skill for the bundle one', async () => {
    const r = await cli(ws.root, ['import', 'two.zip', '--replace']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('imported alpha → ');
    expect(r.stdout).toContain('(replaced)');
    expect(skillMd('alpha')).toBe(md('alpha', 'From the bundle.'));
    expect(readdirSync(path.join(ws.root, 'skills')).sort()).toEqual(['alpha', 'beta']);
  });

  it('refuses both flags at once as a usage error', async () => {
    const r = await cli(ws.root, ['import', 'two.zip', '--replace', '--keep-both']);
    expect(r.code).toBe(2);
  });
});
