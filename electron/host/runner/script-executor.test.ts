/**
 * Script skills end to end: real fixture scripts, real child processes, in every
 * sandbox this machine offers (the plain process always; bwrap when it works).
 */
import Ajv from 'ajv';
import { existsSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SkillCallResponse, SkillResult } from '../../../shared/protocol/a2e';
import { makeCallRequest } from '../../../shared/protocol/messages';
import { SKILL_CALL_RESPONSE_SCHEMA } from '../../../shared/protocol/schemas';
import { A2EHost } from './a2e-host';
import {
  agentPolicy,
  copyFixtures,
  readFixture,
  type FixtureCatalog,
} from './fixtures/fixture-catalog';
import { bwrapStatus, detectSandbox } from './sandbox/detect';
import { PlainSandbox } from './sandbox/plain';
import type { SandboxName } from './sandbox/types';

const bwrap = await bwrapStatus();
const prlimitPresent = (await detectSandbox('process')).enforcesCaps;
const SANDBOXES: SandboxName[] = bwrap.available ? ['process', 'bwrap'] : ['process'];
if (!bwrap.available) console.warn(`[runner tests] bwrap-only checks skipped: ${bwrap.reason}`);
if (!prlimitPresent) console.warn('[runner tests] prlimit not found: memory cap checks skipped');

const SECRET = 'SKILL_STUDIO_TEST_SECRET';
const SECRET_VALUE = `do-not-leak-${process.pid}`;

let root: string;
let catalog: FixtureCatalog;

beforeAll(async () => {
  process.env[SECRET] = SECRET_VALUE;
  root = await mkdtemp(join(tmpdir(), 'runner-test-'));
  // Readable by others, as a skill folder usually is: as root, process mode runs skills as
  // nobody from where they are (one only root can read runs from a copy, sandbox-hostile).
  await chmod(root, 0o755);
  catalog = await copyFixtures(join(root, 'skills'));
});

afterAll(async () => {
  delete process.env[SECRET];
  await rm(root, { recursive: true, force: true });
});

async function pidsWithMarker(marker: string): Promise<number[]> {
  const found: number[] = [];
  for (const name of await readdir('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const cmdline = await readFile(`/proc/${name}/cmdline`, 'utf8');
      if (cmdline.includes(marker)) found.push(Number(name));
    } catch {
      // Gone already.
    }
  }
  return found;
}

const validateResponse = new Ajv({ strict: true }).compile(SKILL_CALL_RESPONSE_SCHEMA);

function result(resp: SkillCallResponse): SkillResult {
  expect(
    validateResponse(JSON.parse(JSON.stringify(resp))),
    JSON.stringify(validateResponse.errors),
  ).toBe(true);
  expect(resp.error).toBeNull();
  expect(resp.data).not.toBeNull();
  return resp.data as SkillResult;
}

describe.each(SANDBOXES)('script skills in the %s sandbox', (sandbox) => {
  let host: A2EHost;
  const call = (name: string, args: Record<string, unknown> = {}, timeout = 20) =>
    host.call(
      makeCallRequest({ name, arguments: args, timeout, metadata: { suite: sandbox } }),
      null,
    );

  beforeAll(() => {
    host = new A2EHost({
      catalog,
      agents: agentPolicy({}),
      concurrency: 4,
      script: { sandbox, limits: { memoryBytes: 96 * 1024 * 1024, maxEvents: 10_000 } },
    });
  });

  describe.concurrent('fixtures', () => {
    it('runs a script with the stdin contract and streams every event kind', async () => {
      const resp = await call('fx-ok', { text: 'hello world' });
      const r = result(resp);
      expect(r).toMatchObject({
        success: true,
        sandbox,
        truncated: false,
        summary: 'echoed 2 times',
      });
      const data = r.data as {
        echo: string;
        cwd: string;
        context: Record<string, unknown>;
        arguments: unknown;
      };
      expect(data.echo).toBe('hello worldhello world');
      expect(data.arguments).toEqual({ text: 'hello world', count: 2, shout: false });
      const skill = catalog.get('fx-ok');
      expect(data.context).toEqual({
        req_id: resp.req_id,
        correlation_id: '',
        metadata: { suite: sandbox },
        skill: { name: 'fx-ok', root: skill?.dir },
      });
      expect(data.cwd).toMatch(/skill-run-/);
      expect(existsSync(data.cwd)).toBe(false); // scratch removed afterwards
      const events = r.events ?? [];
      expect(events.map((e) => e.kind)).toEqual([
        'progress',
        'log',
        'status',
        'artifact',
        'artifact',
        'artifact',
        'progress',
      ]);
      expect(events.map((e) => e.seq)).toEqual([0, 1, 2, 3, 4, 5, 6]);
      expect(events.every((e) => e.req_id === resp.req_id)).toBe(true);
      const artifact = events.filter((e) => e.kind === 'artifact').map((e) => e.data);
      expect(artifact.map((d) => d.chunk).join('')).toBe('hello world');
      expect(artifact.map((d) => d.final)).toEqual([false, false, true]);
      expect(r.duration_ms).toBeGreaterThan(0);
    });

    it('runs Python scripts', async () => {
      const r = result(await call('fx-py-ok', { n: 21 }));
      expect(r).toMatchObject({ success: true, data: { n: 42 }, summary: 'doubled' });
      expect(r.events?.[0]).toMatchObject({
        kind: 'progress',
        data: { pct: 50, message: 'halfway' },
      });
    });

    it('stops a run at its timeout (the skill timeout_seconds caps the call timeout)', async () => {
      const t0 = Date.now();
      const r = result(await call('fx-sleep', {}, 60));
      expect(Date.now() - t0).toBeLessThan(5000);
      expect(r).toMatchObject({ success: false, error_code: 'timeout' });
      expect(r.events?.[0]).toMatchObject({ kind: 'status', data: { message: 'sleeping' } });
    });

    it('reports a segfault as sandbox_crash', async () => {
      const r = result(await call('fx-segv'));
      expect(r).toMatchObject({ success: false, error_code: 'sandbox_crash' });
      expect(r.error).toMatch(/SIGSEGV/);
    });

    it('reports a non-zero exit as skill_error with the stderr tail', async () => {
      const r = result(await call('fx-fail'));
      expect(r).toMatchObject({ success: false, error_code: 'skill_error' });
      expect(r.error).toMatch(/exited with code 3/);
      expect(r.error).toMatch(/boom: config file missing/);
      const logs = (r.events ?? []).map((e) => e.data);
      expect(logs).toContainEqual({ level: 'info', message: 'about to fail' });
      expect(logs).toContainEqual({ level: 'warn', message: 'boom: config file missing' });
    });

    it('reports an error line as skill_error even with exit 0', async () => {
      const r = result(await call('fx-error-line'));
      expect(r).toMatchObject({
        success: false,
        error_code: 'skill_error',
        error: 'input is not a haiku [E_FORM]',
      });
    });

    it('turns non-JSON stdout into log events and the summary', async () => {
      const r = result(await call('fx-plain'));
      expect(r.success).toBe(true);
      expect(r.data).toBeNull();
      const logs = (r.events ?? []).map((e) => `${String(e.data.level)} ${String(e.data.message)}`);
      // Protocol slips are told as warnings naming their line; the artifact without chunk is dropped.
      expect(logs).toEqual([
        'info hello from plain',
        'info {"type": broken json',
        'info [1,2,3]',
        'warn stdout line 4: unknown type "unknown-kind" — shown as text (the types are progress, log, status, artifact, result, error)',
        'info {"type":"unknown-kind"}',
        'warn stdout line 5: artifact without chunk — ignored',
        'warn stdout line 6: a result line that is not valid JSON (the JSON ends too soon: was the line cut short?) — no result was taken from it',
        'info {"type":"result","data":',
        'info last line without newline',
      ]);
      const text = logs.filter((l) => l.startsWith('info ')).map((l) => l.slice(5));
      expect(r.summary).toBe(text.join('\n'));
    });

    it('gives the skill a clean environment without the host secrets', async () => {
      const r = result(await call('fx-env'));
      const { env, cwd } = r.data as { env: Record<string, string>; cwd: string };
      expect(Object.keys(env).sort()).toEqual(
        expect.arrayContaining(['HOME', 'LANG', 'PATH', 'SKILL_ROOT', 'TMPDIR']),
      );
      for (const key of Object.keys(env)) {
        expect(['HOME', 'LANG', 'PATH', 'SKILL_ROOT', 'TMPDIR', 'PWD']).toContain(key);
      }
      expect(JSON.stringify(env)).not.toContain(SECRET_VALUE);
      expect(env.HOME).toBe(cwd);
      expect(env.TMPDIR).toBe(cwd);
      expect(env.SKILL_ROOT).toBe(catalog.get('fx-env')?.dir);
    });

    it('kills a flood of output at the cap and marks the result truncated', async () => {
      const r = result(await call('fx-flood', { mode: 'lines' }));
      expect(r).toMatchObject({ success: false, truncated: true, error_code: 'skill_error' });
      expect(r.error).toMatch(/more than 16 MB/);
      const bytes = (r.events ?? []).reduce((n, e) => n + String(e.data.message).length, 0);
      expect(bytes).toBeLessThanOrEqual(16 * 1024 * 1024);
    });

    it('kills a line over the line cap without buffering it', async () => {
      const r = result(await call('fx-flood', { mode: 'longline' }));
      expect(r).toMatchObject({ success: false, truncated: true });
      expect(r.error).toMatch(/line longer than 1 MB/);
      expect(r.events).toEqual([]);
    });

    it('kills an endless stream of events at the event cap', async () => {
      const r = result(await call('fx-flood', { mode: 'events' }));
      expect(r).toMatchObject({ success: false, truncated: true });
      expect(r.events).toHaveLength(10_000);
      expect(r.events?.[9_999].seq).toBe(9_999);
    });

    it('caps the JavaScript heap with no V8 flag: unbounded allocation ends as out_of_memory', async () => {
      const r = result(await call('fx-alloc'));
      // The message says how the run ended when it is not the expected way (seen once in bwrap).
      expect(r, r.error ?? undefined).toMatchObject({
        success: false,
        error_code: 'out_of_memory',
      });
    });

    it.skipIf(!prlimitPresent)(
      'caps native memory outside the heap too: Node Buffers end as out_of_memory',
      async () => {
        const r = result(await call('fx-alloc', { kind: 'buffer' }));
        expect(r).toMatchObject({ success: false, error_code: 'out_of_memory' });
        expect(r.error).toMatch(/allocation failed/i);
      },
    );

    it.skipIf(!prlimitPresent)(
      'caps the memory of any program: Python allocation ends as out_of_memory',
      async () => {
        const r = result(await call('fx-alloc-py'));
        expect(r).toMatchObject({ success: false, error_code: 'out_of_memory' });
        expect(r.error).toMatch(/MemoryError/);
      },
    );

    it.skipIf(process.platform !== 'linux')(
      'leaves no process behind, even a double-forked one holding stdout',
      async () => {
        const marker = `skill-orphan-marker-${sandbox}-${process.pid}`;
        const r = result(await call('fx-orphan', { marker }));
        expect(r).toMatchObject({ success: true, data: { spawned: true } });
        expect(await pidsWithMarker(marker)).toEqual([]);
      },
    );
  });

  describe('isolation', () => {
    let server: Server;
    let port = 0;
    let connections = 0;

    beforeAll(async () => {
      server = createServer((socket) => {
        connections++;
        socket.destroy();
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      port = (server.address() as { port: number }).port;
    });
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

    it(`reports what a ${sandbox} sandbox lets a skill do outside its scratch folder`, async () => {
      const hostDir = await mkdtemp(join(tmpdir(), 'runner-host-'));
      const hostFile = join(hostDir, 'written-by-skill.txt');
      const before = connections;
      try {
        const r = result(await call('fx-escape', { hostFile, port }));
        const report = r.data as Record<string, string>;
        expect(r.sandbox).toBe(sandbox);
        expect(report.scratchWrite).toBe('ok');
        const skillFile = join(catalog.get('fx-escape')?.dir ?? '', 'escape.txt');
        if (sandbox === 'bwrap') {
          // Read-only skill folder, private /tmp, no network.
          expect(report.skillWrite).toBe('EROFS');
          expect(existsSync(skillFile)).toBe(false);
          expect(existsSync(hostFile)).toBe(false);
          expect(report.connect).not.toBe('connected');
          expect(connections).toBe(before);
        } else {
          // The plain process sandbox cannot stop the network, nor writes where the
          // skill's user may write; the result says which sandbox ran so callers can
          // tell. Started by root, the skill runs as nobody: root's folders are closed.
          expect(report.connect).toBe('connected');
          expect(connections).toBe(before + 1);
          const asRoot = process.getuid?.() === 0;
          expect(r.sandbox_limits?.uid).toBe(asRoot ? 65534 : null);
          expect(existsSync(hostFile)).toBe(!asRoot);
          expect(existsSync(skillFile)).toBe(!asRoot);
        }
      } finally {
        await rm(hostDir, { recursive: true, force: true });
        await rm(join(catalog.get('fx-escape')?.dir ?? '', 'escape.txt'), { force: true });
      }
    });
  });
});

describe('entrypoints', () => {
  it('refuses entrypoints that are missing or lead outside the skill', async () => {
    const ok = catalog.get('fx-ok');
    if (!ok) throw new Error('fixture missing');
    const cases: [string | null, RegExp][] = [
      [null, /no entrypoint/],
      ['scripts/missing.mjs', /does not exist/],
      ['../fx-env/scripts/run.mjs', /outside the skill folder/],
      ['scripts', /not a file/],
    ];
    for (const [entrypoint, message] of cases) {
      const rec = { ...ok, entrypoint };
      const host = new A2EHost({
        catalog: { get: () => rec, list: () => [rec] },
        agents: agentPolicy({}),
        script: { sandbox: 'process' },
      });
      const r = result(
        await host.call(makeCallRequest({ name: 'fx-ok', arguments: { text: 'x' } }), null),
      );
      expect(r).toMatchObject({ success: false, error_code: 'skill_error' });
      expect(r.error).toMatch(message);
    }
  });
});

describe('entrypoints in folders named with two dots', () => {
  // `..bin` is an ordinary folder inside the skill; only a whole `..` segment leaves it.
  it('runs `..bin/run.sh`, and still refuses a link from there to outside', async () => {
    const dir = join(root, 'dotdot-skill');
    await mkdir(join(dir, '..bin'), { recursive: true });
    await writeFile(
      join(dir, 'SKILL.md'),
      '---\nname: dotdot-skill\ndescription: Runs a script kept in a folder named ..bin.\nstatus: Published\nentrypoint: ..bin/run.sh\n---\nRuns.\n',
    );
    await writeFile(
      join(dir, '..bin', 'run.sh'),
      'echo \'{"type":"result","data":{"ran":true}}\'\n',
      { mode: 0o755 },
    );
    await symlink(
      join(catalog.get('fx-plain')!.dir, 'scripts', 'run.sh'),
      join(dir, '..bin', 'out.sh'),
    );
    const rec = await readFixture(dir);
    for (const sandbox of SANDBOXES) {
      const host = new A2EHost({
        catalog: { get: () => rec, list: () => [rec] },
        agents: agentPolicy({}),
        script: { sandbox },
      });
      const r = result(
        await host.call(makeCallRequest({ name: 'dotdot-skill', timeout: 20 }), null),
      );
      expect(r, `${sandbox}: ${r.error}`).toMatchObject({ success: true, data: { ran: true } });
      const linked = { ...rec, entrypoint: '..bin/out.sh' };
      const out = new A2EHost({
        catalog: { get: () => linked, list: () => [linked] },
        agents: agentPolicy({}),
        script: { sandbox },
      });
      const refused = result(
        await out.call(makeCallRequest({ name: 'dotdot-skill', timeout: 20 }), null),
      );
      expect(refused).toMatchObject({ success: false, error_code: 'skill_error' });
      expect(refused.error).toMatch(/outside the skill folder/);
    }
  });
});

describe('sandbox detection', () => {
  it('says why bwrap is or is not used', async () => {
    expect(bwrap.reason.length).toBeGreaterThan(0);
    const auto = await detectSandbox('auto');
    expect(auto.name).toBe(bwrap.available ? 'bwrap' : 'process');
    if (!bwrap.available) {
      await expect(detectSandbox('bwrap')).rejects.toThrow(/bwrap/);
    }
  });
});

describe('without prlimit', () => {
  it('still caps a Node skill: the heap flag stands in for the rlimit', async () => {
    const host = new A2EHost({
      catalog,
      agents: agentPolicy({}),
      script: {
        sandbox: new PlainSandbox(null, 'plain process, no prlimit'),
        limits: { memoryBytes: 96 * 1024 * 1024 },
      },
    });
    const r = result(await host.call(makeCallRequest({ name: 'fx-alloc', timeout: 20 }), null));
    expect(r).toMatchObject({ success: false, error_code: 'out_of_memory', sandbox: 'process' });
    expect(r.error).toMatch(/heap out of memory/);
  });
});
