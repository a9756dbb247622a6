/**
 * `call` of an instruction skill, whole processes, as an agent or CI runs it: node +
 * bin/skill-studio.cjs + the built dist/ calling the bundled `time-arithmetic` (a model run:
 * `time`, then `calculator`, then the answer: 3 model requests) against a local server that
 * speaks the OpenAI-compatible wire format (the providers' test server, in this process),
 * beside a bare Node process that sends the same 3 request bodies with fetch and reads
 * each streamed reply to its end. Rounds are interleaved and medians reported.
 *
 * Warm is what an agent calling the CLI again sees (its compiled code and kept argument
 * validator from an earlier run, the target's row); cold has no cache at all.
 */
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  openAiTurn,
  textDeltas,
  toolCallDeltas,
} from '../electron/host/providers/test-support/provider-wire';
import { startWireServer } from '../electron/host/providers/test-support/wire-server';
import { runProcess } from '../electron/test-support/built-cli';
import { median, ms, type Row } from './bench-util';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BIN = path.join(REPO, 'bin', 'skill-studio.cjs');
const ROUNDS = Number(process.env.BENCH_CALL_ROUNDS ?? 9);
const ANSWER = 'It is a Monday.';

/** The model's three turns: ask the time, do the sum, answer. */
const TURNS = [
  openAiTurn({
    deltas: toolCallDeltas(0, 'call_1', 'time', ['{"operation":', '"now"}']),
    finishReason: 'tool_calls',
  }),
  openAiTurn({
    deltas: toolCallDeltas(0, 'call_2', 'calculator', ['{"expression":', '"45 * 24"}']),
    finishReason: 'tool_calls',
  }),
  openAiTurn({ deltas: textDeltas('It is ', 'a Monday.') }),
];

/** The bare process: POSTs each body of the file argv[1] to argv[2], reading every reply. */
const BARE = `
const bodies = JSON.parse(require('node:fs').readFileSync(process.argv[1], 'utf8'));
(async () => {
  for (const body of bodies) {
    const res = await fetch(process.argv[2], {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
      body,
    });
    const text = await res.text();
    if (!text.includes('[DONE]')) process.exit(3);
  }
})();`;

interface Run {
  args: string[];
  cwd: string;
  env: NodeJS.ProcessEnv;
  /** What stdout must hold for the run to count. */
  expect?: string;
}

/** Wall time of one whole process (async: the model server answers in this process). */
async function runOnce(run: Run): Promise<number> {
  const t0 = performance.now();
  const { code, stdout, stderr } = await runProcess(run.args, { cwd: run.cwd, env: run.env });
  const elapsed = performance.now() - t0;
  if (code !== 0 || (run.expect && !stdout.includes(run.expect)))
    throw new Error(`${run.args.slice(0, 3).join(' ')} exited ${code}: ${stderr.slice(0, 500)}`);
  return elapsed;
}

export async function callBench(): Promise<Row[]> {
  if (!existsSync(path.join(REPO, 'dist', 'cli.cjs')))
    throw new Error('the CLI is not built: run `npm run build` first');
  const server = await startWireServer((_req, n) => ({ kind: 'sse', chunks: TURNS[n % 3] }));
  const root = await mkdtemp(path.join(os.tmpdir(), 'skill-studio-call-bench-'));
  try {
    const ws = path.join(root, 'ws');
    const home = path.join(root, 'home');
    await mkdir(ws);
    await mkdir(home, { mode: 0o700 });
    await writeFile(
      path.join(ws, 'skill-studio.json'),
      JSON.stringify({
        providers: [
          { id: 'local', kind: 'openai-compatible', base_url: `${server.url}/v1`, model: 'm' },
        ],
      }),
    );
    const env = {
      ...process.env,
      HOME: home,
      XDG_CONFIG_HOME: path.join(home, '.config'),
      XDG_CACHE_HOME: path.join(home, '.cache'),
      NO_COLOR: '1',
      SKILL_STUDIO_PROVIDERS: undefined,
      SKILL_STUDIO_CODE_CACHE_DIR: undefined,
      NODE_COMPILE_CACHE: undefined,
    };
    const question = JSON.stringify({ question: 'What weekday is it 45 days from now?' });
    const call = [BIN, 'call', 'time-arithmetic', '--no-user', '--args', question];
    const warm: Run = {
      args: call,
      cwd: ws,
      env: {
        ...env,
        SKILL_STUDIO_CACHE_DIR: path.join(root, 'cache'),
        NODE_DISABLE_COMPILE_CACHE: undefined,
      },
      expect: ANSWER,
    };
    const cold: Run = {
      args: call,
      cwd: ws,
      env: { ...env, NODE_DISABLE_COMPILE_CACHE: '1' },
      expect: ANSWER,
    };

    // The first call warms the caches and shows what the CLI sends: the bare process sends
    // exactly those bodies.
    const before = server.requests.length;
    await runOnce(warm);
    const bodies = server.requests.slice(before).map((r) => r.body);
    if (bodies.length !== 3)
      throw new Error(`the call sent ${bodies.length} model requests, not 3`);
    const bodiesFile = path.join(root, 'bodies.json');
    await writeFile(bodiesFile, JSON.stringify(bodies));
    const bare: Run = {
      args: ['-e', BARE, bodiesFile, `${server.url}/v1/chat/completions`],
      cwd: ws,
      env,
    };

    const runs = { bare, warm, cold };
    const times: Record<keyof typeof runs, number[]> = { bare: [], warm: [], cold: [] };
    for (let r = 0; r < ROUNDS; r++)
      for (const [name, run] of Object.entries(runs) as [keyof typeof runs, Run][])
        times[name].push(await runOnce(run));
    const m = { bare: median(times.bare), warm: median(times.warm), cold: median(times.cold) };
    const baseline = `${ms(m.bare)} bare Node sending the same 3 requests (fetch)`;
    return [
      {
        what: `\`call\` of an instruction skill (3 model requests), whole process, caches warm, median of ${ROUNDS}`,
        figure: ms(m.warm),
        baseline,
        ratio: `${(m.warm / m.bare).toFixed(2)}×`,
        target: '≤ 1.5×',
      },
      {
        what: `the same, no cache at all (first run of a build), median of ${ROUNDS}`,
        figure: ms(m.cold),
        baseline,
        ratio: `${(m.cold / m.bare).toFixed(2)}×`,
        target: '—',
      },
    ];
  } finally {
    await server.close();
    await rm(root, { recursive: true, force: true });
  }
}
