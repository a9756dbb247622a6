import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseSkillMd } from '../../shared/skill/validate';
import { readStdoutLine } from './runner/script-output';
import { createSkillFromTemplate, readTemplates, TEMPLATE_NAMES } from './skill-templates';
import { fillTemplate } from '../../shared/skill/skill-template';

const into = mkdtempSync(path.join(tmpdir(), 'skill-templates-'));

/** The process's umask, read from a folder made with the default mode. */
function umaskNow(): number {
  const probe = path.join(into, `probe-${Date.now()}`);
  mkdirSync(probe);
  const mode = statSync(probe).mode & 0o777;
  rmSync(probe, { recursive: true });
  return 0o777 & ~mode;
}
afterAll(() => rmSync(into, { recursive: true, force: true }));

describe('skill templates', () => {
  it('each gives a skill that validates cleanly', async () => {
    for (const template of TEMPLATE_NAMES) {
      const name = `new-${template}`;
      const dir = await createSkillFromTemplate({ name, template, intoDir: into });
      const text = readFileSync(path.join(dir, 'SKILL.md'), 'utf8');
      const parsed = parseSkillMd(text, { folderName: name });
      expect(parsed.diagnostics, template).toEqual([]);
      // The folder's mode is the user's usual one (umask), not a temp folder's 0700.
      const expected = 0o777 & ~umaskNow();
      expect((statSync(dir).mode & 0o777).toString(8), template).toBe(expected.toString(8));
    }
  });

  it('lists each template unfilled; filled in the wizard, it is what the host writes', async () => {
    const templates = await readTemplates();
    expect(templates.map((t) => t.id)).toEqual([...TEMPLATE_NAMES]);
    for (const t of templates) {
      expect(t.skillMd).toContain('name: {{name}}');
      const dir = await createSkillFromTemplate({
        name: `same-${t.id}`,
        template: t.id,
        intoDir: into,
      });
      expect(readFileSync(path.join(dir, 'SKILL.md'), 'utf8')).toBe(
        fillTemplate(t.skillMd, `same-${t.id}`),
      );
    }
  });

  it("writes the wizard's SKILL.md instead of the template's, after checking it", async () => {
    const skillMd = [
      '---',
      'name: from-wizard',
      'description: Says hello to someone by name.',
      'input_schema:',
      '  type: object',
      '  properties:',
      '    who: {type: string}',
      '---',
      '',
      '# Hello',
      '',
    ].join('\n');
    const dir = await createSkillFromTemplate({
      name: 'from-wizard',
      template: 'script',
      intoDir: into,
      skillMd,
    });
    expect(readFileSync(path.join(dir, 'SKILL.md'), 'utf8')).toBe(skillMd);
    // The template's other files come too.
    expect(readFileSync(path.join(dir, 'scripts', 'run.mjs'), 'utf8')).toContain('stdin');
    await expect(
      createSkillFromTemplate({
        name: 'other-name',
        template: 'basic',
        intoDir: into,
        skillMd,
      }),
    ).rejects.toThrow(/NAME_DIR_MISMATCH/);
    await expect(
      createSkillFromTemplate({
        name: 'broken',
        template: 'basic',
        intoDir: into,
        skillMd: '---\nname: broken\ndescription: [unclosed\n---\n',
      }),
    ).rejects.toThrow(/FRONTMATTER_YAML/);
  });

  it('refuses an invalid name and suggests a valid one', async () => {
    await expect(
      createSkillFromTemplate({ name: 'Brand_Guidelines', template: 'basic', intoDir: into }),
    ).rejects.toThrow(/use "brand-guidelines"/);
  });

  it('the script template writes only output lines the studio reads without a warning', async () => {
    const dir = await createSkillFromTemplate({
      name: 'echo-lines',
      template: 'script',
      intoDir: into,
    });
    const stdout = execFileSync(process.execPath, [path.join(dir, 'scripts', 'run.mjs')], {
      input: JSON.stringify({ arguments: { message: 'hi' }, context: {} }),
      encoding: 'utf8',
    });
    const lines = stdout.trim().split('\n').map(readStdoutLine);
    expect(lines.map((l) => l.problem)).toEqual(lines.map(() => null));
    const kinds = lines.map((l) => (l.item.kind === 'event' ? l.item.event : l.item.kind));
    expect(kinds).toEqual(['progress', 'log', 'artifact', 'progress', 'result']);
    expect(lines.at(-1)?.item).toEqual({
      kind: 'result',
      data: { echo: 'hi' },
      summary: 'Echoed 2 characters',
    });
  });
});
