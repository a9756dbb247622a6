import { describe, expect, it } from 'vitest';
import { a2eSource, skillKind, skillStatus, toSkillDefinition } from './definition';
import { parseSkillMd } from './validate';

const ctx = { source: 'project' as const, filePath: '/skills/demo/SKILL.md', dirName: 'demo' };

describe('toSkillDefinition', () => {
  it('fills every required field with a default', () => {
    expect(toSkillDefinition(null, 'Body', ctx)).toEqual({
      name: 'demo',
      version: '0.0.0',
      description: '',
      triggers: [],
      status: 'Published',
      input_schema: {},
      output_schema: {},
      instructions: 'Body',
      file_path: '/skills/demo/SKILL.md',
      llm_config: null,
      arguments: {},
      when_to_use: '',
      argument_hint: '',
      source: 'project',
      category: null,
      tags: null,
      max_turns: null,
      timeout_seconds: null,
      icon: null,
      metadata: null,
      tools: null,
      toolkits: null,
    });
  });

  it('takes the frontmatter values, and when_to_use defaults to the description', () => {
    const { frontmatter, body } = parseSkillMd(
      [
        '---',
        'name: demo',
        'description: " Adds numbers. "',
        'version: "1.2.0"',
        'triggers: [add]',
        'tags: [math]',
        'category: tools',
        'status: Created',
        'max_turns: 3',
        'timeout_seconds: 10',
        'icon: "➕"',
        'metadata: {author: me}',
        'arguments: {a: 1}',
        'tools: [calculator]',
        'toolkits: [math]',
        'argument-hint: "[a] [b]"',
        'input_schema: {type: object}',
        'output_schema: {type: number}',
        '---',
        '# Add',
      ].join('\n'),
    );
    const def = toSkillDefinition(frontmatter, body, { ...ctx, source: 'user' });
    expect(def).toMatchObject({
      name: 'demo',
      version: '1.2.0',
      description: 'Adds numbers.',
      when_to_use: 'Adds numbers.',
      triggers: ['add'],
      tags: ['math'],
      category: 'tools',
      status: 'Created',
      max_turns: 3,
      timeout_seconds: 10,
      icon: '➕',
      metadata: { author: 'me' },
      arguments: { a: 1 },
      tools: ['calculator'],
      toolkits: ['math'],
      argument_hint: '[a] [b]',
      input_schema: { type: 'object' },
      output_schema: { type: 'number' },
      instructions: '# Add',
      source: 'user',
    });
  });

  it('prefers argument_hint over argument-hint, and when_to_use over the description', () => {
    const def = toSkillDefinition(
      { description: 'd', when_to_use: 'w', argument_hint: 'snake', 'argument-hint': 'kebab' },
      '',
      ctx,
    );
    expect(def.argument_hint).toBe('snake');
    expect(def.when_to_use).toBe('w');
  });

  it('never copies credentials from the file', () => {
    const def = toSkillDefinition(
      {
        llm_config: {
          provider_name: 'openai',
          provider_credentials: { api_key: 'sk-1' },
          provider_config: { model: 'gpt-4o' },
          is_default: true,
        },
      },
      '',
      ctx,
    );
    expect(def.llm_config).toEqual({
      provider_name: 'openai',
      provider_credentials: {},
      provider_config: { model: 'gpt-4o' },
      is_default: true,
    });
  });

  it('drops values of the wrong type instead of passing them on', () => {
    const def = toSkillDefinition(
      {
        name: 3,
        version: 1,
        triggers: 'x',
        tags: [1],
        status: 'published',
        max_turns: 0,
        timeout_seconds: '5',
        input_schema: [],
        metadata: 'x',
        llm_config: { provider_config: {} },
      },
      '',
      ctx,
    );
    expect(def).toMatchObject({
      name: 'demo',
      version: '0.0.0',
      triggers: [],
      tags: null,
      status: 'Published',
      max_turns: null,
      timeout_seconds: null,
      input_schema: {},
      metadata: null,
      llm_config: null,
    });
  });

  it('maps sources to A2E origins', () => {
    expect(a2eSource('project')).toBe('project');
    expect(a2eSource('user')).toBe('user');
    expect(a2eSource('framework')).toBe('system');
    expect(a2eSource('plugin')).toBe('system');
    expect(toSkillDefinition(null, '', { ...ctx, source: 'plugin', filePath: null }).source).toBe(
      'system',
    );
  });
});

describe('skillKind and skillStatus', () => {
  it('tells script, topology and llm skills apart', () => {
    expect(skillKind({ entrypoint: 'scripts/run.py', agents: {}, topology: 'a' })).toBe('script');
    expect(skillKind({ agents: { a: { instruct: 'x' } }, topology: 'a' })).toBe('topology');
    expect(skillKind({ skills: { r: 'research' }, topology: 'r' })).toBe('topology');
    expect(skillKind({ skills: ['research'], topology: 'research' })).toBe('topology');
    expect(skillKind({ agents: { a: { instruct: 'x' } } })).toBe('llm');
    expect(skillKind({ topology: 'a' })).toBe('llm');
    expect(skillKind({ entrypoint: '  ' })).toBe('llm');
    expect(skillKind(null)).toBe('llm');
  });

  it('defaults the status to Published and keeps a valid one', () => {
    expect(skillStatus(null)).toBe('Published');
    expect(skillStatus({ status: 'Archived' })).toBe('Archived');
    expect(skillStatus({ status: 'archived' })).toBe('Published');
  });
});
