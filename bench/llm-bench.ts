/**
 * Model-run benchmarks (issue: run every skill), against a local server that speaks
 * each provider's wire format, every baseline measured in the same run:
 *  (h) a 20-turn scripted conversation (19 calculator calls, then the answer) through
 *      the A2E host and the skill agent loop, against the same 20 exchanges done raw:
 *      fetch POSTs each request body the studio sent (so the server does the same
 *      work) and reads the reply's bytes, nothing else; target ≤ 1.2×. The server
 *      runs in this process, so every cycle the studio spends shows in the ratio;
 *  (i) time to the first streamed text event (from the call, A2E setup included),
 *      minus the raw time to the first text byte of the same stream; target ≤ 20 ms;
 *  (j) host heap over a 100-turn run (after a GC): at turn 10, at turn 100, and what
 *      is left once the run is over. The server keeps nothing, so the heap is the
 *      host's: the run holds its events and its conversation until it ends, then
 *      nothing.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import Anthropic from '@anthropic-ai/sdk';
import { makeCallRequest } from '../shared/protocol/messages';
import type { SkillRecord } from '../shared/skill/model';
import { readSkillFolder } from '../electron/host/registry/scan';
import { A2EHost } from '../electron/host/runner/a2e-host';
import { createSkillAgent } from '../electron/host/runner/llm/skill-agent';
import { loadProviderSet } from '../electron/host/providers';
import { approveAll } from '../electron/host/providers/test-support/approve-all';
import {
  anthropicTurn,
  openAiTurn,
  textDeltas,
  toolCallDeltas,
} from '../electron/host/providers/test-support/provider-wire';
import {
  startWireServer,
  type Reply,
  type WireServer,
} from '../electron/host/providers/test-support/wire-server';
import { median, mib, ms, type Row } from './bench-util';

/** Signed KiB: a heap can also shrink. */
const kib = (bytes: number): string =>
  `${bytes < 0 ? '−' : '+'}${Math.abs(bytes / 1024).toFixed(0)} KiB`;

type Kind = 'anthropic' | 'openai-compatible';
const ROUNDS = Number(process.env.BENCH_LLM_ROUNDS ?? 5);
/** Text deltas per turn: a realistic few hundred tokens of streamed prose. */
const DELTAS = 60;

function turnReply(kind: Kind, n: number, lastTurn: number): Reply {
  const words = Array.from({ length: DELTAS }, (_, i) => `word${i} `);
  const final = n >= lastTurn - 1;
  if (kind === 'anthropic') {
    return {
      kind: 'sse',
      chunks: anthropicTurn(
        final
          ? { text: words }
          : {
              text: words,
              tools: [
                {
                  id: `toolu_${n}`,
                  name: 'calculator',
                  fragments: ['{"expression":', `"${n} * 2"}`],
                },
              ],
            },
      ),
    };
  }
  return {
    kind: 'sse',
    chunks: openAiTurn(
      final
        ? { deltas: textDeltas(...words) }
        : {
            deltas: [
              ...textDeltas(...words),
              ...toolCallDeltas(0, `call_${n}`, 'calculator', ['{"expression":', `"${n} * 2"}`]),
            ],
            finishReason: 'tool_calls',
          },
    ),
  };
}

async function makeSkill(root: string, maxTurns: number): Promise<SkillRecord> {
  const dir = path.join(root, 'skills', 'bench-llm');
  await mkdir(dir, { recursive: true });
  await writeFile(
    path.join(dir, 'SKILL.md'),
    `---\nname: bench-llm\ndescription: Benchmark model skill.\nmax_turns: ${maxTurns}\ntimeout_seconds: 600\n---\nCompute with the calculator, then answer.\n`,
  );
  return readSkillFolder(dir, 'project');
}

function hostFor(kind: Kind, server: WireServer, record: SkillRecord): A2EHost {
  const providers = [
    {
      id: 'bench',
      kind,
      base_url: kind === 'anthropic' ? server.url : `${server.url}/v1`,
      model: 'bench-model',
      api_key_env: 'BENCH_KEY',
    },
  ];
  const env = { BENCH_KEY: 'sk-bench-0000000000000000' };
  const host: A2EHost = new A2EHost({
    catalog: { get: () => record, list: () => [record] },
    agents: { agentAllows: () => true, agentExists: () => false },
    script: { sandbox: 'process' },
    llmRunner: createSkillAgent({
      // The bench's provider is one the user approved (the loop's cost is measured, not the approval).
      providers: async () => approveAll(await loadProviderSet(providers, env, null), env),
      runScript: (ctx) => host.scriptExecutor.run(ctx),
      env,
    }),
  });
  return host;
}

/**
 * The same exchanges done raw: POST each request body the studio sent, read every byte
 * of the reply; time to the first text byte too.
 */
async function rawConversation(
  kind: Kind,
  url: string,
  bodies: string[],
): Promise<{ total: number; firstByte: number }> {
  const endpoint = kind === 'anthropic' ? `${url}/v1/messages` : `${url}/v1/chat/completions`;
  const t0 = performance.now();
  let firstByte = -1;
  for (const body of bodies) {
    const res = await fetch(endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let seen = '';
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (firstByte < 0) {
        seen += decoder.decode(value, { stream: true });
        if (seen.includes('word0')) firstByte = performance.now() - t0;
      }
    }
  }
  return { total: performance.now() - t0, firstByte };
}

/**
 * The Anthropic floor: the same requests sent by the official SDK (as the studio sends
 * them), the replies read raw. What the SDK costs per request shows here, apart from
 * what the studio adds.
 */
async function sdkConversation(url: string, bodies: string[]): Promise<number> {
  const sdk = new Anthropic({
    apiKey: 'sk-bench-0000000000000000',
    baseURL: url,
    maxRetries: 0,
    logLevel: 'off',
  });
  const params = bodies.map((b) => JSON.parse(b) as Anthropic.MessageCreateParamsStreaming);
  const t0 = performance.now();
  for (const p of params) {
    const res = await sdk.messages.create(p).asResponse();
    const reader = res.body!.getReader();
    while (!(await reader.read()).done);
  }
  return performance.now() - t0;
}

async function hostedConversation(
  host: A2EHost,
): Promise<{ total: number; firstEvent: number; ok: boolean }> {
  const t0 = performance.now();
  let firstEvent = -1;
  const resp = await host.call(
    makeCallRequest({ name: 'bench-llm', arguments: { task: 'go' }, timeout: 600 }),
    null,
    (e) => {
      if (firstEvent < 0 && e.kind === 'artifact') firstEvent = performance.now() - t0;
    },
  );
  return { total: performance.now() - t0, firstEvent, ok: resp.data?.success === true };
}

export async function llmBench(): Promise<Row[]> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'skill-studio-llm-bench-'));
  const rows: Row[] = [];
  try {
    for (const kind of ['openai-compatible', 'anthropic'] as Kind[]) {
      // (h) and (i): 20 turns; the server restarts its script for each conversation.
      const record = await makeSkill(root, 25);
      let turn = 0;
      const server = await startWireServer(() => turnReply(kind, turn++ % 20, 20));
      const host = hostFor(kind, server, record);
      const raw: number[] = [];
      const hosted: number[] = [];
      const rawFirst: number[] = [];
      const hostedFirst: number[] = [];
      const sdkOnly: number[] = [];
      // The request bodies of the last conversation, for the raw replay.
      const bodies = (): string[] => server.requests.splice(0).map((r) => r.body);
      await hostedConversation(host); // warm up (SDK load, JIT)
      await rawConversation(kind, server.url, bodies());
      for (let i = 0; i < ROUNDS; i++) {
        turn = 0;
        const h = await hostedConversation(host);
        if (!h.ok) throw new Error(`the ${kind} conversation failed`);
        const sent = bodies();
        turn = 0;
        const r = await rawConversation(kind, server.url, sent);
        if (kind === 'anthropic') {
          turn = 0;
          sdkOnly.push(await sdkConversation(server.url, sent));
        }
        server.requests.length = 0;
        raw.push(r.total);
        rawFirst.push(r.firstByte);
        hosted.push(h.total);
        hostedFirst.push(h.firstEvent);
      }
      await server.close();
      const h = median(hosted);
      const b = median(raw);
      rows.push({
        what: `(h) 20-turn conversation, ${kind}, median of ${ROUNDS}`,
        figure: ms(h),
        baseline: `${ms(b)} same streams read raw`,
        ratio: `${(h / b).toFixed(2)}×`,
        target: '≤ 1.2×',
      });
      if (sdkOnly.length > 0) {
        const f = median(sdkOnly);
        rows.push({
          what: `(h) the same requests sent by the official SDK, replies read raw (the SDK's floor)`,
          figure: ms(f),
          baseline: `${ms(b)} same streams read raw`,
          ratio: `${(f / b).toFixed(2)}×`,
          target: 'the studio adds the rest',
        });
      }
      const hf = median(hostedFirst);
      const rf = median(rawFirst);
      rows.push({
        what: `(i) time to first streamed event, ${kind}`,
        figure: ms(hf),
        baseline: `${ms(rf)} raw first byte`,
        ratio: `${hf - rf < 0 ? '−' : '+'}${ms(Math.abs(hf - rf))}`,
        target: '≤ +20 ms',
      });
    }

    // (j) heap across a 100-turn run, and after it.
    const record = await makeSkill(root, 110);
    let turn = 0;
    const gc = (globalThis as { gc?: () => void }).gc;
    if (!gc) throw new Error('the heap figures need node --expose-gc (npm run bench passes it)');
    const heap = (): number => (gc(), process.memoryUsage().heapUsed);
    const samples: number[] = [];
    const server = await startWireServer(
      () => {
        const n = turn++;
        if (n === 10 || n === 99) samples.push(heap());
        return turnReply('openai-compatible', n, 100);
      },
      { record: false },
    );
    const host = hostFor('openai-compatible', server, record);
    await hostedConversation(host); // warm up, so the code's own heap is in every sample
    turn = 0;
    samples.length = 0;
    const before = heap();
    const res = await hostedConversation(host);
    const after = heap();
    await server.close();
    if (!res.ok) throw new Error('the 100-turn conversation failed');
    const [at10, at100] = samples;
    rows.push({
      what: '(j) host heap over a 100-turn run (60 text deltas + 1 tool call per turn)',
      figure: `${mib(at100)} at turn 100; ${kib(after - before)} once it is over`,
      baseline: `${mib(at10)} at turn 10; ${mib(before)} before the run`,
      ratio: `${kib((at100 - at10) / 90)}/turn`,
      target: 'bounded: the run holds its events and conversation, and nothing once over',
    });
  } finally {
    await rm(root, { recursive: true, force: true });
  }
  return rows;
}
