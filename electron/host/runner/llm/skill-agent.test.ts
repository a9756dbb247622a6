/**
 * The skill agent loop end to end through the A2E host: the bundled time-arithmetic
 * skill against a local Anthropic-wire server and a local OpenAI-wire server with
 * scripted turns (time → calculator → answer), the streamed events, the result and
 * its metadata; max_turns, provider errors, timeout, cancel, llm_override, no
 * provider, allowed-tools, run_skill_script in the sandbox; and no secret in any
 * output of a run.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { makeCallRequest } from '../../../../shared/protocol/messages';
import type { SkillCallResponse, SkillEvent } from '../../../../shared/protocol/a2e';
import type { SkillRecord } from '../../../../shared/skill/model';
import { frameworkSkillsDir } from '../../app-paths';
import { readSkillFolder } from '../../registry/scan';
import { loadProviderSet } from '../../providers';
import { checkLlmOverride } from '../../providers/llm-override';
import { approveAll } from '../../providers/test-support/approve-all';
import {
  anthropicTurn,
  openAiTurn,
  textDeltas,
  toolCallDeltas,
} from '../../providers/test-support/provider-wire';
import {
  startWireServer,
  type RecordedRequest,
  type Reply,
  type WireServer,
} from '../../providers/test-support/wire-server';
import { A2EHost } from '../a2e-host';
import { createSkillAgent } from './skill-agent';

const KEY = 'sk-ant-api03-SECRETSECRETSECRET-0123456789';
const NOW = new Date('2026-11-30T12:00:00Z'); // a Monday
let timeArithmetic: SkillRecord;
let scratch: string;
let server: WireServer | null = null;

beforeAll(async () => {
  timeArithmetic = await readSkillFolder(
    path.join(frameworkSkillsDir(), 'time-arithmetic'),
    'framework',
  );
  scratch = await mkdtemp(path.join(tmpdir(), 'skill-agent-'));
});
afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});
afterEach(async () => {
  await server?.close();
  server = null;
});

type Kind = 'anthropic' | 'openai-compatible';

function hostFor(
  providers: unknown[],
  records: SkillRecord[],
  env: NodeJS.ProcessEnv = { TEST_KEY: KEY },
): A2EHost {
  // The agent loop, not the approval, is under test here: the user approved these providers.
  const load = async () => approveAll(await loadProviderSet(providers, env, null), env);
  const host: A2EHost = new A2EHost({
    catalog: { get: (n) => records.find((r) => r.definition.name === n), list: () => records },
    agents: { agentAllows: () => true, agentExists: () => true },
    script: { sandbox: 'process', cgroups: false },
    llmRunner: createSkillAgent({
      providers: load,
      runScript: (ctx) => host.scriptExecutor.run(ctx),
      env,
      now: () => NOW,
      timeZone: 'UTC',
    }),
    approveLlmOverride: async (o) => checkLlmOverride(o, await load()),
    abortGraceMs: 2000,
  });
  return host;
}

function provider(
  kind: Kind,
  url: string,
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    id: kind === 'anthropic' ? 'claude' : 'local',
    kind,
    base_url: kind === 'anthropic' ? url : `${url}/v1`,
    model: 'test-model',
    api_key_env: 'TEST_KEY',
    ...extra,
  };
}

/** time → calculator → answer, in the wire format of `kind`. */
function timeArithmeticScript(kind: Kind): (req: RecordedRequest, n: number) => Reply {
  return (_req, n) => {
    if (kind === 'anthropic') {
      const turns = [
        anthropicTurn({
          text: ['Let me check the date.'],
          tools: [{ id: 'toolu_01', name: 'time', fragments: ['{"operation"', ': "now"}'] }],
          inputTokens: 900,
          outputTokens: 30,
          cacheRead: 100,
        }),
        anthropicTurn({
          tools: [
            { id: 'toolu_02', name: 'calculator', fragments: ['{"expression": "45 mod 7"}'] },
          ],
          inputTokens: 1000,
          outputTokens: 20,
        }),
        anthropicTurn({
          text: ['In 45 days it will be **Thursday**, ', '2027-01-14.'],
          inputTokens: 1100,
          outputTokens: 25,
        }),
      ];
      return { kind: 'sse', chunks: turns[Math.min(n, 2)] };
    }
    const turns = [
      openAiTurn({
        deltas: [
          ...textDeltas('Let me check the date.'),
          ...toolCallDeltas(0, 'call_1', 'time', ['{"operation":', '"now"}']),
        ],
        finishReason: 'tool_calls',
      }),
      openAiTurn({
        deltas: toolCallDeltas(0, 'call_2', 'calculator', ['{"expression":"45 mod 7"}']),
        finishReason: 'stop',
      }),
      openAiTurn({ deltas: textDeltas('In 45 days it will be **Thursday**, ', '2027-01-14.') }),
    ];
    return { kind: 'sse', chunks: turns[Math.min(n, 2)] };
  };
}

async function call(
  host: A2EHost,
  args: Record<string, unknown>,
  extra: Partial<Parameters<typeof makeCallRequest>[0]> = {},
  signal?: AbortSignal,
) {
  const events: SkillEvent[] = [];
  const resp = await host.call(
    makeCallRequest({ name: 'time-arithmetic', arguments: args, timeout: 30, ...extra }),
    null,
    (e) => events.push(e),
    signal,
  );
  return { resp, events };
}

function assertNoSecret(resp: SkillCallResponse, events: SkillEvent[]): void {
  const everything = JSON.stringify(resp) + JSON.stringify(events);
  expect(everything).not.toContain(KEY);
  expect(everything).not.toContain(KEY.slice(0, 20));
  expect(everything.toLowerCase()).not.toContain('authorization');
  expect(everything.toLowerCase()).not.toContain('bearer');
}

describe.each<Kind>(['anthropic', 'openai-compatible'])(
  'time-arithmetic end to end on %s',
  (kind) => {
    it('asks time, computes with calculator, answers; streams the transcript; reports model and usage', async () => {
      server = await startWireServer(timeArithmeticScript(kind));
      const host = hostFor([provider(kind, server.url)], [timeArithmetic]);
      const { resp, events } = await call(host, {
        question: 'What weekday is it 45 days from now?',
      });

      expect(resp.error).toBeNull();
      const r = resp.data!;
      expect(r.success).toBe(true);
      // The answer is the last turn's text; earlier turns' text stays in the transcript.
      expect(r.data).toEqual({ answer: 'In 45 days it will be **Thursday**, 2027-01-14.' });
      expect(r.summary).toBe('In 45 days it will be **Thursday**, 2027-01-14.');
      expect(r.metadata).toMatchObject({
        provider: kind === 'anthropic' ? 'claude' : 'local',
        turns: 3,
        max_turns: 6,
        stop_reason: 'end_turn',
      });
      const usage = (r.metadata as { usage: Record<string, number> }).usage;
      if (kind === 'anthropic')
        expect(usage).toEqual({
          input_tokens: 3000,
          output_tokens: 75,
          cache_read_input_tokens: 100,
          cache_creation_input_tokens: 0,
        });
      else expect(usage).toMatchObject({ input_tokens: 90, output_tokens: 36 });

      // The requests: system = SKILL.md body, user turn = the lone question, tools offered.
      const first = server.requests[0].json as Record<string, unknown>;
      const toolNames = (
        (first.tools as { name?: string; function?: { name: string } }[]) ?? []
      ).map((t) => t.name ?? t.function?.name);
      expect(toolNames).toEqual(['skill', 'time', 'calculator']);
      const firstText = JSON.stringify(first);
      expect(firstText).toContain('What weekday is it 45 days from now?');
      expect(firstText).toContain('# Time arithmetic');
      // The tool results went back to the model: the time tool saw the fixed Monday clock.
      const third = JSON.stringify(server.requests[2].json);
      expect(third).toContain('Monday');
      expect(third).toContain('\\"result\\":3');

      // The transcript: text chunks of response.md, tool calls as logs, a status per turn, progress.
      const artifact = events.filter((e) => e.kind === 'artifact');
      expect(
        artifact.every((e) => e.data.name === 'response.md' && e.data.mime === 'text/markdown'),
      ).toBe(true);
      expect(artifact.map((e) => e.data.chunk).join('')).toBe(
        'Let me check the date.\n\nIn 45 days it will be **Thursday**, 2027-01-14.',
      );
      expect(artifact.at(-1)?.data.final).toBe(true);
      const logs = events.filter((e) => e.kind === 'log').map((e) => String(e.data.message));
      expect(logs).toEqual([
        kind === 'anthropic' ? 'tool time {"operation": "now"}' : 'tool time {"operation":"now"}',
        expect.stringMatching(/^tool time → .*"weekday":"Monday"/),
        expect.stringMatching(/^tool calculator \{"expression": ?"45 mod 7"\}$/),
        'tool calculator → {"result":3}',
      ]);
      expect(events.filter((e) => e.kind === 'status').map((e) => e.data.message)).toEqual([
        expect.stringMatching(/^turn 1\/6/),
        expect.stringMatching(/^turn 2\/6/),
        expect.stringMatching(/^turn 3\/6/),
        'answered in 3 turns (end_turn)',
      ]);
      expect(events.filter((e) => e.kind === 'progress').map((e) => e.data.pct)).toEqual([
        0, 17, 33, 50,
      ]);
      assertNoSecret(resp, events);
    });

    it('max_turns reached → skill_error saying so, with the usage so far', async () => {
      server = await startWireServer(timeArithmeticScript(kind));
      const short = {
        ...timeArithmetic,
        definition: { ...timeArithmetic.definition, max_turns: 2 },
      };
      const host = hostFor([provider(kind, server.url)], [short]);
      const { resp } = await call(host, { question: 'q' });
      expect(resp.data).toMatchObject({ success: false, error_code: 'skill_error' });
      expect(resp.data?.error).toMatch(/all 2 turns \(max_turns\)/);
      expect(resp.data?.metadata).toMatchObject({ turns: 2, stop_reason: 'max_turns' });
    });

    it('401 → skill_error with what to fix, and no secret anywhere', async () => {
      server = await startWireServer([
        {
          kind: 'json',
          status: 401,
          body: { error: { type: 'authentication_error', message: `bad key ${KEY}` } },
        },
      ]);
      const host = hostFor([provider(kind, server.url)], [timeArithmetic]);
      const { resp, events } = await call(host, { question: 'q' });
      expect(resp.data).toMatchObject({ success: false, error_code: 'skill_error' });
      expect(resp.data?.error).toMatch(/refused the API key.*TEST_KEY|api_key_env/);
      assertNoSecret(resp, events);
    });

    it('a server that never answers → timeout, and the request is closed', async () => {
      server = await startWireServer([{ kind: 'hang' }]);
      const host = hostFor([provider(kind, server.url)], [timeArithmetic]);
      const { resp } = await call(host, { question: 'q' }, { timeout: 1 });
      expect(resp.data).toMatchObject({ success: false, error_code: 'timeout' });
      await server.clientClosedEarly;
    });

    it('cancel mid-stream → cancelled, and the server sees its connection closed', async () => {
      const chunks =
        kind === 'anthropic'
          ? anthropicTurn({ text: ['one', 'two'] }).slice(0, 4)
          : openAiTurn({ deltas: textDeltas('one', 'two') }).slice(0, 2);
      server = await startWireServer([{ kind: 'sse', chunks, holdOpen: true }]);
      const host = hostFor([provider(kind, server.url)], [timeArithmetic]);
      const controller = new AbortController();
      const events: SkillEvent[] = [];
      const pending = host.call(
        makeCallRequest({ name: 'time-arithmetic', arguments: { question: 'q' } }),
        null,
        (e) => {
          events.push(e);
          if (e.kind === 'artifact') controller.abort('cancelled');
        },
        controller.signal,
      );
      const resp = await pending;
      expect(resp.data).toMatchObject({ success: false, error_code: 'cancelled' });
      await server.clientClosedEarly;
    });
  },
);

describe('choosing the provider', () => {
  it('without any provider: skill_error that says how to add one', async () => {
    const host = hostFor([], [timeArithmetic]);
    const { resp } = await call(host, { question: 'q' });
    expect(resp.data).toMatchObject({ success: false, error_code: 'skill_error' });
    expect(resp.data?.error).toMatch(
      /no LLM provider is configured.*"providers" in skill-studio\.json.*skill-studio providers/,
    );
  });

  it('a missing key names the variable to set', async () => {
    const host = hostFor([provider('anthropic', 'http://127.0.0.1:9')], [timeArithmetic], {});
    const { resp } = await call(host, { question: 'q' });
    expect(resp.data?.error).toMatch(/environment variable TEST_KEY, which is not set/);
  });

  it('llm_override picks an approved provider and model', async () => {
    server = await startWireServer([
      { kind: 'sse', chunks: openAiTurn({ deltas: textDeltas('hi') }) },
    ]);
    const host = hostFor(
      [
        provider('anthropic', 'http://127.0.0.1:9', { default: true }),
        provider('openai-compatible', server.url, { models: ['other-model'] }),
      ],
      [timeArithmetic],
    );
    const { resp } = await call(
      host,
      { question: 'q' },
      {
        llm_override: {
          provider_name: 'local',
          provider_credentials: {},
          provider_config: { model: 'other-model' },
        },
      },
    );
    expect(resp.data).toMatchObject({ success: true, metadata: { provider: 'local' } });
    expect((server.requests[0].json as { model: string }).model).toBe('other-model');
  });

  it('llm_override: an unapproved provider, a model not allowed, or credentials → unauthorized, never echoed', async () => {
    const host = hostFor(
      [provider('openai-compatible', 'http://127.0.0.1:9', { models: ['a'] })],
      [timeArithmetic],
    );
    const unknown = await call(
      host,
      { question: 'q' },
      { llm_override: { provider_name: 'evil', provider_credentials: {} } },
    );
    expect(unknown.resp.error?.code).toBe('unauthorized');
    const model = await call(
      host,
      { question: 'q' },
      {
        llm_override: {
          provider_name: 'local',
          provider_credentials: {},
          provider_config: { model: 'b' },
        },
      },
    );
    expect(model.resp.error?.code).toBe('unauthorized');
    const secret = 'sk-proj-OVERRIDESECRET0123456789abcdef';
    for (const override of [
      { provider_name: 'local', provider_credentials: { api_key: secret } },
      { provider_name: 'local', provider_credentials: {}, provider_config: { api_key: secret } },
      {
        provider_name: 'local',
        provider_credentials: {},
        provider_config: { base_url: 'https://evil.example/v1' },
      },
    ]) {
      const { resp, events } = await call(host, { question: 'q' }, { llm_override: override });
      expect(resp.error?.code).toBe('unauthorized');
      expect(JSON.stringify(resp) + JSON.stringify(events)).not.toContain(secret);
      expect(JSON.stringify(resp)).not.toContain('evil.example');
    }
  });
});

describe('tools', () => {
  async function skillDir(
    name: string,
    frontmatter: string,
    files: Record<string, string> = {},
  ): Promise<SkillRecord> {
    const dir = path.join(scratch, name);
    await mkdir(path.join(dir, 'scripts'), { recursive: true });
    await writeFile(
      path.join(dir, 'SKILL.md'),
      `---\nname: ${name}\ndescription: Test skill.\n${frontmatter}---\nUse the tools.\n`,
    );
    for (const [rel, text] of Object.entries(files)) await writeFile(path.join(dir, rel), text);
    return readSkillFolder(dir, 'project');
  }

  it('allowed-tools limits what the model is offered (Claude Code names count)', async () => {
    const record = await skillDir('limited', 'allowed-tools: Read calculator\n', {
      'scripts/x.sh': 'echo hi\n',
    });
    server = await startWireServer([{ kind: 'sse', chunks: anthropicTurn({ text: ['ok'] }) }]);
    const host = hostFor([provider('anthropic', server.url)], [record]);
    await host.call(makeCallRequest({ name: 'limited', arguments: {} }), null);
    const tools = (server.requests[0].json as { tools: { name: string }[] }).tools.map(
      (t) => t.name,
    );
    expect(tools).toEqual(['skill', 'calculator']);
  });

  it('run_skill_script runs a script of the skill in the sandbox with arguments; the skill tool reads sidecars and refuses escapes', async () => {
    const record = await skillDir('scripted', '', {
      'scripts/echo.sh': 'echo "args: $*"\necho "to stderr" >&2\nexit 3\n',
      'notes.md': 'the notes',
    });
    server = await startWireServer([
      {
        kind: 'sse',
        chunks: anthropicTurn({
          tools: [
            {
              id: 't1',
              name: 'run_skill_script',
              fragments: ['{"script":"scripts/echo.sh","args":["a","b c"]}'],
            },
            { id: 't2', name: 'skill', fragments: ['{"action":"read","file":"notes.md"}'] },
            { id: 't3', name: 'skill', fragments: ['{"action":"read","file":"../../etc/passwd"}'] },
            { id: 't4', name: 'skill', fragments: ['{"action":"files"}'] },
          ],
        }),
      },
      { kind: 'sse', chunks: anthropicTurn({ text: ['done'] }) },
    ]);
    const host = hostFor([provider('anthropic', server.url)], [record]);
    const resp = await host.call(
      makeCallRequest({ name: 'scripted', arguments: { task: 'go' } }),
      null,
    );
    expect(resp.data?.success).toBe(true);
    const second = server.requests[1].json as { messages: { role: string; content: unknown }[] };
    expect(
      (server.requests[0].json as { messages: { content: unknown }[] }).messages[0].content,
    ).toBe('go');
    const results = second.messages.at(-1)!.content as {
      tool_use_id: string;
      content: string;
      is_error?: boolean;
    }[];
    const script = JSON.parse(results[0].content) as Record<string, unknown>;
    expect(script).toMatchObject({ exit_code: 3, stdout: 'args: a b c\n', stderr: 'to stderr\n' });
    expect(results[0].is_error).toBe(true);
    expect(results[1].content).toBe('the notes');
    expect(results[2]).toMatchObject({ is_error: true });
    expect(results[2].content).toMatch(/^error: /);
    expect(JSON.parse(results[3].content)).toEqual(
      expect.arrayContaining([{ path: 'notes.md', bytes: 9 }]),
    );
  });

  it('arguments that are not a lone string go in as JSON with the argument hint', async () => {
    server = await startWireServer([{ kind: 'sse', chunks: anthropicTurn({ text: ['ok'] }) }]);
    const other = {
      ...timeArithmetic,
      definition: { ...timeArithmetic.definition, input_schema: {} },
    };
    const host = hostFor([provider('anthropic', server.url)], [other]);
    await host.call(
      makeCallRequest({ name: 'time-arithmetic', arguments: { question: 'q', days: 3 } }),
      null,
    );
    const content = (server.requests[0].json as { messages: { content: string }[] }).messages[0]
      .content;
    expect(content).toContain('"days": 3');
    expect(content).toContain('What the arguments mean: A question in plain words');
  });
});
