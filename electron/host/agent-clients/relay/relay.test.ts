/**
 * The relay as another local process would try it: without the run's relay key nothing is
 * forwarded (and the user's key never leaves); with it, the body goes upstream byte for byte,
 * the client's own auth header is replaced, the stream comes back unchanged, and the record
 * holds no key. Oversized bodies are refused, not buffered without end.
 */
import http from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { startWireServer, type WireServer } from '../../providers/test-support/wire-server';
import { anthropicTurn } from '../../providers/test-support/provider-wire';
import { startRelay, upstreamUrl, type Relay } from './relay';

const UPSTREAM_KEY = 'sk-ant-api03-REAL-UPSTREAM-KEY-abcdefghijklmnop';
const RELAY_KEY = 'sk-studio-relay-0123456789abcdef0123456789abcdef';

function post(
  url: string,
  path: string,
  body: string | Buffer,
  headers: Record<string, string>,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${url}${path}`, { method: 'POST', headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('the relay', () => {
  let upstream: WireServer;
  let relay: Relay;
  afterEach(async () => {
    await relay?.close();
    await upstream?.close();
  });

  async function start(forwardedBodyBytes?: number) {
    upstream = await startWireServer(() => ({
      kind: 'sse',
      chunks: anthropicTurn({ text: ['echo ', UPSTREAM_KEY, ' and ', RELAY_KEY] }),
    }));
    relay = await startRelay({
      baseUrl: upstream.url,
      kind: 'anthropic',
      auth: { mode: 'key', key: UPSTREAM_KEY },
      relayKey: RELAY_KEY,
      forwardedBodyBytes,
    });
  }

  it('forwards nothing for a request without the relay key, whatever key it brings', async () => {
    await start();
    const attempts: Record<string, string>[] = [
      {},
      { 'x-api-key': 'sk-guess' },
      { authorization: `Bearer ${RELAY_KEY.slice(0, -1)}x` },
      { 'x-api-key': `${RELAY_KEY}0` },
    ];
    for (const headers of attempts) {
      const r = await post(relay.url, '/v1/messages', '{"model":"m"}', headers);
      expect(r.status).toBe(401);
      expect(r.body).not.toContain(UPSTREAM_KEY);
    }
    expect(upstream.requests).toHaveLength(0);
    expect(relay.records().every((x) => x.error?.includes('relay key'))).toBe(true);
  });

  it('swaps the relay key for the real one, forwards the body unchanged, records no key', async () => {
    await start();
    const body = JSON.stringify({
      model: 'm',
      messages: [{ role: 'user', content: `hi ${UPSTREAM_KEY}` }],
    });
    const r = await post(relay.url, '/v1/messages?beta=true', body, {
      'x-api-key': RELAY_KEY,
      authorization: `Bearer ${RELAY_KEY}`,
      'content-type': 'application/json',
    });
    expect(r.status).toBe(200);
    // The stream came back as sent (keys in it included: the client is the user's own).
    expect(r.body).toBe(upstream.sent.join(''));
    const got = upstream.requests[0];
    expect(got.url).toBe('/v1/messages?beta=true');
    expect(got.body).toBe(body);
    expect(got.headers['x-api-key']).toBe(UPSTREAM_KEY);
    expect(got.headers.authorization).toBeUndefined();
    expect(JSON.stringify(got.headers)).not.toContain(RELAY_KEY);
    const [rec] = relay.records();
    expect(rec).toMatchObject({
      index: 0,
      method: 'POST',
      path: '/v1/messages?beta=true',
      error: null,
    });
    expect(rec.request.headers['x-api-key']).toBe('[redacted]');
    expect(rec.response?.status).toBe(200);
    const recorded = JSON.stringify(rec);
    expect(recorded).not.toContain(UPSTREAM_KEY);
    expect(recorded).not.toContain(RELAY_KEY);
  });

  it('refuses a body over the forwarding cap with 413 and forwards none of it', async () => {
    await start(1024);
    const r = await post(relay.url, '/v1/messages', Buffer.alloc(64 * 1024, 'a'), {
      'x-api-key': RELAY_KEY,
    });
    expect(r.status).toBe(413);
    expect(upstream.requests).toHaveLength(0);
  });

  it('maps each client path onto the upstream root of its kind, and keeps ?key= from going up', async () => {
    expect(
      upstreamUrl('https://api.openai.com/v1', 'openai-compatible', '/v1/responses').href,
    ).toBe('https://api.openai.com/v1/responses');
    expect(
      upstreamUrl('https://api.anthropic.com', 'anthropic', '/v1/messages?beta=true').href,
    ).toBe('https://api.anthropic.com/v1/messages?beta=true');
    upstream = await startWireServer(() => ({ kind: 'json', status: 200, body: {} }));
    relay = await startRelay({
      baseUrl: upstream.url,
      kind: 'gemini',
      auth: { mode: 'key', key: UPSTREAM_KEY },
      relayKey: RELAY_KEY,
    });
    const r = await post(
      relay.url,
      `/v1beta/models/g:streamGenerateContent?alt=sse&key=${RELAY_KEY}`,
      '{}',
      {},
    );
    expect(r.status).toBe(200);
    expect(upstream.requests[0].url).toBe('/v1beta/models/g:streamGenerateContent?alt=sse');
    expect(upstream.requests[0].headers['x-goog-api-key']).toBe(UPSTREAM_KEY);
    expect(relay.records()[0].path).not.toContain(RELAY_KEY);
  });
});
