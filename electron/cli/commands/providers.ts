/**
 * `skill-studio providers [--json]` (docs/contracts.md, CLI): lists the LLM providers a call may
 * use — the workspace's `providers` in skill-studio.json, then the user's own file — and
 * checks each: is its key there, is the server reachable, which models it lists, and
 * what a workspace provider waits for before its secret is sent. Exit 0 when every
 * provider is usable, 1 when one is not or none is configured.
 *
 * `skill-studio providers approve ID [--json]`: approves what that provider waits for —
 * this workspace, its variable (or stored key), its scheme, host and port — in the
 * user's own settings.
 */
import type { ProviderCheck } from '../../../shared/api/local-tools';
import type { Command, CommandContext } from '../command';
import { colours, EXIT_FAILED, EXIT_OK, UsageError, writeJson } from '../io';
import { formatDiagnostic } from '../format';
import { withClient } from '../client';

export const providersCommand: Command = {
  name: 'providers',
  usage: 'providers [--json] | providers approve ID [--json]',
  summary:
    'List the LLM providers calls may use (skill-studio.json, then your own providers file) and check each: key, reachable, models.',
  options: {},
  run: async (ctx) => {
    const { io } = ctx;
    const [sub, id, ...extra] = ctx.positionals;
    if (sub === 'approve') {
      if (!id || extra.length > 0) throw new UsageError('usage: providers approve ID [--json]');
      return approve(ctx, id);
    }
    if (sub !== undefined)
      throw new UsageError(`unknown argument '${sub}': providers [--json] | providers approve ID`);
    const c = colours(io);
    const set = await withClient(ctx, (host) => host.invoke('providers.checkAll', {}), {
      workspace: false,
    });
    // Provider problems of skill-studio.json (a literal key, a bad entry) come first.
    const { checks, configFile, configProblems } = set;
    const ok = checks.length > 0 && checks.every((x) => x.ok);

    if (ctx.common.json) {
      writeJson(io, {
        providers: checks,
        user_file: set.userFile,
        user_file_refused: set.userFileRefused,
        problems: [
          ...configProblems.map((d) => ({
            file: configFile,
            line: d.line,
            column: d.column,
            code: d.code,
            message: d.message,
          })),
          ...set.userProblems.map((p) => ({
            file: set.userFile,
            code: p.code,
            message: p.message,
          })),
          ...(set.approvalsRefused
            ? [{ file: set.approvalsFile, code: 'WORKSPACE_CONFIG', message: set.approvalsRefused }]
            : []),
        ],
        approvals_file: set.approvalsFile,
      });
      return ok ? EXIT_OK : EXIT_FAILED;
    }
    if (set.approvalsRefused) io.stderr.write(`${c.yellow('warning')} ${set.approvalsRefused}\n`);
    for (const d of configProblems)
      io.stderr.write(formatDiagnostic(configFile, d, c, io.cwd) + '\n');
    if (set.userFileRefused) io.stderr.write(`${c.yellow('warning')} ${set.userFileRefused}\n`);
    for (const p of set.userProblems) io.stderr.write(`${c.yellow('warning')} ${p.message}\n`);
    if (checks.length === 0) {
      io.stdout.write(`No LLM provider is configured: ${set.howToAdd}\n`);
      return EXIT_FAILED;
    }
    for (const x of checks) io.stdout.write(describeCheck(x, c) + '\n');
    const waiting = checks.filter((x) => x.approval !== null);
    if (waiting.length > 0)
      io.stdout.write(
        `\n${waiting.length} workspace provider${waiting.length === 1 ? '' : 's'} wait${waiting.length === 1 ? 's' : ''} for your approval; nothing secret is sent until then:\n` +
          waiting.map((x) => `  ${x.approval?.command ?? ''}\n`).join(''),
      );
    return ok ? EXIT_OK : EXIT_FAILED;
  },
};

/** `providers approve ID`: this workspace may send the provider's secret to its host:port. */
async function approve(ctx: CommandContext, id: string): Promise<number> {
  const { io } = ctx;
  const c = colours(io);
  const out = await withClient(ctx, (host) => host.invoke('providers.approveInCwd', { id }), {
    workspace: false,
  });
  if (ctx.common.json) {
    writeJson(io, { approved: out.approved, file: out.file });
    return EXIT_OK;
  }
  const a = out.approved;
  if (!a) {
    io.stdout.write(
      `The provider "${id}" waits for no approval: it is in your own providers file, sends no key, or may already send it.\n`,
    );
    return EXIT_OK;
  }
  io.stdout.write(
    `${c.green('✓')} Approved: in ${a.workspace}, provider "${id}" may send ${out.pending?.what ?? a.secret} to ${a.origin}.\n` +
      c.dim(
        `  Kept in ${out.file ?? ''}, your own settings; another variable, host or port asks again.`,
      ) +
      '\n',
  );
  return EXIT_OK;
}

function describeCheck(x: ProviderCheck, c: ReturnType<typeof colours>): string {
  const mark = x.ok ? c.green('✓') : c.red('✗');
  const key =
    x.key === 'not_needed'
      ? 'no key needed'
      : x.key === 'present'
        ? `key ${x.api_key_env ?? 'from your file'} set`
        : `key ${x.api_key_env} missing`;
  const reach = x.approval
    ? 'not contacted until you approve it'
    : x.reachable
      ? `reachable, ${x.models.length} model${x.models.length === 1 ? '' : 's'}`
      : 'not reachable';
  const head = `${mark} ${c.bold(x.id)}${x.default ? c.dim(' (default)') : ''}  ${x.kind}  ${x.base_url}  model ${x.model}`;
  const lines = [
    head,
    `    ${c.dim(`${key} · ${reach} · from ${x.source === 'workspace' ? 'skill-studio.json' : 'your providers file'}`)}`,
  ];
  if (x.problem) lines.push(`    ${x.problem}`);
  return lines.join('\n');
}
