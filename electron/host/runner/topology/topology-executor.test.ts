/**
 * Topology skills through the A2E host with a fake agent runner: `{key}` filling and a
 * missing state key, per-agent tools and model, a max_turns budget per agent run, the
 * input/output contract, and composed skills — a skill that chains two script skills
 * with `>>` (through the host: argument check, sandbox, allowlist, no deadlock on one
 * queue slot) and a cycle between skills refused at run time.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCallRequest } from '../../../../shared/protocol/messages';
import type { SkillResult } from '../../../../shared/protocol/a2e';
import type { SkillRecord } from '../../../../shared/skill/model';
import { topologyFieldsOf } from '../../../../shared/skill/topology-run';
import { readSkillFolder } from '../../registry/scan';
import { A2EHost } from '../a2e-host';
import type { AgentRunner, AgentSpec } from '../llm/skill-agent';
import type { LlmRunner } from '../llm-executor';
import { agentPolicy } from '../fixtures/fixture-catalog';

let scratch: string;

beforeAll(async () => {
  scratch = await mkdtemp(path.join(tmpdir(), 'topology-exec-'));
});
afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

async function skill(name: string, frontmatter: string, files: Record<string, string> = {}) {
  const dir = path.join(scratch, name);
  await mkdir(dir, { recursive: true });
  await writeFile(
    path.join(dir, 'SKILL.md'),
    `---\nname: ${name}\ndescription: ${name} test skill.\n${frontmatter}\n---\nBody.\n`,
  );
  for (const [rel, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dir, rel)), { recursive: true });
    await writeFile(path.join(dir, rel), text);
  }
  return readSkillFolder(dir, 'project');
}

/** A fake agent: answers with `answer(spec)`, recording every spec it was given. */
function fakeAgents(answer: (spec: AgentSpec) => string) {
  const specs: AgentSpec[] = [];
  const runAgent: AgentRunner = async (_ctx, spec) => {
    specs.push(spec);
    spec.turns.used++;
    return {
      success: true,
      data: { answer: answer(spec) },
      metadata: { usage: { input_tokens: 10, output_tokens: 5 } },
    };
  };
  const runner: LlmRunner = Object.assign(async () => ({ success: false }), { runAgent });
  return { runner, specs };
}

function hostOf(
  records: SkillRecord[],
  runner: LlmRunner | null,
  options: { concurrency?: number; allow?: Record<string, string[]> } = {},
) {
  return new A2EHost({
    catalog: { get: (n) => records.find((r) => r.definition.name === n), list: () => records },
    agents: agentPolicy(options.allow ?? {}),
    script: { sandbox: 'process', cgroups: false },
    llmRunner: runner,
    concurrency: options.concurrency,
    abortGraceMs: 2000,
  });
}

async function call(
  host: A2EHost,
  name: string,
  args: Record<string, unknown>,
  agent: string | null = null,
): Promise<SkillResult> {
  const resp = await host.call(makeCallRequest({ name, arguments: args, timeout: 60 }), agent);
  if (!resp.data) throw new Error(`transport error: ${JSON.stringify(resp.error)}`);
  return resp.data;
}

const TWO_AGENTS = `agents:
  researcher:
    instruct: "Research {topic}."
    writes: findings
    tools: [time]
    model: claude/fast
  writer:
    instruct: "Write from {findings}."
    reads: [findings]
    writes: brief
topology: researcher >> writer
input:
  topic: str
output:
  brief: str`;

describe('agents and state', () => {
  it('fills {key} from the state, passes each agent its tools and model, writes answers, returns exactly the output', async () => {
    const record = await skill('two-agents', TWO_AGENTS);
    const { runner, specs } = fakeAgents((spec) => `answer to: ${spec.instructions}`);
    const result = await call(hostOf([record], runner), 'two-agents', { topic: 'tides' });
    expect(result.success).toBe(true);
    expect(specs.map((s) => s.instructions)).toEqual([
      'Research tides.',
      'Write from answer to: Research tides..',
    ]);
    expect(specs[0]).toMatchObject({ tools: ['time'], model: 'claude/fast' });
    expect(specs[1]).toMatchObject({ tools: null, model: null });
    // A budget of its own for each agent run, of the skill's max_turns (default 10).
    expect(specs[0].turns).not.toBe(specs[1].turns);
    expect(specs.map((s) => s.turns)).toEqual([
      { used: 1, max: 10 },
      { used: 1, max: 10 },
    ]);
    expect(specs.map((s) => s.agent)).toEqual(['researcher', 'writer']);
    expect(result.data).toEqual({ brief: 'answer to: Write from answer to: Research tides..' });
    expect(result.summary).toBe('answer to: Write from answer to: Research tides..');
    const topo = (
      result.metadata as { topology: { state: Record<string, unknown>; steps: unknown[] } }
    ).topology;
    expect(Object.keys(topo.state).sort()).toEqual(['brief', 'findings', 'topic']);
    expect(topo.steps).toHaveLength(2);
    expect(result.metadata).toMatchObject({
      usage: { input_tokens: 20, output_tokens: 10 },
      turns: 2,
      turns_by_agent: { researcher: 1, writer: 1 },
    });
  });

  it('a missing state key is a skill_error naming the agent and the key', async () => {
    const record = await skill(
      'missing-key',
      `agents:
  writer:
    instruct: "Write from {outline}."
    writes: brief
topology: writer`,
    );
    const { runner, specs } = fakeAgents(() => 'x');
    const result = await call(hostOf([record], runner), 'missing-key', {});
    expect(result.success).toBe(false);
    expect(result.error_code).toBe('skill_error');
    expect(result.error).toBe(
      'writer: agent "writer" reads "outline", which no earlier step wrote and the arguments do not hold',
    );
    expect(specs).toHaveLength(0);
  });

  it('arguments must satisfy input: when there is no input_schema', async () => {
    const record = await skill(
      'typed-input',
      TWO_AGENTS.replace('topic: str', 'topic: str\n  depth: int'),
    );
    const { runner } = fakeAgents(() => 'x');
    const result = await call(hostOf([record], runner), 'typed-input', {
      topic: 'tides',
      depth: 'deep',
    });
    expect(result.success).toBe(false);
    expect(result.error).toBe(
      'the arguments do not fit the skill\'s input: input "depth" must be int, not a str',
    );
  });

  it('the final state must hold every output key; a JSON answer counts for a non-str type', async () => {
    const record = await skill(
      'scored',
      `agents:
  judge:
    instruct: Score it.
    writes: score
topology: judge
output:
  score: int
  verdict: str`,
    );
    const missing = await call(hostOf([record], fakeAgents(() => '7').runner), 'scored', {});
    expect(missing.success).toBe(false);
    expect(missing.error).toBe(
      'the run ended without the skill\'s output: output "verdict" (str) is missing',
    );

    const fits = await skill(
      'scored-ok',
      `agents:
  judge:
    instruct: Score it.
    writes: score
topology: judge
output:
  score: int`,
    );
    const ok = await call(hostOf([fits], fakeAgents(() => ' 7 ').runner), 'scored-ok', {
      extra: 1,
    });
    expect(ok.data).toEqual({ score: 7 });
  });

  it("max_turns is per agent run: the skill's, or the agent's own under agents:, again on each loop", async () => {
    const own = TWO_AGENTS.replace(
      '    writes: brief\n',
      '    writes: brief\n    max_turns: 5\n',
    ).replace('topology: researcher >> writer', 'topology: (researcher >> writer) * 2');
    const record = await skill('budget', `max_turns: 2\n${own}`);
    const { runner, specs } = fakeAgents(() => 'x');
    const result = await call(hostOf([record], runner), 'budget', { topic: 't' });
    expect(result.success).toBe(true);
    expect(specs.map((s) => [s.agent, s.turns])).toEqual([
      ['researcher', { used: 1, max: 2 }],
      ['writer', { used: 1, max: 5 }],
      ['researcher', { used: 1, max: 2 }],
      ['writer', { used: 1, max: 5 }],
    ]);
    expect(result.metadata).toMatchObject({
      turns: 4,
      turns_by_agent: { researcher: 2, writer: 2 },
    });
    expect(result.metadata).not.toHaveProperty('max_turns');
  });
});

const UPPER = `input_schema:
  type: object
  properties:
    text: { type: string }
  required: [text]
entrypoint: scripts/run.mjs`;
const UPPER_JS = `import { readFileSync } from 'node:fs';
const { arguments: a } = JSON.parse(readFileSync(0, 'utf8'));
process.stdout.write(JSON.stringify({ type: 'log', level: 'info', message: 'shouting' }) + '\\n');
process.stdout.write(JSON.stringify({ type: 'result', data: { shout: a.text.toUpperCase() } }) + '\\n');
`;
const EXCLAIM = `input_schema:
  type: object
  properties:
    shout: { type: string }
  required: [shout]
  additionalProperties: false
entrypoint: scripts/run.mjs`;
const EXCLAIM_JS = `import { readFileSync } from 'node:fs';
const { arguments: a } = JSON.parse(readFileSync(0, 'utf8'));
process.stdout.write(JSON.stringify({ type: 'result', data: { final: a.shout + '!' } }) + '\\n');
`;
const PIPELINE = `skills:
  first: upper
  second: exclaim
topology: first >> second
input:
  text: str
output:
  final: str`;

describe('composed skills', () => {
  let records: SkillRecord[];
  beforeAll(async () => {
    records = [
      await skill('upper', UPPER, { 'scripts/run.mjs': UPPER_JS }),
      await skill('exclaim', EXCLAIM, { 'scripts/run.mjs': EXCLAIM_JS }),
      await skill('pipeline', PIPELINE),
    ];
  });

  it('a skill chaining two skills with >> runs each through the host, state flowing between them', async () => {
    // One slot: the steps' calls must not wait for the slot their caller holds.
    const host = hostOf(records, null, { concurrency: 1 });
    const events: { kind: string; data: Record<string, unknown> }[] = [];
    const resp = await host.call(
      makeCallRequest({ name: 'pipeline', arguments: { text: 'hi' }, timeout: 60 }),
      null,
      (e) => events.push(e),
    );
    const result = resp.data!;
    expect(result.error).toBeUndefined();
    expect(result.success).toBe(true);
    expect(result.data).toEqual({ final: 'HI!' });
    expect(result.sandbox).toBeUndefined();
    const steps = (result.metadata as { topology: { steps: { node: string; outcome: string }[] } })
      .topology.steps;
    expect(steps.map((s) => [s.node, s.outcome])).toEqual([
      ['first@1', 'succeeded'],
      ['second@10', 'succeeded'],
    ]);
    // The callee's own events stream as the step's.
    const shouting = events.find((e) => e.data.message === 'shouting');
    expect(topologyFieldsOf(shouting!.data).step?.node).toBe('first@1');
  });

  it('a composed skill outside the calling agent’s allowlist is refused to the step (unauthorized)', async () => {
    const host = hostOf(records, null, { allow: { bot: ['pipeline', 'upper'] } });
    const result = await call(host, 'pipeline', { text: 'hi' }, 'bot');
    expect(result.success).toBe(false);
    expect(result.error).toBe(
      `second: skill "exclaim": agent "bot" may not use the skill "exclaim": it is not in the agent's allowed_skills in skill-studio.json`,
    );
  });

  it('the callee’s argument check still applies', async () => {
    const broken = await skill('pipeline-bad', PIPELINE.replace('first >> second', 'second'));
    const host = hostOf([...records, broken], null);
    const result = await call(host, 'pipeline-bad', { text: 'hi' });
    expect(result.success).toBe(false);
    expect(result.error).toMatch(/^second: skill "exclaim": .*shout/);
  });

  it('a cycle between skills is refused at run time, naming the chain', async () => {
    const a = await skill('loop-a', 'skills:\n  next: loop-b\ntopology: next');
    const b = await skill('loop-b', 'skills:\n  back: loop-a\ntopology: back');
    const result = await call(hostOf([a, b], null), 'loop-a', {});
    expect(result.success).toBe(false);
    expect(result.error).toBe(
      'next: skill "loop-b": back: calling "loop-a" would close a cycle between skills (loop-a → loop-b → loop-a); a skill cannot call itself, directly or through others',
    );
  });
});
