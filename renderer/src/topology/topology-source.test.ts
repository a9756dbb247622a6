import { describe, expect, it } from 'vitest';
import { placeholdersOf, readTopologySource } from './topology-source';

const SKILL = [
  '---',
  'name: brief',
  'description: A test topology.',
  'agents:',
  '  researcher:',
  '    instruct: Research {topic}.',
  '    writes: findings',
  '    tools: [web_search, { name: odd }]',
  '  writer:',
  '    instruct: |',
  '      Write from {findings} about {topic}.',
  '    reads: [findings]',
  '    writes: brief',
  '    model: claude-x',
  'topology: researcher >> writer',
  'input:',
  '  topic: str',
  'output:',
  '  brief: str',
  '---',
  '',
  '# Body',
].join('\n');

describe('readTopologySource', () => {
  it('reads the expression, the agents and the state keys', () => {
    const s = readTopologySource(SKILL);
    expect(s.yamlError).toBeNull();
    expect(s.expression).toBe('researcher >> writer');
    expect(s.parsed?.errors).toEqual([]);
    expect(s.agents).toEqual([
      {
        name: 'researcher',
        instruct: 'Research {topic}.',
        reads: [],
        writes: 'findings',
        tools: ['web_search'],
        model: null,
      },
      {
        name: 'writer',
        instruct: 'Write from {findings} about {topic}.\n',
        reads: ['findings'],
        writes: 'brief',
        tools: [],
        model: 'claude-x',
      },
    ]);
    expect(s.inputKeys).toEqual(['topic']);
    expect(s.outputKeys).toEqual(['brief']);
    expect(s.stateKeys).toEqual(['topic', 'findings', 'brief']);
  });

  it('maps a column of the expression to its place in the file', () => {
    const s = readTopologySource(SKILL);
    // "writer" is column 15 of the expression; the value starts at column 11 of line 15.
    expect(s.positionOf(15)).toEqual({ line: 15, column: 25 });
    const quoted = readTopologySource(
      SKILL.replace('topology: researcher >> writer', 'topology: "a >> (b"'),
    );
    expect(quoted.parsed?.errors[0].column).toBe(8);
    expect(quoted.positionOf(8)).toEqual({ line: 15, column: 19 });
  });

  it('reports a syntax error of the expression and a YAML error without throwing', () => {
    const bad = readTopologySource(
      SKILL.replace('researcher >> writer', 'researcher >> >> writer'),
    );
    expect(bad.parsed?.ast).toBeNull();
    expect(bad.parsed?.errors[0].column).toBe(15);
    const broken = readTopologySource(SKILL.replace('  writer:', '  writer: [unclosed'));
    expect(broken.yamlError).not.toBeNull();
    expect(readTopologySource('no frontmatter').yamlError).toMatch(/frontmatter/);
  });

  it('reads no topology from a skill without one', () => {
    const s = readTopologySource('---\nname: x\ndescription: y\n---\n');
    expect(s.expression).toBeNull();
    expect(s.parsed).toBeNull();
    expect(s.agents).toEqual([]);
  });
});

describe('placeholdersOf', () => {
  it('lists each {key} once, in order', () => {
    expect(placeholdersOf('From {a} and {b-c}, then {a}; not { x } or {1}.')).toEqual(['a', 'b-c']);
  });
});
