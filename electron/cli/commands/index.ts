/** Every CLI command, in the order `--help` lists them. */
import type { Command } from '../command';
import { validateCommand } from './validate';
import { listCommand } from './list';
import { filesCommand, readCommand } from './read';
import { toPromptCommand } from './to-prompt';
import { callCommand } from './call';
import { providersCommand } from './providers';
import { testCommand } from './test';
import { a2eCommand } from './a2e';
import { serveCommand } from './serve';
import { exportCommand, importCommand, newCommand } from './bundles';

export const COMMANDS: Command[] = [
  validateCommand,
  listCommand,
  readCommand,
  filesCommand,
  toPromptCommand,
  callCommand,
  providersCommand,
  testCommand,
  a2eCommand,
  serveCommand,
  exportCommand,
  importCommand,
  newCommand,
];
