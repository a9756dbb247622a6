/**
 * The router over the command line's providers, MCP client and local server methods
 * (shared/api/local-tools.ts): the params each command sends pass as they are, anything
 * else is refused before a handler runs, and no window or request over the network may
 * call them at all (they read the caller's folder, the user's files, a path it names).
 */
import { describe, expect, it } from 'vitest';
import type { LocalToolMethods, McpEntryParams } from '../../../shared/api/local-tools';
import { createRouter } from '../router';
import { eagerTable } from '../lazy-handler-table';
import { LOCAL_TOOL_PARAM_SCHEMAS } from './local-tool-params';

type Method = keyof LocalToolMethods;

const ENTRY: McpEntryParams = {
  client: 'cursor',
  scope: 'project',
  workspace: '/home/me/proj',
  agent: null,
  node: '/usr/bin/node',
  cli: '/opt/studio/bin/skill-studio.cjs',
  nodeArgs: [],
};

/** What each command sends, as it sends it. */
const SENT: { [M in Method]: LocalToolMethods[M][0][] } = {
  'providers.checkAll': [{}],
  'providers.approveInCwd': [{ id: 'corp' }, { id: 'a name with spaces and "quotes"' }],
  'mcp.entry': [ENTRY, { ...ENTRY, agent: 'bot', nodeArgs: ['--import', 'tsx'] }],
  'mcp.connect': [
    { ...ENTRY, connect: true, dryRun: true },
    { ...ENTRY, client: 'claude-desktop', scope: 'user', connect: false, dryRun: false },
  ],
  'serve.isLoopback': [{ address: '127.0.0.1' }, { address: '' }, { address: '0.0.0.0' }],
  'serve.token': [{ file: '/home/me/.config/skill-studio/token' }, { file: null }],
};

/** What no command sends. */
const REFUSED: { [M in Method]: unknown[] } = {
  'providers.checkAll': [{ id: 'x' }],
  'providers.approveInCwd': [{}, { id: 3 }, { id: null }, { id: 'x', workspace: '/elsewhere' }],
  'mcp.entry': [
    { ...ENTRY, client: 'vscode' },
    { ...ENTRY, scope: 'global' },
    { ...ENTRY, nodeArgs: [1] },
    { ...ENTRY, agent: undefined },
    { ...ENTRY, connect: true },
  ],
  'mcp.connect': [ENTRY, { ...ENTRY, connect: 'yes', dryRun: true }],
  'serve.isLoopback': [{}, { address: 127 }, { address: null }],
  'serve.token': [{}, { file: 1 }, { file: '/t', mode: 0o644 }],
};

function router(calls: string[]) {
  const handlers = Object.fromEntries(
    Object.keys(LOCAL_TOOL_PARAM_SCHEMAS).map((m) => [
      m,
      async () => {
        calls.push(m);
        return null;
      },
    ]),
  );
  return createRouter(eagerTable(handlers));
}

describe('the local tools params', () => {
  it('pass what each command sends, as it sends it', async () => {
    const calls: string[] = [];
    const route = router(calls);
    for (const [method, sent] of Object.entries(SENT))
      for (const params of sent)
        expect(await route(method, params, 'local-process'), method).toEqual({
          ok: true,
          result: null,
        });
    expect(new Set(calls)).toEqual(new Set(Object.keys(SENT)));
  });

  it('refuse anything else before a handler runs', async () => {
    const calls: string[] = [];
    const route = router(calls);
    for (const [method, refused] of Object.entries(REFUSED))
      for (const params of refused)
        expect(await route(method, params, 'local-process'), JSON.stringify(params)).toMatchObject({
          ok: false,
          error: { code: 'invalid_params' },
        });
    expect(calls).toEqual([]);
  });

  it('are for a local process only: a window or the network is refused, whatever it sends', async () => {
    const calls: string[] = [];
    const route = router(calls);
    for (const [method, sent] of Object.entries(SENT))
      for (const caller of ['window', 'network'] as const)
        expect(await route(method, sent[0], caller)).toMatchObject({
          ok: false,
          error: { code: 'forbidden_path' },
        });
    expect(calls).toEqual([]);
  });
});
