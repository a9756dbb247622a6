/**
 * Topology benchmark (issue: multi-agent topologies): the orchestration overhead of a
 * 3-way `|` — three agents answered at once by a local OpenAI-wire server — run through
 * the A2E host and the topology executor, against the same three agent runs (the same
 * agent loop, the same instructions and server) started directly with Promise.all.
 * Target ≤ 1.2×. The two sides alternate run by run, and each figure is a median.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { makeCallRequest } from '../shared/protocol/messages';
import type { SkillRecord } from '../shared/skill/model';
import { readSkillFolder } from '../electron/host/registry/scan';
import { A2EHost } from '../electron/host/runner/a2e-host';
import { createSkillAgent, type SkillAgent } from '../electron/host/runner/llm/skill-agent';
import { loadProviderSet } from '../electron/host/providers';
import { openAiTurn, textDeltas } from '../electron/host/providers/test-support/provider-wire';
import { startWireServer } from '../electron/host/providers/test-support/wire-server';
import type { ExecContext } from '../electron/host/runner/core/types';
import { median, ms, type Row } from './bench-util';

const RUNS = Number(process.env.BENCH_TOPOLOGY_RUNS ?? 150);
const AGENTS = ['alpha', 'beta', 'gamma'];

async function makeSkill(root: string): Promise<SkillRecord> {
  const dir = path.join(root, 'skills', 'bench-topology');
  await mkdir(dir, { recursive: true });
  const agents = AGENTS.map(
    (a) => `  ${a}:\n    instruct: Answer as ${a}.\n    tools: []\n    writes: ${a}_out`,
  );
  await writeFile(
    path.join(dir, 'SKILL.md'),
    `---\nname: bench-topology\ndescription: Benchmark topology.\ntimeout_seconds: 600\nagents:\n${agents.join('\n')}\ntopology: ${AGENTS.join(' | ')}\n---\nBody.\n`,
  );
  return readSkillFolder(dir, 'project');
}

export async function topologyBench(): Promise<Row[]> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'skill-studio-topology-bench-'));
  const words = Array.from({ length: 20 }, (_, i) => `word${i} `);
  const server = await startWireServer(() => ({
    kind: 'sse',
    chunks: openAiTurn({ deltas: textDeltas(...words) }),
  }));
  try {
    const record = await makeSkill(root);
    const providers = [
      {
        id: 'bench',
        kind: 'openai-compatible',
        base_url: `${server.url}/v1`,
        model: 'bench-model',
      },
    ];
    const agent: SkillAgent = createSkillAgent({
      providers: () => loadProviderSet(providers, {}, null),
      runScript: () => Promise.resolve({ success: false }),
      env: {},
    });
    const host = new A2EHost({
      catalog: { get: () => record, list: () => [record] },
      agents: { agentAllows: () => true, agentExists: () => false },
      script: { sandbox: 'process' },
      llmRunner: agent,
    });

    const viaTopology = async (): Promise<void> => {
      const resp = await host.call(
        makeCallRequest({ name: 'bench-topology', arguments: {}, timeout: 600 }),
        null,
        () => undefined,
      );
      if (resp.data?.success !== true) throw new Error(`the topology failed: ${resp.data?.error}`);
    };
    const direct = async (): Promise<void> => {
      const events: unknown[] = [];
      const controller = new AbortController();
      const ctx: ExecContext = {
        record,
        arguments: {},
        request: makeCallRequest({ name: 'bench-topology', arguments: {}, timeout: 600 }),
        timeoutMs: 600_000,
        signal: controller.signal,
        emit: (kind, data) => events.push({ kind, data }),
        llm: null,
      };
      const turns = { used: 0, max: 10 };
      const outs = await Promise.all(
        AGENTS.map((a) =>
          agent.runAgent(ctx, {
            instructions: `Answer as ${a}.`,
            userTurn: 'Use the skill now. There are no arguments.',
            tools: [],
            model: null,
            emit: ctx.emit,
            signal: controller.signal,
            turns,
          }),
        ),
      );
      if (!outs.every((o) => o.success)) throw new Error('a direct agent run failed');
    };
    const timed = async (fn: () => Promise<void>): Promise<number> => {
      const t0 = performance.now();
      await fn();
      return performance.now() - t0;
    };

    for (let i = 0; i < 5; i++) {
      await viaTopology(); // warm up (JIT, connections)
      await direct();
    }
    // Interleaved one by one, alternating which goes first: a busy moment of the
    // machine then lands on both sides instead of deciding a whole block.
    const topo: number[] = [];
    const base: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      if (i % 2 === 0) {
        topo.push(await timed(viaTopology));
        base.push(await timed(direct));
      } else {
        base.push(await timed(direct));
        topo.push(await timed(viaTopology));
      }
    }
    const t = median(topo);
    const b = median(base);
    return [
      {
        what: `(t) 3-way \`\\|\` of agents answered at once by a local server, median of ${RUNS} runs each`,
        figure: ms(t),
        baseline: `${ms(b)} same 3 agent runs started directly in parallel`,
        ratio: `${(t / b).toFixed(2)}×`,
        target: '≤ 1.2×',
      },
    ];
  } finally {
    await server.close();
    await rm(root, { recursive: true, force: true });
  }
}
