import { describe, expect, it } from 'vitest';
import { formatTopology, parseTopology, type TopologyNode } from '../../../shared/skill/topology';
import {
  addAgent,
  agentNameProblem,
  listFromInput,
  removeAgent,
  setAgentField,
  setTopologyExpression,
  withoutAgent,
} from './agents-edit';
import { readTopologySource } from './topology-source';

const SKILL = [
  '---',
  'name: brief # the folder name',
  'description: A test topology.',
  'agents:',
  '  researcher:',
  '    instruct: Research {topic}.',
  '    writes: findings',
  '  writer:',
  '    instruct: |',
  '      Write from {findings}.',
  '    reads: [findings]',
  '    writes: brief # the answer',
  'topology: researcher >> writer',
  '---',
  '',
  '# Body stays',
  '',
].join('\n');

function ok(r: { ok: true; text: string } | { ok: false; error: string }): string {
  if (!r.ok) throw new Error(r.error);
  return r.text;
}

describe('addAgent', () => {
  it('adds an agent and wires it at the end, keeping comments and the body', () => {
    const text = ok(addAgent(SKILL, 'editor'));
    const src = readTopologySource(text);
    expect(src.agents.map((a) => a.name)).toEqual(['researcher', 'writer', 'editor']);
    expect(src.agents[2]).toMatchObject({
      instruct: 'Describe what editor does.',
      writes: 'editor',
    });
    expect(src.expression).toBe('researcher >> writer >> editor');
    expect(text).toContain('name: brief # the folder name');
    expect(text.endsWith('---\n\n# Body stays\n')).toBe(true);
  });

  it('wraps a top-level fallback before appending', () => {
    const text = ok(addAgent(SKILL.replace('researcher >> writer', 'researcher // writer'), 'x'));
    expect(readTopologySource(text).expression).toBe('(researcher // writer) >> x');
  });

  it('declares an agent the topology already names without wiring it twice', () => {
    const text = ok(
      addAgent(SKILL.replace('researcher >> writer', 'researcher >> (writer | critic)'), 'critic'),
    );
    expect(readTopologySource(text).expression).toBe('researcher >> (writer | critic)');
    expect(readTopologySource(text).agents.map((a) => a.name)).toContain('critic');
  });

  it('makes the first agent the topology of a skill that has none', () => {
    const bare = '---\nname: x\ndescription: y\n---\nBody\n';
    const text = ok(addAgent(bare, 'solo'));
    expect(readTopologySource(text).expression).toBe('solo');
    expect(readTopologySource(text).agents.map((a) => a.name)).toEqual(['solo']);
  });

  it('refuses a name the topology cannot name or that exists', () => {
    expect(agentNameProblem(SKILL, 'writer')).toMatch(/exists/);
    expect(agentNameProblem(SKILL, '1st')).toMatch(/Letters/);
    expect(agentNameProblem(SKILL, 'until')).toMatch(/syntax/);
    expect(agentNameProblem(SKILL, 'fresh_one')).toBeNull();
    expect(addAgent(SKILL, 'a b').ok).toBe(false);
  });

  it('refuses to touch a frontmatter that does not parse', () => {
    const broken = SKILL.replace('  writer:', '  writer: [oops');
    const r = addAgent(broken, 'x');
    expect(r.ok).toBe(false);
  });
});

describe('removeAgent', () => {
  it('removes the agent and its leaf in the topology', () => {
    const text = ok(removeAgent(SKILL, 'researcher'));
    const src = readTopologySource(text);
    expect(src.agents.map((a) => a.name)).toEqual(['writer']);
    expect(src.expression).toBe('writer');
  });

  it('takes a branch out of a | and an option out of a //', () => {
    const ast = (e: string) => parseTopology(e).ast as TopologyNode;
    const drop = (e: string, n: string) => {
      const r = withoutAgent(ast(e), n);
      return r ? formatTopology(r) : null;
    };
    expect(drop('a >> (b | c) >> d', 'b')).toBe('a >> c >> d');
    expect(drop('(a // b) * 3', 'a')).toBe('b * 3');
    expect(drop('a * until(k == "v", max=2)', 'a')).toBeNull();
  });
});

describe('setAgentField', () => {
  it('sets each field and removes an emptied optional one', () => {
    let text = ok(setAgentField(SKILL, 'writer', 'model', 'claude-x'));
    text = ok(setAgentField(text, 'writer', 'tools', ['web_search', 'calculator']));
    text = ok(setAgentField(text, 'writer', 'reads', []));
    text = ok(setAgentField(text, 'writer', 'instruct', 'Write it.\nCite {findings}.\n'));
    const w = readTopologySource(text).agents[1];
    expect(w).toEqual({
      name: 'writer',
      instruct: 'Write it.\nCite {findings}.\n',
      reads: [],
      writes: 'brief',
      tools: ['web_search', 'calculator'],
      model: 'claude-x',
    });
    expect(text).toContain('    tools:\n      - web_search\n      - calculator\n');
    expect(text).not.toContain('reads:');
    // Only the edited keys' lines change: a comment beside another key stays.
    expect(text).toContain('    writes: brief # the answer\n');
  });

  it('keeps the flow style of a list it rewrites', () => {
    const text = ok(setAgentField(SKILL, 'writer', 'reads', ['findings', 'outline']));
    expect(text).toContain('    reads: [findings, outline]\n');
  });
});

describe('setTopologyExpression', () => {
  it('writes the expression as typed, even one that does not parse yet', () => {
    const text = ok(setTopologyExpression(SKILL, 'researcher >> (writer'));
    expect(readTopologySource(text).expression).toBe('researcher >> (writer');
    expect(readTopologySource(text).parsed?.errors).toHaveLength(1);
  });
});

describe('listFromInput', () => {
  it('splits on commas and spaces, once each', () => {
    expect(listFromInput(' a, b  c,,a ')).toEqual(['a', 'b', 'c']);
  });
});
