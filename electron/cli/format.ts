/**
 * Human output: diagnostics as `file:line:column severity CODE message`, coloured on a TTY,
 * and text from skills made safe to print.
 */
import path from 'node:path';
import type { Diagnostic } from '../../shared/check/diagnostics';
import type { Colours } from './io';

/** Control characters other than tab and newline (C0, DEL, C1): ESC starts a terminal command. */
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;

/**
 * Text a skill supplied (names, messages, a script's or a model's output), safe to write to
 * a terminal: every control character but tab and newline shown as `\xNN`, so a skill can
 * neither retitle the window, hide lines, nor colour the output it is judged by.
 */
export function printable(text: string): string {
  return text.replace(CONTROL, (ch) => `\\x${ch.charCodeAt(0).toString(16).padStart(2, '0')}`);
}

export function formatDiagnostic(file: string, d: Diagnostic, c: Colours, cwd: string): string {
  const shown = path.relative(cwd, d.file ?? file) || file;
  const where = `${shown}:${d.line}:${d.column}`;
  const sev =
    d.severity === 'error'
      ? c.red('error')
      : d.severity === 'warning'
        ? c.yellow('warning')
        : c.cyan('info');
  return `${c.bold(printable(where))} ${sev} ${c.dim(d.code)} ${printable(d.message)}`;
}

export function plural(n: number, word: string): string {
  if (n === 1) return `${n} ${word}`;
  return `${n} ${/[^aeiou]y$/.test(word) ? `${word.slice(0, -1)}ies` : `${word}s`}`;
}
