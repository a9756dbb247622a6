/** The shape of one CLI command, and the flags every command shares (docs/contracts.md, CLI). */
import type { ParseArgsConfig } from 'node:util';
import type { CliIO } from './io';

export type OptionSpec = NonNullable<ParseArgsConfig['options']>;

export interface CommonFlags {
  root: string[];
  noUser: boolean;
  json: boolean;
}

export interface CommandContext {
  io: CliIO;
  positionals: string[];
  values: Record<string, string | boolean | string[] | undefined>;
  common: CommonFlags;
}

export interface Command {
  name: string;
  usage: string;
  summary: string;
  options: OptionSpec;
  run(ctx: CommandContext): Promise<number>;
}

/** A command as `--help` and parsing know it; `load` brings its code (commands/index.ts). */
export interface CommandSpec extends Omit<Command, 'run'> {
  load(): Promise<Command['run']>;
}

/** What a command's module holds: its code, without what the spec says. */
export type CommandImpl = Pick<Command, 'run'>;

export const COMMON_OPTIONS: OptionSpec = {
  root: { type: 'string', multiple: true },
  'no-user': { type: 'boolean' },
  json: { type: 'boolean' },
  /** The host's log on stderr (debug and up); without it the log writes nowhere. */
  verbose: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
};

export function stringFlag(ctx: CommandContext, name: string): string | undefined {
  const v = ctx.values[name];
  return typeof v === 'string' ? v : undefined;
}
