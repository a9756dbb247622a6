/**
 * `skill-studio providers [--json]` (docs/contracts.md, CLI): lists the LLM providers a call may
 * use — the workspace's `providers` in skill-studio.json, then the user's own file — and
 * checks each: is its key there, is the server reachable, which models it lists. Exit
 * 0 when every provider is usable, 1 when one is not or none is configured.
 */
import os from 'node:os';
import path from 'node:path';
import type { Command } from '../command';
import { colours, EXIT_FAILED, EXIT_OK, writeJson } from '../io';
import { formatDiagnostic } from '../format';
import { loadWorkspaceConfig, WORKSPACE_CONFIG_FILE } from '../../host/workspace/workspace-config';
import { checkProvider, loadProviderSet, type ProviderCheck } from '../../host/providers';
import { howToAddProvider } from '../../host/runner/llm/skill-agent';

export const providersCommand: Command = {
  name: 'providers',
  usage: 'providers [--json]',
  summary:
    'List the LLM providers calls may use (skill-studio.json, then your own providers file) and check each: key, reachable, models.',
  options: {},
  run: async (ctx) => {
    const { io } = ctx;
    const c = colours(io);
    const loaded = await loadWorkspaceConfig(io.cwd);
    const home = ctx.common.noUser ? null : (io.env.HOME ?? os.homedir());
    const set = await loadProviderSet(loaded.config.providers, io.env, home);
    // Provider problems of skill-studio.json (a literal key, a bad entry) come first.
    const configFile = path.join(io.cwd, WORKSPACE_CONFIG_FILE);
    const configProblems = loaded.diagnostics.filter(
      (d) => d.code === 'CREDENTIALS_IN_FILE' || (d.field ?? '').startsWith('providers'),
    );
    const checks: ProviderCheck[] = await Promise.all(
      set.providers.map((p) => checkProvider(p, set, { env: io.env, userFile: set.userFile })),
    );
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
          ...set.problems.map((p) => ({ file: set.userFile, code: p.code, message: p.message })),
        ],
      });
      return ok ? EXIT_OK : EXIT_FAILED;
    }
    for (const d of configProblems)
      io.stderr.write(formatDiagnostic(configFile, d, c, io.cwd) + '\n');
    if (set.userFileRefused) io.stderr.write(`${c.yellow('warning')} ${set.userFileRefused}\n`);
    for (const p of set.problems) io.stderr.write(`${c.yellow('warning')} ${p.message}\n`);
    if (checks.length === 0) {
      io.stdout.write(`No LLM provider is configured: ${howToAddProvider(set.userFile)}\n`);
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
