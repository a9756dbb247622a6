/**
 * Eval benchmarks (issue: evals), against a local server speaking the OpenAI wire format:
 *  (k) a 60-run benchmark (10 cases × with/without the skill × 3 runs, deterministic
 *      checks only, so one model call per run) at concurrency 4, every model call
 *      answered after 200 ms; figure: wall time from `evals.start` to `eval.finished`
 *      through the studio host, results written to disk as in the studio. Baseline: the
 *      ideal, total latency ÷ concurrency (60 × 200 ms ÷ 4 = 3 s); ratio: the share of
 *      the ideal throughput reached. Target ≥ 90 %. Measured in steady state (after one
 *      untimed call and one untimed one-run eval), beside the same 60 calls made raw
 *      through the same client, which is what the machine allows at that moment.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type {
  BenchmarkOptions,
  EvalEvent,
  EvalStarted,
  StudioEvent,
} from '../shared/api/studio-api';
import { openAiTurn, textDeltas } from '../electron/host/providers/test-support/provider-wire';
import { StudioHost } from '../electron/host/studio-host';
import { createChatApi, loadProviderSet } from '../electron/host/providers';
import { ms, type Row } from './bench-util';

const LATENCY_MS = 200;
const CASES = 10;
const RUNS = 3;
const CONCURRENCY = 4;

/** The provider: a separate process, as a real one is remote, so its timers never wait on ours. */
const SERVER = `
const http = require('node:http');
const [latency, body] = [Number(process.argv[1]), process.argv[2]];
const server = http.createServer((req, res) => {
  req.resume();
  req.on('end', () => setTimeout(() => {
    res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8' });
    res.end(body);
  }, latency));
});
server.listen(0, '127.0.0.1', () => process.stdout.write(String(server.address().port) + '\\n'));
`;

/**
 * A provider that answers every request after `latency` ms, in one piece (the wire
 * format of provider-wire.ts), and ends the response. (The test wire server can only
 * pause between chunks, which leaves a response open after its end marker.)
 */
async function latencyServer(
  body: string,
  latency: number,
): Promise<{ url: string; close(): Promise<void> }> {
  const child = spawn(process.execPath, ['-e', SERVER, String(latency), body], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<string>((resolve, reject) => {
    child.stdout.setEncoding('utf8');
    child.stdout.once('data', (d: string) => resolve(d.trim()));
    child.once('exit', (code) => reject(new Error(`the provider process exited (${code})`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      child.kill();
      await once(child, 'exit');
    },
  };
}

/** The floor on this machine now: the calls alone, through the same client, 4 at a time. */
async function rawCalls(url: string, calls: number): Promise<number> {
  const set = await loadProviderSet(
    [{ id: 'local', kind: 'openai-compatible', base_url: `${url}/v1`, model: 'm' }],
    {},
    null,
  );
  const client = createChatApi(set.providers[0], null);
  const signal = new AbortController().signal;
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next++ < calls)
      await client.stream(
        {
          model: 'm',
          system: 'Answer briefly.',
          messages: [{ role: 'user', content: 'Question' }],
          tools: [],
          maxTokens: 100,
          signal,
          deadline: Date.now() + 60_000,
        },
        { onText: () => {} },
      );
  };
  const t0 = performance.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return performance.now() - t0;
}

/** One eval run through the host's methods, from `evals.start` to its `eval.finished`. */
async function evalRun(
  host: StudioHost,
  skill: string,
  options: BenchmarkOptions,
): Promise<{ started: EvalStarted; end: EvalEvent }> {
  const done = new Promise<EvalEvent>((resolve) => {
    const off = host.onEvent((e: StudioEvent) => {
      if (e.type === 'eval.finished') {
        off();
        resolve(e);
      }
    });
  });
  const started = await host.invoke('evals.start', { skill, options });
  return { started, end: await done };
}

export async function evalBench(): Promise<Row[]> {
  const server = await latencyServer(
    openAiTurn({ deltas: textDeltas('The answer is 42.') }).join(''),
    LATENCY_MS,
  );
  const tmp = await mkdtemp(path.join(os.tmpdir(), 'eval-bench-'));
  const skill = path.join(tmp, 'skills', 'bench-skill');
  await mkdir(path.join(skill, 'evals'), { recursive: true });
  await writeFile(
    path.join(skill, 'SKILL.md'),
    '---\nname: bench-skill\ndescription: Answers questions.\n---\n\nAnswer briefly.\n',
  );
  await writeFile(
    path.join(skill, 'evals', 'evals.json'),
    JSON.stringify({
      skill_name: 'bench-skill',
      evals: Array.from({ length: CASES }, (_, i) => ({
        id: i + 1,
        prompt: `Question ${i + 1}`,
        expectations: [{ contains: '42' }, { regex: '^The' }],
      })),
    }),
  );
  await writeFile(
    path.join(tmp, 'skill-studio.json'),
    JSON.stringify({
      providers: [
        {
          id: 'local',
          kind: 'openai-compatible',
          base_url: `${server.url}/v1`,
          model: 'm',
          default: true,
        },
      ],
    }),
  );
  const host = await StudioHost.create({
    workspace: tmp,
    home: null,
    stateDir: null,
    noUser: true,
    frameworkDir: null,
  });
  try {
    // Steady state, as a studio that has run anything is: fetch's internals loaded, our
    // code compiled. One raw call and one one-run eval of one case, not timed.
    await rawCalls(server.url, 1);
    await evalRun(host, skill, { runs: 1, cases: ['evals-json#1'] });
    const t0 = performance.now();
    const { started, end } = await evalRun(host, skill, { runs: RUNS, concurrency: CONCURRENCY });
    const elapsed = performance.now() - t0;
    const detail = await host.invoke('evals.get', { skill, runId: started.runId });
    const graded = detail.benchmark?.runs.length ?? 0;
    if (end.type !== 'eval.finished' || end.status !== 'completed' || graded !== started.total)
      throw new Error(`the benchmark did not complete: ${JSON.stringify(end)}, ${graded} graded`);
    const ideal = (started.total * LATENCY_MS) / CONCURRENCY;
    const raw = await rawCalls(server.url, started.total);
    return [
      {
        what: `${started.total}-run benchmark, concurrency ${CONCURRENCY}, ${LATENCY_MS} ms per model call`,
        figure: ms(elapsed),
        baseline: `${ms(ideal)} ideal (latency × runs ÷ concurrency)`,
        ratio: `${((ideal / elapsed) * 100).toFixed(0)} % of ideal`,
        target: '≥ 90 %',
      },
      {
        what: `the same ${started.total} model calls made raw (${CONCURRENCY} at a time, no host, nothing written)`,
        figure: ms(raw),
        baseline: `${ms(ideal)} ideal`,
        ratio: `${((ideal / raw) * 100).toFixed(0)} % of ideal`,
        target: 'what this machine allows now',
      },
    ];
  } finally {
    await host.close();
    await server.close();
    await rm(tmp, { recursive: true, force: true });
  }
}
