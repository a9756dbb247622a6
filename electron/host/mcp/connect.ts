/**
 * "Connect to…": writes (or removes) this studio's MCP server entry in an MCP client's
 * config — Claude Desktop (claude_desktop_config.json in its per-OS folder), Claude Code
 * (the project's .mcp.json, or `mcpServers` of the user's ~/.claude.json) and Cursor
 * (.cursor/mcp.json of the project or the home folder).
 * - Paths in the entry are absolute (clients start servers from anywhere).
 * - A plan is made first: the file, the text before and after, and a diff to show.
 * - Applying backs the file up first (beside it), then writes atomically.
 * - Only our entry changes: every other key and server is kept as it was.
 * - A file that is not valid JSON (or whose mcpServers is not an object) is never
 *   overwritten: ConfigNotJsonError says so and carries the entry to add by hand.
 * - Undo: disconnect removes exactly our entry; the backup restores the old file.
 */
import { copyFile, mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { errnoCode } from '../fs/errors';
import { writeFileAtomic } from '../fs/atomic-write';
import type { ConnectScope, McpClient } from '../../../shared/api/local-tools';

export interface ConfigLocation {
  home: string;
  /** The project folder (for project scope). */
  project: string;
  platform: NodeJS.Platform;
  /** %APPDATA% on Windows. */
  appData?: string;
}

/** The config file a client reads for a scope. Claude Desktop has only a user config. */
export function configFile(client: McpClient, scope: ConnectScope, loc: ConfigLocation): string {
  switch (client) {
    case 'claude-desktop': {
      if (loc.platform === 'darwin')
        return path.join(
          loc.home,
          'Library',
          'Application Support',
          'Claude',
          'claude_desktop_config.json',
        );
      if (loc.platform === 'win32')
        return path.join(
          loc.appData ?? path.join(loc.home, 'AppData', 'Roaming'),
          'Claude',
          'claude_desktop_config.json',
        );
      return path.join(loc.home, '.config', 'Claude', 'claude_desktop_config.json');
    }
    case 'claude-code':
      return scope === 'project'
        ? path.join(loc.project, '.mcp.json')
        : path.join(loc.home, '.claude.json');
    case 'cursor':
      return scope === 'project'
        ? path.join(loc.project, '.cursor', 'mcp.json')
        : path.join(loc.home, '.cursor', 'mcp.json');
  }
}

export interface ServerEntry {
  command: string;
  args: string[];
}

export class ConfigNotJsonError extends Error {
  readonly code = 'invalid_params';
  constructor(
    readonly file: string,
    reason: string,
    /** What to add by hand, as JSON text. */
    readonly manual: string,
  ) {
    super(
      `${file} is not a JSON object we can edit (${reason}); it was left untouched. Add this by hand:\n${manual}`,
    );
  }
}

export interface ConfigPlan {
  file: string;
  serverName: string;
  /** The file as it is, or null when it does not exist. */
  before: string | null;
  /** The file as it would be. */
  after: string;
  /** A unified-style line diff of before → after. */
  diff: string;
  /** False when the file already says exactly this (nothing to write). */
  changes: boolean;
}

type JsonObject = Record<string, unknown>;

function isObject(v: unknown): v is JsonObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function manualSnippet(serverName: string, entry: ServerEntry | null): string {
  if (entry === null) return `remove "${serverName}" from "mcpServers"`;
  return JSON.stringify({ mcpServers: { [serverName]: entry } }, null, 2);
}

async function readConfig(
  file: string,
  serverName: string,
  entry: ServerEntry | null,
): Promise<{ text: string | null; json: JsonObject }> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    if (errnoCode(err) === 'ENOENT') return { text: null, json: {} };
    throw err;
  }
  let json: unknown;
  try {
    json = text.trim() === '' ? {} : JSON.parse(text);
  } catch (err) {
    throw new ConfigNotJsonError(file, (err as Error).message, manualSnippet(serverName, entry));
  }
  if (!isObject(json))
    throw new ConfigNotJsonError(
      file,
      'the top level is not an object',
      manualSnippet(serverName, entry),
    );
  if (json.mcpServers !== undefined && !isObject(json.mcpServers))
    throw new ConfigNotJsonError(
      file,
      '"mcpServers" is not an object',
      manualSnippet(serverName, entry),
    );
  return { text, json };
}

/** Line diff (prefix/suffix trimmed, then the changed middle): enough to show one entry. */
export function lineDiff(file: string, before: string | null, after: string): string {
  const a = before === null ? [] : before.split('\n');
  const b = after.split('\n');
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const ctx = 2;
  const from = Math.max(0, start - ctx);
  const out = [`--- ${before === null ? '/dev/null' : file}`, `+++ ${file}`];
  out.push(`@@ -${from + 1} +${from + 1} @@`);
  for (let i = from; i < start; i++) out.push(` ${a[i]}`);
  for (let i = start; i < endA; i++) out.push(`-${a[i]}`);
  for (let i = start; i < endB; i++) out.push(`+${b[i]}`);
  for (let i = endA; i < Math.min(a.length, endA + ctx); i++) out.push(` ${a[i]}`);
  return out.join('\n') + '\n';
}

function render(json: JsonObject): string {
  return JSON.stringify(json, null, 2) + '\n';
}

/** What connecting would write: our entry under mcpServers, everything else kept. */
export async function planConnect(
  file: string,
  serverName: string,
  entry: ServerEntry,
): Promise<ConfigPlan> {
  const { text, json } = await readConfig(file, serverName, entry);
  const servers = isObject(json.mcpServers) ? json.mcpServers : {};
  const next: JsonObject = { ...json, mcpServers: { ...servers, [serverName]: entry } };
  const after = render(next);
  const changes = JSON.stringify(servers[serverName]) !== JSON.stringify(entry) || text === null;
  return { file, serverName, before: text, after, diff: lineDiff(file, text, after), changes };
}

/** What disconnecting would write: our entry gone, everything else kept. */
export async function planDisconnect(file: string, serverName: string): Promise<ConfigPlan> {
  const { text, json } = await readConfig(file, serverName, null);
  const servers = isObject(json.mcpServers) ? { ...json.mcpServers } : {};
  if (text === null || !(serverName in servers))
    return { file, serverName, before: text, after: text ?? '', diff: '', changes: false };
  delete servers[serverName];
  const after = render({ ...json, mcpServers: servers });
  return {
    file,
    serverName,
    before: text,
    after,
    diff: lineDiff(file, text, after),
    changes: true,
  };
}

export interface AppliedPlan {
  /** Where the old file was copied, or null when there was none. */
  backup: string | null;
}

/**
 * Writes a plan: refuses when the file changed since the plan was made, copies the
 * old file beside it (`NAME.skill-studio-backup-STAMP`), then writes atomically.
 */
export async function applyPlan(plan: ConfigPlan, now: Date = new Date()): Promise<AppliedPlan> {
  if (!plan.changes) return { backup: null };
  let current: string | null = null;
  try {
    current = await readFile(plan.file, 'utf8');
  } catch (err) {
    if (errnoCode(err) !== 'ENOENT') throw err;
  }
  if (current !== plan.before)
    throw new Error(`${plan.file} changed since the plan was made; nothing was written`);
  let backup: string | null = null;
  if (plan.before !== null) {
    const stamp = now.toISOString().replace(/[:.]/g, '-');
    backup = `${plan.file}.skill-studio-backup-${stamp}`;
    await copyFile(plan.file, backup);
  } else {
    await mkdir(path.dirname(plan.file), { recursive: true });
  }
  await writeFileAtomic(plan.file, plan.after);
  return { backup };
}

/** The entry that starts `skill-studio mcp` for a workspace, all paths absolute. */
export function serverEntry(opts: {
  node: string;
  /** The CLI script (bin/skill-studio.cjs), and any flags node needs before it. */
  cli: string;
  nodeArgs?: string[];
  workspace: string;
  agent?: string | null;
}): ServerEntry {
  const args = [
    ...(opts.nodeArgs ?? []),
    path.resolve(opts.cli),
    'mcp',
    '--workspace',
    path.resolve(opts.workspace),
  ];
  if (opts.agent) args.push('--agent', opts.agent);
  return { command: path.resolve(opts.node), args };
}

/** The name of our entry: one per agent, so several allowlists can be connected. */
export function serverNameFor(agent: string | null | undefined): string {
  return agent ? `skill-studio-${agent}` : 'skill-studio';
}

/** The command line, for clients this module does not write. */
export function commandLine(entry: ServerEntry): string {
  const quote = (s: string) => (/^[\w@%+=:,./-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`);
  return [entry.command, ...entry.args].map(quote).join(' ');
}
