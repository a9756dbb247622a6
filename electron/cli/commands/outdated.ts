/**
 * `skill-studio outdated` and `skill-studio update [NAME…] [--yes] [--force]`: every
 * skill recorded in a client folder's skills-lock.json (project and user), compared
 * with its source now, file by file. `update` without --yes prints the plan (what each
 * update would add, remove and change) and writes nothing; with --yes it applies it.
 * Copies edited since their install are left alone unless --force.
 * A lockfile that came with the project (not written by this user's own install) is
 * shown with its sources before any is fetched from: on a terminal the user is asked
 * (a yes is recorded in the user's settings); otherwise, or with --json, they stay
 * unopened unless --trust-lockfile, which only the person running the command can give.
 * Exit: `outdated` 1 when something is outdated or its source is unavailable, else 0;
 * `update` 0 when the plan printed or every update applied, 1 when one failed or was skipped.
 */
import { createInterface } from 'node:readline';
import type { LockApproval, UpdateItem } from '../../../shared/api/install';
import { hasChanges } from '../../host/in-process/changes';
import type { CommandContext, CommandImpl } from '../command';
import { colours, writeJson } from '../io';
import { formatChanges } from './install-format';
import { withClient } from '../client';
import type { HostProxy } from '../../host/in-process/host-proxy';
import type { CliIO } from '../io';

/** Reads one answer from the terminal; only `y` or `yes` is a yes. */
function askYes(io: CliIO, question: string): Promise<boolean> {
  io.stderr.write(question);
  const rl = createInterface({ input: io.stdin, terminal: false });
  return new Promise((resolve) => {
    let answered = false;
    const done = (yes: boolean) => {
      if (answered) return;
      answered = true;
      rl.close();
      resolve(yes);
    };
    rl.once('line', (line) => done(/^\s*y(es)?\s*$/i.test(line)));
    rl.once('close', () => done(false));
  });
}

/**
 * Which lockfiles that came with the project this run may fetch from: all with
 * --trust-lockfile; on a terminal, those the user says yes to after seeing their
 * sources (recorded, so the same bytes are not asked about again); none otherwise.
 */
async function approvals(ctx: CommandContext, host: HostProxy): Promise<LockApproval[]> {
  const foreign = await host.invoke('install.lockfiles', {});
  if (foreign.length === 0) return [];
  const all = foreign.map(({ file, hash }) => ({ file, hash }));
  if (ctx.values['trust-lockfile']) return all;
  const c = colours(ctx.io);
  for (const lf of foreign) {
    ctx.io.stderr.write(
      `${c.yellow(lf.shown)} came with this project (your own install did not write it); it would fetch from:\n`,
    );
    for (const { installedAs, source } of lf.sources)
      ctx.io.stderr.write(
        `  ${installedAs}  ${source.kind} ${source.location}${source.subpath === '.' ? '' : ` (${source.subpath})`}\n`,
      );
  }
  const tty = Boolean((ctx.io.stdin as { isTTY?: boolean }).isTTY);
  if (tty && !ctx.common.json && (await askYes(ctx.io, 'Fetch from these sources? [y/N] '))) {
    await host.invoke('install.trustLockfiles', { approved: all });
    return all;
  }
  ctx.io.stderr.write(
    'not fetched: answer yes on a terminal, or pass --trust-lockfile if you trust this lockfile\n',
  );
  return [];
}

function describe(ctx: CommandContext, item: UpdateItem): void {
  const c = colours(ctx.io);
  const commits =
    item.commit.from && item.commit.to && item.commit.from !== item.commit.to
      ? ` ${item.commit.from.slice(0, 12)} → ${item.commit.to.slice(0, 12)}`
      : '';
  const status =
    item.status === 'outdated'
      ? c.yellow('outdated')
      : item.status === 'unavailable'
        ? c.red('unavailable')
        : item.status === 'live'
          ? c.cyan('live link')
          : item.status === 'unapproved'
            ? c.yellow('not checked')
            : c.green('current');
  ctx.io.stdout.write(
    `${c.bold(item.installedAs)} (${item.client}, ${item.scope}) ${status}${commits}  ${c.dim(item.source.location)}\n`,
  );
  if (item.problem) ctx.io.stdout.write(`  ${item.problem}\n`);
  if (item.status === 'outdated')
    ctx.io.stdout.write(formatChanges(item.changes, c, 'installed → source'));
  if (item.localChanges && hasChanges(item.localChanges))
    ctx.io.stdout.write(formatChanges(item.localChanges, c, 'edited since install'));
  if (item.applied === 'updated') ctx.io.stdout.write(`  ${c.green('updated')}\n`);
  if (item.applied === 'skipped-local-changes')
    ctx.io.stdout.write(
      `  ${c.yellow('skipped')}: edited since install; --force replaces the edits\n`,
    );
  if (item.applied === 'failed') ctx.io.stdout.write(`  ${c.red('failed')}: ${item.error}\n`);
  if (item.applied === 'refused') ctx.io.stdout.write(`  ${c.red('refused')}: ${item.error}\n`);
  else if (item.notOurs)
    ctx.io.stdout.write(`  ${c.red('not the skill installed')}: ${item.notOurs}\n`);
}

export const outdatedCommand: CommandImpl = {
  async run(ctx) {
    const items = await withClient(
      ctx,
      async (host) => host.invoke('install.outdated', { approved: await approvals(ctx, host) }),
      { workspace: false },
    );
    if (ctx.common.json) writeJson(ctx.io, { skills: items });
    else if (items.length === 0) ctx.io.stdout.write('no skills installed by skill-studio here\n');
    else for (const item of items) describe(ctx, item);
    return items.some(
      (i) => i.status === 'outdated' || i.status === 'unavailable' || i.status === 'unapproved',
    )
      ? 1
      : 0;
  },
};

export const updateCommand: CommandImpl = {
  async run(ctx) {
    const apply = Boolean(ctx.values.yes);
    const items = await withClient(
      ctx,
      async (host) =>
        host.invoke('install.update', {
          apply,
          names: ctx.positionals,
          force: Boolean(ctx.values.force),
          approved: await approvals(ctx, host),
        }),
      { workspace: false },
    );
    const outdated = items.filter((i) => i.status === 'outdated');
    const unapproved = items.some((i) => i.status === 'unapproved');
    if (ctx.common.json) writeJson(ctx.io, { applied: apply, skills: items });
    else {
      for (const item of items) describe(ctx, item);
      if (outdated.length === 0 && !unapproved) ctx.io.stdout.write('everything is up to date\n');
      else if (!apply) ctx.io.stdout.write('\nnothing written; run again with --yes to apply\n');
    }
    return apply && (unapproved || outdated.some((i) => i.applied !== 'updated')) ? 1 : 0;
  },
};
