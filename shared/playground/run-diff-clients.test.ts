/**
 * The same arguments run in two agent clients, compared: the history keeps which client
 * (and version) ran each call, checked (a made-up client id is kept as none), and the
 * comparison puts the clients, the skills each activated and the two final texts side by side.
 */
import { describe, expect, it } from 'vitest';
import {
  historyAgentClient,
  historySummary,
  sanitizeHistoryInput,
  summarizeEvents,
  type HistoryInput,
} from './history';
import { activatedSkills, diffRuns, finalText, ranIn } from './run-diff';

function clientRun(over: Partial<HistoryInput>): HistoryInput {
  return {
    skill: 'greeter',
    agent: null,
    started_at: 1000,
    finished_at: 1500,
    arguments: { name: 'Ada' },
    timeout: 60,
    streaming: true,
    outcome: 'success',
    result: { success: true, summary: 'Hi', data: { answer: 'Hi' }, duration_ms: 480 },
    error: null,
    summary: summarizeEvents([]),
    events: [],
    events_truncated: false,
    ...over,
  };
}

describe('history: the agent client of a call', () => {
  it('keeps a known client and its version, and nothing else', () => {
    expect(historyAgentClient({ id: 'codex', version: '0.171.0' })).toEqual({
      id: 'codex',
      version: '0.171.0',
    });
    expect(historyAgentClient({ id: 'codex' })).toEqual({ id: 'codex', version: null });
    expect(historyAgentClient({ id: 'rm -rf', version: '1' })).toBeNull();
    expect(historyAgentClient('claude-code')).toBeNull();
    expect(historyAgentClient({ id: 'codex', version: 'x'.repeat(500) })).toEqual({
      id: 'codex',
      version: null,
    });
    const kept = sanitizeHistoryInput(
      clientRun({ agent_client: { id: 'nope', version: '1' } as never }),
      'a',
    );
    expect(kept.agent_client).toBeNull();
    const ok = sanitizeHistoryInput(
      clientRun({ agent_client: { id: 'claude-code', version: '2.1.332' } }),
      'b',
    );
    expect(ok.agent_client).toEqual({ id: 'claude-code', version: '2.1.332' });
    expect(historySummary(ok, 10).agent_client).toBe('claude-code');
    // A call kept before clients existed reads as the studio's.
    expect(historySummary(sanitizeHistoryInput(clientRun({}), 'c'), 10).agent_client).toBeNull();
  });
});

describe('compare: the same arguments in Claude Code and Codex', () => {
  const a = sanitizeHistoryInput(
    clientRun({
      agent_client: { id: 'claude-code', version: '2.1.332' },
      result: {
        success: true,
        summary: 'Hello, Ada!',
        data: { answer: 'Hello, Ada!' },
        duration_ms: 3000,
        metadata: { activated_skills: ['greeter'] },
      },
    }),
    'a',
  );
  const b = sanitizeHistoryInput(
    clientRun({
      agent_client: { id: 'codex', version: '0.171.0' },
      result: {
        success: true,
        summary: 'Hi Ada.',
        data: { answer: 'Hi Ada.' },
        duration_ms: 5000,
        metadata: { activated_skills: [] },
      },
    }),
    'b',
  );

  it('puts the clients, the activated skills and the final texts side by side', () => {
    const d = diffRuns(a, b);
    expect(d.client).toEqual([
      { label: 'ran in', a: 'Claude Code 2.1.332', b: 'Codex 0.171.0', same: false },
      { label: 'activated skills', a: 'greeter', b: 'none', same: false },
    ]);
    expect(d.answers).toEqual({ a: 'Hello, Ada!', b: 'Hi Ada.' });
    expect(d.arguments).toEqual([]);
  });

  it('reads a studio run as the studio’s, with no activation list', () => {
    const studio = sanitizeHistoryInput(clientRun({}), 's');
    expect(ranIn(studio)).toBe('the studio');
    expect(activatedSkills(studio)).toBeNull();
    expect(finalText(studio)).toBe('Hi');
    expect(diffRuns(studio, a).client[1]).toMatchObject({ a: '—', b: 'greeter' });
  });
});
