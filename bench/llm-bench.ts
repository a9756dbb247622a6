/**
 * Model-run benchmarks (issue: run every skill), against a local server that speaks
 * each provider's wire format, every baseline measured in the same run:
 *  (h) a 20-turn scripted conversation (19 calculator calls, then the answer) through
 *      the A2E host and the skill agent loop, against the same 20 exchanges done by the
 *      least a real client must do (raw-client.ts): serialize each request body the
 *      studio sent, POST it with the provider's auth headers, read the SSE stream to its
 *      end and parse every event's JSON. The two sides take turns, the one that goes
 *      first alternating each round, so neither always runs after the other's garbage.
 *      The server runs in this process and answers from replies made once, so every
 *      cycle the studio spends shows in the ratio; target ≤ 1.15×;
 *  (i) time to the first streamed text event (from the call, A2E setup included),
 *      minus the raw time to the first text event of the same stream; target ≤ 20 ms;
 *  (j) host heap over a 100-turn run (after a GC): at turn 10, at turn 100, and what
 *      is left once the run is over. The server keeps nothing, so the heap is the
 *      host's: the run holds its events and its conversation until it ends, then
 *      nothing.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
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
import { rawConversation, type WireKind } from './raw-client';

/** Signed KiB: a heap can also shrink. */
const kib = (bytes: number): string =>
  `${bytes < 0 ? '−' : '+'}${Math.abs(bytes / 1024).toFixed(0)} KiB`;

type Kind = WireKind;
// Thirty rounds of 20 turns: a median of ten still moved by ±0.05× between runs here.
const ROUNDS = Number(process.env.BENCH_LLM_ROUNDS ?? 30);
/** Text deltas per turn: a realistic few hundred tokens of streamed prose. */
const DELTAS = 60;

/**
 * The scripted reply of turn `n`, made once: a real server's work is not this process's,
 * so making the chunks again for every request would only thin out both sides' figures.
 */
const replies = new Map<string, Reply>();
function turnReply(kind: Kind, n: number, lastTurn: number): Reply {
  const key = `${kind} ${n} ${lastTurn}`;
  let reply = replies.get(key);
  if (!reply) replies.set(key, (reply = makeTurnReply(kind, n, lastTurn)));
  return reply;
}

function makeTurnReply(kind: Kind, n: number, lastTurn: number): Reply {
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

type Side = 'hosted' | 'raw';

interface Timing {
  total: number;
  /** Time to the first text, from the start of the conversation. */
  first: number;
}

/**
 * ROUNDS rounds of every side, one after the other, the side that goes first moving on
 * by one each round: load that comes and goes, and the garbage one side leaves, fall on
 * every side alike.
 */
async function interleaved(
  sides: Partial<Record<Side, () => Promise<Timing>>>,
  reset: () => void,
): Promise<Partial<Record<Side, Timing[]>>> {
  const names = (Object.keys(sides) as Side[]).filter((n) => sides[n] !== undefined);
  const out: Partial<Record<Side, Timing[]>> = {};
  for (let round = 0; round < ROUNDS; round++) {
    for (let k = 0; k < names.length; k++) {
      const name = names[(round + k) % names.length];
      reset();
      const timing = await (sides[name] as () => Promise<Timing>)();
      (out[name] ??= []).push(timing);
    }
  }
  return out;
}

/** The median of each round's ratio: a round's two sides ran under the same load. */
const pairedRatio = (figures: number[], baselines: number[]): number =>
  median(figures.map((f, i) => f / baselines[i]));

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
      // The requests the studio sends, which the other sides send again as they are.
      const warm = await hostedConversation(host); // warm up (SDK load, JIT)
      if (!warm.ok) throw new Error(`the ${kind} conversation failed`);
      const bodies = server.requests.splice(0).map((r) => r.json);
      const sides: Partial<Record<Side, () => Promise<Timing>>> = {
        hosted: async (): Promise<Timing> => {
          const h = await hostedConversation(host);
          if (!h.ok) throw new Error(`the ${kind} conversation failed`);
          return { total: h.total, first: h.firstEvent };
        },
        raw: async (): Promise<Timing> => {
          const r = await rawConversation(kind, server.url, bodies);
          return { total: r.total, first: r.firstText };
        },
      };
      await rawConversation(kind, server.url, bodies);
      const runs = await interleaved(sides, () => {
        turn = 0;
        server.requests.length = 0;
      });
      await server.close();
      const hostedRuns = runs.hosted ?? [];
      const rawRuns = runs.raw ?? [];
      const hosted = hostedRuns.map((t) => t.total);
      const raw = rawRuns.map((t) => t.total);
      const h = median(hosted);
      const b = median(raw);
      rows.push({
        what: `(h) 20-turn conversation, ${kind}, median of ${ROUNDS} rounds`,
        figure: ms(h),
        baseline: `${ms(b)} the same requests and streams, sent and parsed raw`,
        ratio: `${pairedRatio(hosted, raw).toFixed(2)}×`,
        target: '≤ 1.15×',
      });
      const hostedFirst = hostedRuns.map((t) => t.first);
      const rawFirst = rawRuns.map((t) => t.first);
      const hf = median(hostedFirst);
      const rf = median(rawFirst);
      rows.push({
        what: `(i) time to first streamed event, ${kind}`,
        figure: ms(hf),
        baseline: `${ms(rf)} raw, first text parsed`,
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
