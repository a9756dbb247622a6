/**
 * `skill-studio clients [--json]` (docs/contracts.md, CLI): the agent clients a skill can be
 * run in (Claude Code, Codex, Gemini CLI, OpenCode), whether each was found (on PATH or at
 * the path of the user's settings), its version and its path. Exit 0 either way: not having
 * a client is no failure.
 */
import type { Command } from '../command';
import { colours, writeJson } from '../io';
import { withClient } from '../client';
import { printable } from '../format';

/** Its name, usage and flags are in commands/index.ts (loaded only when it runs). */
export const clientsCommand: Pick<Command, 'run'> = {
  run: (ctx) =>
    withClient(ctx, async (client) => {
      const { clients, settings_problem } = await client.invoke('agentClients.list', {});
      if (settings_problem) ctx.io.stderr.write(`warning: ${printable(settings_problem)}\n`);
      if (ctx.common.json) {
        writeJson(ctx.io, { clients });
        return 0;
      }
      const c = colours(ctx.io);
      const rows = clients.map((x) => [
        x.id,
        x.name,
        x.found ? 'yes' : 'no',
        x.version ?? '-',
        x.path ? printable(x.path) : '-',
      ]);
      const head = ['id', 'name', 'found', 'version', 'path'];
      const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
      const line = (cells: string[]) =>
        cells.map((cell, i) => (i === cells.length - 1 ? cell : cell.padEnd(widths[i]))).join('  ');
      ctx.io.stdout.write(c.bold(line(head)) + '\n');
      for (const r of rows) {
        const text = line(r);
        ctx.io.stdout.write((r[2] === 'yes' ? text : c.dim(text)) + '\n');
      }
      return 0;
    }),
};
