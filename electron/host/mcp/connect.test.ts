/** "Connect to…" on a temporary HOME: never clobbers, backs up, refuses broken JSON, undoes. */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  applyPlan,
  commandLine,
  ConfigNotJsonError,
  configFile,
  planConnect,
  planDisconnect,
  serverEntry,
  serverNameFor,
} from './connect';

let home: string;
let project: string;
beforeEach(() => {
  home = mkdtempSync(path.join(os.tmpdir(), 'skill-studio-home-'));
  project = path.join(home, 'work', 'proj');
  mkdirSync(project, { recursive: true });
});
afterEach(() => rmSync(home, { recursive: true, force: true }));

const entry = serverEntry({
  node: '/usr/bin/node',
  cli: '/opt/studio/bin/skill-studio.cjs',
  workspace: '/home/me/proj',
});

describe('config locations', () => {
  it('follows each client and OS', () => {
    const loc = { home: '/h', project: '/p', platform: 'linux' as const };
    expect(configFile('claude-code', 'project', loc)).toBe('/p/.mcp.json');
    expect(configFile('claude-code', 'user', loc)).toBe('/h/.claude.json');
    expect(configFile('cursor', 'project', loc)).toBe('/p/.cursor/mcp.json');
    expect(configFile('cursor', 'user', loc)).toBe('/h/.cursor/mcp.json');
    expect(configFile('claude-desktop', 'user', loc)).toBe(
      '/h/.config/Claude/claude_desktop_config.json',
    );
    expect(configFile('claude-desktop', 'user', { ...loc, platform: 'darwin' })).toBe(
      '/h/Library/Application Support/Claude/claude_desktop_config.json',
    );
  });

  it('writes absolute paths and a command line', () => {
    const e = serverEntry({ node: 'node', cli: 'bin/cli.cjs', workspace: '.', agent: 'bot' });
    expect(path.isAbsolute(e.command)).toBe(true);
    expect(e.args.filter((a) => a.includes('/')).every((a) => path.isAbsolute(a))).toBe(true);
    expect(e.args.slice(-2)).toEqual(['--agent', 'bot']);
    expect(serverNameFor('bot')).toBe('skill-studio-bot');
    expect(commandLine({ command: '/a b/node', args: ['mcp'] })).toBe(`'/a b/node' mcp`);
  });
});

describe('connect and disconnect', () => {
  it('creates a missing file with our entry (no backup needed)', async () => {
    const file = configFile('cursor', 'project', { home, project, platform: 'linux' });
    const plan = await planConnect(file, 'skill-studio', entry);
    expect(plan.before).toBeNull();
    expect(plan.diff).toContain('+    "skill-studio": {');
    expect((await applyPlan(plan)).backup).toBeNull();
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({
      mcpServers: { 'skill-studio': entry },
    });
  });

  it('keeps other servers and keys, backs up first, and disconnect undoes exactly', async () => {
    const file = path.join(home, '.claude.json');
    const original = {
      numStartups: 7,
      mcpServers: { other: { command: 'x', args: [] } },
      projects: { '/p': { allowedTools: [] } },
    };
    const originalText = JSON.stringify(original, null, 2) + '\n';
    writeFileSync(file, originalText);
    const plan = await planConnect(file, 'skill-studio', entry);
    expect(plan.diff).toContain('+    "skill-studio"');
    expect(plan.diff).not.toContain('-    "other"');
    const { backup } = await applyPlan(plan, new Date(Date.UTC(2026, 0, 2)));
    expect(backup && readFileSync(backup, 'utf8')).toBe(originalText);
    const written = JSON.parse(readFileSync(file, 'utf8'));
    expect(written.mcpServers.other).toEqual(original.mcpServers.other);
    expect(written.mcpServers['skill-studio']).toEqual(entry);
    expect(written.projects).toEqual(original.projects);
    expect(Object.keys(written)).toEqual(Object.keys(original));

    const undo = await planDisconnect(file, 'skill-studio');
    await applyPlan(undo);
    expect(readFileSync(file, 'utf8')).toBe(originalText);
  });

  it('does nothing when the entry is already there, or absent on disconnect', async () => {
    const file = path.join(home, 'c.json');
    await applyPlan(await planConnect(file, 'skill-studio', entry));
    expect((await planConnect(file, 'skill-studio', entry)).changes).toBe(false);
    expect((await planDisconnect(path.join(home, 'none.json'), 'skill-studio')).changes).toBe(
      false,
    );
  });

  it('never overwrites a file that is not valid JSON, and says what to add', async () => {
    const file = path.join(home, 'broken.json');
    writeFileSync(file, '{ "mcpServers": { // a comment\n');
    const err = await planConnect(file, 'skill-studio', entry).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ConfigNotJsonError);
    expect((err as ConfigNotJsonError).manual).toContain('"skill-studio"');
    expect(readFileSync(file, 'utf8')).toBe('{ "mcpServers": { // a comment\n');
    writeFileSync(file, '{"mcpServers": []}');
    await expect(planConnect(file, 'skill-studio', entry)).rejects.toThrow(/mcpServers/);
    expect(readdirSync(home).filter((n) => n.includes('backup'))).toEqual([]);
  });

  it('refuses to write when the file changed after the plan', async () => {
    const file = path.join(home, 'race.json');
    writeFileSync(file, '{}');
    const plan = await planConnect(file, 'skill-studio', entry);
    writeFileSync(file, '{"mcpServers": {"new": {"command": "y"}}}');
    await expect(applyPlan(plan)).rejects.toThrow(/changed/);
    expect(JSON.parse(readFileSync(file, 'utf8')).mcpServers.new).toBeDefined();
  });
});
