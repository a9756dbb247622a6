/**
 * `skill-studio providers [--json]` (docs/contracts.md, CLI): lists the LLM providers a call may
 * use — the workspace's `providers` in skill-studio.json, then the user's own file — and
 * checks each: is its key there, is the server reachable, which models it lists. Exit
 * 0 when every provider is usable, 1 when one is not or none is configured.
 */
import type { ProviderCheck } from '../../host/client/cli-methods';
import type { Command } from '../command';
import { colours, EXIT_FAILED, EXIT_OK, writeJson } from '../io';
import { formatDiagnostic } from '../format';
import { withClient } from '../client';

export const providersCommand: Command = {
  name: 'providers',
  usage: 'providers [--json]',
  summary:
    'List the LLM providers calls may use (skill-studio.json, then your own providers file) and check each: key, reachable, models.',
  options: {},
  run: async (ctx) => {
    const { io } = ctx;
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
        ],
      });
      return ok ? EXIT_OK : EXIT_FAILED;
    }
    for (const d of configProblems)
      io.stderr.write(formatDiagnostic(configFile, d, c, io.cwd) + '\n');
    if (set.userFileRefused) io.stderr.write(`${c.yellow('warning')} ${set.userFileRefused}\n`);
    for (const p of set.userProblems) io.stderr.write(`${c.yellow('warning')} ${p.message}\n`);
    if (checks.length === 0) {
      io.stdout.write(`No LLM provider is configured: ${set.howToAdd}\n`);
      return EXIT_FAILED;
    }
    for (const x of checks) io.stdout.write(describeCheck(x, c) + '\n');
    return ok ? EXIT_OK : EXIT_FAILED;
  },
};

function describeCheck(x: ProviderCheck, c: ReturnType<typeof colours>): string {
  const mark = x.ok ? c.green('✓') : c.red('✗');
  const key =
    x.key === 'not_needed'
      ? 'no key needed'
      : x.key === 'present'
        ? `key ${x.api_key_env ?? 'from your file'} set`
        : `key ${x.api_key_env} missing`;
  const reach = x.reachable
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
