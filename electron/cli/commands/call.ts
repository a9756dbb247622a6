import path from 'node:path';
import { encodeMessage } from '../../../shared/protocol/codec';
import { makeCallRequest } from '../../../shared/protocol/messages';
import { TranscriptView } from '../transcript-view';
import { overrideFromFlags } from '../provider-flags';
import type { CommandImpl } from '../command';
import { stringFlag } from '../command';
import { colours, EXIT_FAILED, EXIT_OK, EXIT_USAGE, UsageError } from '../io';
import { requireAgent, withClient } from '../client';
import {
  AGENT_CLIENT_IDS,
  CLIENT_CATALOGS,
  isAgentClientId,
  isClientCatalog,
  type ModelRequestRecord,
  type RunInClient,
} from '../../../shared/api/agent-clients';
import { RUNNER_SANDBOXES } from '../../../shared/api/runner-settings';

export const CATALOG_USAGE = `--catalog must be one of ${CLIENT_CATALOGS.join(', ')}: the skill alone (the default), the workspace's skills, or the skills you installed for that client`;

/**
 * `--client ID [--provider P] [--model M] [--allow-scripts] [--catalog C] [--own-login]` as
 * the studio's `metadata.run_in`.
 */
function runInFromFlags(flags: {
  client: string;
  provider: string | undefined;
  model: string | undefined;
  allowScripts: boolean;
  catalog: string | undefined;
  ownLogin: boolean;
}): RunInClient {
  const { client, provider, model, catalog } = flags;
  if (!isAgentClientId(client))
    throw new UsageError(
      `--client must be one of ${AGENT_CLIENT_IDS.join(', ')} (see \`skill-studio clients\`)`,
    );
  if (provider !== undefined && provider.trim() === '')
    throw new UsageError('--provider needs a provider id (see `skill-studio providers`)');
  if (catalog !== undefined && !isClientCatalog(catalog)) throw new UsageError(CATALOG_USAGE);
  if (flags.ownLogin && provider !== undefined)
    throw new UsageError(
      "--own-login sends the client's own login to its own API; it cannot take --provider",
    );
  return {
    client,
    ...(provider !== undefined ? { provider } : {}),
    ...(model !== undefined ? { model } : {}),
    ...(flags.allowScripts ? { allow_scripts: true } : {}),
    ...(catalog !== undefined ? { catalog } : {}),
    ...(flags.ownLogin ? { own_login: true } : {}),
  };
}

function parseArgsJson(text: string | undefined): Record<string, unknown> {
  if (text === undefined) return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    throw new UsageError(`--args is not JSON: ${(err as Error).message}`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new UsageError('--args must be a JSON object, e.g. {"text": "hello"}');
  }
  return value as Record<string, unknown>;
}

export const callCommand: CommandImpl = {
  run: (ctx) =>
    withClient(
      ctx,
      async (client) => {
        const [name] = ctx.positionals;
        if (!name) throw new UsageError('name the skill to call');
        const args = parseArgsJson(stringFlag(ctx, 'args'));
        const timeoutText = stringFlag(ctx, 'timeout');
        const timeout = timeoutText === undefined ? 60 : Number(timeoutText);
        if (!Number.isFinite(timeout) || timeout <= 0)
          throw new UsageError(`--timeout must be a positive number of seconds`);
        const agent = stringFlag(ctx, 'agent') ?? null;
        await requireAgent(client, agent);

        const clientId = stringFlag(ctx, 'client');
        const record = stringFlag(ctx, 'record');
        if (record !== undefined && clientId === undefined)
          throw new UsageError('--record DIR needs --client ID: it writes what the client sent');
        for (const flag of ['catalog', 'own-login'])
          if (ctx.values[flag] !== undefined && clientId === undefined)
            throw new UsageError(
              `--${flag} chooses how an agent client runs: it needs --client ID`,
            );
        if (clientId !== undefined && agent !== null)
          throw new UsageError(
            '--client runs the skill as the studio does; it cannot take --agent',
          );
        // In an agent client, --provider and --model choose what the client's relay talks to.
        const run_in =
          clientId === undefined
            ? null
            : runInFromFlags({
                client: clientId,
                provider: stringFlag(ctx, 'provider'),
                model: stringFlag(ctx, 'model'),
                allowScripts: ctx.values['allow-scripts'] === true,
                catalog: stringFlag(ctx, 'catalog'),
                ownLogin: ctx.values['own-login'] === true,
              });
        const llm_override = run_in
          ? null
          : overrideFromFlags(stringFlag(ctx, 'provider'), stringFlag(ctx, 'model'));
        const sandbox = stringFlag(ctx, 'sandbox');
        if (sandbox !== undefined && !(RUNNER_SANDBOXES as readonly string[]).includes(sandbox))
          throw new UsageError(`--sandbox must be one of ${RUNNER_SANDBOXES.join(', ')}`);
        if (sandbox !== undefined && agent !== null)
          throw new UsageError("--sandbox is the studio's own choice; it cannot take --agent");
        // The studio's own call may pick the sandbox; an agent's connection never can.
        const metadata = {
          ...(run_in ? { run_in } : {}),
          ...(sandbox !== undefined ? { sandbox } : {}),
        };
        const req = makeCallRequest({
          name,
          arguments: args,
          timeout: Math.ceil(timeout),
          llm_override,
          ...(Object.keys(metadata).length > 0 ? { metadata } : {}),
        });
        const json = ctx.common.json;
        // Model runs stream their answer as a transcript; other calls look as before.
        const view = new TranscriptView(ctx.io, colours(ctx.io));
        if (json) ctx.io.stdout.write(encodeMessage(req) + '\n');

        // Ctrl-C cancels the call; the host kills the skill's whole process group.
        const controller = new AbortController();
        const off = ctx.io.onInterrupt(() => {
          if (!json) ctx.io.stderr.write('\ncancelling…\n');
          controller.abort('cancelled');
        });
        try {
          const resp = await client.call(
            req,
            agent,
            (event) =>
              json ? ctx.io.stdout.write(encodeMessage(event) + '\n') : view.event(event),
            controller.signal,
          );
          if (record !== undefined) {
            const records = resp.data?.metadata?.model_requests;
            const { files } = await client.invoke('agentClients.writeRecords', {
              dir: path.resolve(ctx.io.cwd, record),
              records: Array.isArray(records) ? (records as ModelRequestRecord[]) : [],
            });
            if (!json)
              ctx.io.stderr.write(`recorded ${files.length} model request(s) in ${record}\n`);
          }
          // An unknown skill is a missing path, as for read and files (exit 2), not a failed run.
          const failed = resp.error?.code === 'unknown_skill' ? EXIT_USAGE : EXIT_FAILED;
          if (json) {
            ctx.io.stdout.write(encodeMessage(resp) + '\n');
            return resp.data?.success ? EXIT_OK : failed;
          }
          return view.done(resp) ? EXIT_OK : failed;
        } finally {
          off();
        }
      },
      { openWorkspace: true },
    ),
};
