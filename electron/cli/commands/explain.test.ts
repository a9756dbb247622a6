/** `skill-studio explain`: agents, composed skills, wiring, contract, problems and Mermaid text. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempWorkspace, type TempWorkspace } from '../../test-support/temp-workspace';
import { runCliIn as cli } from '../../test-support/run-cli';
import type { TopologyExplanation } from './explain';

describe('skill-studio explain', () => {
  let ws: TempWorkspace;
  beforeEach(() => {
    ws = tempWorkspace();
    ws.addSkill('plain', 'name: plain\ndescription: An instruction skill.');
    ws.addSkill(
      'loop-a',
      'name: loop-a\ndescription: Calls b.\nskills: {next: loop-b}\ntopology: next\noutput: {x: str}',
    );
    ws.addSkill(
      'loop-b',
      'name: loop-b\ndescription: Calls a.\nskills: [loop-a]\ntopology: loop-a',
    );
  });
  afterEach(() => ws.cleanup());

  it('prints the bundled research-brief: agents, wiring, contract and a Mermaid flowchart', async () => {
    const r = await cli(ws.root, ['explain', 'research-brief']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(
      "  researcher: reads topic · writes findings · tools time · model (the call's)",
    );
    expect(r.stdout).toContain(
      '  writer: reads checked_findings, outline · writes brief · tools none',
    );
    expect(r.stdout).toContain(
      'Wiring\n  researcher >> (fact_checker | style_checker) >> writer\n',
    );
    expect(r.stdout).toContain('  input:  topic: str\n  output: brief: str\n');
    expect(r.stdout).toContain('  limits: max_turns 12 (each agent run)');
    expect(r.stdout).not.toContain('Problems');
    expect(r.stdout).toMatch(/Mermaid\nflowchart LR\n[\s\S]*researcher<br\/>→ findings/);
  });

  it('--json gives the same as data', async () => {
    const r = await cli(ws.root, ['explain', 'research-brief', '--json']);
    expect(r.code).toBe(0);
    const e = JSON.parse(r.stdout) as TopologyExplanation;
    expect(e.agents.map((a) => [a.name, a.writes, a.tools])).toEqual([
      ['researcher', 'findings', ['time']],
      ['fact_checker', 'checked_findings', []],
      ['style_checker', 'outline', []],
      ['writer', 'brief', []],
    ]);
    expect(e.contract).toEqual({
      input: [{ key: 'topic', type: 'str' }],
      output: [{ key: 'brief', type: 'str' }],
      input_schema: [{ key: 'topic', type: 'string', required: true }],
      output_schema: [],
    });
    expect(e.mermaid.startsWith('flowchart LR\n')).toBe(true);
    expect(e.problems).toEqual([]);
  });

  it('shows a contract declared as JSON Schema, as the topology template writes it', async () => {
    expect((await cli(ws.root, ['new', 'drafted', '--template', 'topology'])).code).toBe(0);
    const r = await cli(ws.root, ['explain', 'drafted']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('  input:  topic*: string (schema)\n  output: (none declared)\n');
  });

  it('names composed skills and a cycle between them as a problem', async () => {
    const r = await cli(ws.root, ['explain', 'loop-a']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Composed skills\n  next → loop-b\n');
    expect(r.stdout).toContain(
      'Problems\n  a cycle between skills: loop-a → loop-b → loop-a (refused when it runs)\n',
    );
    expect(r.stdout).toContain('skill: loop-b');
  });

  it('shows an agent’s own max_turns beside the skill’s, each for one agent run', async () => {
    ws.addSkill(
      'budgets',
      'name: budgets\ndescription: Two agents.\nmax_turns: 4\nagents:\n  a: {instruct: one, writes: x, max_turns: 7}\n  b: {instruct: two, writes: y}\ntopology: a >> b',
    );
    const r = await cli(ws.root, ['explain', 'budgets']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/ {2}a: .* · max_turns 7\n/);
    expect(r.stdout).not.toMatch(/ {2}b: .*max_turns/);
    expect(r.stdout).toContain('  limits: max_turns 4 (each agent run)');
    const json = JSON.parse(
      (await cli(ws.root, ['explain', 'budgets', '--json'])).stdout,
    ) as TopologyExplanation;
    expect(json.agents.map((a) => [a.name, a.max_turns])).toEqual([
      ['a', 7],
      ['b', null],
    ]);
  });

  it('a skill that is not a topology: exit 1 saying what it is', async () => {
    const r = await cli(ws.root, ['explain', 'plain']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('"plain" is an llm skill');
  });

  it('no name or an unknown one is a usage error', async () => {
    expect((await cli(ws.root, ['explain'])).code).toBe(2);
    expect((await cli(ws.root, ['explain', 'nope'])).code).toBe(2);
  });
});
