/**
 * What the CLI prints of a skill's own text reaches the terminal without its control
 * characters: a name, a diagnostic's message, or a script's output cannot send ESC or BEL.
 */
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { SkillEvent } from '../../shared/protocol/a2e';
import { CallView } from './call-view';
import { formatDiagnostic, printable } from './format';
import { colours, type CliIO } from './io';

const HOSTILE = 'x\u001b]0;title\u0007\u001b[31mRED\u009b';

function captureIO(): { io: CliIO; out: () => string } {
  const stdout = new PassThrough();
  let text = '';
  stdout.on('data', (c: Buffer) => (text += c.toString()));
  const io: CliIO = {
    stdout,
    stderr: stdout,
    stdin: new PassThrough(),
    cwd: '/work',
    env: { NO_COLOR: '1' },
    onInterrupt: () => () => {},
    onOutputClosed: () => () => {},
  };
  return { io, out: () => text };
}

describe('printable', () => {
  it('shows control characters as \\xNN and keeps tab, newline and other text', () => {
    expect(printable(HOSTILE)).toBe('x\\x1b]0;title\\x07\\x1b[31mRED\\x9b');
    expect(printable('tab\there\nnext é ✓')).toBe('tab\there\nnext é ✓');
  });

  it('is applied to a diagnostic and to what a script says', () => {
    const { io, out } = captureIO();
    const line = formatDiagnostic(
      '/work/skills/x/SKILL.md',
      {
        severity: 'error',
        code: 'NAME_NOT_LOWERCASE',
        message: `name ${HOSTILE} is not valid`,
        line: 2,
        column: 7,
        field: 'name',
      },
      colours(io),
      io.cwd,
    );
    expect(line).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
    expect(line).toContain('\\x1b[31mRED');

    const view = new CallView(io, colours(io));
    const event = (kind: SkillEvent['kind'], data: Record<string, unknown>) =>
      ({ kind, data }) as unknown as SkillEvent;
    view.event(event('log', { level: 'info', message: HOSTILE }));
    view.event(event('progress', { pct: 50, message: HOSTILE }));
    view.event(event('artifact', { name: HOSTILE, mime: 'text/plain', chunk: 'a', final: true }));
    expect(out()).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
    expect(out().match(/\\x1b\]0;title/g)).toHaveLength(3);
  });
});
