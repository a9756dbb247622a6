/** Each client's listing renderer and budget, on skills made up here (the real clients are listing.real.test.ts). */
import { describe, expect, it } from 'vitest';
import { CLIENT_PROFILES } from '../../../../shared/skill/client-profiles';
import { catalogFolders, profileFolders } from '../catalog';
import { AGENT_CLIENT_IDS } from '../ids';
import { renderClaudeCode, CLAUDE_CODE_HEADER } from './claude-code';
import { renderCodex, type CodexFolderSkills } from './codex';
import { renderGeminiCli } from './gemini-cli';
import { renderOpenCode, OPENCODE_HEADER } from './opencode';
import { similarPairs, stem } from './similarity';
import type { FolderSkills, FoundSkill } from './types';

const found = (
  name: string | null,
  description: string | null,
  extra: Partial<FoundSkill> = {},
): FoundSkill => ({
  name,
  description,
  whenToUse: null,
  disableModelInvocation: false,
  implicitInvocation: true,
  folderName: name ?? 'unnamed',
  path: `/w/${name}/SKILL.md`,
  ...extra,
});
const at = (
  display: string,
  skills: FoundSkill[],
  source: 'user' | 'project' = 'project',
): FolderSkills => ({
  folder: { source, display, dir: `/abs/${display.replace('~/', 'home/')}` },
  skills,
});

describe('the folders each client reads', () => {
  it.each(AGENT_CLIENT_IDS)('are the portability profile folders of %s', (id) => {
    expect([...catalogFolders(id)].sort()).toEqual([...profileFolders(id)].sort());
    expect(CLIENT_PROFILES[id].folders.project.length).toBeGreaterThan(0);
  });
});

describe('Claude Code', () => {
  it('lists user skills before project ones, each sorted, the first of a name winning', () => {
    const out = renderClaudeCode(
      [
        at(
          '~/.claude/skills',
          [found('zeta', 'User zeta.'), found('alpha', 'User alpha.')],
          'user',
        ),
        at('.claude/skills', [
          found('alpha', 'Project alpha.'),
          found('beta', 'Beta <b> & c', { whenToUse: 'When\nasked.' }),
        ]),
      ],
      { bundled: false },
    );
    expect(out.listing).toBe(
      `${CLAUDE_CODE_HEADER}- alpha: User alpha.\n- zeta: User zeta.\n- beta: Beta &lt;b&gt; & c - When asked.`,
    );
    const shadowed = out.entries.find((e) => e.name === 'alpha' && e.source === 'project');
    expect(shadowed).toMatchObject({ listed: false, shown: 'dropped' });
  });

  it('names a skill by its folder, with a different name: beside it', () => {
    const out = renderClaudeCode(
      [
        at('.claude/skills', [
          found('front', 'Named otherwise.', { folderName: 'folder' }),
          found('bad name!', 'Odd name.', { folderName: 'odd' }),
          found(null, 'No name.', { folderName: 'bare' }),
        ]),
      ],
      { bundled: false },
    );
    expect(out.listing.split('\n').slice(2)).toEqual([
      '- bare: No name.',
      '- folder (front): Named otherwise.',
      '- odd: Odd name.',
    ]);
  });

  it('cuts description + when_to_use at 1,536 characters: 1,535 and an ellipsis', () => {
    const out = renderClaudeCode(
      [at('.claude/skills', [found('long', 'x'.repeat(1500), { whenToUse: 'y'.repeat(100) })])],
      { bundled: false },
    );
    const line = out.listing.split('\n').pop() as string;
    expect(line).toBe(`- long: ${'x'.repeat(1500)} - ${'y'.repeat(32)}…`);
    expect(out.entries[0]).toMatchObject({
      shown: 'cut',
      description_chars: 1603,
      shown_chars: 1535,
    });
  });

  it('over the budget, lists by name alone the entries whose description no longer fits, in order', () => {
    const skills = [
      found('a1', 'a'.repeat(50)),
      found('a2', 'b'.repeat(50)),
      found('a3', 'c'.repeat(10)),
    ];
    // Names alone: 4+4+4 + 2 line breaks = 14; a1 adds 52 → 66; a2 would reach 118 > 80; a3 adds 12 → 78.
    const out = renderClaudeCode([at('.claude/skills', skills)], {
      bundled: false,
      budgetChars: 80,
    });
    expect(out.entries.map((e) => e.shown)).toEqual(['whole', 'dropped', 'whole']);
    expect(out.entries[1]).toMatchObject({ listed: true, chars: 4 });
    expect(out.listing).toBe(
      `${CLAUDE_CODE_HEADER}- a1: ${'a'.repeat(50)}\n- a2\n- a3: ${'c'.repeat(10)}`,
    );
    expect(out.budget.used).toBe(78);
  });

  it('never lists a skill with disable-model-invocation: true, and counts its bundled skills in the budget', () => {
    const out = renderClaudeCode([
      at('.claude/skills', [found('manual', 'Only by hand.', { disableModelInvocation: true })]),
    ]);
    expect(out.entries.some((e) => e.name === 'manual')).toBe(false);
    expect(out.skipped[0].reason).toContain('disable-model-invocation');
    expect(out.entries.every((e) => e.source === 'client')).toBe(true);
    expect(out.budget.used).toBe(out.listing.length - CLAUDE_CODE_HEADER.length);
  });
});

describe('Codex', () => {
  const folder = (
    kind: CodexFolderSkills['kind'],
    display: string,
    skills: FoundSkill[],
  ): CodexFolderSkills => ({
    ...at(display, skills, kind === 'project' ? 'project' : 'user'),
    kind,
  });

  it('lists system, project then user skills with short root aliases, descriptions on one line', () => {
    const out = renderCodex([
      folder('user-agents', '~/.agents/skills', [found('mine', 'Mine.')]),
      folder('project', '.agents/skills', [
        found('b', 'Two\n  lines.'),
        found('a', 'A.', { whenToUse: 'ignored' }),
      ]),
    ]);
    expect(out.listing).toContain(
      '### Skill roots\n- `r0` = `/abs/home/.agents/skills`\n- `r1` = `/abs/.agents/skills`\n',
    );
    expect(out.listing).toContain(
      '### Available skills\n- a: A. (file: r1/a/SKILL.md)\n- b: Two lines. (file: r1/b/SKILL.md)\n- mine: Mine. (file: r0/mine/SKILL.md)\n</skills_instructions>',
    );
  });

  it('cuts a description past 1,024 characters to 1,021 and "...", and leaves out skills its policy hides', () => {
    const out = renderCodex([
      folder('project', '.agents/skills', [
        found('long', 'z'.repeat(1100)),
        found('hidden', 'Hidden.', { implicitInvocation: false }),
      ]),
    ]);
    expect(out.listing).toContain(`- long: ${'z'.repeat(1021)}... (file:`);
    expect(out.entries).toHaveLength(1);
    expect(out.entries[0]).toMatchObject({ shown: 'cut', shown_chars: 1021 });
    expect(out.skipped[0].reason).toContain('allow_implicit_invocation');
  });

  it('over the budget, cuts the longest descriptions to a common length that fits', () => {
    const skills = [
      found('s1', 'short'),
      found('l1', 'l'.repeat(300)),
      found('l2', 'm'.repeat(300)),
    ];
    const out = renderCodex([folder('project', '.agents/skills', skills)], { budgetTokens: 75 });
    expect(out.budget.used).toBeLessThanOrEqual(75);
    const [l1, l2, s1] = out.entries;
    expect(s1.shown).toBe('whole');
    expect(l1.shown).toBe('cut');
    expect(l1.shown_chars).toBe(l2.shown_chars);
  });
});

describe('Gemini CLI', () => {
  it('lists built-ins first, then later folders replacing earlier ones in place, unescaped, reverse name order per folder', () => {
    const out = renderGeminiCli(
      [
        at('~/.gemini/skills', [found('shared', 'From the user.')], 'user'),
        at('.gemini/skills', [found('a', 'A <raw> & "as is"'), found('b:c', 'B.')]),
        at('.agents/skills', [found('shared', 'From the project.')]),
      ],
      { packageDir: '/pkg' },
    );
    const names = [...out.listing.matchAll(/<name>(.*?)<\/name>/g)].map((m) => m[1]);
    expect(names).toEqual(['skill-creator', 'antigravity-support', 'shared', 'b-c', 'a']);
    expect(out.listing).toContain('<description>A <raw> & "as is"</description>');
    expect(out.listing).toContain('<description>From the project.</description>');
    expect(out.listing).toContain(
      '<location>/pkg/bundle/builtin/skill-creator/SKILL.md</location>',
    );
    expect(out.listing).toContain('you can call the `activate_skill` tool');
    expect(renderGeminiCli([], { model: 'gemini-3-pro' }).listing).toContain(
      'receive its detailed instructions, call the `activate_skill` tool',
    );
    expect(out.budget.limit).toBeNull();
    expect(out.entries.find((e) => e.folder === '~/.gemini/skills')).toMatchObject({
      listed: false,
    });
  });
});

describe('OpenCode', () => {
  it('sorts by name with its built-in, escapes the location alone, and skips skills without a description', () => {
    const out = renderOpenCode([
      at('.claude/skills', [
        found('zed', 'Z <z>.', { path: '/w/a&b/SKILL.md' }),
        found('nodesc', null),
      ]),
      at('.opencode/skills', [found('alpha', 'A.')]),
    ]);
    expect(
      out.listing.startsWith(
        `${OPENCODE_HEADER}<available_skills>\n  <skill>\n    <name>alpha</name>`,
      ),
    ).toBe(true);
    expect(out.listing).toContain('<location>&lt;built-in&gt;</location>');
    expect(out.listing).toContain(
      '<description>Z <z>.</description>\n    <location>/w/a&amp;b/SKILL.md</location>',
    );
    expect(out.skipped[0].reason).toContain('no description');
    expect(out.budget.limit).toBeNull();
  });
});

describe('confusable pairs', () => {
  it('finds two descriptions of one job and names the terms they share, not a skill of another', () => {
    const pairs = similarPairs([
      { key: 'a', text: 'Extract text and tables from PDF files.' },
      { key: 'b', text: 'Extracts the tables and text of PDF files.' },
      { key: 'c', text: 'Turns CSV files into charts.' },
    ]);
    expect(pairs).toHaveLength(1);
    expect(pairs[0]).toMatchObject({ a: 'a', b: 'b' });
    expect(pairs[0].shared_terms).toEqual(expect.arrayContaining(['pdf', 'extract', 'tabl']));
    expect(stem('charts')).toBe(stem('chart'));
  });
});
