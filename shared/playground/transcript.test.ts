/**
 * A model run's transcript from its events: text chunks join, a tool call and its
 * result are one item, turn lines are kept; the figures come from the result metadata.
 */
import { describe, expect, it } from 'vitest';
import { buildTranscript, formatTokens, isModelRun, runStats } from './transcript';
import { sanitizeHistoryInput, summarizeEvents } from './history';
import { diffRuns } from './run-diff';
import { skillEvents } from '../test-support/skill-events';

const ev = skillEvents();
const text = (chunk: string, final = false) =>
  ev('artifact', { name: 'response.md', mime: 'text/markdown', chunk, final });

describe('buildTranscript', () => {
  it('joins text, pairs tool calls with their results, keeps the turn lines', () => {
    const events = [
      ev('status', { message: 'turn 1/10: asking m (p)' }),
      text('Let me '),
      text('check.'),
      ev('log', {
        level: 'info',
        message: 'tool time {}',
        tool: 'time',
        tool_call_id: 'a',
        arguments: {},
      }),
      ev('log', {
        level: 'info',
        message: 'tool calculator',
        tool: 'calculator',
        tool_call_id: 'b',
        arguments: { expression: '2+2' },
      }),
      ev('log', {
        level: 'info',
        message: 'tool time →',
        tool: 'time',
        tool_call_id: 'a',
        result_preview: '2026-11-30',
        is_error: false,
      }),
      ev('log', {
        level: 'warn',
        message: 'tool calculator →',
        tool: 'calculator',
        tool_call_id: 'b',
        result_preview: 'error: x',
        is_error: true,
      }),
      ev('log', { level: 'info', message: 'an ordinary line' }),
      ev('status', { message: 'turn 2/10: asking m (p)' }),
      text('\n\n**4**'),
      text('', true),
      ev('status', { message: 'answered in 2 turns (end_turn)' }),
    ];
    expect(isModelRun(events)).toBe(true);
    expect(buildTranscript(events)).toEqual([
      { kind: 'turn', seq: 0, message: 'turn 1/10: asking m (p)' },
      { kind: 'text', seq: 1, text: 'Let me check.', step: null },
      {
        kind: 'tool',
        seq: 3,
        id: 'a',
        name: 'time',
        arguments: {},
        result: '2026-11-30',
        isError: false,
      },
      {
        kind: 'tool',
        seq: 4,
        id: 'b',
        name: 'calculator',
        arguments: { expression: '2+2' },
        result: 'error: x',
        isError: true,
      },
      { kind: 'turn', seq: 8, message: 'turn 2/10: asking m (p)' },
      { kind: 'text', seq: 9, text: '**4**', step: null },
    ]);
  });

  it("keeps each parallel step's answer its own block, labelled, however the chunks interleave", () => {
    const step = (agent: string, branch: number) => ({
      node: `${agent}@1`,
      agent,
      branches: [branch],
      iterations: [],
      label: `${agent} [branch ${branch + 1}]`,
    });
    const fact = step('fact_checker', 0);
    const style = step('style_checker', 1);
    const chunk = (s: ReturnType<typeof step>, c: string) =>
      ev('artifact', { name: 'response.md', mime: 'text/markdown', chunk: c, step: s });
    const items = buildTranscript([
      ev('status', { message: 'fact_checker: turn 1 of 10', step: fact }),
      ev('status', { message: 'style_checker: turn 1 of 10', step: style }),
      chunk(fact, 'The facts '),
      chunk(style, 'The style '),
      chunk(fact, 'hold.'),
      chunk(style, 'is plain.'),
    ]);
    const texts = items.filter((i) => i.kind === 'text');
    expect(texts).toEqual([
      {
        kind: 'text',
        seq: expect.any(Number),
        text: 'The facts hold.',
        step: 'fact_checker [branch 1]',
      },
      {
        kind: 'text',
        seq: expect.any(Number),
        text: 'The style is plain.',
        step: 'style_checker [branch 2]',
      },
    ]);
    // Turn lines with the agent's name before them are still turn lines.
    expect(items.filter((i) => i.kind === 'turn')).toHaveLength(2);
  });

  it('is not a model run without a response.md stream or a tool call', () => {
    expect(
      isModelRun([
        ev('log', { level: 'info', message: 'x' }),
        ev('artifact', { name: 'out.csv', chunk: 'a' }),
      ]),
    ).toBe(false);
  });
});

describe('runStats', () => {
  it('reads the model, turns, tokens and time to first token', () => {
    const s = runStats({
      provider: 'p',
      model: 'm-1',
      stop_reason: 'end_turn',
      turns: 3,
      max_turns: 10,
      usage: {
        input_tokens: 1200,
        output_tokens: 45,
        cache_read_input_tokens: 7,
        cache_creation_input_tokens: 0,
      },
      time_to_first_token_ms: 12,
    });
    expect(s).toMatchObject({
      model: 'm-1',
      turns: 3,
      inputTokens: 1200,
      outputTokens: 45,
      timeToFirstTokenMs: 12,
    });
    expect(formatTokens(s!)).toBe('1,200 in · 45 out · 7 cache read');
    expect(runStats({ sandbox: 'x' })).toBeNull();
    expect(runStats(null)).toBeNull();
  });
});

describe('comparing model runs', () => {
  const kept = (model: string, input: number, id: string) =>
    sanitizeHistoryInput(
      {
        skill: 'time-arithmetic',
        agent: null,
        started_at: 1,
        finished_at: 2,
        arguments: { question: 'q' },
        timeout: 60,
        streaming: true,
        llm_override: {
          provider_name: 'p',
          provider_credentials: {},
          provider_config: { model },
        },
        outcome: 'success',
        result: {
          success: true,
          summary: 'a',
          duration_ms: 5,
          metadata: {
            provider: 'p',
            model,
            turns: 2,
            stop_reason: 'end_turn',
            usage: { input_tokens: input, output_tokens: 10 },
            time_to_first_token_ms: 40,
          },
        },
        error: null,
        summary: summarizeEvents([]),
        events: [],
        events_truncated: false,
      },
      id,
    );

  it('puts the models and their tokens side by side; script runs get no such rows', () => {
    const d = diffRuns(kept('m-1', 100, 'a'), kept('m-2', 250, 'b'));
    expect(d.result.find((r) => r.label === 'model')).toEqual({
      label: 'model',
      a: 'p · m-1',
      b: 'p · m-2',
      same: false,
    });
    expect(d.result.find((r) => r.label === 'tokens')).toMatchObject({
      a: '100 in · 10 out',
      b: '250 in · 10 out',
    });
    expect(d.result.find((r) => r.label === 'turns')).toMatchObject({ same: true });
    const script = { ...kept('m', 1, 'c'), result: { success: true, duration_ms: 1 } };
    expect(diffRuns(script, script).result.some((r) => r.label === 'model')).toBe(false);
  });
});
