import Ajv from 'ajv';
import { describe, expect, it } from 'vitest';
import { decodeFrame, encodeMessage, versionMajor } from './codec';
import { makeCallRequest, makeCallResponse, makeEvent, makeProtocolError } from './messages';
import {
  MESSAGE_SCHEMAS,
  SKILL_CALL_RESPONSE_SCHEMA,
  SKILL_DEFINITION_SCHEMA,
  SKILL_DISCOVER_RESPONSE_SCHEMA,
  SKILL_EVENT_SCHEMA,
  SKILL_RESULT_SCHEMA,
} from './schemas';

// The specification's wire examples, verbatim.
const SD1 =
  '{"type":"skill/discover/req","id":"sd1","version":"1.0","ts":1716123456.789,"filter_tags":["coding"],"filter_categories":[]}';
const SD2 =
  '{"type":"skill/discover/resp","id":"sd2","version":"1.0","ts":1716123456.900,"req_id":"sd1","skills":[{"name":"code_review","version":"1.0.0","description":"Review code for quality and security","triggers":["review code","code review"],"tools":null,"toolkits":null,"status":"Published","input_schema":{"type":"object","properties":{"code":{"type":"string"}},"required":["code"]},"output_schema":{},"instructions":"Review the provided code...","when_to_use":"Use when code needs quality review","argument_hint":"Provide the code to review","source":"system","category":"development","tags":["coding","review"],"max_turns":10,"timeout_seconds":120}]}';
const SC1 =
  '{"type":"skill/call/req","id":"sc1","version":"1.0","ts":1716123457.100,"name":"code_review","arguments":{"code":"def add(a, b): return a + b"},"correlation_id":"","timeout":60,"streaming":true,"llm_override":null,"metadata":{}}';
const SE1 =
  '{"type":"skill/event","id":"se1","version":"1.0","ts":1716123457.200,"kind":"progress","req_id":"sc1","data":{"pct":30,"message":"Analyzing code structure..."},"seq":0}';
const SC2 =
  '{"type":"skill/call/resp","id":"sc2","version":"1.0","ts":1716123458.500,"req_id":"sc1","name":"code_review","data":{"success":true,"data":{"issues":[]},"summary":"No issues found","duration_ms":1400},"created_at":1716123458.500}';

const ajv = new Ajv({ allErrors: true, strict: true });
const validatorOf = (schema: Record<string, unknown>) => ajv.compile(schema);

describe('wire examples of the specification', () => {
  it('decodes sd1 into a typed discover request', () => {
    const r = decodeFrame(SD1);
    expect(r).toEqual({
      ok: true,
      msg: {
        type: 'skill/discover/req',
        id: 'sd1',
        version: '1.0',
        ts: 1716123456.789,
        filter_tags: ['coding'],
        filter_categories: [],
      },
    });
  });

  it('decodes sc1 into a typed call request', () => {
    const r = decodeFrame(SC1);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.msg).toEqual({
      type: 'skill/call/req',
      id: 'sc1',
      version: '1.0',
      ts: 1716123457.1,
      name: 'code_review',
      arguments: { code: 'def add(a, b): return a + b' },
      correlation_id: '',
      timeout: 60,
      streaming: true,
      llm_override: null,
      metadata: {},
    });
  });

  it('sd2, the progress event and the call response match their schemas', () => {
    for (const [frame, schema] of [
      [SD2, SKILL_DISCOVER_RESPONSE_SCHEMA],
      [SE1, SKILL_EVENT_SCHEMA],
      [SC2, SKILL_CALL_RESPONSE_SCHEMA],
    ] as const) {
      const validate = validatorOf(schema);
      const ok = validate(JSON.parse(frame));
      expect(validate.errors ?? []).toEqual([]);
      expect(ok).toBe(true);
    }
    const def = JSON.parse(SD2).skills[0];
    expect(validatorOf(SKILL_DEFINITION_SCHEMA)(def)).toBe(true);
    expect(validatorOf(SKILL_RESULT_SCHEMA)(JSON.parse(SC2).data)).toBe(true);
  });

  it('schemas reject wrong shapes', () => {
    const event = JSON.parse(SE1);
    event.data = { pct: 'thirty', message: 1 };
    expect(validatorOf(SKILL_EVENT_SCHEMA)(event)).toBe(false);
    const def = JSON.parse(SD2).skills[0];
    def.status = 'Live';
    expect(validatorOf(SKILL_DEFINITION_SCHEMA)(def)).toBe(false);
    const resp = JSON.parse(SC2);
    delete resp.data.duration_ms;
    expect(validatorOf(SKILL_CALL_RESPONSE_SCHEMA)(resp)).toBe(false);
  });

  it('every constructor output validates against its message schema', () => {
    const msgs = [
      makeCallRequest({ name: 'x' }),
      makeEvent('r', 0, 'artifact', { name: 'a', mime: 'text/plain', chunk: 'c', final: true }),
      makeCallResponse('r', 'x', { data: { success: true, duration_ms: 3, events: [] } }),
      makeProtocolError('parse_error', 'nope'),
    ];
    for (const msg of msgs) {
      const validate = validatorOf(MESSAGE_SCHEMAS[msg.type]);
      expect(validate(JSON.parse(encodeMessage(msg))), JSON.stringify(validate.errors)).toBe(true);
    }
  });
});

describe('decodeFrame', () => {
  it('applies the specification defaults to absent optional fields', () => {
    const r = decodeFrame('{"type":"skill/call/req","name":"a"}');
    expect(r.ok).toBe(true);
    if (!r.ok || r.msg.type !== 'skill/call/req') return;
    expect(r.msg).toMatchObject({
      version: '1.0',
      arguments: {},
      correlation_id: '',
      timeout: 60,
      streaming: true,
      llm_override: null,
      metadata: {},
    });
    expect(r.msg.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(Math.abs(r.msg.ts - Date.now() / 1000)).toBeLessThan(5);
    const d = decodeFrame('{"type":"skill/discover/req"}');
    expect(d.ok && d.msg.type === 'skill/discover/req' && d.msg.filter_tags).toEqual([]);
  });

  it('answers non-JSON with parse_error and an empty req_id', () => {
    const r = decodeFrame('{"type": "skill/call/req",');
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.reply).toMatchObject({
      type: 'error',
      req_id: '',
      error: { code: 'parse_error', retryable: false },
    });
  });

  it('answers unknown types and non-objects with invalid_message, echoing a readable id', () => {
    const unknown = decodeFrame('{"type":"tool/call/req","id":"t1"}');
    expect(!unknown.ok && unknown.reply).toMatchObject({
      type: 'error',
      req_id: 't1',
      error: { code: 'invalid_message' },
    });
    const hostType = decodeFrame('{"type":"skill/event","id":"e1"}');
    expect(!hostType.ok && hostType.reply.error?.message).toMatch(/sent by the host/);
    for (const frame of ['[1,2]', '42', 'null', '"skill/call/req"', '{"id":7}']) {
      const r = decodeFrame(frame);
      expect(!r.ok && r.reply).toMatchObject({
        type: 'error',
        req_id: '',
        error: { code: 'invalid_message' },
      });
    }
  });

  it('answers a known type with wrong fields with invalid_message and ajv details', () => {
    const r = decodeFrame(
      '{"type":"skill/call/req","id":"c9","name":5,"timeout":"soon","streaming":1}',
    );
    expect(r.ok).toBe(false);
    if (r.ok || r.reply.type !== 'error') throw new Error('expected an error');
    expect(r.reply.req_id).toBe('c9');
    expect(r.reply.error.code).toBe('invalid_message');
    const paths = (r.reply.error.details as { path: string }[]).map((d) => d.path).sort();
    expect(paths).toEqual(['/name', '/streaming', '/timeout']);
    const missingName = decodeFrame('{"type":"skill/call/req","id":"c10"}');
    expect(!missingName.ok && missingName.reply.error?.message).toMatch(/name/);
    const badTags = decodeFrame('{"type":"skill/discover/req","filter_tags":"coding"}');
    expect(!badTags.ok && badTags.reply.error?.code).toBe('invalid_message');
  });

  it('answers another major version with the request own response type', () => {
    const call = decodeFrame('{"type":"skill/call/req","id":"v2","version":"2.0","name":"x"}');
    expect(!call.ok && call.reply).toMatchObject({
      type: 'skill/call/resp',
      req_id: 'v2',
      name: 'x',
      data: null,
      error: { code: 'version_mismatch', retryable: false },
    });
    const disc = decodeFrame('{"type":"skill/discover/req","id":"v3","version":"0.9"}');
    expect(!disc.ok && disc.reply).toMatchObject({
      type: 'skill/discover/resp',
      req_id: 'v3',
      skills: [],
      error: { code: 'version_mismatch' },
    });
    expect(decodeFrame('{"type":"skill/discover/req","version":"1.7"}').ok).toBe(true);
    expect(versionMajor('1')).toBe(1);
    expect(versionMajor('garbage')).toBeNull();
  });

  it('refuses frames over the size limit without parsing them', () => {
    const r = decodeFrame(`{"type":"skill/discover/req","pad":"${'x'.repeat(200)}"}`, {
      maxFrameBytes: 100,
    });
    expect(!r.ok && r.reply.error?.code).toBe('parse_error');
  });

  it('counts the limit in UTF-8 bytes, as the frame is sent', () => {
    const frame = (pad: string) => `{"type":"skill/discover/req","pad":"${pad}"}`;
    // 40 characters of € are 120 bytes: over a 100-byte limit though 40 characters are not.
    const euros = decodeFrame(frame('€'.repeat(40)), { maxFrameBytes: 100 });
    expect(!euros.ok && euros.reply.error?.message).toMatch(/of 158 bytes is over the 100-byte/);
    // A surrogate pair is 4 bytes, not 6.
    const emoji = frame('😀'.repeat(10)); // 78 bytes: 38 around 40 of emoji
    expect(decodeFrame(emoji, { maxFrameBytes: 78 }).ok).toBe(true);
    expect(decodeFrame(emoji, { maxFrameBytes: 77 }).ok).toBe(false);
  });

  it('encodes one message as one line', () => {
    const line = encodeMessage(makeEvent('r', 0, 'log', { level: 'info', message: 'a\nb' }));
    expect(line).not.toContain('\n');
    expect(JSON.parse(line).data.message).toBe('a\nb');
  });
});

describe('decodeFrame fuzz', () => {
  // Deterministic PRNG so a failure can be replayed.
  function rng(seed: number): () => number {
    let s = seed >>> 0;
    return () => {
      s = (s + 0x6d2b79f5) >>> 0;
      let t = s;
      t = Math.imul(t ^ (t >>> 15), t | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
  }

  it('turns every malformed frame into exactly one error reply and never throws', () => {
    const rand = rng(1234);
    const frames: string[] = [];
    for (let i = 0; i < 300; i++) {
      const n = Math.floor(rand() * 64);
      let s = '';
      for (let j = 0; j < n; j++) s += String.fromCharCode(Math.floor(rand() * 0xffff));
      frames.push(s);
    }
    for (let i = 1; i < SC1.length; i += 7) frames.push(SC1.slice(0, i));
    frames.push(
      '',
      ' ',
      '[]',
      '[{"type":"skill/call/req"}]',
      '3.14',
      'true',
      '"x".repeat',
      `"${'a'.repeat(1_000_000)}"`,
      `{"type":"${'t'.repeat(100_000)}"}`,
      '['.repeat(100_000),
      `${'{"a":'.repeat(50_000)}1${'}'.repeat(50_000)}`,
      '{"type":"skill/call/req","name":"x","arguments":[]}',
      '{"type":"skill/call/req","name":"x","arguments":null}',
      '{"type":"skill/call/req","name":"x","timeout":0}',
      '{"type":"skill/call/req","name":"x","timeout":1.5}',
      '{"type":"skill/call/req","name":"x","metadata":"m"}',
      '{"type":"skill/call/req","name":"x","llm_override":{"provider_name":1}}',
      '{"type":"skill/call/req","name":"x","correlation_id":{}}',
      '{"type":"skill/call/req","name":"x","id":null}',
      '{"type":"skill/call/req","name":"x","ts":"now"}',
      '{"type":"skill/call/req","name":"x","version":1}',
      '{"type":"skill/discover/req","filter_categories":[1]}',
      '{"type":null}',
      '{"__proto__":{"type":"skill/call/req"}}',
    );
    for (const frame of frames) {
      const r = decodeFrame(frame);
      expect(r.ok, frame.slice(0, 80)).toBe(false);
      if (r.ok) continue;
      const validate = validatorOf(MESSAGE_SCHEMAS[r.reply.type]);
      expect(validate(JSON.parse(encodeMessage(r.reply))), JSON.stringify(validate.errors)).toBe(
        true,
      );
      expect(r.reply.error?.code).toMatch(/^(parse_error|invalid_message|version_mismatch)$/);
    }
  });
});
