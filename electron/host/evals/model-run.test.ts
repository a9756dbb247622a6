import { describe, expect, it } from 'vitest';
import { RunRecorder } from './model-run';

describe("a run's transcript", () => {
  it('holds each tool call once, with its arguments, and then its result', () => {
    const r = new RunRecorder();
    // The two log events the agent loop sends for one tool call (runner/llm/skill-agent.ts).
    r.emit('log', {
      level: 'info',
      message: 'tool time {"zone":"UTC"}',
      tool: 'time',
      tool_call_id: 'call_1',
      arguments: { zone: 'UTC' },
    });
    r.emit('log', {
      level: 'info',
      message: 'tool time → 2026-12-01T10:00:00Z',
      tool: 'time',
      tool_call_id: 'call_1',
      result_preview: '2026-12-01T10:00:00Z',
      is_error: false,
    });
    r.emit('artifact', { name: 'response.md', chunk: 'It is ten.' });
    expect(r.steps).toEqual([
      { role: 'tool_call', tool: 'time', arguments: { zone: 'UTC' }, id: 'call_1' },
      {
        role: 'tool_result',
        tool: 'time',
        id: 'call_1',
        text: '2026-12-01T10:00:00Z',
        is_error: false,
      },
    ]);
    expect(r.toolCalls).toEqual([{ name: 'time', arguments: { zone: 'UTC' } }]);
    expect(r.answerText).toBe('It is ten.');
  });

  it('marks a failed tool result as an error, and keeps plain log lines', () => {
    const r = new RunRecorder();
    r.emit('log', {
      level: 'warn',
      tool: 'calc',
      tool_call_id: 'c',
      result_preview: 'error: x',
      is_error: true,
    });
    r.emit('log', { level: 'warn', message: 'retrying' });
    expect(r.steps).toEqual([
      { role: 'tool_result', tool: 'calc', id: 'c', text: 'error: x', is_error: true },
      { role: 'log', level: 'warn', text: 'retrying' },
    ]);
    expect(r.toolCalls).toEqual([]);
  });
});
