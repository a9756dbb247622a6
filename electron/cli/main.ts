/**
 * `skill-studio` — validate, list, read, call, serve and bundle agent skills (docs/contracts.md,
 * CLI). Exit codes: 0 ok, 1 the thing checked or run failed, 2 usage or missing path.
 * Asked to stop (SIGINT, SIGTERM, SIGHUP, or its parent died), the CLI cancels
 * every skill run it started, lets the command wind down and report, then exits.
 */
import { parseArgs } from 'node:util';
import { COMMON_OPTIONS, type CommandSpec } from './command';
import { EXIT_FAILED, EXIT_USAGE, UsageError, processIO, type CliCache, type CliIO } from './io';
import { COMMANDS } from './commands';
import {
  appVersion,
  configureLog,
  exitCodeFor,
  installShutdownHandlers,
  stopAllRuns,
  type ShutdownHandle,
} from '../host/in-process/entry';

function usage(): string {
  return [
    'Usage: skill-studio <command> [options]',
    '',
    'Commands:',
    ...COMMANDS.map((c) => `  ${c.usage}\n      ${c.summary}`),
    '',
    'Common options: --root DIR (repeatable) · --no-user · --json · --verbose · --help',
    '',
  ].join('\n');
}

function commandHelp(cmd: CommandSpec): string {
  return `Usage: skill-studio ${cmd.usage}\n\n${cmd.summary}\n`;
}

/** Common flags may come before the command too: `skill-studio --root DIR list`. */
function commandFirst(argv: string[]): string[] {
  let i = 0;
  while (i < argv.length && argv[i].startsWith('--')) {
    const [flag, inlineValue] = argv[i].slice(2).split('=', 2);
    const spec = flag === 'help' ? undefined : COMMON_OPTIONS[flag];
    if (!spec) break;
    i += spec.type === 'string' && inlineValue === undefined ? 2 : 1;
  }
  if (i === 0 || i >= argv.length) return argv;
  return [argv[i], ...argv.slice(0, i), ...argv.slice(i + 1)];
}

/** Errors that mean a path or an argument the user gave is wrong: exit 2, not 1. */
const USAGE_ERROR_CODES = new Set(['not_found', 'invalid_params', 'forbidden_path']);

export async function runCli(argv: string[], io: CliIO): Promise<number> {
  const [name, ...rest] = commandFirst(argv);
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    io.stdout.write(usage());
    return name ? 0 : EXIT_USAGE;
  }
  if (name === '--version' || name === '-v') {
    io.stdout.write(`${appVersion()}\n`);
    return 0;
  }
  const cmd = COMMANDS.find((c) => c.name === name);
  if (!cmd) {
    io.stderr.write(`skill-studio: unknown command '${name}'\n\n${usage()}`);
    return EXIT_USAGE;
  }
  let parsed;
  try {
    parsed = parseArgs({
      args: rest,
      options: { ...COMMON_OPTIONS, ...cmd.options },
      allowPositionals: true,
      strict: true,
    });
  } catch (err) {
    io.stderr.write(`skill-studio ${cmd.name}: ${(err as Error).message}\n\n${commandHelp(cmd)}`);
    return EXIT_USAGE;
  }
  if (parsed.values.help) {
    io.stdout.write(commandHelp(cmd));
    return 0;
  }
  const values = parsed.values as Record<string, string | boolean | string[] | undefined>;
  // --verbose: the host's log (and every deliberately ignored failure) on stderr; else nowhere.
  configureLog(
    values.verbose
      ? { level: 'debug', sink: (line) => io.stderr.write(line + '\n') }
      : { sink: null },
  );
  try {
    const run = await cmd.load();
    return await run({
      io,
      positionals: parsed.positionals,
      values,
      common: {
        root: (values.root as string[] | undefined) ?? [],
        noUser: Boolean(values['no-user']),
        json: Boolean(values.json),
      },
    });
  } catch (err) {
    if (err instanceof UsageError) {
      io.stderr.write(`skill-studio ${cmd.name}: ${err.message}\n`);
      return EXIT_USAGE;
    }
    const e = err as Error & { code?: string };
    io.stderr.write(`skill-studio ${cmd.name}: ${e.message ?? String(err)}\n`);
    return e.code !== undefined && USAGE_ERROR_CODES.has(e.code) ? EXIT_USAGE : EXIT_FAILED;
  }
}

/** Entry point of the bundled CLI (bin/skill-studio.cjs). */
export function main(argv: string[], opts: { cache?: CliCache | null } = {}): Promise<number> {
  let shutdown: ShutdownHandle | null = null;
  // Assigned, not spread: a spread would read the lazy stdin (making it costs a start).
  const io = Object.assign(
    processIO(() => shutdown?.trigger('output-closed')),
    {
      cache: opts.cache,
    },
  );
  const run = runCli(argv, io);
  shutdown = installShutdownHandlers(
    async (reason) => {
      // The command cancels its own work (a call reports itself cancelled)…
      const commandListens = io.interrupt();
      // …and every run still alive is killed, whoever started it.
      await stopAllRuns();
      if (reason === 'output-closed') return 0;
      return commandListens ? await run : exitCodeFor(reason);
    },
    {
      onDeadline: () =>
        process.stderr.write('skill-studio: the runs did not stop in time; exiting anyway\n'),
    },
  );
  return run;
}
