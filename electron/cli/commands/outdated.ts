/**
 * `skill-studio outdated` and `skill-studio update [NAME…] [--yes] [--force]`: every
 * skill recorded in a client folder's skills-lock.json (project and user), compared
 * with its source now, file by file. `update` without --yes prints the plan (what each
 * update would add, remove and change) and writes nothing; with --yes it applies it.
 * Copies edited since their install are left alone unless --force.
 * Exit: `outdated` 1 when something is outdated or its source is unavailable, else 0;
 * `update` 0 when the plan printed or every update applied, 1 when one failed or was skipped.
 */
import type { UpdateItem } from '../../host/client/cli-methods';
import { hasChanges } from '../../host/client/changes';
import type { CommandContext, CommandImpl } from '../command';
import { colours, writeJson } from '../io';
import { formatChanges } from './install-format';
import { withClient } from '../client';

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
}

export const outdatedCommand: CommandImpl = {
  async run(ctx) {
    const items = await withClient(ctx, (host) => host.invoke('install.outdated', {}), {
      workspace: false,
    });
    if (ctx.common.json) writeJson(ctx.io, { skills: items });
    else if (items.length === 0) ctx.io.stdout.write('no skills installed by skill-studio here\n');
    else for (const item of items) describe(ctx, item);
    return items.some((i) => i.status === 'outdated' || i.status === 'unavailable') ? 1 : 0;
  },
};

export const updateCommand: CommandImpl = {
  async run(ctx) {
    const apply = Boolean(ctx.values.yes);
    const items = await withClient(
      ctx,
      (host) =>
        host.invoke('install.update', {
          apply,
          names: ctx.positionals,
          force: Boolean(ctx.values.force),
        }),
      { workspace: false },
    );
    const outdated = items.filter((i) => i.status === 'outdated');
    if (ctx.common.json) writeJson(ctx.io, { applied: apply, skills: items });
    else {
      for (const item of items) describe(ctx, item);
      if (outdated.length === 0) ctx.io.stdout.write('everything is up to date\n');
      else if (!apply) ctx.io.stdout.write('\nnothing written; run again with --yes to apply\n');
    }
    return apply && outdated.some((i) => i.applied !== 'updated') ? 1 : 0;
  },
};
