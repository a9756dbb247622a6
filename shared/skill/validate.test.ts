import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve, isAbsolute } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Diagnostic, DiagnosticCode } from '../check/diagnostics';
import {
  nameConflictDiagnostic,
  parseSkillMd,
  skillMdCaseDiagnostic,
  skillMdMissingDiagnostic,
  type ParseSkillMdOptions,
} from './validate';

const md = (...lines: string[]): string => lines.join('\n') + '\n';
/** A valid skill with extra frontmatter lines (from line 4 on). */
const skill = (...extra: string[]): string =>
  md('---', 'name: demo', 'description: Does things.', ...extra, '---', 'Body');

function only(text: string, code: DiagnosticCode, opts: ParseSkillMdOptions = {}): Diagnostic {
  const r = parseSkillMd(text, opts);
  const found = r.diagnostics.filter((d) => d.code === code);
  expect(found, `${code} in ${JSON.stringify(r.diagnostics, null, 1)}`).toHaveLength(1);
  return found[0];
}

function codes(text: string, opts: ParseSkillMdOptions = {}): string[] {
  return parseSkillMd(text, opts).diagnostics.map(
    (d) => `${d.line}:${d.column} ${d.severity} ${d.code}`,
  );
}

interface Case {
  code: DiagnosticCode;
  text: string;
  opts?: ParseSkillMdOptions;
  severity: 'error' | 'warning';
  line: number;
  column: number;
  field: string | null;
}

const cases: Case[] = [
  {
    code: 'FRONTMATTER_MISSING',
    text: md('# Title', 'name: x'),
    severity: 'error',
    line: 1,
    column: 1,
    field: null,
  },
  {
    code: 'FRONTMATTER_UNCLOSED',
    text: md('---', 'name: x', 'description: y'),
    severity: 'error',
    line: 1,
    column: 1,
    field: null,
  },
  {
    code: 'FRONTMATTER_YAML',
    text: md('---', 'name: demo', 'description: "open', '---'),
    severity: 'error',
    line: 3,
    column: 14,
    field: null,
  },
  {
    code: 'FRONTMATTER_NOT_MAPPING',
    text: md('---', '---', 'Body'),
    severity: 'error',
    line: 1,
    column: 1,
    field: null,
  },
  { code: 'BOM', text: '\uFEFF' + skill(), severity: 'warning', line: 1, column: 1, field: null },
  {
    code: 'NAME_MISSING',
    text: md('---', 'description: d', '---'),
    severity: 'error',
    line: 1,
    column: 1,
    field: 'name',
  },
  {
    code: 'DESCRIPTION_MISSING',
    text: md('---', 'name: demo', '---'),
    severity: 'error',
    line: 1,
    column: 1,
    field: 'description',
  },
  {
    code: 'NAME_EMPTY',
    text: md('---', 'description: d', 'name: "  "', '---'),
    severity: 'error',
    line: 3,
    column: 7,
    field: 'name',
  },
  {
    code: 'DESCRIPTION_EMPTY',
    text: md('---', 'name: demo', 'description:', '---'),
    severity: 'error',
    line: 3,
    column: 1,
    field: 'description',
  },
  {
    code: 'NAME_TOO_LONG',
    text: md('---', `name: ${'a'.repeat(65)}`, 'description: d', '---'),
    severity: 'error',
    line: 2,
    column: 7,
    field: 'name',
  },
  {
    code: 'NAME_NOT_LOWERCASE',
    text: md('---', 'name: My-skill', 'description: d', '---'),
    severity: 'error',
    line: 2,
    column: 7,
    field: 'name',
  },
  {
    code: 'NAME_HYPHEN_EDGE',
    text: md('---', 'name: -demo', 'description: d', '---'),
    severity: 'error',
    line: 2,
    column: 7,
    field: 'name',
  },
  {
    code: 'NAME_CONSECUTIVE_HYPHENS',
    text: md('---', 'name: de--mo', 'description: d', '---'),
    severity: 'error',
    line: 2,
    column: 7,
    field: 'name',
  },
  {
    code: 'NAME_INVALID_CHARS',
    text: md('---', "name: 'de_mo'", 'description: d', '---'),
    severity: 'error',
    line: 2,
    column: 7,
    field: 'name',
  },
  {
    code: 'NAME_DIR_MISMATCH',
    text: skill(),
    opts: { folderName: 'other' },
    severity: 'error',
    line: 2,
    column: 7,
    field: 'name',
  },
  {
    code: 'NAME_NOT_ASCII',
    text: md('---', 'name: café', 'description: d', '---'),
    severity: 'warning',
    line: 2,
    column: 7,
    field: 'name',
  },
  {
    code: 'DESCRIPTION_TOO_LONG',
    text: md('---', 'name: demo', `description: ${'x'.repeat(1025)}`, '---'),
    severity: 'error',
    line: 3,
    column: 14,
    field: 'description',
  },
  {
    code: 'COMPATIBILITY_TYPE',
    text: skill('compatibility: [a]'),
    severity: 'error',
    line: 4,
    column: 16,
    field: 'compatibility',
  },
  {
    code: 'COMPATIBILITY_LENGTH',
    text: skill('compatibility: ""'),
    severity: 'error',
    line: 4,
    column: 16,
    field: 'compatibility',
  },
  {
    code: 'LICENSE_TYPE',
    text: skill('license: 2'),
    severity: 'error',
    line: 4,
    column: 10,
    field: 'license',
  },
  {
    code: 'METADATA_TYPE',
    text: skill('metadata:', '  version: 1.0'),
    severity: 'warning',
    line: 5,
    column: 12,
    field: 'metadata.version',
  },
  {
    code: 'ALLOWED_TOOLS_TYPE',
    text: skill('allowed-tools:', '  - Read', '  - Grep'),
    severity: 'warning',
    line: 5,
    column: 3,
    field: 'allowed-tools',
  },
  {
    code: 'UNKNOWN_FIELD',
    text: skill('  # a comment', 'authors: [me]'),
    severity: 'warning',
    line: 5,
    column: 1,
    field: 'authors',
  },
  {
    code: 'NOT_PORTABLE',
    text: skill('tags: [a, b]'),
    opts: { profile: 'spec' },
    severity: 'error',
    line: 4,
    column: 1,
    field: 'tags',
  },
  {
    code: 'FIELD_TYPE',
    text: skill('tags: [a, 3]'),
    severity: 'error',
    line: 4,
    column: 11,
    field: 'tags',
  },
  {
    code: 'INPUT_SCHEMA_INVALID',
    text: skill('input_schema:', '  type: object', '  required: yes'),
    severity: 'error',
    line: 4,
    column: 1,
    field: 'input_schema',
  },
  {
    code: 'SCHEMA_DEFAULT_INVALID',
    text: skill(
      'input_schema:',
      '  type: object',
      '  properties:',
      '    top:',
      '      type: integer',
      '      minimum: 1',
      '      default: 0',
    ),
    severity: 'warning',
    line: 10,
    column: 16,
    field: 'input_schema',
  },
  {
    code: 'OUTPUT_SCHEMA_INVALID',
    text: skill('output_schema: [1]'),
    severity: 'error',
    line: 4,
    column: 16,
    field: 'output_schema',
  },
  {
    code: 'ENTRYPOINT_OUTSIDE',
    text: skill('entrypoint: /usr/bin/env'),
    severity: 'error',
    line: 4,
    column: 13,
    field: 'entrypoint',
  },
  {
    code: 'TOPOLOGY_SYNTAX',
    text: skill('agents:', '  a: {instruct: hi}', 'topology: a >>> a'),
    severity: 'error',
    line: 6,
    column: 15,
    field: 'topology',
  },
  {
    code: 'TOPOLOGY_UNKNOWN_AGENT',
    text: skill('agents:', '  a: {instruct: hi}', 'topology:   a >> (a | bee)'),
    severity: 'error',
    line: 6,
    column: 23,
    field: 'topology',
  },
  {
    code: 'CREDENTIALS_IN_FILE',
    text: skill(
      'llm_config:',
      '  provider_name: anthropic',
      '  provider_credentials:',
      '    x: sk-1',
    ),
    severity: 'error',
    line: 6,
    column: 3,
    field: 'llm_config.provider_credentials',
  },
  {
    code: 'SKILL_BODY_OVERSIZE',
    text: md(
      '---',
      'name: demo',
      'description: d',
      '---',
      ...Array.from({ length: 501 }, (_, i) => `line ${i}`),
    ),
    severity: 'warning',
    line: 5,
    column: 1,
    field: null,
  },
];

describe('parseSkillMd: one diagnostic per code, with its exact position', () => {
  it.each(cases)('$code', ({ code, text, opts, severity, line, column, field }) => {
    expect(only(text, code, opts)).toMatchObject({ code, severity, line, column, field });
  });

  it('gives a clean valid skill no diagnostics', () => {
    const r = parseSkillMd(
      skill(
        'license: MIT',
        'compatibility: Needs git',
        'metadata:',
        '  author: me',
        'allowed-tools: Read Grep',
      ),
      {
        folderName: 'demo',
      },
    );
    expect(r.diagnostics).toEqual([]);
    expect(r.frontmatter).toMatchObject({
      name: 'demo',
      license: 'MIT',
      metadata: { author: 'me' },
    });
    expect(r.body).toBe('Body\n');
    expect(r.bodyStartLine).toBe(10);
    expect(r.keyPositions).toMatchObject({
      name: { line: 2, column: 1 },
      'allowed-tools': { line: 8, column: 1 },
    });
  });
});

describe('parseSkillMd: the registry helpers', () => {
  it('builds SKILL_MD_MISSING, SKILL_MD_CASE and SKILL_NAME_CONFLICT', () => {
    expect(skillMdMissingDiagnostic('demo')).toMatchObject({
      code: 'SKILL_MD_MISSING',
      severity: 'error',
      line: 1,
      column: 1,
    });
    expect(skillMdCaseDiagnostic('skill.md')).toMatchObject({
      code: 'SKILL_MD_CASE',
      severity: 'warning',
      line: 1,
      column: 1,
    });
    const at = parseSkillMd(skill()).keyPositions.name;
    expect(nameConflictDiagnostic('demo', ['/a/demo'], at)).toMatchObject({
      code: 'SKILL_NAME_CONFLICT',
      severity: 'error',
      line: 2,
      column: 1,
      field: 'name',
    });
    expect(nameConflictDiagnostic('demo', []).message).toContain('"demo"');
  });
});

describe('parseSkillMd: positions under CRLF and BOM', () => {
  const lf = skill('tags: [a, 3]', 'agents:', '  a: {instruct: hi}', 'topology: a >> zed');

  it('gives the same lines and columns for LF, CRLF and BOM+CRLF', () => {
    const expected = ['4:11 error FIELD_TYPE', '7:16 error TOPOLOGY_UNKNOWN_AGENT'];
    expect(codes(lf)).toEqual(expected);
    expect(codes(lf.replace(/\n/g, '\r\n'))).toEqual(expected);
    expect(codes('\uFEFF' + lf.replace(/\n/g, '\r\n'))).toEqual(['1:1 warning BOM', ...expected]);
  });

  it('keeps the body and its start line under CRLF', () => {
    const r = parseSkillMd('\uFEFF---\r\nname: demo\r\ndescription: d\r\n---\r\nBody\r\n');
    expect(r.body).toBe('Body\r\n');
    expect(r.bodyStartLine).toBe(5);
    expect(r.frontmatter).toEqual({ name: 'demo', description: 'd' });
  });
});

describe('parseSkillMd: the frontmatter', () => {
  it('keeps a --- inside a block scalar as text', () => {
    const r = parseSkillMd(
      md(
        '---',
        'name: demo',
        'description: |',
        '  first',
        '  ---',
        '  last',
        'license: 1',
        '---',
        'Body',
      ),
    );
    expect(r.frontmatter?.description).toBe('first\n---\nlast\n');
    expect(r.diagnostics.map((d) => `${d.line}:${d.column} ${d.code}`)).toEqual([
      '7:10 LICENSE_TYPE',
    ]);
    expect(r.bodyStartLine).toBe(9);
  });

  it('reports a list and a scalar frontmatter as not a mapping, at the value', () => {
    expect(only(md('---', '- a', '- b', '---'), 'FRONTMATTER_NOT_MAPPING')).toMatchObject({
      line: 2,
      column: 1,
    });
    expect(only(md('---', '', '  just text', '---'), 'FRONTMATTER_NOT_MAPPING')).toMatchObject({
      line: 3,
      column: 3,
    });
    expect(only(md('---', '# only a comment', '---'), 'FRONTMATTER_NOT_MAPPING')).toMatchObject({
      line: 1,
      column: 1,
    });
  });

  it('reports a duplicate key at the duplicate and keeps the map', () => {
    const r = parseSkillMd(md('---', 'name: demo', 'description: d', 'name: demo', '---'));
    expect(r.diagnostics).toEqual([
      expect.objectContaining({ code: 'FRONTMATTER_YAML', severity: 'error', line: 4, column: 1 }),
    ]);
    expect(r.frontmatter).toEqual({ name: 'demo', description: 'd' });
  });

  it('reports several YAML errors, and no "missing" noise for unreadable keys', () => {
    const r = parseSkillMd(md('---', 'name: [demo', 'description: "open', 'x: *nowhere', '---'));
    const yaml = r.diagnostics.filter((d) => d.code === 'FRONTMATTER_YAML');
    expect(yaml.length).toBeGreaterThanOrEqual(2);
    expect(
      r.diagnostics.some((d) => d.code === 'NAME_MISSING' || d.code === 'DESCRIPTION_MISSING'),
    ).toBe(false);
    expect(r.frontmatter).toBeNull();
  });

  it('checks no field a YAML syntax error falls in, and still checks the clean ones', () => {
    for (const profile of ['studio', 'spec'] as const) {
      // An unclosed flow list: yaml reads the name as a list, which is not a NAME_EMPTY.
      expect(codes(md('---', 'name: [invalid', 'description: ok', '---'), { profile })).toEqual([
        '2:7 error FRONTMATTER_YAML',
      ]);
      // An unquoted ": " turns the description into a map: no DESCRIPTION_EMPTY, but the
      // clean name before it is still checked against the folder.
      expect(
        codes(md('---', 'name: Demo', 'description: Use it: when needed', '---'), {
          profile,
          folderName: 'Demo',
        }),
      ).toEqual(['2:7 error NAME_NOT_LOWERCASE', '3:14 error FRONTMATTER_YAML']);
      // An unclosed quote swallows what follows: neither key is checked.
      expect(codes(md('---', 'name: "demo', 'description: 5', '---'), { profile })).toEqual([
        '2:7 error FRONTMATTER_YAML',
      ]);
    }
    // A clean key after the broken one is checked.
    expect(
      codes(md('---', 'name: demo', 'description: {open', 'version: 2', '---'), {}).map((c) =>
        c.replace(/^\S+ /, ''),
      ),
    ).toEqual(['error FRONTMATTER_YAML', 'error FIELD_TYPE']);
  });

  it('calls no topology agent unknown when the agents map could be unreadable', () => {
    const r = parseSkillMd(
      md('---', 'name: demo', 'description: d', 'agents: {a: [', 'topology: a >> b', '---'),
    );
    expect(r.diagnostics.map((d) => d.code)).not.toContain('TOPOLOGY_UNKNOWN_AGENT');
    expect(r.topology).not.toBeNull();
  });

  it('points an unresolved alias at the alias and still checks the other keys', () => {
    const r = parseSkillMd(
      md('---', 'name: demo', 'description: d', 'license: *nowhere', 'version: 2', '---'),
    );
    expect(r.diagnostics.map((d) => `${d.line}:${d.column} ${d.code}`)).toEqual([
      '4:10 FRONTMATTER_YAML',
      '5:10 FIELD_TYPE',
    ]);
    expect(r.frontmatter).toBeNull();
  });

  it('accepts flow collections', () => {
    const r = parseSkillMd(
      md('---', '{name: demo, description: "d", metadata: {a: b}, tags: [x, y]}', '---'),
      { folderName: 'demo' },
    );
    expect(r.diagnostics).toEqual([]);
    expect(r.frontmatter).toEqual({
      name: 'demo',
      description: 'd',
      metadata: { a: 'b' },
      tags: ['x', 'y'],
    });
  });

  it('treats a key named __proto__ as a plain key', () => {
    const r = parseSkillMd(skill('__proto__: {polluted: true}'));
    expect(r.frontmatter && Object.prototype.hasOwnProperty.call(r.frontmatter, '__proto__')).toBe(
      true,
    );
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(only(skill('__proto__: {polluted: true}'), 'UNKNOWN_FIELD')).toMatchObject({
      line: 4,
      column: 1,
    });
  });

  it('refuses an alias bomb with a diagnostic, not a hang', () => {
    const lines = ['---', 'name: demo', 'description: d', 'a0: &a0 [x, x, x, x, x, x, x, x, x, x]'];
    for (let i = 1; i < 10; i++)
      lines.push(
        `a${i}: &a${i} [${Array(10)
          .fill(`*a${i - 1}`)
          .join(', ')}]`,
      );
    lines.push('---');
    const r = parseSkillMd(md(...lines));
    expect(r.diagnostics.some((d) => d.code === 'FRONTMATTER_YAML')).toBe(true);
  });
});

describe('parseSkillMd: every problem is reported', () => {
  it('reports all bad keys and values of one file, sorted by position', () => {
    const text = md(
      '---',
      'name: Bad_Name',
      'description: ""',
      'license: [MIT]',
      'foo: 1',
      'bar: 2',
      'tags: [1, 2]',
      'max_turns: 0',
      'status: published',
      '---',
    );
    expect(codes(text)).toEqual([
      '2:7 error NAME_NOT_LOWERCASE',
      '2:7 error NAME_INVALID_CHARS',
      '3:14 error DESCRIPTION_EMPTY',
      '4:10 error LICENSE_TYPE',
      '5:1 warning UNKNOWN_FIELD',
      '6:1 warning UNKNOWN_FIELD',
      '7:8 error FIELD_TYPE',
      '7:11 error FIELD_TYPE',
      '8:12 error FIELD_TYPE',
      '9:9 error FIELD_TYPE',
    ]);
    const status = parseSkillMd(text).diagnostics.find((d) => d.line === 9);
    expect(status?.message).toContain('did you mean Published?');
  });
});

describe('parseSkillMd: profiles', () => {
  const text = skill(
    'metadata: {n: 1}',
    'allowed-tools: [Read]',
    'vendor-key: x',
    'tags: [a]',
    'argument-hint: "[x]"',
  );

  it('studio: extensions are fine, the rest warns', () => {
    expect(codes(text)).toEqual([
      '4:15 warning METADATA_TYPE',
      '5:16 warning ALLOWED_TOOLS_TYPE',
      '6:1 warning UNKNOWN_FIELD',
    ]);
  });

  it('spec: every key outside the core six is an error', () => {
    expect(codes(text, { profile: 'spec' })).toEqual([
      '4:15 error METADATA_TYPE',
      '5:16 error ALLOWED_TOOLS_TYPE',
      '6:1 error UNKNOWN_FIELD',
      '7:1 error NOT_PORTABLE',
      '8:1 error NOT_PORTABLE',
    ]);
  });

  it('suggests the key a near miss was meant to be, in both profiles', () => {
    const typo = skill('allowed_tools: Read', 'timeout-seconds: 5', 'author: me');
    const messages = (profile: 'studio' | 'spec') =>
      parseSkillMd(typo, { profile })
        .diagnostics.filter((d) => d.code === 'UNKNOWN_FIELD')
        .map((d) => `${d.line} ${d.severity} ${d.message}`);
    expect(messages('studio')).toEqual([
      '4 warning unknown frontmatter key "allowed_tools"; did you mean "allowed-tools"?',
      '5 warning unknown frontmatter key "timeout-seconds"; did you mean "timeout_seconds"?',
      '6 warning unknown frontmatter key "author"',
    ]);
    // Under spec an extension is no better than an unknown key: only portable keys are suggested.
    expect(messages('spec')).toEqual([
      '4 error unknown frontmatter key "allowed_tools"; did you mean "allowed-tools"?',
      '5 error unknown frontmatter key "timeout-seconds"',
      '6 error unknown frontmatter key "author"',
    ]);
  });

  it('allowed-tools that is neither a string nor a list of strings is an error in both', () => {
    expect(only(skill('allowed-tools: {a: b}'), 'ALLOWED_TOOLS_TYPE').severity).toBe('error');
  });

  it('metadata that is not a map', () => {
    expect(only(skill('metadata: text'), 'METADATA_TYPE')).toMatchObject({
      severity: 'warning',
      line: 4,
      column: 11,
      field: 'metadata',
    });
  });
});

describe('parseSkillMd: fences', () => {
  it('warns at each fence that is not exactly "---"', () => {
    const r = parseSkillMd('--- \nname: demo\ndescription: d\n---\t\nBody\n', {
      folderName: 'demo',
    });
    expect(r.frontmatter).toMatchObject({ name: 'demo' });
    expect(r.diagnostics.map((d) => [d.code, d.severity, d.line, d.column])).toEqual([
      ['FRONTMATTER_FENCE', 'warning', 1, 4],
      ['FRONTMATTER_FENCE', 'warning', 4, 4],
    ]);
  });
});

describe('parseSkillMd: names', () => {
  const nameCodes = (name: string, folderName?: string): string[] =>
    parseSkillMd(md('---', `name: ${JSON.stringify(name)}`, 'description: d', '---'), {
      folderName,
    }).diagnostics.map((d) => d.code);

  it('applies NFKC before every rule', () => {
    // Fullwidth letters become ASCII under NFKC.
    // Equal to the folder after NFKC, yet not ASCII as written: clients that compare
    // bytes see a different name, so the warning stays.
    expect(nameCodes('ｄｅｍｏ', 'demo')).toEqual(['NAME_NOT_ASCII']);
    expect(nameCodes('demo', 'ｄｅｍｏ')).toEqual([]);
    // ﬁ (one code point) becomes "fi": 64 characters after NFKC.
    expect(nameCodes('\uFB01' + 'a'.repeat(62))).toEqual(['NAME_NOT_ASCII']);
  });

  it('accepts lowercase letters of any script and caseless letters', () => {
    expect(nameCodes('データ-処理')).toEqual(['NAME_NOT_ASCII']);
    expect(nameCodes('ελληνικά')).toEqual(['NAME_NOT_ASCII']);
    expect(nameCodes('skill-2')).toEqual([]);
  });

  it('counts code points, not UTF-16 units', () => {
    // U+10428 DESERET SMALL LETTER LONG I: lowercase, astral, unchanged by NFKC.
    expect(nameCodes('\u{10428}'.repeat(64))).toEqual(['NAME_NOT_ASCII']);
    expect(nameCodes('\u{10428}'.repeat(65))).toEqual(['NAME_TOO_LONG']);
    expect(nameCodes('日'.repeat(64))).toEqual(['NAME_NOT_ASCII']);
    expect(nameCodes('日'.repeat(65))).toEqual(['NAME_TOO_LONG']);
  });

  it('reports each rule once, and NAME_NOT_ASCII only for an otherwise valid name', () => {
    expect(nameCodes('-Ünïcode--name ')).toEqual([
      'NAME_NOT_LOWERCASE',
      'NAME_HYPHEN_EDGE',
      'NAME_CONSECUTIVE_HYPHENS',
      'NAME_INVALID_CHARS',
    ]);
    expect(nameCodes('café', 'other')).toEqual(['NAME_DIR_MISMATCH', 'NAME_NOT_ASCII']);
  });

  it('says NAME_EMPTY for a name that is not a string', () => {
    expect(only(md('---', 'name: 42', 'description: d', '---'), 'NAME_EMPTY').message).toContain(
      'the number 42',
    );
  });
});

describe('parseSkillMd: extension fields', () => {
  it('asks for a quoted version rather than coercing a number', () => {
    const d = only(skill('version: 1.0'), 'FIELD_TYPE');
    expect(d).toMatchObject({ line: 4, column: 10, field: 'version' });
    expect(d.message).toContain('"1.0"');
    expect(codes(skill('version: "1.0"'))).toEqual([]);
  });

  it.each([
    ['timeout_seconds: 1.5', 'timeout_seconds', 18],
    ['max_turns: -1', 'max_turns', 12],
    ['category: [a]', 'category', 11],
    ['triggers: run it', 'triggers', 11],
    ['when_to_use: 3', 'when_to_use', 14],
    ['argument_hint: {}', 'argument_hint', 16],
    ['icon: 1', 'icon', 7],
    ['tools: read', 'tools', 8],
    ['toolkits: {}', 'toolkits', 11],
    ['arguments: 3', 'arguments', 12],
    ['input: [a]', 'input', 8],
    ['output: a', 'output', 9],
    ['eval: {}', 'eval', 7],
    ['skills: 3', 'skills', 9],
    ['disable-model-invocation: "yes"', 'disable-model-invocation', 27],
    ['user-invocable: 1', 'user-invocable', 17],
    ['argument-hint: [x]', 'argument-hint', 16],
    ['model: 4', 'model', 8],
    ['context: {}', 'context', 10],
    ['agent: []', 'agent', 8],
    ['hooks: x', 'hooks', 8],
    ['topology: 3', 'topology', 11],
    ['entrypoint: ""', 'entrypoint', 13],
  ])('FIELD_TYPE for %j', (line, field, column) => {
    expect(only(skill(line), 'FIELD_TYPE')).toMatchObject({
      severity: 'error',
      line: 4,
      column,
      field,
    });
  });

  it('accepts well-typed extension fields', () => {
    const text = skill(
      'version: 1.2.0',
      'tags: [a, b]',
      'category: tools',
      'triggers: [do it]',
      'when_to_use: Always.',
      'argument_hint: "{x}"',
      'timeout_seconds: 30',
      'max_turns: 4',
      'status: Created',
      'tools: [skill, {name: calculator}]',
      'toolkits: []',
      'icon: 🛠',
      'arguments: {x: 1}',
      'llm_config: {provider_name: openai, provider_config: {model: gpt-4o, max_tokens: 100}, is_default: true}',
      'input_schema: {type: object, properties: {x: {type: string, format: email}}}',
      'output_schema: {$schema: "https://json-schema.org/draft/2020-12/schema", type: object, prefixItems: [{type: string}]}',
      'input: {topic: str}',
      'output: {report: str}',
      'eval: [{prompt: p, expect: e}]',
      'disable-model-invocation: true',
      'user-invocable: false',
      'argument-hint: "[n]"',
      'model: sonnet',
      'context: fork',
      'agent: general-purpose',
      'hooks: {}',
    );
    expect(parseSkillMd(text).diagnostics).toEqual([]);
  });

  it('checks llm_config: provider_name, provider_config, and credentials at any depth', () => {
    expect(only(skill('llm_config: {}'), 'FIELD_TYPE')).toMatchObject({
      line: 4,
      column: 1,
      field: 'llm_config.provider_name',
    });
    expect(
      only(skill('llm_config: {provider_name: a, provider_config: 3}'), 'FIELD_TYPE'),
    ).toMatchObject({
      line: 4,
      column: 49,
      field: 'llm_config.provider_config',
    });
    const text = skill(
      'llm_config:',
      '  provider_name: openai',
      '  provider_config:',
      '    headers:',
      '      Authorization: Bearer abc',
      '    apiKey: k',
      '    api_key_env: OPENAI_API_KEY',
      '    max_tokens: 10',
      '    token: ${OPENAI_API_KEY}',
      '    secret: $HOME_SECRET',
      '  provider_credentials: {}',
    );
    const creds = parseSkillMd(text).diagnostics.filter((d) => d.code === 'CREDENTIALS_IN_FILE');
    expect(creds.map((d) => `${d.line}:${d.column} ${d.field}`)).toEqual([
      '8:7 llm_config.provider_config.headers.Authorization',
      '9:5 llm_config.provider_config.apiKey',
    ]);
  });

  it('checks agents entries', () => {
    const text = skill(
      'agents:',
      '  a: {instruct: hi, model: m, tools: [time], reads: [x], writes: y}',
      '  b: 3',
      '  c: {model: m}',
      '  d: {instruct: hi, reads: [1], writes: [z], tools: t}',
    );
    expect(codes(text)).toEqual([
      '6:6 error FIELD_TYPE',
      '7:3 error FIELD_TYPE',
      '8:29 error FIELD_TYPE',
      '8:41 error FIELD_TYPE',
      '8:53 error FIELD_TYPE',
    ]);
    expect(only(skill('agents: [a]'), 'FIELD_TYPE')).toMatchObject({
      line: 4,
      column: 9,
      field: 'agents',
    });
  });

  it('accepts a map of default arguments or a list of names', () => {
    expect(codes(skill('arguments: [a, b]'))).toEqual([]);
    expect(only(skill('arguments: [a, 1]'), 'FIELD_TYPE')).toMatchObject({ line: 4, column: 16 });
  });

  it('reports an input_schema that is not a map at its value, in the schema code', () => {
    expect(only(skill('input_schema: true'), 'INPUT_SCHEMA_INVALID')).toMatchObject({
      line: 4,
      column: 15,
    });
  });

  it('reports a schema ajv refuses with its message, and compiles each schema text once', () => {
    const d = only(
      skill('output_schema: {type: object, properties: {a: {minimum: x}}}'),
      'OUTPUT_SCHEMA_INVALID',
    );
    expect(d.message).toContain('must be number');
    // A $ref that leads nowhere is refused at compile time.
    expect(
      only(skill('input_schema: {$ref: "#/definitions/nope"}'), 'INPUT_SCHEMA_INVALID').message,
    ).toContain("can't resolve");
    // Two skills with one $id do not collide.
    const withId = skill('input_schema: {$id: "https://x.test/s", type: object}');
    expect(codes(withId)).toEqual([]);
    expect(codes(withId.replace('type: object', 'type: string'))).toEqual([]);
  });
});

describe('parseSkillMd: entrypoint', () => {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'skill-entry-')));
  mkdirSync(join(root, 'scripts'));
  writeFileSync(join(root, 'scripts', 'run.py'), 'print(1)\n');
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const checkPath = (rel: string): 'ok' | 'missing' | 'outside' => {
    const abs = resolve(root, rel);
    if (!existsSync(abs)) return 'missing';
    const r = relative(root, realpathSync(abs));
    return r.startsWith('..') || isAbsolute(r) ? 'outside' : 'ok';
  };

  it('accepts a file that exists inside the skill', () => {
    expect(codes(skill('entrypoint: scripts/run.py'), { checkPath })).toEqual([]);
    expect(codes(skill('entrypoint: ./scripts/run.py'), { checkPath })).toEqual([]);
  });

  it('reports ENTRYPOINT_MISSING for a file that does not exist', () => {
    expect(
      only(skill('entrypoint: scripts/nope.py'), 'ENTRYPOINT_MISSING', { checkPath }),
    ).toMatchObject({
      severity: 'error',
      line: 4,
      column: 13,
      field: 'entrypoint',
    });
  });

  it('reports ENTRYPOINT_OUTSIDE for .., absolute and backslash paths without asking checkPath', () => {
    const asked: string[] = [];
    const spy = (rel: string): 'ok' => {
      asked.push(rel);
      return 'ok';
    };
    for (const p of [
      '../x.py',
      'scripts/../../x.py',
      '/etc/passwd',
      'C:/x.py',
      'scripts\\run.py',
      '~/x.sh',
    ]) {
      expect(
        only(skill(`entrypoint: ${JSON.stringify(p)}`), 'ENTRYPOINT_OUTSIDE', { checkPath: spy })
          .line,
      ).toBe(4);
    }
    expect(asked).toEqual([]);
  });

  it('reports ENTRYPOINT_OUTSIDE when checkPath says the path escapes', () => {
    expect(
      only(skill('entrypoint: link.py'), 'ENTRYPOINT_OUTSIDE', { checkPath: () => 'outside' })
        .column,
    ).toBe(13);
  });
});

describe('parseSkillMd: topology', () => {
  const agents = ['agents:', '  researcher: {instruct: r}', '  writer: {instruct: w}'];

  it('returns the parsed topology', () => {
    const r = parseSkillMd(skill(...agents, 'topology: researcher >> writer * 2'));
    expect(r.diagnostics).toEqual([]);
    expect(r.topology).toEqual({
      type: 'sequence',
      steps: [
        { type: 'agent', name: 'researcher', column: 1 },
        { type: 'loop', body: { type: 'agent', name: 'writer', column: 15 }, times: 2 },
      ],
    });
  });

  it('maps columns through quoted and block scalars', () => {
    const q = skill(...agents, `topology: "researcher >> nobody * until(k == \\"v\\", max=2)"`);
    expect(only(q, 'TOPOLOGY_UNKNOWN_AGENT')).toMatchObject({ line: 7, column: 26 });
    const s = skill(...agents, `topology: 'researcher >> nobody'`);
    expect(only(s, 'TOPOLOGY_UNKNOWN_AGENT')).toMatchObject({ line: 7, column: 26 });
    const block = skill(...agents, 'topology: |', '  researcher', '    >> (writer | ghost)');
    expect(only(block, 'TOPOLOGY_UNKNOWN_AGENT')).toMatchObject({ line: 9, column: 18 });
    const folded = skill(...agents, 'topology: >-', '  researcher >>', '  ghost');
    expect(only(folded, 'TOPOLOGY_UNKNOWN_AGENT')).toMatchObject({ line: 9, column: 3 });
    const plain = skill(...agents, 'topology: researcher >>', '  ghost');
    expect(only(plain, 'TOPOLOGY_UNKNOWN_AGENT')).toMatchObject({ line: 8, column: 3 });
  });

  it('points a syntax error at the end of the expression when the expression is cut short', () => {
    expect(only(skill(...agents, 'topology: researcher >>  '), 'TOPOLOGY_SYNTAX')).toMatchObject({
      line: 7,
      column: 24,
    });
  });

  it('names every unknown agent when there is no agents map', () => {
    expect(codes(skill('topology: a | b'))).toEqual([
      '4:11 error TOPOLOGY_UNKNOWN_AGENT',
      '4:15 error TOPOLOGY_UNKNOWN_AGENT',
    ]);
  });

  it('accepts composed skill aliases as topology names', () => {
    expect(
      codes(skill('skills: {research: deep-research}', ...agents, 'topology: research >> writer')),
    ).toEqual([]);
  });

  it('does not pile unknown-agent errors on an agents value that is not a map', () => {
    expect(codes(skill('agents: [a]', 'topology: a >> b'))).toEqual(['4:9 error FIELD_TYPE']);
  });
});

describe('parseSkillMd: the body', () => {
  it('warns over 50 KB of UTF-8 even under 500 lines', () => {
    const body = 'é'.repeat(26 * 1024); // 52 KB in UTF-8, 26 K UTF-16 units
    const d = only(md('---', 'name: demo', 'description: d', '---', body), 'SKILL_BODY_OVERSIZE');
    expect(d).toMatchObject({ severity: 'warning', line: 5, column: 1 });
    expect(d.message).toContain('53,249 bytes'); // with the md() helper's final newline
  });

  it('does not warn at exactly 500 lines', () => {
    const text = md(
      '---',
      'name: demo',
      'description: d',
      '---',
      ...Array.from({ length: 500 }, () => 'x'),
    );
    expect(codes(text)).toEqual([]);
  });

  it('checks the body of a file without frontmatter too', () => {
    expect(codes('x\n'.repeat(600))).toEqual([
      '1:1 error FRONTMATTER_MISSING',
      '1:1 warning SKILL_BODY_OVERSIZE',
    ]);
  });
});

describe('parseSkillMd: tools nobody provides', () => {
  it('warns at each tools: entry the studio does not provide, by name or {name}', () => {
    expect(codes(skill('tools: [time, web_search, {name: browse}]'))).toEqual([
      '4:15 warning TOOL_UNKNOWN',
      '4:27 warning TOOL_UNKNOWN',
    ]);
    expect(only(skill('tools: [web_search]'), 'TOOL_UNKNOWN').message).toMatch(
      /"web_search".*skill, run_skill_script, time, calculator/,
    );
  });

  it("checks an agent's tools too, and stays quiet for the built-ins", () => {
    const agents = [
      'agents:',
      '  a:',
      '    instruct: Do it.',
      '    tools: [calculator, search]',
      'topology: a',
    ];
    expect(only(skill(...agents), 'TOOL_UNKNOWN').line).toBe(7);
    expect(codes(skill('tools: [skill, run_skill_script, time, calculator]'))).toEqual([]);
  });
});
