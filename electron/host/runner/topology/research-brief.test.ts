/**
 * The bundled research-brief topology end to end through the A2E host and the real agent
 * loop, against a local OpenAI-wire server that answers each agent by its instructions:
 * the researcher calls the studio's `time` tool, the checkers run as two branches, the
 * writer gets both of their answers; the events tie each step and state write to its
 * node; the result is exactly the output contract. Also: an agent's own model mapped
 * onto a configured provider, and an unknown one falling back with a warning; and the
 * limits: `max_turns` per agent run (the skill's, or the agent's own under `agents:`),
 * turns per agent in the progress and the result, the call's timeout over the whole run.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { makeCallRequest } from '../../../../shared/protocol/messages';
import type { SkillEvent } from '../../../../shared/protocol/a2e';
import type { SkillRecord } from '../../../../shared/skill/model';
import { topologyFieldsOf, type TopologyRunMetadata } from '../../../../shared/skill/topology-run';
import { frameworkSkillsDir } from '../../app-paths';
import { readSkillFolder } from '../../registry/scan';
import { loadProviderSet } from '../../providers';
import { openAiTurn, textDeltas, toolCallDeltas } from '../../providers/test-support/provider-wire';
import {
  startWireServer,
  type RecordedRequest,
  type Reply,
  type WireServer,
} from '../../providers/test-support/wire-server';
import { A2EHost } from '../a2e-host';
import { createSkillAgent } from '../llm/skill-agent';

let researchBrief: SkillRecord;
let scratch: string;
let server: WireServer | null = null;

beforeAll(async () => {
  researchBrief = await readSkillFolder(
    path.join(frameworkSkillsDir(), 'research-brief'),
    'framework',
  );
  scratch = await mkdtemp(path.join(tmpdir(), 'research-brief-'));
});
afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});
afterEach(async () => {
  await server?.close();
  server = null;
});

function hostFor(url: string, records: SkillRecord[], models: string[] = []): A2EHost {
  const providers = [
    { id: 'local', kind: 'openai-compatible', base_url: `${url}/v1`, model: 'm-default', models },
  ];
  return new A2EHost({
    catalog: { get: (n) => records.find((r) => r.definition.name === n), list: () => records },
    agents: { agentAllows: () => true, agentExists: () => true },
    script: { sandbox: 'process', cgroups: false },
    llmRunner: createSkillAgent({
      providers: () => loadProviderSet(providers, {}, null),
      runScript: () => Promise.resolve({ success: false }),
      env: {},
      now: () => new Date('2026-11-30T12:00:00Z'),
      timeZone: 'UTC',
    }),
    abortGraceMs: 2000,
  });
}

interface WireMessage {
  role: string;
  content?: string;
}
const systemOf = (req: RecordedRequest): string =>
  ((req.json as { messages: WireMessage[] }).messages[0]?.content as string) ?? '';
const toolNamesOf = (req: RecordedRequest): string[] =>
  ((req.json as { tools?: { function: { name: string } }[] }).tools ?? []).map(
    (t) => t.function.name,
  );
const answer = (text: string): Reply => ({
  kind: 'sse',
  chunks: openAiTurn({ deltas: textDeltas(text) }),
});

/** Answers each agent of research-brief by its instructions; the researcher uses `time` first. */
function researchBriefServer(req: RecordedRequest): Reply {
  const system = systemOf(req);
  const messages = (req.json as { messages: WireMessage[] }).messages;
  if (system.startsWith('Research ')) {
    if (messages.some((m) => m.role === 'tool'))
      return answer('1. The Moon drives most tidal range (NOAA, checked 2026-11-30).');
    return {
      kind: 'sse',
      chunks: openAiTurn({
        deltas: toolCallDeltas(0, 'call_1', 'time', ['{"operation":"now"}']),
        finishReason: 'tool_calls',
      }),
    };
  }
  if (system.startsWith('Check every claim')) return answer('1. supported.');
  if (system.startsWith('Propose')) return answer('Intro; causes; sources.');
  if (system.startsWith('Write a brief')) return answer('Tides follow the Moon [NOAA].');
  return { kind: 'json', status: 400, body: { error: { message: `unexpected: ${system}` } } };
}

describe('research-brief end to end', () => {
  it('runs every agent in order, the checkers as two branches, and returns the brief', async () => {
    server = await startWireServer(researchBriefServer);
    const host = hostFor(server.url, [researchBrief]);
    const events: SkillEvent[] = [];
    const resp = await host.call(
      makeCallRequest({ name: 'research-brief', arguments: { topic: 'tides' }, timeout: 60 }),
      null,
      (e) => events.push(e),
    );
    expect(resp.error).toBeNull();
    const result = resp.data!;
    expect(result.error).toBeUndefined();
    expect(result.success).toBe(true);
    expect(result.data).toEqual({ brief: 'Tides follow the Moon [NOAA].' });

    // Instructions filled from the state; each agent offered only its own tools.
    const bySystem = (prefix: string) =>
      server!.requests.filter((r) => systemOf(r).startsWith(prefix));
    expect(systemOf(bySystem('Research ')[0])).toContain('Research tides.');
    expect(toolNamesOf(bySystem('Research ')[0])).toEqual(['time']);
    expect(toolNamesOf(bySystem('Write a brief')[0])).toEqual([]);
    expect(systemOf(bySystem('Write a brief')[0])).toContain(
      'from 1. supported., following Intro; causes; sources.',
    );
    expect(server.requests).toHaveLength(5);

    const topo = result.metadata!.topology as TopologyRunMetadata;
    expect(topo.steps.map((s) => [s.node, s.branches, s.outcome])).toEqual(
      expect.arrayContaining([
        ['researcher@1', [], 'succeeded'],
        ['fact_checker@16', [0], 'succeeded'],
        ['style_checker@31', [1], 'succeeded'],
        ['writer@49', [], 'succeeded'],
      ]),
    );
    expect(topo.steps).toHaveLength(4);
    expect(topo.steps[0].tokens).toEqual({ input: 60, output: 24 });
    expect(topo.state).toMatchObject({ topic: 'tides', outline: 'Intro; causes; sources.' });

    // Every event after the start belongs to a step; the tool call is the researcher's.
    const fields = events.map((e) => ({ kind: e.kind, ...topologyFieldsOf(e.data) }));
    expect(fields.every((f) => f.step !== undefined)).toBe(true);
    const toolLog = events.find((e) => e.data.tool === 'time');
    expect(topologyFieldsOf(toolLog!.data).step?.node).toBe('researcher@1');
    expect(fields.filter((f) => f.state_write).map((f) => f.state_write!.key)).toEqual(
      expect.arrayContaining(['findings', 'checked_findings', 'outline', 'brief']),
    );
    expect(events.map((e) => e.seq)).toEqual(events.map((_e, i) => i));
  });
});

describe('research-brief cancelled', () => {
  it('a cancel while both checkers stream closes both requests at once; the writer never runs', async () => {
    let checkersAsked = 0;
    let bothAsked!: () => void;
    const asked = new Promise<void>((r) => (bothAsked = r));
    server = await startWireServer((req) => {
      const system = systemOf(req);
      if (system.startsWith('Check every claim') || system.startsWith('Propose')) {
        if (++checkersAsked === 2) bothAsked();
        return { kind: 'hang' };
      }
      return researchBriefServer(req);
    });
    const host = hostFor(server.url, [researchBrief]);
    const controller = new AbortController();
    const pending = host.call(
      makeCallRequest({ name: 'research-brief', arguments: { topic: 'tides' }, timeout: 60 }),
      null,
      undefined,
      controller.signal,
    );
    await asked;
    controller.abort();
    const result = (await pending).data!;
    expect(result).toMatchObject({ success: false, error_code: 'cancelled', cancelled: true });
    // Both hanging requests were closed by the client, not left to time out.
    await vi.waitFor(() => expect(server!.earlyCloses).toBe(2));
    expect(server.requests.some((r) => systemOf(r).startsWith('Write a brief'))).toBe(false);
    const steps = (result.metadata!.topology as TopologyRunMetadata).steps;
    expect(steps.filter((s) => s.branches.length === 1).map((s) => s.outcome)).toEqual([
      'cancelled',
      'cancelled',
    ]);
  });
});

describe('agent models', () => {
  async function oneAgent(name: string, model: string): Promise<SkillRecord> {
    const dir = path.join(scratch, name);
    await mkdir(dir, { recursive: true });
    await writeFile(
      path.join(dir, 'SKILL.md'),
      `---\nname: ${name}\ndescription: One agent.\nagents:\n  solo:\n    instruct: Say hi.\n    model: ${model}\n    writes: out\ntopology: solo\n---\n`,
    );
    return readSkillFolder(dir, 'project');
  }

  it('maps an agent’s model onto the provider that lists it', async () => {
    server = await startWireServer(() => answer('hi'));
    const record = await oneAgent('mapped-model', 'local/m-fast');
    const resp = await hostFor(server.url, [record], ['m-fast']).call(
      makeCallRequest({ name: 'mapped-model', arguments: {}, timeout: 30 }),
      null,
    );
    expect(resp.data?.success).toBe(true);
    expect((server.requests[0].json as { model: string }).model).toBe('m-fast');
  });

  it('an unknown model falls back to the call’s provider and model, with a warning', async () => {
    server = await startWireServer(() => answer('hi'));
    const record = await oneAgent('unknown-model', 'gpt-nowhere');
    const events: SkillEvent[] = [];
    const resp = await hostFor(server.url, [record]).call(
      makeCallRequest({ name: 'unknown-model', arguments: {}, timeout: 30 }),
      null,
      (e) => events.push(e),
    );
    expect(resp.data?.success).toBe(true);
    expect((server.requests[0].json as { model: string }).model).toBe('m-default');
    const warning = events.find((e) => e.kind === 'log' && e.data.level === 'warn');
    expect(warning?.data.message).toBe(
      'the model "gpt-nowhere" is not configured here; using m-default (local)',
    );
    expect(topologyFieldsOf(warning!.data).step?.node).toBe('solo@1');
  });
});

describe('limits', () => {
  /** A topology skill written to the scratch folder and read as the registry reads it. */
  async function topologySkill(name: string, frontmatter: string): Promise<SkillRecord> {
    const dir = path.join(scratch, name);
    await mkdir(dir, { recursive: true });
    await writeFile(
      path.join(dir, 'SKILL.md'),
      `---\nname: ${name}\ndescription: ${name} test topology.\n${frontmatter}\n---\n`,
    );
    return readSkillFolder(dir, 'project');
  }

  /** Four agents in a chain, each offered `time` and `calculator`; `extra[agent]` adds keys. */
  const chain = (extra: Record<string, string> = {}, head = ''): string =>
    [
      head,
      'agents:',
      ...['a', 'b', 'c', 'd'].flatMap((name, i) => [
        `  ${name}:`,
        `    instruct: "Agent ${name}: go on from {${i === 0 ? 'topic' : `out_${'abcd'[i - 1]}`}}."`,
        '    tools: [time, calculator]',
        `    writes: out_${name}`,
        ...(extra[name] ? [`    ${extra[name]}`] : []),
      ]),
      'topology: a >> b >> c >> d',
      'input: {topic: str}',
      'output: {out_d: str}',
    ].join('\n');

  /** Each agent calls `time`, then `calculator`, each in a turn of its own, then answers. */
  const twoToolCalls =
    (gapMs = 0) =>
    (req: RecordedRequest): Reply => {
      const agent = /^Agent (\w):/.exec(systemOf(req))?.[1] ?? '?';
      const done = (req.json as { messages: WireMessage[] }).messages.filter(
        (m) => m.role === 'tool',
      ).length;
      const deltas =
        done === 0
          ? toolCallDeltas(0, `call_${agent}1`, 'time', ['{"operation":"now"}'])
          : done === 1
            ? toolCallDeltas(0, `call_${agent}2`, 'calculator', ['{"expression":"6*7"}'])
            : textDeltas(`done by ${agent}`);
      const finishReason = done < 2 ? 'tool_calls' : undefined;
      return { kind: 'sse', chunks: openAiTurn({ deltas, finishReason }), gapMs };
    };

  const run = async (record: SkillRecord, timeout = 60) => {
    const events: SkillEvent[] = [];
    const resp = await hostFor(server!.url, [record]).call(
      makeCallRequest({ name: record.definition.name, arguments: { topic: 't' }, timeout }),
      null,
      (e) => events.push(e),
    );
    expect(resp.error).toBeNull();
    return { result: resp.data!, events };
  };

  it('max_turns is per agent: four agents of three turns each finish under the default 10', async () => {
    server = await startWireServer(twoToolCalls());
    const { result, events } = await run(await topologySkill('four-agents', chain()));
    expect(result.error).toBeUndefined();
    expect(result.success).toBe(true);
    expect(result.data).toEqual({ out_d: 'done by d' });
    expect(server.requests).toHaveLength(12);
    expect(result.metadata).toMatchObject({
      turns: 12,
      turns_by_agent: { a: 3, b: 3, c: 3, d: 3 },
    });
    // Progress counts each agent's own turns, names the agent, and is that agent's step.
    const progress = events
      .filter((e) => e.kind === 'progress')
      .map((e) => [topologyFieldsOf(e.data).step?.agent, e.data.message]);
    for (const agent of ['a', 'b', 'c', 'd'])
      expect(progress.filter(([who]) => who === agent)).toEqual([
        [agent, `${agent}: turn 0 of 10`],
        [agent, `${agent}: turn 1 of 10`],
        [agent, `${agent}: turn 2 of 10`],
        [agent, `${agent}: turn 3 of 10`],
      ]);
  });

  it('max_turns under agents: is that agent’s own, above or below the skill’s', async () => {
    server = await startWireServer(twoToolCalls());
    // The skill allows one turn; a, b and d may take three, c only two.
    const record = await topologySkill(
      'own-budgets',
      chain(
        { a: 'max_turns: 3', b: 'max_turns: 3', c: 'max_turns: 2', d: 'max_turns: 3' },
        'max_turns: 1',
      ),
    );
    expect(record.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const { result } = await run(record);
    expect(result.success).toBe(false);
    expect(result.error).toBe(
      'c: agent "c" used all 2 of its turns (max_turns) without a final answer; raise max_turns under agents.c or in the skill, or make its task smaller',
    );
    // d never ran: 3 + 3 + 2 requests.
    expect(server.requests).toHaveLength(8);
    expect(result.metadata).toMatchObject({ turns: 8, turns_by_agent: { a: 3, b: 3, c: 2 } });
    const steps = (result.metadata!.topology as TopologyRunMetadata).steps;
    expect(steps.map((s) => [s.agent, s.outcome])).toEqual([
      ['a', 'succeeded'],
      ['b', 'succeeded'],
      ['c', 'failed'],
    ]);
  });

  it('the call’s timeout bounds the whole run, though each agent alone would finish in time', async () => {
    // About 0.5 s a turn: one agent needs 1.5 s, the chain 6 s; the call has 2.5 s.
    server = await startWireServer(twoToolCalls(100));
    const started = Date.now();
    const { result } = await run(await topologySkill('slow-chain', chain()), 2.5);
    expect(result.success).toBe(false);
    expect(result.error_code).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(6000);
    expect(server.requests.length).toBeLessThan(12);
  });
});
