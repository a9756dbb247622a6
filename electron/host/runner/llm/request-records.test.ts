/**
 * The studio's own agent loop records what it sent the model, as a client run's relay does
 * (`metadata.model_requests`): each turn's body is what the provider received, byte for
 * byte in its messages, read back by the "Sent to the model" view with the skill's body as
 * the system prompt and its tools; no key is in it; a run's records stay within their budget.
 */
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { makeCallRequest } from '../../../../shared/protocol/messages';
import type { ModelRequestRecord } from '../../../../shared/api/agent-clients';
import type { SkillRecord } from '../../../../shared/skill/model';
import { parseModelRequest } from '../../../../shared/agent-clients/sent-to-model';
import { frameworkSkillsDir } from '../../app-paths';
import { readSkillFolder } from '../../registry/scan';
import { loadProviderSet } from '../../providers';
import { approveAll } from '../../providers/test-support/approve-all';
import {
  anthropicTurn,
  openAiTurn,
  textDeltas,
  toolCallDeltas,
} from '../../providers/test-support/provider-wire';
import { startWireServer, type WireServer } from '../../providers/test-support/wire-server';
import { A2EHost } from '../a2e-host';
import { createSkillAgent } from './skill-agent';
import { RequestRecorder } from './request-records';
import type { ChatMessage, ProviderConfig } from '../../providers';

const KEY = 'sk-ant-api03-RECORDS-SECRET-0123456789abcdef';
let skill: SkillRecord;
let server: WireServer | null = null;

beforeAll(async () => {
  skill = await readSkillFolder(path.join(frameworkSkillsDir(), 'time-arithmetic'), 'framework');
});
afterEach(async () => {
  await server?.close();
  server = null;
});

type Kind = 'anthropic' | 'openai-compatible';

/** time → answer, in the wire format of `kind`. */
function turns(kind: Kind): string[][] {
  if (kind === 'anthropic')
    return [
      anthropicTurn({
        tools: [{ id: 'toolu_01', name: 'time', fragments: ['{"operation": "now"}'] }],
        inputTokens: 10,
        outputTokens: 5,
      }),
      anthropicTurn({ text: ['It is Monday.'], inputTokens: 20, outputTokens: 5 }),
    ];
  return [
    openAiTurn({
      deltas: toolCallDeltas(0, 'call_1', 'time', ['{"operation":"now"}']),
      finishReason: 'tool_calls',
    }),
    openAiTurn({ deltas: textDeltas('It is Monday.') }),
  ];
}

async function run(kind: Kind) {
  const script = turns(kind);
  server = await startWireServer((_req, n) => ({ kind: 'sse', chunks: script[Math.min(n, 1)] }));
  const env = { TEST_KEY: KEY };
  const providers = [
    {
      id: 'p',
      kind,
      base_url: kind === 'anthropic' ? server.url : `${server.url}/v1`,
      model: 'test-model',
      api_key_env: 'TEST_KEY',
    },
  ];
  const load = async () => approveAll(await loadProviderSet(providers, env, null), env);
  const host: A2EHost = new A2EHost({
    catalog: { get: () => skill, list: () => [skill] },
    agents: { agentAllows: () => true, agentExists: () => true },
    script: { sandbox: 'process', cgroups: false },
    llmRunner: createSkillAgent({
      providers: load,
      runScript: (ctx) => host.scriptExecutor.run(ctx),
      env,
      now: () => new Date('2026-11-30T12:00:00Z'),
      timeZone: 'UTC',
    }),
  });
  const resp = await host.call(
    makeCallRequest({
      name: 'time-arithmetic',
      arguments: { question: 'What day is it?' },
      timeout: 30,
    }),
    null,
    () => {},
  );
  expect(resp.data?.success).toBe(true);
  return (resp.data?.metadata?.model_requests ?? []) as ModelRequestRecord[];
}

describe.each<Kind>(['anthropic', 'openai-compatible'])('a model run on %s', (kind) => {
  it('records each turn as the provider received it, readable as sent to the model', async () => {
    const records = await run(kind);
    const got = server!.requests.filter((r) => r.method === 'POST');
    expect(records).toHaveLength(2);
    expect(got).toHaveLength(2);
    records.forEach((r, i) => {
      expect(r.index).toBe(i);
      expect(got[i].url).toContain(r.path);
      const sent = got[i].json as { messages: unknown; tools: unknown };
      const body = r.request.body as { messages: unknown; tools: unknown };
      expect(body.messages).toEqual(sent.messages);
      expect(body.tools).toEqual(sent.tools);
      expect(r.response?.status).toBe(200);
    });
    const last = parseModelRequest(records[1].path, records[1].request.body);
    expect(last.problem).toBeNull();
    expect(last.system).toContain(skill.body.trim().slice(0, 40));
    expect(last.tools.map((t) => t.name)).toEqual(expect.arrayContaining(['time', 'calculator']));
    expect(last.messages.map((m) => m.role)).toEqual(['user', 'tool_call', 'tool_result']);
    expect(JSON.stringify(records)).not.toContain(KEY);
  });
});

describe('RequestRecorder', () => {
  it('leaves out the bodies past its budget, saying so', () => {
    const rec = new RequestRecorder('anthropic', 300);
    const req = { model: 'm', system: 's', tools: [] };
    rec.start({ ...req, messages: [{ role: 'user', content: 'short' }] })({ error: 'boom' });
    rec.start({ ...req, messages: [{ role: 'user', content: 'x'.repeat(1000) }] });
    expect(rec.records[0]).toMatchObject({ error: 'boom', request: { truncated: false } });
    expect(rec.records[1].request.truncated).toBe(true);
    expect(rec.records[1].request.body).toMatch(/^\[left out: \d+ bytes/);
  });
});

describe('RequestRecorder bytes', () => {
  const tools = [
    { name: 'calc', description: 'Adds — «vite»', parameters: { type: 'object', properties: {} } },
  ];
  const conversation: ChatMessage[] = [
    { role: 'user', content: 'naïve “quotes” \u2028 and \\ slashes' },
    {
      role: 'assistant',
      text: 'thinking… ✓',
      toolCalls: [{ id: 'c1', name: 'calc', argumentsText: '{"a":"é"}' }],
    },
    {
      role: 'tool',
      results: [
        { id: 'c1', name: 'calc', content: '42 — 🙂', isError: false },
        { id: 'c2', name: 'calc', content: 'bad', isError: true },
      ],
    },
    { role: 'assistant', text: '', toolCalls: [] },
  ];

  it.each<ProviderConfig['kind']>(['anthropic', 'openai-compatible', 'gemini'])(
    'counts each %s body as the bytes of its JSON, turn after turn and agent after agent',
    (kind) => {
      const rec = new RequestRecorder(kind);
      // A second agent on the same recorder: another model, no instructions, no tools.
      const agents = [
        { model: 'mödel', system: 'Systém prompt', tools },
        { model: 'm2', system: '', tools: [] },
      ];
      for (const agent of agents) {
        for (let n = 0; n <= conversation.length; n++)
          rec.start({ ...agent, messages: conversation.slice(0, n) });
      }
      expect(rec.records).toHaveLength(2 * (conversation.length + 1));
      for (const r of rec.records)
        expect(r.request.bytes).toBe(Buffer.byteLength(JSON.stringify(r.request.body)));
    },
  );

  it('keeps a body that fills the budget to the byte, and leaves out the next', () => {
    const req = { model: 'm', system: 's', tools, messages: conversation };
    const exact = new RequestRecorder('openai-compatible');
    exact.start(req);
    const bytes = exact.records[0].request.bytes;
    const rec = new RequestRecorder('openai-compatible', bytes);
    rec.start(req);
    rec.start({ ...req, messages: conversation.slice(0, 1) });
    expect(rec.records[0].request.truncated).toBe(false);
    expect(rec.records[1].request.truncated).toBe(true);
  });
});
