/**
 * "Connect to…" from the command line, on a temporary home: the entry's file and command
 * line, a dry run that writes nothing, a write that keeps every other key and backs the
 * old file up, nothing to change the second time, a config that is not JSON left as it is,
 * and disconnect removing exactly our entry.
 */
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { McpEntryParams } from '../../../shared/api/local-tools';
import { mcpConnectHandlers } from './connect-handlers';

let home: string;
let project: string;
beforeEach(() => {
  home = mkdtempSync(path.join(os.tmpdir(), 'mcp-connect-home-'));
  project = path.join(home, 'work', 'proj');
  mkdirSync(project, { recursive: true });
});
afterEach(() => rmSync(home, { recursive: true, force: true }));

const api = () => mcpConnectHandlers({ home, platform: 'linux', appData: undefined });

const entry = (over: Partial<McpEntryParams> = {}): McpEntryParams => ({
  client: 'claude-code',
  scope: 'project',
  workspace: project,
  agent: null,
  node: '/usr/bin/node',
  cli: '/opt/studio/bin/skill-studio.cjs',
  nodeArgs: [],
  ...over,
});

const read = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;

describe('mcp.entry', () => {
  it("names the client's config for the scope and the command line it holds", async () => {
    expect(await api()['mcp.entry'](entry())).toEqual({
      file: path.join(project, '.mcp.json'),
      command: `/usr/bin/node /opt/studio/bin/skill-studio.cjs mcp --workspace ${project}`,
    });
    const user = await api()['mcp.entry'](entry({ client: 'cursor', scope: 'user', agent: 'bot' }));
    expect(user.file).toBe(path.join(home, '.cursor', 'mcp.json'));
    expect(user.command).toMatch(/ --agent bot$/);
    const desktop = mcpConnectHandlers({ home, platform: 'win32', appData: 'C:\\AppData' });
    expect(
      (await desktop['mcp.entry'](entry({ client: 'claude-desktop', scope: 'user' }))).file,
    ).toBe(path.join('C:\\AppData', 'Claude', 'claude_desktop_config.json'));
  });
});

describe('mcp.connect', () => {
  it('plans without writing, then writes keeping every other key, backing the old file up', async () => {
    const file = path.join(project, '.mcp.json');
    const before = JSON.stringify({ other: 1, mcpServers: { theirs: { command: 'x' } } });
    writeFileSync(file, before);
    const planned = await api()['mcp.connect']({ ...entry(), connect: true, dryRun: true });
    expect(planned).toMatchObject({ kind: 'planned', diff: expect.stringContaining('+') });
    expect(readFileSync(file, 'utf8')).toBe(before);

    const applied = await api()['mcp.connect']({ ...entry(), connect: true, dryRun: false });
    if (applied.kind !== 'applied') throw new Error(`not applied: ${applied.kind}`);
    expect(applied.backup).not.toBeNull();
    expect(readFileSync(applied.backup ?? '', 'utf8')).toBe(before);
    expect(read(file)).toEqual({
      other: 1,
      mcpServers: {
        theirs: { command: 'x' },
        'skill-studio': {
          command: '/usr/bin/node',
          args: ['/opt/studio/bin/skill-studio.cjs', 'mcp', '--workspace', project],
        },
      },
    });
    expect(await api()['mcp.connect']({ ...entry(), connect: true, dryRun: false })).toEqual({
      kind: 'unchanged',
    });

    // Disconnect removes our entry alone.
    const removed = await api()['mcp.connect']({ ...entry(), connect: false, dryRun: false });
    expect(removed.kind).toBe('applied');
    expect(read(file)).toEqual({ other: 1, mcpServers: { theirs: { command: 'x' } } });
    expect(await api()['mcp.connect']({ ...entry(), connect: false, dryRun: true })).toEqual({
      kind: 'unchanged',
    });
  });

  it('creates a missing config (and its folder) with no backup', async () => {
    const out = await api()['mcp.connect']({
      ...entry({ client: 'cursor' }),
      connect: true,
      dryRun: false,
    });
    expect(out).toMatchObject({ kind: 'applied', backup: null });
    expect(
      Object.keys(read(path.join(project, '.cursor', 'mcp.json')).mcpServers as object),
    ).toEqual(['skill-studio']);
  });

  it('never writes a config that is not JSON, and says what to add by hand', async () => {
    const file = path.join(project, '.mcp.json');
    writeFileSync(file, '{ not json');
    for (const dryRun of [true, false]) {
      const out = await api()['mcp.connect']({ ...entry(), connect: true, dryRun });
      expect(out.kind).toBe('not_json');
      expect(out.kind === 'not_json' && out.message).toContain('"skill-studio"');
    }
    expect(readFileSync(file, 'utf8')).toBe('{ not json');
    expect(readdirSync(project)).toEqual(['.mcp.json']);
  });

  it('lets a failure to read the config through as it is', async () => {
    mkdirSync(path.join(project, '.mcp.json'));
    await expect(
      api()['mcp.connect']({ ...entry(), connect: true, dryRun: true }),
    ).rejects.toMatchObject({ code: 'EISDIR' });
  });
});
