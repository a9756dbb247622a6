/**
 * `portability [PATH…] [--json]` (docs/contracts.md, CLI): a matrix of skill × agent client, each
 * cell ok / warn / fail with its reasons and their lines. PATH is a skill folder, its
 * SKILL.md or a folder of skills (as for `validate`), or the name of a workspace
 * skill; with none, every skill of the workspace.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { CLIENT_IDS, CLIENT_PROFILES } from '../../../shared/skill/client-profiles';
import type { Command } from '../command';
import { colours, writeJson } from '../io';
import { withClient } from '../client';
import { printable } from '../format';

const MARK = { ok: '✓', warn: '!', fail: '✗' } as const;

/** Its name, usage and flags are in commands/index.ts (loaded only when it runs). */
export const portabilityCommand: Pick<Command, 'run'> = {
  run: (ctx) =>
    withClient(ctx, async (client) => {
      // A path that exists is read as folders; anything else names a workspace skill
      // (an unknown name is not_found: a usage error, exit 2).
      const targets = ctx.positionals.map((p) => {
        const abs = path.resolve(ctx.io.cwd, p);
        return existsSync(abs) ? { path: abs } : { skill: p };
      });
      const rows = await client.invoke('portability.rows', { targets });
      const failed = rows.some((r) => Object.values(r.clients).some((c) => c.status === 'fail'));
      if (ctx.common.json) {
        writeJson(ctx.io, { clients: CLIENT_IDS, skills: rows });
        return failed ? 1 : 0;
      }
      const c = colours(ctx.io);
      if (rows.length === 0) {
        ctx.io.stdout.write('No skills found.\n');
        return 0;
      }
      const width = Math.min(40, Math.max(5, ...rows.map((r) => r.name.length)));
      ctx.io.stdout.write(`${'skill'.padEnd(width)}  ${CLIENT_IDS.join('  ')}\n`);
      for (const r of rows) {
        const cells = CLIENT_IDS.map((id) => {
          const s = r.clients[id].status;
          const mark =
            s === 'ok' ? c.green(MARK.ok) : s === 'warn' ? c.yellow(MARK.warn) : c.red(MARK.fail);
          return mark + ' '.repeat(id.length - 1);
        });
        ctx.io.stdout.write(`${c.bold(printable(r.name).padEnd(width))}  ${cells.join('  ')}\n`);
      }
      // The reasons, per skill and client: errors and warnings with their line.
      for (const r of rows) {
        const file = path.relative(ctx.io.cwd, path.join(r.path, 'SKILL.md')) || 'SKILL.md';
        for (const id of CLIENT_IDS) {
          const cell = r.clients[id];
          const reasons = cell.reasons.filter((d) => d.severity !== 'info');
          if (reasons.length === 0) continue;
          ctx.io.stdout.write(
            `\n${c.bold(printable(r.name))} · ${CLIENT_PROFILES[id].label} (${id}): ${cell.status}\n`,
          );
          for (const d of reasons) {
            const sev = d.severity === 'error' ? c.red('error') : c.yellow('warning');
            ctx.io.stdout.write(
              `  ${printable(file)}:${d.line}:${d.column} ${sev} ${c.dim(d.code)} ${printable(d.message)}\n`,
            );
          }
        }
      }
      return failed ? 1 : 0;
    }),
};
