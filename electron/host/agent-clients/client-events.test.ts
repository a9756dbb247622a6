/**
 * An agent client's events as A2E events, read back by the playground's transcript: the
 * client's text is the answer, each tool call is paired with its result (by id, naming the
 * tool), and the activation of a skill is a line of its own. A tool call's huge arguments
 * go as a bounded preview, never whole.
 */
import { describe, expect, it } from 'vitest';
import { makeEvent } from '../../../shared/protocol/messages';
import { buildTranscript } from '../../../shared/playground/transcript';
import type { SkillEvent, SkillEventKind } from '../../../shared/protocol/a2e';
import { a2eEvents } from './client-executor';

function run(events: Parameters<ReturnType<typeof a2eEvents>>[0][]): SkillEvent[] {
  const out: SkillEvent[] = [];
  const emit = (kind: SkillEventKind, data: Record<string, unknown>) =>
    out.push(makeEvent('r', out.length, kind, data));
  const to = a2eEvents('Claude Code', emit);
  for (const e of events) to(e);
  return out;
}

describe('a client run in the transcript', () => {
  it('shows the tool call with its result, the activation, then the answer', () => {
    const events = run([
      { type: 'tool_call', id: 't1', name: 'Skill', input: { skill: 'greeter' } },
      { type: 'tool_result', id: 't1', output: 'Launching skill: greeter', isError: false },
      { type: 'skill_activated', name: 'greeter' },
      { type: 'text', text: 'Hello, Ada!' },
      { type: 'final', text: 'Hello, Ada!', isError: false },
    ]);
    expect(buildTranscript(events)).toEqual([
      {
        kind: 'tool',
        seq: 0,
        id: 't1',
        name: 'Skill',
        arguments: { skill: 'greeter' },
        result: 'Launching skill: greeter',
        isError: false,
      },
      { kind: 'turn', seq: 2, message: 'Claude Code activated the skill "greeter"' },
      expect.objectContaining({ kind: 'text', text: 'Hello, Ada!' }),
    ]);
    // The log lines still read as before for the Logs tab and the CLI.
    expect(events[0].data.message).toBe('Claude Code calls Skill {"skill":"greeter"}');
  });

  it('sends a huge tool input as its preview only', () => {
    const [call] = run([
      { type: 'tool_call', id: 't2', name: 'Write', input: { content: 'x'.repeat(100_000) } },
    ]);
    expect(typeof call.data.arguments).toBe('string');
    expect(JSON.stringify(call.data).length).toBeLessThan(2_000);
  });
});
