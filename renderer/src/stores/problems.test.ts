import { describe, expect, it } from 'vitest';
import { buildProblems, countProblems, mergeLive } from './problems';
import type { Diagnostic } from '../../../shared/check/diagnostics';
import type { SkillListItem } from '../../../shared/api/studio-api';
import { skillListItem } from '../../../shared/test-support/skill-list-item';
import { skillCycleDiagnostic } from '../../../shared/skill/validate';

function d(
  code: Diagnostic['code'],
  line: number,
  severity: Diagnostic['severity'] = 'error',
  file?: string,
): Diagnostic {
  const out: Diagnostic = { severity, code, message: `${code} here`, line, column: 1, field: null };
  if (file) out.file = file;
  return out;
}

const item = (name: string, diagnostics: Diagnostic[]): SkillListItem =>
  skillListItem(name, {
    description: '',
    dir: `/w/skills/${name}`,
    has_warnings: diagnostics.some((x) => x.severity === 'warning'),
    has_errors: diagnostics.some((x) => x.severity === 'error'),
    diagnostics,
  });

describe('problems', () => {
  it('replaces saved frontmatter problems by the live ones, keeping folder-level findings', () => {
    const listed = [
      d('NAME_NOT_LOWERCASE', 2),
      d('SKILL_NAME_CONFLICT', 2),
      d('UNKNOWN_FIELD', 5, 'warning'),
    ];
    expect(mergeLive(listed, []).map((x) => x.code)).toEqual(['SKILL_NAME_CONFLICT']);
    expect(
      mergeLive(listed, [d('SKILL_NAME_CONFLICT', 2), d('DESCRIPTION_EMPTY', 3)]).map(
        (x) => x.code,
      ),
    ).toEqual(['SKILL_NAME_CONFLICT', 'DESCRIPTION_EMPTY']);
  });

  it("keeps the host's schema findings while the open SKILL.md is as saved, not once it is edited", () => {
    const listed = [d('SCHEMA_DEFAULT_INVALID', 10, 'warning'), d('INPUT_SCHEMA_INVALID', 4)];
    expect(mergeLive(listed, [], false).map((x) => x.code)).toEqual([
      'INPUT_SCHEMA_INVALID',
      'SCHEMA_DEFAULT_INVALID',
    ]);
    // Unsaved edits may have moved or fixed them: only the live check speaks then.
    expect(mergeLive(listed, [], true)).toEqual([]);
  });

  it('keeps a cycle through other skills from the listing; the live check owns a self-cycle', () => {
    const through = skillCycleDiagnostic(['a', 'b', 'a'], { line: 4, column: 1 });
    const self = d('TOPOLOGY_SKILL_CYCLE', 4);
    expect(mergeLive([through, self], [])).toEqual([through]);
  });

  it('groups by skill, adds the workspace config, and counts', () => {
    const skills = [
      item('zeta', [d('UNKNOWN_FIELD', 4, 'warning')]),
      item('alpha', [d('NAME_NOT_LOWERCASE', 2)]),
      item('clean', []),
    ];
    const ws = {
      root: '/w',
      recent: [],
      agents: [],
      configDiagnostics: [d('WORKSPACE_CONFIG', 3, 'error', 'skill-studio.json')],
    };
    const groups = buildProblems(skills, new Map([['/w/skills/alpha', []]]), ws);
    expect(groups.map((g) => g.label)).toEqual(['skill-studio.json', 'zeta']);
    expect(countProblems(groups)).toEqual({ errors: 1, warnings: 1 });
    const withLive = buildProblems(
      skills,
      new Map([['/w/skills/clean', [d('NAME_DIR_MISMATCH', 2)]]]),
      null,
    );
    expect(withLive.map((g) => `${g.label}:${g.live}`)).toEqual([
      'alpha:false',
      'clean:true',
      'zeta:false',
    ]);
  });

  it('labels a group unsaved only while its open SKILL.md has unsaved edits', () => {
    const skills = [item('alpha', [d('UNKNOWN_FIELD', 4, 'warning')])];
    const live = new Map([['/w/skills/alpha', [d('UNKNOWN_FIELD', 4, 'warning')]]]);
    const saved = buildProblems(skills, live, null, new Set());
    expect(saved.map((g) => [g.live, g.unsaved])).toEqual([[true, false]]);
    const edited = buildProblems(skills, live, null, new Set(['/w/skills/alpha']));
    expect(edited.map((g) => [g.live, g.unsaved])).toEqual([[true, true]]);
    // Another skill of the same name being edited is not this one.
    const twin = buildProblems(skills, live, null, new Set(['/w/.claude/skills/alpha']));
    expect(twin[0].unsaved).toBe(false);
  });
});
