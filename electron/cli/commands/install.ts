/**
 * `skill-studio install SRC [--to CLIENT] [--scope user|project] [--link] [--skill NAME…]`
 * and `skill-studio uninstall NAME --from CLIENT [--scope …]` (docs/contracts.md, CLI). SRC is a
 * bundle, a folder, or a git repository (URL or local path). Without --to, the clients
 * found in the workspace and the home folder are listed with where each would install,
 * beside the skills SRC holds and their validation: nothing is written.
 * Exit 0 when every picked skill was installed (or kept); 1 when one was refused or met
 * an existing skill without --replace, --keep or --rename (its diff is printed).
 */
import type { InstallConflictChoice, InstallScope } from '../../../shared/api/install';
import { CLIENT_IDS, isClientId, type ClientId } from '../../../shared/skill/client-ids';
import { countBySeverity } from '../../../shared/check/diagnostics';
import { INSTALLABLE_CLIENTS } from '../../host/in-process/installable';
import type { CommandContext, CommandImpl } from '../command';
import { stringFlag } from '../command';
import { colours, UsageError, writeJson } from '../io';
import { formatDiagnostic, plural } from '../format';
import { formatChanges } from './install-format';
import { withClient } from '../client';

function clientFlag(ctx: CommandContext, flag: string): ClientId | undefined {
  const v = stringFlag(ctx, flag);
  if (v === undefined) return undefined;
  if (!isClientId(v)) throw new UsageError(`--${flag} must be one of ${CLIENT_IDS.join(', ')}`);
  if (!INSTALLABLE_CLIENTS.includes(v))
    throw new UsageError(
      `--${flag} ${v}: no skills folder (installable: ${INSTALLABLE_CLIENTS.join(', ')})`,
    );
  return v;
}

export function scopeFlag(ctx: CommandContext): InstallScope {
  const v = stringFlag(ctx, 'scope') ?? 'project';
  if (v !== 'user' && v !== 'project') throw new UsageError('--scope must be user or project');
  return v;
}

function conflictFlag(ctx: CommandContext): InstallConflictChoice | undefined {
  const set = (['replace', 'keep', 'rename'] as const).filter((f) => ctx.values[f]);
  if (set.length > 1) throw new UsageError('choose one of --replace, --keep and --rename');
  return set[0];
}

export const installCommand: CommandImpl = {
  async run(ctx) {
    const [src] = ctx.positionals;
    if (!src) throw new UsageError('name what to install: a bundle, a folder or a git repository');
    const to = clientFlag(ctx, 'to');
    const scope = scopeFlag(ctx);
    const onConflict = conflictFlag(ctx);
    const c = colours(ctx.io);
    const link = Boolean(ctx.values.link);
    const ref = stringFlag(ctx, 'ref');
    return withClient(
      ctx,
      async (host) => {
        if (!to) {
          const { source, skills, clients } = await host.invoke('install.inspect', {
            src,
            link,
            ref,
          });
          if (ctx.common.json) {
            writeJson(ctx.io, { source, skills, clients });
            return 0;
          }
          ctx.io.stdout.write(
            `${source.location}${source.commit ? ` @ ${source.commit.slice(0, 12)}` : ''}\n`,
          );
          if (skills.length === 0)
            ctx.io.stdout.write('  no skills found (no folder with SKILL.md)\n');
          for (const s of skills) {
            const { errors, warnings } = countBySeverity(s.diagnostics);
            const verdict = s.problem
              ? c.red(`refused: ${s.problem}`)
              : errors
                ? c.red(plural(errors, 'error'))
                : warnings
                  ? c.yellow(plural(warnings, 'warning'))
                  : c.green('valid');
            ctx.io.stdout.write(`  ${c.bold(s.name)}  ${c.dim(s.path)}  ${verdict}\n`);
          }
          ctx.io.stdout.write('\nClients (--to CLIENT --scope user|project):\n');
          for (const k of clients) {
            const found = [
              k.projectFound && `project: ${k.projectFound}`,
              k.userFound && `user: ${k.userFound}`,
            ]
              .filter(Boolean)
              .join(', ');
            ctx.io.stdout.write(
              `  ${k.id.padEnd(12)} ${found ? c.green(`found (${found})`) : c.dim('not found')}\n` +
                `      project → ${k.projectFolder ?? '—'}\n      user    → ${k.userFolder ?? '—'}\n`,
            );
          }
          return 0;
        }
        const skillFlag = ctx.values.skill;
        const pick = Array.isArray(skillFlag) ? skillFlag : undefined;
        // What was installed, and the source as it was opened (which --json prints).
        const report = await host.invoke('install.skill', {
          from: { src, ref, pick },
          client: to,
          scope,
          mode: link ? 'link' : 'copy',
          onConflict,
          force: Boolean(ctx.values.force),
        });
        if (ctx.common.json) writeJson(ctx.io, report);
        let failed = false;
        for (const o of report.skills) {
          if (!ctx.common.json)
            for (const d of o.check.diagnostics.filter((x) => x.severity !== 'info'))
              ctx.io.stderr.write(formatDiagnostic(`${o.name}/SKILL.md`, d, c, ctx.io.cwd) + '\n');
          if (o.result === 'refused' || o.result === 'conflict') failed = true;
          if (ctx.common.json) continue;
          if (o.result === 'conflict' && o.conflict) {
            ctx.io.stderr.write(
              `skill-studio install: ${o.conflict.path} exists${o.conflict.existingIsLink ? ' (a link)' : ''}; ` +
                `pass --replace, --keep, or --rename (installs as ${o.conflict.renameAs})\n` +
                formatChanges(o.conflict.changes, c, 'existing → incoming'),
            );
          } else if (o.result === 'refused') {
            ctx.io.stderr.write(`skill-studio install: ${o.name} refused for ${to}: ${o.reason}\n`);
          } else if (o.result === 'kept') {
            ctx.io.stdout.write(`kept ${o.path}${o.reason ? ` (${o.reason})` : ''}\n`);
          } else {
            const how = o.result === 'installed' ? '' : ` (${o.result})`;
            ctx.io.stdout.write(
              `${c.green('installed')} ${o.name} → ${o.path}${o.mode === 'link' ? ' (link)' : ''}${how}\n`,
            );
          }
        }
        if (
          !ctx.common.json &&
          report.skills.some((o) => o.result !== 'conflict' && o.result !== 'refused')
        )
          ctx.io.stdout.write(c.dim(`recorded in ${report.lockfile}\n`));
        return failed ? 1 : 0;
      },
      { workspace: false },
    );
  },
};

export const uninstallCommand: CommandImpl = {
  async run(ctx) {
    const [name] = ctx.positionals;
    if (!name) throw new UsageError('name the installed skill to remove');
    const from = clientFlag(ctx, 'from');
    if (!from)
      throw new UsageError(`--from CLIENT is required (${INSTALLABLE_CLIENTS.join(', ')})`);
    const res = await withClient(
      ctx,
      (host) =>
        host.invoke('install.remove', {
          name,
          client: from,
          scope: scopeFlag(ctx),
          force: Boolean(ctx.values.force),
        }),
      { workspace: false },
    );
    if (ctx.common.json) writeJson(ctx.io, res);
    else ctx.io.stdout.write(`removed ${res.path}${res.mode === 'link' ? ' (link)' : ''}\n`);
    return 0;
  },
};
