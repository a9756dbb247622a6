/**
 * A local server speaking a provider's wire format for each test of a spec, and the
 * workspace's skill-studio.json put back after each: the model-run, topology and evals
 * specs all configure a provider this way. Also the server's answer to a model list.
 */
import { readFile, realpath } from 'node:fs/promises';
import path from 'node:path';
import { test } from './fixtures';
import { rewriteWatched } from './workspace';
import {
  startWireServer,
  type RecordedRequest,
  type Reply,
  type WireServer,
} from '../../electron/host/providers/test-support/wire-server';
import {
  addApproval,
  approvalsPath,
  originOf,
} from '../../electron/host/providers/provider-approvals';

type Script = Parameters<typeof startWireServer>[0];

export interface WireProvider {
  readonly server: WireServer;
  readonly configFile: string;
  /** skill-studio.json as it was before the test. */
  readonly original: string;
  /** Writes `providers` into skill-studio.json: one Anthropic-format provider on the server. */
  configure(provider: { model: string; api_key_env: string; models?: string[] }): Promise<void>;
}

/** Registers the hooks in the calling scope (file or describe); read the fields inside tests. */
export function wireProviderPerTest(script: () => Script): WireProvider {
  let server: WireServer | null = null;
  let configFile = '';
  let original = '';
  let root = '';
  let home = '';
  test.beforeEach(async ({ studio }) => {
    server = await startWireServer(script());
    configFile = path.join(studio.ws.root, 'skill-studio.json');
    original = await readFile(configFile, 'utf8');
    root = studio.ws.root;
    home = studio.ws.home;
  });
  test.afterEach(async () => {
    await rewriteWatched(configFile, original);
    await server?.close();
  });
  const live = (): WireServer => {
    if (!server) throw new Error('the wire server starts before each test');
    return server;
  };
  return {
    get server() {
      return live();
    },
    get configFile() {
      return configFile;
    },
    get original() {
      return original;
    },
    async configure(provider) {
      const config = JSON.parse(original) as Record<string, unknown>;
      config.providers = [{ id: 'wire', kind: 'anthropic', base_url: live().url, ...provider }];
      await rewriteWatched(configFile, JSON.stringify(config, null, 2));
      await approveWire(root, home, provider.api_key_env, live().url);
    },
  };
}

/**
 * What `skill-studio providers approve wire` records: this workspace may send the variable
 * to the local server (a workspace provider gets no secret before that).
 */
export async function approveWire(
  root: string,
  home: string,
  variable: string,
  url: string,
): Promise<void> {
  const file = approvalsPath({ XDG_CONFIG_HOME: path.join(home, '.config') }, home, 'linux');
  if (!file) throw new Error('the studio runs with a home');
  await addApproval(file, {
    workspace: await realpath(root),
    secret: `env:${variable}`,
    origin: originOf(url) ?? url,
    provider: 'wire',
  });
}

/** The answer to GET /v1/models (Anthropic's format) listing one model; null for any other request. */
export function modelListReply(req: RecordedRequest, model: string): Reply | null {
  if (req.method !== 'GET' || !req.url.startsWith('/v1/models')) return null;
  return {
    kind: 'json',
    status: 200,
    body: {
      data: [{ type: 'model', id: model, display_name: 'E2E', created_at: '2026-01-01T00:00:00Z' }],
      has_more: false,
      first_id: model,
      last_id: model,
    },
  };
}
