/**
 * `skill-studio test NAME [--case NAME]… [--agent ID] [--json]`: runs every saved
 * case of a skill (`tests/cases/*.json`, saved from the playground) through the
 * A2E host and reports pass/fail per case. Exit 0 when all pass, 1 when any
 * fails, 2 on a usage mistake, an unknown skill or a skill without cases.
 */
import { CASES_DIR, type CaseReport } from '../../../shared/playground/cases';
import type { CommandImpl } from '../command';
import { stringFlag } from '../command';
import { colours, EXIT_FAILED, EXIT_OK, EXIT_USAGE, UsageError, writeJson } from '../io';
import { requireAgent, withClient } from '../client';

export const testCommand: CommandImpl = {
  run: (ctx) =>
    withClient(
      ctx,
      async (client) => {
        const [name, extra] = ctx.positionals;
        if (!name) throw new UsageError('name the skill whose cases to run');
        if (extra !== undefined)
          throw new UsageError(`one skill at a time (got '${name}' and '${extra}')`);
        const rec = await client.invoke('skills.resolve', { skill: name });
        const agent = stringFlag(ctx, 'agent') ?? null;
        await requireAgent(client, agent);
        const only = ctx.values.case as string[] | undefined;

        const files = await client.invoke('cases.list', { skill: rec.dir });
        const chosen = only ? files.filter((f) => only.includes(f.name)) : files;
        if (only) {
          const missing = only.filter((n) => !files.some((f) => f.name === n));
          if (missing.length > 0)
            throw new UsageError(
              `no case named ${missing.map((m) => `'${m}'`).join(', ')} in ${name}/${CASES_DIR}`,
            );
        }
        if (chosen.length === 0) {
          ctx.io.stderr.write(
            `skill-studio test: ${name} has no saved cases (${CASES_DIR}/*.json) — save one from the playground\n`,
          );
          return EXIT_USAGE;
        }

        const c = colours(ctx.io);
        const json = ctx.common.json;
        if (!json)
          ctx.io.stdout.write(
            `${c.bold(name)}: ${chosen.length} case${chosen.length === 1 ? '' : 's'}\n`,
          );
        const controller = new AbortController();
        const off = ctx.io.onInterrupt(() => controller.abort('cancelled'));
        try {
          const report = await client.runCases(
            { name: rec.name, dir: rec.dir },
            {
              files: chosen,
              agent,
              signal: controller.signal,
              onCase: json ? undefined : (r) => ctx.io.stdout.write(caseLine(r, c)),
            },
          );
          if (json) writeJson(ctx.io, report);
          else {
            const line = `${report.passed} passed, ${report.failed} failed`;
            ctx.io.stdout.write((report.failed > 0 ? c.red(line) : c.green(line)) + '\n');
          }
          return report.failed > 0 || controller.signal.aborted ? EXIT_FAILED : EXIT_OK;
        } finally {
          off();
        }
      },
      { openWorkspace: true },
    ),
};

function caseLine(r: CaseReport, c: ReturnType<typeof colours>): string {
  const mark = r.pass ? c.green('✓') : c.red('✗');
  const lines = [`  ${mark} ${r.name} ${c.dim(`(${r.duration_ms} ms)`)}`];
  for (const f of r.failures) lines.push(`      ${c.red(f)}`);
  return lines.join('\n') + '\n';
}
