/**
 * A script run's streamed output: protocol lines become events, the result or the error
 * line, plain stdout and stderr become logs and the tails error messages quote, and each
 * cap (output, line, events) kills the run with its reason.
 */
import { describe, expect, it } from 'vitest';
import { pendingRunFacts, type KillReason, type RunFacts } from './core/exit-classify';
import { ScriptOutput, type OutputLimits } from './script-run-output';

const LIMITS: OutputLimits = {
  maxOutputBytes: 1000,
  maxLineBytes: 100,
  maxEvents: 5,
  stderrTailChars: 100,
  plainTextChars: 100,
};

function run(limits: Partial<OutputLimits> = {}) {
  const facts: RunFacts = pendingRunFacts(1000, {
    maxOutputBytes: 1000,
    maxLineBytes: 100,
    maxEvents: 5,
    fileSizeBytes: null,
  });
  const emitted: [string, Record<string, unknown>][] = [];
  const kills: KillReason[] = [];
  let settled = false;
  const output = new ScriptOutput({ ...LIMITS, ...limits }, facts, {
    emit: (kind, data) => emitted.push([kind, data]),
    kill: (reason) => {
      kills.push(reason);
      if (facts.killedBy === null) facts.killedBy = reason;
    },
    settled: () => settled,
  });
  return { output, facts, emitted, kills, settle: () => (settled = true) };
}

const bytes = (s: string) => Buffer.from(s, 'utf8');

describe('ScriptOutput', () => {
  it('reads protocol lines, plain text and stderr, and keeps what error messages quote', () => {
    const r = run();
    r.output.stdout(bytes('{"type":"progress","pct":50,"message":"half"}\nhello\n'));
    r.output.stdout(bytes('{"type":"result","data":{"n":1},"summary":"one"}\n'));
    r.output.stderr(bytes('careful\n\n'));
    r.output.stdout(bytes('{"type":"error","message":"bad","code":"E1"}\nno newline'));
    r.output.end();
    r.output.recordTails();
    expect(r.emitted).toEqual([
      ['progress', { pct: 50, message: 'half' }],
      ['log', { level: 'info', message: 'hello' }],
      ['log', { level: 'warn', message: 'careful' }],
      ['log', { level: 'info', message: 'no newline' }],
    ]);
    expect(r.facts.result).toEqual({ data: { n: 1 }, summary: 'one' });
    expect(r.facts.errorLine).toEqual({ message: 'bad', code: 'E1' });
    expect(r.facts.stderrTail).toContain('careful');
    expect(r.facts.plainText).toContain('hello');
    expect(r.kills).toEqual([]);
  });

  it('kills the run past its events cap, and emits nothing once it is settled', () => {
    const r = run({ maxEvents: 2 });
    r.output.stdout(bytes('a\nb\nc\nd\n'));
    expect(r.emitted).toHaveLength(2);
    expect(r.kills).toEqual(['events']);
    const quiet = run();
    quiet.settle();
    quiet.output.stdout(bytes('late\n'));
    expect(quiet.emitted).toEqual([]);
  });

  it('kills the run for a line over the cap and for output over the cap, then reads no more', () => {
    const long = run({ maxLineBytes: 10 });
    long.output.stderr(bytes(`${'x'.repeat(20)}\n`));
    expect(long.kills).toEqual(['line']);
    const flood = run({ maxOutputBytes: 10 });
    flood.output.stdout(bytes('12345\n'));
    flood.output.stdout(bytes('67890\n'));
    expect(flood.kills).toEqual(['output']);
    flood.output.stdout(bytes('more\n'));
    expect(flood.emitted).toEqual([['log', { level: 'info', message: '12345' }]]);
  });
});
