import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { skillDirLister } from './skill-dir-listing';

const root = realpathSync(mkdtempSync(path.join(tmpdir(), 'skill-dir-listing-')));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('skillDirLister', () => {
  it('lists folders inside the skill and nothing outside it', () => {
    const skill = path.join(root, 'demo');
    const outside = path.join(root, 'outside');
    mkdirSync(path.join(skill, 'references'), { recursive: true });
    mkdirSync(outside);
    writeFileSync(path.join(skill, 'SKILL.md'), '---\nname: demo\n---\n');
    writeFileSync(path.join(skill, 'references', 'guide.md'), 'x');
    writeFileSync(path.join(outside, 'secret.md'), 'x');
    symlinkSync(outside, path.join(skill, 'linked'));
    const list = skillDirLister(skill, skill, readdirSync(skill, { withFileTypes: true }));
    expect([...(list('') ?? [])].sort()).toEqual(['SKILL.md', 'linked', 'references']);
    expect(list('references')).toEqual(['guide.md']);
    expect(list('linked')).toBeNull();
    expect(list('../outside')).toBeNull();
    expect(list('references/guide.md')).toBeNull();
    expect(list('nope')).toBeNull();
  });
});
