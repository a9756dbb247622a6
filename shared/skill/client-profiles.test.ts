/** One test per client rule: each must be able to fail on its own. */
import { describe, expect, it } from 'vitest';
import {
  checkForClient,
  CLIENT_IDS,
  CLIENT_PROFILES,
  portabilityCell,
  portabilityRow,
  type ClientId,
} from './client-profiles';
import { moveKeysUnderMetadata } from './client-fixes';
import { parseSkillMd } from './validate';

function skill(frontmatter: string, body = '# Body\n'): string {
  return `---\n${frontmatter}\n---\n${body}`;
}

const PLAIN = skill('name: pdf-tools\ndescription: Work with PDF files.');
const opts = { folderName: 'pdf-tools' };
const codes = (text: string, client: ClientId, o = opts) =>
  checkForClient(text, client, o).map((d) => `${d.severity}:${d.code}`);

describe('client profiles', () => {
  it('has one profile per client id of the CLI contract, each with a source', () => {
    expect(Object.keys(CLIENT_PROFILES).sort()).toEqual([...CLIENT_IDS].sort());
    for (const id of CLIENT_IDS) expect(CLIENT_PROFILES[id].sources.length).toBeGreaterThan(0);
  });

  it('a plain portable skill is ok everywhere', () => {
    for (const cell of portabilityRow(PLAIN, opts)) expect(cell.status, cell.client).toBe('ok');
  });

  it('spec is the spec profile exactly', () => {
    const text = skill('name: pdf-tools\ndescription: d\ntags: [a]');
    expect(checkForClient(text, 'spec', opts)).toEqual(
      parseSkillMd(text, { profile: 'spec', folderName: 'pdf-tools' }).diagnostics,
    );
  });

  it('claude-upload refuses keys outside the six, naming them and the line', () => {
    const text = skill('name: pdf-tools\ndescription: d\nwhen_to_use: often\nversion: "1"');
    const cell = portabilityCell(text, 'claude-upload', opts);
    expect(cell.status).toBe('fail');
    const refused = cell.reasons.filter((d) => d.severity === 'error');
    expect(refused.map((d) => [d.field, d.line])).toEqual([
      ['when_to_use', 4],
      ['version', 5],
    ]);
    expect(refused[0].message).toContain('accepts only name, description');
  });

  it('claude-upload refuses the reserved words in the name', () => {
    const text = skill('name: claude-helper\ndescription: d');
    expect(codes(text, 'claude-upload', { folderName: 'claude-helper' })).toContain(
      'error:NAME_RESERVED_WORD',
    );
    expect(codes(text, 'claude-code', { folderName: 'claude-helper' })).not.toContain(
      'error:NAME_RESERVED_WORD',
    );
  });

  it('claude-upload refuses angle brackets in the description', () => {
    const text = skill('name: pdf-tools\ndescription: "Reads <file> tags"');
    expect(codes(text, 'claude-upload')).toContain('error:DESCRIPTION_ANGLE_BRACKETS');
    expect(codes(text, 'spec')).not.toContain('error:DESCRIPTION_ANGLE_BRACKETS');
  });

  it('claude-code reads its own keys and ignores studio extensions (info)', () => {
    const text = skill(
      'name: pdf-tools\ndescription: d\ndisable-model-invocation: true\npaths: "*.pdf"\ntags: [a]',
    );
    const cell = portabilityCell(text, 'claude-code', opts);
    expect(cell.status).toBe('ok');
    expect(cell.reasons.map((d) => `${d.severity}:${d.code}:${d.field}`)).toEqual([
      'info:CLIENT_FIELD_IGNORED:tags',
    ]);
  });

  it('claude-code warns when description + when_to_use pass the listing cut', () => {
    const text = skill(
      `name: pdf-tools\ndescription: ${'a'.repeat(1000)}\nwhen_to_use: ${'b'.repeat(600)}`,
    );
    expect(codes(text, 'claude-code')).toContain('warning:CLIENT_LISTING_TRUNCATED');
    const short = skill(`name: pdf-tools\ndescription: ${'a'.repeat(1000)}\nwhen_to_use: b`);
    expect(codes(short, 'claude-code')).not.toContain('warning:CLIENT_LISTING_TRUNCATED');
  });

  it('a typo is still a warning where the client ignores unknown keys', () => {
    const text = skill('name: pdf-tools\ndescription: d\ndescriptoin: x');
    const d = checkForClient(text, 'opencode', opts).find((x) => x.code === 'UNKNOWN_FIELD');
    expect(d?.severity).toBe('warning');
    expect(d?.message).toContain('OpenCode ignores it');
  });

  it('an undocumented policy on unknown keys is a warning that says so', () => {
    const text = skill('name: pdf-tools\ndescription: d\ntags: [a]');
    const cell = portabilityCell(text, 'gemini-cli', opts);
    expect(cell.status).toBe('warn');
    expect(cell.reasons[0].message).toContain('uncertain');
  });

  it('codex caps metadata.short-description at 500', () => {
    const long = skill(
      `name: pdf-tools\ndescription: d\nmetadata:\n  short-description: ${'x'.repeat(501)}`,
    );
    expect(codes(long, 'codex')).toContain('error:CLIENT_LIMIT');
    const ok = skill(
      `name: pdf-tools\ndescription: d\nmetadata:\n  short-description: ${'x'.repeat(500)}`,
    );
    expect(codes(ok, 'codex')).not.toContain('error:CLIENT_LIMIT');
  });

  it('codex requires name and description', () => {
    expect(codes(skill('name: pdf-tools'), 'codex')).toContain('error:DESCRIPTION_MISSING');
  });

  it('copilot refuses uppercase names', () => {
    const text = skill('name: PDF-Tools\ndescription: d');
    expect(portabilityCell(text, 'copilot', { folderName: 'PDF-Tools' }).status).toBe('fail');
  });

  it.each(['cursor', 'gemini-cli', 'opencode', 'adk'] as const)(
    '%s requires the name to equal the folder',
    (client) => {
      expect(codes(PLAIN, client, { folderName: 'other' })).toContain('error:NAME_DIR_MISMATCH');
    },
  );

  it.each(['claude-code', 'codex', 'copilot'] as const)(
    '%s does not document name = folder: a warning',
    (client) => {
      expect(codes(PLAIN, client, { folderName: 'other' })).toContain('warning:NAME_DIR_MISMATCH');
    },
  );

  it('an error in a studio extension only matters to the studio elsewhere', () => {
    const text = skill('name: pdf-tools\ndescription: d\ntimeout_seconds: soon');
    const studio = parseSkillMd(text, opts).diagnostics.find((d) => d.field === 'timeout_seconds');
    expect(studio?.severity).toBe('error');
    const cc = checkForClient(text, 'claude-code', opts).find((d) => d.code === 'FIELD_TYPE');
    expect(cc?.severity).toBe('warning');
    expect(cc?.message).toContain('does not read "timeout_seconds"');
  });

  it('credentials in a file stay an error for every client', () => {
    const text = skill(
      'name: pdf-tools\ndescription: d\nllm_config:\n  provider_name: x\n  provider_config:\n    api_key: sk-live-123',
    );
    for (const c of CLIENT_IDS) {
      if (c === 'spec' || c === 'claude-upload') continue;
      expect(codes(text, c), c).toContain('error:CREDENTIALS_IN_FILE');
    }
  });
});

describe('the claude.ai quick fix', () => {
  const source = [
    '---',
    '# the skill',
    'name: pdf-tools',
    'description: Work with PDFs # short',
    '# studio only',
    'tags: [pdf, docs]',
    'timeout_seconds: 30',
    'metadata:',
    '  author: me',
    '---',
    '# Body',
    '',
  ].join('\n');

  it('moves the other keys under metadata as strings, keeping comments and order', () => {
    const fixed = moveKeysUnderMetadata(source, 'claude-upload');
    expect(fixed?.moved).toEqual(['tags', 'timeout_seconds']);
    const text = fixed?.text ?? '';
    expect(text).toContain('# the skill');
    expect(text).toContain('description: Work with PDFs # short');
    expect(text.endsWith('---\n# Body\n')).toBe(true);
    const parsed = parseSkillMd(text, { profile: 'spec', folderName: 'pdf-tools' });
    expect(parsed.diagnostics).toEqual([]);
    expect(parsed.frontmatter?.metadata).toEqual({
      author: 'me',
      tags: '["pdf","docs"]',
      timeout_seconds: '30',
    });
    expect(portabilityCell(text, 'claude-upload', { folderName: 'pdf-tools' }).status).toBe('ok');
  });

  it('does nothing for a client that ignores keys, or when nothing has to move', () => {
    expect(moveKeysUnderMetadata(source, 'claude-code')).toBeNull();
    expect(moveKeysUnderMetadata(PLAIN, 'claude-upload')).toBeNull();
  });

  it('creates metadata when there is none', () => {
    const fixed = moveKeysUnderMetadata(
      skill('name: pdf-tools\ndescription: d\nversion: 2'),
      'spec',
    );
    expect(fixed?.text).toBe(
      '---\nname: pdf-tools\ndescription: d\nmetadata:\n  version: "2"\n---\n# Body\n',
    );
  });

  it('never guesses on broken YAML', () => {
    expect(moveKeysUnderMetadata(skill('name: [x\ntags: a'), 'claude-upload')).toBeNull();
  });
});
