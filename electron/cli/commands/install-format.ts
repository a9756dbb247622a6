/** How install, outdated and update print a file-level change list. */
import type { FileChanges } from '../../../shared/api/install';
import type { Colours } from '../io';

export function formatChanges(changes: FileChanges, c: Colours, heading: string): string {
  const lines = [
    ...changes.added.map((f) => `    ${c.green('+')} ${f}`),
    ...changes.removed.map((f) => `    ${c.red('-')} ${f}`),
    ...changes.changed.map((f) => `    ${c.yellow('~')} ${f}`),
  ];
  if (lines.length === 0) return `  ${heading}: no file differs\n`;
  return `  ${heading}:\n${lines.join('\n')}\n`;
}
