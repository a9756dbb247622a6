import { describe, expect, it } from 'vitest';
import { makeEvent } from '../protocol/messages';
import {
  HISTORY_EVENTS_KEPT,
  historySummary,
  isSecretKey,
  redactSecrets,
  sanitizeHistoryInput,
  summarizeEvents,
  type HistoryInput,
} from './history';
import { diffArguments, diffRuns } from './run-diff';

function input(over: Partial<HistoryInput> = {}): HistoryInput {
  const events = [
    makeEvent('r', 0, 'status', { message: 'Analysing' }),
    makeEvent('r', 1, 'progress', { pct: 50, message: 'half' }),
    makeEvent('r', 2, 'log', { level: 'warning', message: 'w' }),
    makeEvent('r', 3, 'artifact', {
      name: 'a.md',
      mime: 'text/markdown',
      chunk: 'ab',
      final: false,
    }),
    makeEvent('r', 4, 'artifact', { name: 'a.md', mime: 'text/markdown', chunk: 'c', final: true }),
  ];
  return {
    skill: 'text-stats',
    agent: null,
    started_at: 1000,
    finished_at: 1500,
    arguments: { text: 'hello' },
    timeout: 60,
    streaming: true,
    outcome: 'success',
    result: { success: true, summary: '1 words', data: { words: 1 }, duration_ms: 480 },
    error: null,
    summary: summarizeEvents(events),
    events,
    events_truncated: false,
    ...over,
  };
}

describe('history entries', () => {
  it('digests events in one pass', () => {
    const s = input().summary;
    expect(s).toMatchObject({
      total: 5,
      by_kind: { progress: 1, log: 1, status: 1, artifact: 2 },
      log_levels: { warn: 1 },
      statuses: ['Analysing'],
      last_progress: { pct: 50, message: 'half' },
      artifacts: [{ name: 'a.md', mime: 'text/markdown', chars: 3, complete: true }],
    });
  });

  it('never keeps credentials: LLM credentials dropped, credential-like keys and token-like values redacted', () => {
    const e = sanitizeHistoryInput(
      input({
        arguments: {
          text: 'hi',
          api_key: 'abc',
          nested: { Password: 'p', max_tokens: 5 },
          note: 'sk-ant-abcdefghijklmnop1234',
        },
        llm_override: {
          provider_name: 'anthropic',
          provider_credentials: { api_key: 'sk-secret' },
          provider_config: { model: 'm', headers: { Authorization: 'Bearer abcdefghijklmnop' } },
        },
      }),
      'id-1',
    );
    const text = JSON.stringify(e);
    expect(text).not.toContain('sk-secret');
    expect(text).not.toContain('abcdefghijklmnop');
    expect(e.arguments).toEqual({
      text: 'hi',
      api_key: '[redacted]',
      nested: { Password: '[redacted]', max_tokens: 5 },
      note: '[redacted]',
    });
    expect(e.llm_override).toEqual({
      provider_name: 'anthropic',
      provider_config: { model: 'm', headers: { Authorization: '[redacted]' } },
    });
    expect(e.redacted).toEqual(
      expect.arrayContaining([
        '/arguments/api_key',
        '/arguments/nested/Password',
        '/arguments/note',
        '/llm_override/provider_credentials',
      ]),
    );
    expect(isSecretKey('max_tokens')).toBe(false);
    expect(isSecretKey('GITHUB_TOKEN')).toBe(false);
    expect(isSecretKey('github-access-token')).toBe(true);
    expect(redactSecrets({ token: '' })).toEqual({ token: '' });
  });

  it('caps the kept events and summarises for lists', () => {
    const many = Array.from({ length: HISTORY_EVENTS_KEPT + 10 }, (_, i) =>
      makeEvent('r', i, 'log', { level: 'info', message: String(i) }),
    );
    const e = sanitizeHistoryInput(input({ events: many, summary: summarizeEvents(many) }), 'id-2');
    expect(e.events).toHaveLength(HISTORY_EVENTS_KEPT);
    expect(e.events_truncated).toBe(true);
    expect(e.summary.total).toBe(HISTORY_EVENTS_KEPT + 10);
    expect(historySummary(e, 123)).toMatchObject({
      id: 'id-2',
      duration_ms: 480,
      outcome: 'success',
      text: '1 words',
      events: 510,
      bytes: 123,
      error_code: null,
    });
  });
});

describe('run diff', () => {
  it('lists argument changes leaf by leaf and compares events and results', () => {
    expect(
      diffArguments({ text: 'a', top: 5, opts: { x: 1 } }, { text: 'b', opts: { x: 1, y: [] } }),
    ).toEqual([
      { pointer: '/opts/y', change: 'added', b: [] },
      { pointer: '/text', change: 'changed', a: 'a', b: 'b' },
      { pointer: '/top', change: 'removed', a: 5 },
    ]);
    const a = sanitizeHistoryInput(input(), 'a');
    const b = sanitizeHistoryInput(
      input({
        arguments: { text: 'other' },
        outcome: 'failed',
        result: { success: false, error: 'boom', error_code: 'skill_error', duration_ms: 9 },
      }),
      'b',
    );
    const d = diffRuns(a, b);
    expect(d.arguments).toEqual([{ pointer: '/text', change: 'changed', a: 'hello', b: 'other' }]);
    expect(d.events.find((r) => r.label === 'events')).toEqual({
      label: 'events',
      a: '5',
      b: '5',
      same: true,
    });
    expect(d.result.find((r) => r.label === 'error')).toMatchObject({
      a: '—',
      b: 'skill_error: boom',
      same: false,
    });
    expect(d.result.find((r) => r.label === 'outcome')).toMatchObject({
      a: 'success',
      b: 'failed',
      same: false,
    });
  });
});
