/**
 * The A2E host over real fixture skills: discover filtering and allowlists, call
 * refusals (an allowlist miss is `unauthorized`, a missing name `unknown_skill`, Blocked skills),
 * connections (ordering, seq, streaming:false, close, slow clients, duplicate
 * ids), 50 queued concurrent calls, cancellation, cancelAll, over-long timeouts,
 * and malformed frames.
 */
import Ajv from 'ajv';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  A2EOutbound,
  SkillCallResponse,
  SkillDiscoverResponse,
  SkillEvent,
} from '../../../shared/protocol/a2e';
import { encodeMessage } from '../../../shared/protocol/codec';
import { makeCallRequest, makeDiscoverRequest } from '../../../shared/protocol/messages';
import { MESSAGE_SCHEMAS } from '../../../shared/protocol/schemas';
import { A2EHost, UnknownAgentError } from './a2e-host';
import { discoverSkills } from './discover-filter';
import { agentPolicy, copyFixtures, FixtureCatalog, readFixture } from './fixtures/fixture-catalog';
import type { SkillCatalog } from './core/types';

let root: string;
let catalog: FixtureCatalog;
const agents = agentPolicy({
  writer: ['fx-llm', 'fx-archived'],
  tester: ['fx-quick', 'fx-ok', 'fx-sleep'],
});

const ajv = new Ajv({ allErrors: true, strict: true });
const validators = Object.fromEntries(
  Object.entries(MESSAGE_SCHEMAS).map(([type, schema]) => [type, ajv.compile(schema)]),
);

/** Every message the host sends must match its schema. */
function assertValid(msg: A2EOutbound): void {
  const validate = validators[msg.type];
  const ok = validate(JSON.parse(encodeMessage(msg)));
  expect(ok, `${msg.type}: ${JSON.stringify(validate.errors)}`).toBe(true);
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'a2e-host-test-'));
  catalog = await copyFixtures(root);
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

function open(host: A2EHost, agent: string | null) {
  const sent: A2EOutbound[] = [];
  const waiters: (() => void)[] = [];
  const conn = host.openConnection({
    agent,
    send: (msg) => {
      assertValid(msg);
      sent.push(msg);
      for (const w of waiters.splice(0)) w();
    },
  });
  /** Resolves when `pred` holds over everything sent so far. */
  const until = (pred: (sent: A2EOutbound[]) => boolean, ms = 20_000) =>
    new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`timed out; ${sent.length} messages sent`)),
        ms,
      );
      const check = () => {
        if (pred(sent)) {
          clearTimeout(timer);
          resolve();
        } else waiters.push(check);
      };
      check();
    });
  return { conn, sent, until };
}

const responses = (sent: A2EOutbound[]) =>
  sent.filter((m): m is SkillCallResponse => m.type === 'skill/call/resp');

describe('discover', () => {
  const names = (resp: SkillDiscoverResponse) => resp.skills.map((s) => s.name).sort();
  let host: A2EHost;
  beforeAll(() => {
    host = new A2EHost({ catalog, agents });
  });

  it('ORs tags, ORs categories, ANDs the two, and never lists Archived skills', () => {
    const all = host.discover(makeDiscoverRequest(), null);
    expect(names(all)).not.toContain('fx-archived');
    expect(names(all)).toContain('fx-draft');
    expect(
      names(host.discover(makeDiscoverRequest({ filter_tags: ['demo', 'writing'] }), null)),
    ).toEqual(['fx-draft', 'fx-llm', 'fx-ok', 'fx-quick']);
    expect(
      names(host.discover(makeDiscoverRequest({ filter_categories: ['testing', 'docs'] }), null)),
    ).toEqual(['fx-llm', 'fx-ok']);
    expect(
      names(
        host.discover(
          makeDiscoverRequest({ filter_tags: ['demo'], filter_categories: ['testing'] }),
          null,
        ),
      ),
    ).toEqual(['fx-ok']);
    expect(names(host.discover(makeDiscoverRequest({ filter_tags: ['nothing'] }), null))).toEqual(
      [],
    );
  });

  it('lists only what the agent may use, and echoes the request id', () => {
    const req = makeDiscoverRequest();
    const resp = host.discover(req, 'writer');
    expect(resp.req_id).toBe(req.id);
    expect(names(resp)).toEqual(['fx-llm']);
    assertValid(resp);
  });

  it('leaves shadowed copies out and lists a name once', () => {
    const ok = catalog.get('fx-ok');
    if (!ok) throw new Error('fixture missing');
    const shadowed = { ...ok, summary: { ...ok.summary, shadowed_by: '/elsewhere' } };
    const twin = { ...ok };
    const out = discoverSkills([ok, shadowed, twin], {
      tags: [],
      categories: [],
      allows: () => true,
    });
    expect(out).toHaveLength(1);
  });
});

describe('call refusals', () => {
  let host: A2EHost;
  beforeAll(() => {
    host = new A2EHost({ catalog, agents });
  });

  it('unknown name → unknown_skill', async () => {
    const resp = await host.call(makeCallRequest({ name: 'nope' }), null);
    expect(resp).toMatchObject({ data: null, error: { code: 'unknown_skill', retryable: false } });
    assertValid(resp);
  });

  it('refuses an existing skill outside the agent allowlist as unauthorized, running nothing; a missing name stays unknown_skill', async () => {
    let runs = 0;
    const counting = {
      run: () => {
        runs += 1;
        return Promise.resolve({ success: true, data: null });
      },
    };
    const guarded = new A2EHost({ catalog, agents, executors: { script: counting } });
    // `fx-ok` exists but `writer` may not use it; `fx-nop` does not exist at all. Even
    // arguments that fail its schema and an override are never looked at.
    const real = await guarded.call(
      makeCallRequest({
        name: 'fx-ok',
        arguments: { text: 1 },
        llm_override: { provider_name: 'x', provider_credentials: { api_key: 'k' } },
      }),
      'writer',
    );
    const ghost = await guarded.call(makeCallRequest({ name: 'fx-nop' }), 'writer');
    expect(real).toMatchObject({ data: null, error: { code: 'unauthorized', retryable: false } });
    expect(real.error?.message).toMatch(/agent "writer" may not use the skill "fx-ok"/);
    expect(ghost).toMatchObject({ data: null, error: { code: 'unknown_skill', retryable: false } });
    assertValid(real);
    // Over a connection too, where the agent is bound.
    const { conn, sent, until } = open(guarded, 'writer');
    conn.receive(encodeMessage(makeCallRequest({ id: 'r', name: 'fx-ok' })));
    conn.receive(encodeMessage(makeCallRequest({ id: 'g', name: 'fx-nop' })));
    await until((m) => responses(m).length === 2);
    const byId = Object.fromEntries(responses(sent).map((r) => [r.req_id, r.error?.code]));
    expect(byId).toEqual({ r: 'unauthorized', g: 'unknown_skill' });
    expect(sent.some((m) => m.type === 'skill/event')).toBe(false);
    expect(runs).toBe(0);
    // The same skill as an agent that may use it does run: the counter counts.
    await guarded.call(makeCallRequest({ name: 'fx-ok', arguments: { text: 'x' } }), 'tester');
    expect(runs).toBe(1);
  });

  it('status other than Published → skill_error naming the status', async () => {
    const resp = await host.call(makeCallRequest({ name: 'fx-draft' }), null);
    expect(resp.error?.code).toBe('skill_error');
    expect(resp.error?.message).toMatch(/Created/);
  });

  it('arguments against input_schema → schema_violation with the ajv errors', async () => {
    const resp = await host.call(
      makeCallRequest({ name: 'fx-ok', arguments: { text: 5, count: -1 } }),
      null,
    );
    expect(resp.error?.code).toBe('schema_violation');
    const paths = (resp.error?.details as { path: string }[]).map((d) => d.path).sort();
    expect(paths).toEqual(['/count', '/text']);
    const missing = await host.call(makeCallRequest({ name: 'fx-ok' }), null);
    expect(missing.error?.message).toMatch(/text/);
    assertValid(missing);
  });

  it('a skill whose input_schema does not compile → skill_error', async () => {
    const ok = catalog.get('fx-ok');
    if (!ok) throw new Error('fixture missing');
    const broken = { ...ok, definition: { ...ok.definition, input_schema: { type: 'nonsense' } } };
    const single: SkillCatalog = { get: () => broken, list: () => [broken] };
    const h = new A2EHost({ catalog: single, agents });
    const resp = await h.call(makeCallRequest({ name: 'fx-ok', arguments: { text: 'x' } }), null);
    expect(resp.error?.code).toBe('skill_error');
    expect(resp.error?.message).toMatch(/input_schema/);
  });

  it('llm skills meet the provider seam with a clear skill_error', async () => {
    const resp = await host.call(makeCallRequest({ name: 'fx-llm' }), null);
    expect(resp.error).toBeNull();
    expect(resp.data).toMatchObject({ success: false, error_code: 'skill_error' });
    expect(resp.data?.error).toMatch(/no LLM provider is configured/);
  });

  it('lists a skill with errors as Blocked, with the reason, and refuses to call it', async () => {
    // A real folder whose entrypoint is missing: the validator's ENTRYPOINT_MISSING blocks it.
    const dir = join(root, 'fx-broken');
    await mkdir(dir);
    await writeFile(
      join(dir, 'SKILL.md'),
      '---\nname: fx-broken\ndescription: Names a script that is not there.\nstatus: Published\n' +
        'metadata:\n  owner: tests\nentrypoint: scripts/gone.sh\n---\nBody.\n',
    );
    const broken = await readFixture(dir);
    const h = new A2EHost({ catalog: new FixtureCatalog([broken]), agents });
    const resp = h.discover(makeDiscoverRequest(), null);
    assertValid(resp);
    const [def] = resp.skills;
    expect(def.status).toBe('Blocked');
    expect(def.metadata).toMatchObject({
      owner: 'tests',
      blocked_reason: expect.stringMatching(/^SKILL\.md:7: ENTRYPOINT_MISSING .*gone\.sh/),
      blocked_errors: [expect.objectContaining({ code: 'ENTRYPOINT_MISSING', line: 7 })],
    });
    const call = await h.call(makeCallRequest({ name: 'fx-broken' }), null);
    expect(call.data).toBeNull();
    expect(call.error?.code).toBe('skill_error');
    expect(call.error?.message).toMatch(/Blocked.*SKILL\.md:7: ENTRYPOINT_MISSING/);
    // Any error blocks, not only a missing entrypoint; the registry's record keeps Published.
    const ok = catalog.get('fx-ok');
    if (!ok) throw new Error('fixture missing');
    const invalid = {
      ...ok,
      diagnostics: [
        ...ok.diagnostics,
        {
          severity: 'error' as const,
          code: 'NAME_INVALID_CHARS' as const,
          message: 'bad name',
          line: 2,
          column: 7,
          field: 'name',
        },
      ],
    };
    const h2 = new A2EHost({ catalog: new FixtureCatalog([invalid]), agents });
    expect(h2.discover(makeDiscoverRequest(), null).skills[0].status).toBe('Blocked');
    const refused = await h2.call(
      makeCallRequest({ name: 'fx-ok', arguments: { text: 'x' } }),
      null,
    );
    expect(refused.error?.message).toMatch(/SKILL\.md:2: NAME_INVALID_CHARS bad name/);
    expect(invalid.definition.status).toBe('Published');
  });

  it('refuses a connection for an agent that does not exist', () => {
    expect(() => host.openConnection({ agent: 'ghost', send: () => undefined })).toThrow(
      UnknownAgentError,
    );
  });
});

describe('connections', () => {
  let host: A2EHost;
  beforeAll(() => {
    host = new A2EHost({ catalog, agents, concurrency: 4 });
  });

  it('streams events with contiguous seq and sends the response last', async () => {
    const { conn, sent, until } = open(host, 'tester');
    conn.receive(encodeMessage(makeCallRequest({ id: 'c1', name: 'fx-quick' })));
    await until((s) => responses(s).length === 1);
    expect(sent.map((m) => m.type)).toEqual([...Array(4).fill('skill/event'), 'skill/call/resp']);
    const events = sent.slice(0, 4) as SkillEvent[];
    expect(events.map((e) => [e.seq, e.req_id])).toEqual([
      [0, 'c1'],
      [1, 'c1'],
      [2, 'c1'],
      [3, 'c1'],
    ]);
    const resp = sent[4] as SkillCallResponse;
    expect(resp).toMatchObject({
      req_id: 'c1',
      name: 'fx-quick',
      error: null,
      data: { success: true, data: { ok: true } },
    });
    expect(resp.data?.events).toEqual(events);
  });

  it('pushes no events with streaming:false but keeps them in the result', async () => {
    const { conn, sent, until } = open(host, null);
    conn.receive(
      JSON.stringify({ type: 'skill/call/req', id: 'ns', name: 'fx-quick', streaming: false }),
    );
    await until((s) => responses(s).length === 1);
    expect(sent).toHaveLength(1);
    expect(responses(sent)[0].data?.events?.map((e) => e.seq)).toEqual([0, 1, 2, 3]);
  });

  it('answers discover, version mismatch and unknown types on one connection', async () => {
    const { conn, sent } = open(host, 'writer');
    conn.receive(
      '{"type":"skill/discover/req","id":"d1","version":"1.0","ts":1,"filter_tags":[],"filter_categories":[]}',
    );
    conn.receive('{"type":"skill/call/req","id":"v9","version":"9.0","name":"fx-llm"}');
    conn.receive('{"type":"tool/call/req","id":"t1"}');
    conn.receive('not json');
    expect(sent.map((m) => m.type)).toEqual([
      'skill/discover/resp',
      'skill/call/resp',
      'error',
      'error',
    ]);
    expect((sent[0] as SkillDiscoverResponse).skills.map((s) => s.name)).toEqual(['fx-llm']);
    expect(sent[1]).toMatchObject({ req_id: 'v9', error: { code: 'version_mismatch' } });
    expect(sent[2]).toMatchObject({ req_id: 't1', error: { code: 'invalid_message' } });
    expect(sent[3]).toMatchObject({ req_id: '', error: { code: 'parse_error' } });
  });

  it('runs 50 concurrent calls at most 4 at a time, each with contiguous seq', async () => {
    const { conn, sent } = open(host, null);
    let peak = 0;
    let sawQueue = false;
    const watch = setInterval(() => {
      peak = Math.max(peak, host.activeCalls);
      sawQueue ||= host.queuedCalls > 0;
    }, 2);
    for (let i = 0; i < 50; i++)
      conn.receive(encodeMessage(makeCallRequest({ id: `q${i}`, name: 'fx-quick' })));
    expect(host.activeCalls).toBeLessThanOrEqual(4);
    await conn.whenIdle();
    clearInterval(watch);
    expect(responses(sent)).toHaveLength(50);
    expect(peak).toBeLessThanOrEqual(4);
    expect(peak).toBeGreaterThan(0);
    expect(sawQueue).toBe(true);
    for (let i = 0; i < 50; i++) {
      const id = `q${i}`;
      const mine = sent.filter((m) => 'req_id' in m && m.req_id === id);
      const last = mine[mine.length - 1] as SkillCallResponse;
      expect(last.type).toBe('skill/call/resp');
      expect(last.data?.success, JSON.stringify(last.data?.error)).toBe(true);
      expect(mine.slice(0, -1).map((e) => (e as SkillEvent).seq)).toEqual([0, 1, 2, 3]);
    }
    expect(host.activeCalls).toBe(0);
  }, 45_000);

  it('close() cancels a running call and sends nothing more', async () => {
    const { conn, sent, until } = open(host, 'tester');
    conn.receive(encodeMessage(makeCallRequest({ id: 's1', name: 'fx-sleep' })));
    await until((s) => s.some((m) => m.type === 'skill/event'));
    conn.close();
    const count = sent.length;
    await conn.whenIdle();
    expect(host.activeCalls).toBe(0);
    expect(sent.length).toBe(count);
    conn.receive(encodeMessage(makeDiscoverRequest()));
    expect(sent.length).toBe(count);
  });

  it('refuses a second call under an id still in flight, leaving the first alone; the id is free again after', async () => {
    const { conn, sent, until } = open(host, null);
    conn.receive(encodeMessage(makeCallRequest({ id: 'dup', name: 'fx-sleep' })));
    await until((s) => s.some((m) => m.type === 'skill/event'));
    conn.receive(encodeMessage(makeCallRequest({ id: 'dup', name: 'fx-quick' })));
    const refusal = sent.find((m) => m.type === 'error');
    expect(refusal).toMatchObject({ req_id: 'dup', error: { code: 'invalid_message' } });
    await until((s) => responses(s).length === 1);
    // Only the first call's messages carry the id: contiguous seq, then its own response.
    const mine = sent.filter((m) => m.type !== 'error');
    const first = responses(sent)[0];
    expect(first).toMatchObject({ req_id: 'dup', name: 'fx-sleep' });
    expect(first.data?.error_code).toBe('timeout');
    const seqs = mine.slice(0, -1).map((e) => (e as SkillEvent).seq);
    expect(seqs).toEqual(seqs.map((_, i) => i));
    expect(first.data?.events).toHaveLength(seqs.length);
    // Once it is answered, the id may be used again.
    conn.receive(encodeMessage(makeCallRequest({ id: 'dup', name: 'fx-quick' })));
    await until((s) => responses(s).length === 2);
    expect(responses(sent)[1]).toMatchObject({ req_id: 'dup', data: { success: true } });
  });

  it('refuses calls over the per-connection limit and reports idleness', async () => {
    const h = new A2EHost({ catalog, agents, maxPendingCallsPerConnection: 2 });
    const { conn, sent } = open(h, null);
    await conn.whenIdle();
    for (const id of ['p1', 'p2', 'p3'])
      conn.receive(encodeMessage(makeCallRequest({ id, name: 'fx-quick' })));
    expect(responses(sent)).toEqual([
      expect.objectContaining({
        req_id: 'p3',
        error: expect.objectContaining({ code: 'runtime_error' }),
      }),
    ]);
    await conn.whenIdle();
    expect(
      responses(sent)
        .map((r) => r.req_id)
        .sort(),
    ).toEqual(['p1', 'p2', 'p3']);
  });

  /** A connection whose transport reports `backlog(sent)` bytes waiting, with a cap. */
  function withBacklog(backlog: (sent: A2EOutbound[]) => number, maxBufferedBytes: number) {
    const state = { overflowed: 0, sent: [] as A2EOutbound[] };
    const conn = host.openConnection({
      agent: null,
      send: (m) => state.sent.push(m),
      bufferedAmount: () => backlog(state.sent),
      maxBufferedBytes,
      onOverflow: () => state.overflowed++,
    });
    return { conn, state };
  }

  it('closes itself for a client that does not keep up', async () => {
    const { conn, state } = withBacklog((sent) => sent.length * 1024 * 1024, 2.5 * 1024 * 1024);
    const { sent } = state;
    conn.receive(
      encodeMessage(makeCallRequest({ name: 'fx-flood', arguments: { mode: 'events' } })),
    );
    const t0 = Date.now();
    while (!conn.closed && Date.now() - t0 < 10_000) await new Promise((r) => setTimeout(r, 10));
    expect(conn.closed).toBe(true);
    expect(state.overflowed).toBe(1);
    expect(sent.length).toBe(3);
    while (host.activeCalls > 0 && Date.now() - t0 < 10_000)
      await new Promise((r) => setTimeout(r, 20));
    expect(host.activeCalls).toBe(0);
  });

  it('sends a client that keeps up every message, even one larger than the backlog cap', async () => {
    const { conn, state } = withBacklog(() => 0, 64);
    const { sent } = state;
    conn.receive(
      encodeMessage(makeCallRequest({ id: 'big', name: 'fx-ok', arguments: { text: 'x' } })),
    );
    await conn.whenIdle();
    const [resp] = responses(sent);
    expect(resp).toMatchObject({ req_id: 'big', data: { success: true } });
    expect(encodeMessage(resp).length).toBeGreaterThan(64);
    expect(state.overflowed).toBe(0);
    expect(conn.closed).toBe(false);
  });

  it('survives malformed frames, answering each exactly once', async () => {
    const { conn, sent } = open(host, null);
    let seed = 99;
    const rand = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
    const frames: string[] = [];
    for (let i = 0; i < 200; i++) {
      const bytes = Buffer.from(
        Array.from({ length: Math.floor(rand() * 80) }, () => Math.floor(rand() * 256)),
      );
      frames.push(bytes.toString('latin1'));
    }
    const valid = encodeMessage(makeCallRequest({ name: 'fx-quick' }));
    for (let i = 1; i < valid.length; i += 11) frames.push(valid.slice(0, i));
    frames.push(
      '[]',
      '12',
      'null',
      '"str"',
      'x'.repeat(2_000_000),
      `{"type":"skill/call/req","name":"fx-quick","arguments":"${'a'.repeat(500_000)}"}`,
      '{"type":"skill/call/req","name":["fx-quick"]}',
      '{"type":"skill/call/req","name":"fx-quick","timeout":-5}',
      '{"type":"skill/call/req","name":"fx-quick","streaming":"yes"}',
      '{"type":"skill/discover/req","filter_tags":[null]}',
      '{"type":"skill/event","kind":"progress"}',
      '{"type":"skill/call/req","name":"fx-quick","version":"2"}',
      `{"type":"skill/call/req","name":"fx-quick","arguments":${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}}`,
    );
    for (const frame of frames) conn.receive(frame);
    // The deep-nesting frame is valid JSON and a valid call: it gets a response later.
    expect(sent.length).toBe(frames.length - 1);
    for (const msg of sent) expect(['error', 'skill/call/resp']).toContain(msg.type);
    const deep = await new Promise<SkillCallResponse>((resolve) => {
      const t = setInterval(() => {
        const r = responses(sent).find(
          (m) => m.data !== null || m.error?.code === 'schema_violation',
        );
        if (r) {
          clearInterval(t);
          resolve(r);
        }
      }, 10);
    });
    expect(deep.type).toBe('skill/call/resp');
    expect(sent.length).toBe(frames.length);
    conn.receive(encodeMessage(makeDiscoverRequest({ id: 'after' })));
    expect(sent[sent.length - 1]).toMatchObject({ type: 'skill/discover/resp', req_id: 'after' });
  });
});

describe('programmatic calls', () => {
  let host: A2EHost;
  beforeAll(() => {
    host = new A2EHost({ catalog, agents, concurrency: 1 });
  });

  it('delivers events to onEvent and cancels through an AbortSignal', async () => {
    const ac = new AbortController();
    const seen: SkillEvent[] = [];
    const pending = host.call(
      makeCallRequest({ name: 'fx-sleep', timeout: 30 }),
      'tester',
      (e) => {
        seen.push(e);
        ac.abort();
      },
      ac.signal,
    );
    const t0 = Date.now();
    const resp = await pending;
    expect(Date.now() - t0).toBeLessThan(5000);
    expect(resp.error).toBeNull();
    expect(resp.data).toMatchObject({ success: false, error_code: 'cancelled', cancelled: true });
    expect(resp.data?.events).toEqual(seen);
  });

  it('cancels a call still waiting in the queue without running it', async () => {
    const first = host.call(makeCallRequest({ name: 'fx-quick' }), null);
    const ac = new AbortController();
    const second = host.call(makeCallRequest({ name: 'fx-quick' }), null, undefined, ac.signal);
    expect(host.queuedCalls).toBe(1);
    ac.abort();
    const resp = await second;
    expect(resp.data).toMatchObject({ success: false, cancelled: true, events: [] });
    expect((await first).data?.success).toBe(true);
  });

  it('honours a timeout longer than a timer can hold instead of timing out at once', async () => {
    // 2^31 ms is about 24.8 days; these overflowed setTimeout and fired immediately.
    for (const timeout of [2_200_000, 2 ** 40, Number.MAX_SAFE_INTEGER]) {
      const resp = await host.call(makeCallRequest({ name: 'fx-quick', timeout }), null);
      expect(resp.data, `timeout ${timeout}`).toMatchObject({ success: true });
    }
  });

  it('cancelAll() stops running and queued calls, and resolves once their runs have stopped', async () => {
    const running = host.call(makeCallRequest({ name: 'fx-sleep', timeout: 60 }), null);
    const queued = host.call(makeCallRequest({ name: 'fx-quick' }), null);
    while (host.activeCalls === 0) await new Promise((r) => setTimeout(r, 10));
    expect(host.queuedCalls).toBe(1);
    await host.cancelAll();
    expect(host.activeCalls).toBe(0);
    expect(host.queuedCalls).toBe(0);
    expect((await running).data).toMatchObject({ success: false, cancelled: true });
    expect((await queued).data).toMatchObject({ success: false, cancelled: true, events: [] });
    // The host goes on serving.
    expect((await host.call(makeCallRequest({ name: 'fx-quick' }), null)).data?.success).toBe(true);
  });

  it('uses the smaller of the call timeout and the skill timeout_seconds', async () => {
    const sleep = catalog.get('fx-sleep');
    if (!sleep) throw new Error('fixture missing');
    const long = { ...sleep, definition: { ...sleep.definition, timeout_seconds: 30 } };
    const h = new A2EHost({ catalog: { get: () => long, list: () => [long] }, agents });
    const t0 = Date.now();
    const resp = await h.call(makeCallRequest({ name: 'fx-sleep', timeout: 1 }), null);
    expect(resp.data).toMatchObject({ success: false, error_code: 'timeout' });
    expect(Date.now() - t0).toBeLessThan(5000);
  });
});
