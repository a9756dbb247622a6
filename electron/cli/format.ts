/** Human output of diagnostics: `file:line:column severity CODE message`, coloured on a TTY. */
import path from 'node:path';
import type { Diagnostic } from '../../shared/skill/diagnostics';
import type { Colours } from './io';

export function formatDiagnostic(file: string, d: Diagnostic, c: Colours, cwd: string): string {
  const shown = path.relative(cwd, d.file ?? file) || file;
  const where = `${shown}:${d.line}:${d.column}`;
  const sev =
    d.severity === 'error'
      ? c.red('error')
      : d.severity === 'warning'
        ? c.yellow('warning')
        : c.cyan('info');
  return `${c.bold(where)} ${sev} ${c.dim(d.code)} ${d.message}`;
}

export function plural(n: number, word: string): string {
  if (n === 1) return `${n} ${word}`;
  return `${n} ${/[^aeiou]y$/.test(word) ? `${word.slice(0, -1)}ies` : `${word}s`}`;
}
