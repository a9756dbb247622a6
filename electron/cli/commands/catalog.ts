/**
 * `skill-studio catalog [--client ID] [--json]` (docs/contracts.md, CLI): for each agent
 * client, the skills it would find from this project and the user's folders, its skill
 * listing exactly as it renders it, the listing's size against its budget, the entries
 * cut or dropped, and the pairs of skills a model may confuse. Exit 0 either way: a cut
 * is something to know, not a failure.
 */
import { AGENT_CLIENT_IDS, isAgentClientId } from '../../../shared/api/agent-clients';
import type { CatalogClient } from '../../../shared/api/agent-catalog';
import { stringFlag, type Command } from '../command';
import { colours, UsageError, writeJson, type Colours } from '../io';
import { withClient } from '../client';
import { plural, printable } from '../format';

const BAR = 24;

function budgetLine(x: CatalogClient, c: Colours): string {
  const { limit, used } = x.budget;
  if (limit === null)
    return `  listing: ${used.toLocaleString('en')} characters (no budget: nothing is cut)`;
  const fill = Math.min(BAR, Math.round((used / limit) * BAR));
  const bar = `[${'#'.repeat(fill)}${'-'.repeat(BAR - fill)}]`;
  const over = x.entries.some((e) => e.shown !== 'whole' && e.reason?.includes('budget'));
  return `  budget: ${used.toLocaleString('en')} / ${limit.toLocaleString('en')} ${x.budget.unit} ${over ? c.yellow(bar) : c.green(bar)}`;
}

function printClient(x: CatalogClient, write: (s: string) => void, c: Colours): void {
  write(`${c.bold(`${x.name} (${x.id})`)} ${c.dim(`· renders ${x.renders_version}`)}\n`);
  write(`${budgetLine(x, c)}\n`);
  const listed = x.entries.filter((e) => e.listed);
  const count = (s: string) => x.entries.filter((e) => e.shown === s).length;
  write(
    `  ${plural(listed.length, 'skill')} listed: ${count('whole')} whole, ${count('cut')} cut, ${count('dropped')} dropped\n`,
  );
  for (const e of x.entries) {
    if (e.shown === 'whole') continue;
    const mark = e.shown === 'cut' ? c.yellow('cut    ') : c.red('dropped');
    write(
      `  ${mark} ${printable(e.name)} ${c.dim(`(${printable(e.folder)})`)}: ${printable(e.reason ?? '')}\n`,
    );
  }
  for (const p of x.confusable)
    write(
      `  ${c.yellow('alike  ')} ${printable(p.a)} ~ ${printable(p.b)} ${p.score.toFixed(2)} ${c.dim(`(${p.shared_terms.map(printable).join(', ')})`)}\n`,
    );
  for (const s of x.skipped)
    write(`  ${c.dim('skipped')} ${printable(s.path)}: ${printable(s.reason)}\n`);
  write('  listing:\n');
  for (const line of (x.listing || '(empty)').split('\n'))
    write(`  ${c.dim('|')} ${printable(line)}\n`);
}

/** Its name, usage and flags are in commands/index.ts (loaded only when it runs). */
export const catalogCommand: Pick<Command, 'run'> = {
  run: (ctx) => {
    const client = stringFlag(ctx, 'client');
    if (client !== undefined && !isAgentClientId(client))
      throw new UsageError(`--client must be one of ${AGENT_CLIENT_IDS.join(', ')}`);
    return withClient(
      ctx,
      async (host) => {
        const report = await host.invoke('catalog.get', client === undefined ? {} : { client });
        if (ctx.common.json) {
          writeJson(ctx.io, report);
          return 0;
        }
        const c = colours(ctx.io);
        const write = (s: string) => ctx.io.stdout.write(s);
        report.clients.forEach((x, i) => {
          if (i > 0) write('\n');
          printClient(x, write, c);
        });
        write(
          `\n${c.dim(`Pairs at or above ${report.confusable_threshold} similarity (TF-IDF cosine of the descriptions) are shown as alike.`)}\n`,
        );
        return 0;
      },
      { openWorkspace: true },
    );
  },
};
