/**
 * Runner benchmarks:
 *  (e) call overhead of a trivial script skill, against spawning the same script bare;
 *  (f) event throughput from a skill through the host to a WebSocket client, against
 *      a raw pipe of the same lines;
 *  (g) host memory while a skill floods 1 GB of output.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { makeCallRequest } from '../shared/protocol/messages';
import { A2EHost } from '../electron/host/runner/a2e-host';
import { bwrapStatus } from '../electron/host/runner/sandbox/detect';
import { readSkillFolder } from '../electron/host/registry/scan';
import { startServer } from '../electron/server/server';
import type { SkillRecord } from '../shared/skill/model';
import { median, mib, ms, time, type Row } from './bench-util';
import { isolatedHost } from '../electron/test-support/isolated-host';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 50_000);
const CLIENTS = {
  lean: fileURLToPath(new URL('./fixtures/ws-lean-client.cjs', import.meta.url)),
  ws: fileURLToPath(new URL('./fixtures/ws-count-client.cjs', import.meta.url)),
};
const ROUNDS = 5;

const TRIVIAL = `process.stdin.resume();let s='';process.stdin.on('data',d=>s+=d);process.stdin.on('end',()=>{process.stdout.write(JSON.stringify({type:'result',data:{ok:true},summary:'ok'})+'\\n')});\n`;
const EMITTER = `const n=Number(process.env.N||${EVENTS});let buf='';for(let i=0;i<n;i++){buf+=JSON.stringify({type:'log',level:'info',message:'event '+i})+'\\n';if(buf.length>65536){process.stdout.write(buf);buf='';}}buf+=JSON.stringify({type:'result',data:{n},summary:'done'})+'\\n';process.stdout.write(buf);\n`;
const FLOOD = `const line='x'.repeat(1023)+'\\n';const chunk=line.repeat(1024);let sent=0;function go(){while(sent<1024){sent++;if(!process.stdout.write(chunk)){process.stdout.once('drain',go);return;}}}go();\n`;

async function makeSkill(root: string, name: string, script: string): Promise<SkillRecord> {
  const dir = path.join(root, 'skills', name);
  await mkdir(path.join(dir, 'scripts'), { recursive: true });
  await writeFile(
    path.join(dir, 'SKILL.md'),
    `---\nname: ${name}\ndescription: Benchmark skill ${name}.\nentrypoint: scripts/run.cjs\ntimeout_seconds: 300\n---\nBench.\n`,
  );
  await writeFile(path.join(dir, 'scripts', 'run.cjs'), script);
  return readSkillFolder(dir, 'project');
}

function spawnBare(file: string, input: string, env: NodeJS.ProcessEnv = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [file], {
      stdio: ['pipe', 'pipe', 'inherit'],
      // A clean environment, as the runner gives a skill (the bench's own loader flags
      // in NODE_OPTIONS would otherwise slow the bare baseline).
      env: { PATH: process.env.PATH, HOME: os.tmpdir(), ...env },
    });
    let lines = 0;
    let rest = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (d: string) => {
      const parts = (rest + d).split('\n');
      rest = parts.pop() ?? '';
      for (const p of parts) if (JSON.parse(p)) lines++;
    });
    child.on('error', reject);
    child.on('close', () => resolve(lines));
    child.stdin.end(input);
  });
}

function hostFor(records: SkillRecord[], sandbox: 'process' | 'bwrap'): A2EHost {
  const byName = new Map(records.map((r) => [r.summary.name, r]));
  return new A2EHost({
    catalog: { get: (n) => byName.get(n), list: () => records },
    agents: { agentAllows: () => true, agentExists: () => false },
    script: { sandbox },
  });
}

export async function runnerBench(): Promise<Row[]> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'skill-studio-runner-bench-'));
  const rows: Row[] = [];
  try {
    const trivial = await makeSkill(root, 'trivial', TRIVIAL);
    const emitter = await makeSkill(root, 'emitter', EMITTER);
    const flood = await makeSkill(root, 'flood', FLOOD);
    const input = JSON.stringify({ arguments: {}, context: {} });
    const trivialFile = path.join(trivial.dir, 'scripts', 'run.cjs');

    // (e) call overhead, per sandbox; alternate bare and hosted runs.
    const bw = await bwrapStatus();
    const sandboxes: ('process' | 'bwrap')[] = bw.available ? ['process', 'bwrap'] : ['process'];
    if (!bw.available) console.log(`(bwrap not measured: ${bw.reason})`);
    for (const sandbox of sandboxes) {
      const host = hostFor([trivial], sandbox);
      const bare: number[] = [];
      const hosted: number[] = [];
      for (let i = 0; i < 3; i++) await host.call(makeCallRequest({ name: 'trivial' }), null); // warm up
      for (let i = 0; i < 20; i++) {
        bare.push(await time(() => spawnBare(trivialFile, input)));
        hosted.push(
          await time(async () => {
            const r = await host.call(makeCallRequest({ name: 'trivial' }), null);
            if (!r.data?.success)
              throw new Error(`trivial call failed: ${JSON.stringify(r.error ?? r.data)}`);
          }),
        );
      }
      const b = median(bare);
      const h = median(hosted);
      rows.push({
        what: `(e) trivial script call, ${sandbox} sandbox, median of 20`,
        figure: ms(h),
        baseline: `${ms(b)} bare spawn`,
        ratio: `${(h / b).toFixed(2)}×`,
        target: sandbox === 'bwrap' ? '≤ 1.5×' : '≤ 1.25×',
      });
    }

    // (f) event throughput: raw pipe vs host → WebSocket client, two clients.
    rows.push(...(await throughputRows(root, emitter, input)));

    // (g) memory while a skill tries to write 1 GB.
    const host = hostFor([flood], bw.available ? 'bwrap' : 'process');
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
    const res = await host.call(makeCallRequest({ name: 'flood', timeout: 300 }), null);
    clearInterval(sampler);
    rows.push({
      what: '(g) host memory while a skill floods 1 GB of output',
      figure: `${mib(peak)} peak (truncated: ${String(res.data?.truncated)})`,
      baseline: `${mib(before)} before the call`,
      ratio: `+${mib(peak - before)}`,
      target: 'bounded',
    });
  } finally {
    await rm(root, { recursive: true, force: true });
  }
  return rows;
}

interface ClientReport {
  events: number;
  ms: number;
  lastEventMs: number;
  success: boolean;
}

/** One call of `skill` by an outside client program; its report. */
function runClient(
  file: string,
  port: number,
  token: string,
  skill: string,
): Promise<ClientReport> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [file, `ws://127.0.0.1:${port}/a2e`, token, skill], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0
        ? resolve(JSON.parse(out) as ClientReport)
        : reject(new Error(`client exited ${code}`)),
    );
  });
}

/**
 * Events per second to the last event, through the studio server to an outside
 * client, against the skill's own lines read from a raw pipe. One warm-up call per
 * client, then rounds that alternate raw, lean and `ws`; medians of the rounds.
 */
async function throughputRows(root: string, emitter: SkillRecord, input: string): Promise<Row[]> {
  const emitterFile = path.join(emitter.dir, 'scripts', 'run.cjs');
  const studio = await isolatedHost(root);
  const token = 'bench-token-0123456789';
  const server = await startServer({
    host: studio,
    port: 0,
    bindHost: '127.0.0.1',
    token,
    rendererDir: root,
  });
  const rate = { raw: [] as number[], lean: [] as number[], ws: [] as number[] };
  const gap: number[] = [];
  try {
    const viaClient = async (kind: 'lean' | 'ws'): Promise<ClientReport> => {
      const r = await runClient(CLIENTS[kind], server.port, token, 'emitter');
      if (!r.success || r.events !== EVENTS) throw new Error(`emitter call: ${JSON.stringify(r)}`);
      return r;
    };
    await viaClient('lean');
    await viaClient('ws');
    for (let round = 0; round < ROUNDS; round++) {
      const rawMs = await time(async () => {
        const lines = await spawnBare(emitterFile, input);
        if (lines !== EVENTS + 1) throw new Error(`raw pipe saw ${lines} lines`);
      });
      rate.raw.push(EVENTS / (rawMs / 1000));
      const lean = await viaClient('lean');
      rate.lean.push(EVENTS / (lean.lastEventMs / 1000));
      gap.push(lean.ms - lean.lastEventMs);
      const ws = await viaClient('ws');
      rate.ws.push(EVENTS / (ws.lastEventMs / 1000));
    }
  } finally {
    await server.close();
    await studio.close();
  }
  const raw = median(rate.raw);
  const perSecond = (n: number): string => `${Math.round(n).toLocaleString('en')} events/s`;
  const row = (client: string, r: number, target: string): Row => ({
    what: `(f) ${EVENTS} events, skill → host → WebSocket ${client} (another process), median of ${ROUNDS}`,
    figure: perSecond(r),
    baseline: `${perSecond(raw)} raw pipe`,
    ratio: `${((r / raw) * 100).toFixed(0)}%`,
    target,
  });
  return [
    row('client on the `ws` library', median(rate.ws), '≥ 50%'),
    row('client with its own RFC 6455 framing', median(rate.lean), '≥ 50%'),
    {
      what: '(f) the final response after the last event (it repeats every event)',
      figure: ms(median(gap)),
      baseline: '—',
      ratio: '—',
      target: '—',
    },
  ];
}
