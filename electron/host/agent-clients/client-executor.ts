/**
 * The A2E executor of a call with `metadata.run_in` (run-in.ts): the skill runs inside the
 * agent client named there, through the driver (run-client.ts), instead of the executors of
 * the skill's kind. Normalized client events become A2E events as a model run's do:
 * text → the `response.md` artifact, tool calls and results → `log` lines with a bounded
 * preview, an activation → a `status` line. The result's metadata carries `client`,
 * `activated_skills` (in order), `usage` and the relay's `model_requests`.
 */
import { RESPONSE_ARTIFACT } from '../../../shared/playground/transcript';
import type { LoadedProviderSet } from '../providers';
import { runSecrets, SecretScrubber } from '../providers/run-secrets';
import type { ExecContext, ExecOutcome, Executor } from '../runner/core/types';
import { findAgentClient } from './discover';
import { agentClientName } from './ids';
import { readRunIn } from '../../../shared/agent-clients/run-in';
import {
  checkSpeaks,
  ClientRunRefused,
  runClient,
  runnerFor,
  type ClientRunLogin,
  type ClientUpstream,
} from './run-client';
import { catalogSkills } from './installed-skills';
import { findOwnLogin, type DefaultApis } from './own-login';
import type { SkillListItem } from '../../../shared/api/studio-api';
import type { ClientEvent, ClientRunOutcome, ModelRequestRecord, RunInClient } from './core/types';
import { chooseUpstream } from './upstream';

/** A tool's arguments or output in a log line. */
const PREVIEW_CHARS = 400;
/** A tool call's arguments go whole into its log event up to this size, else as their preview. */
const ARGUMENTS_CHARS = 16 * 1024;
/** What of the recorded requests goes into a result (an A2E frame is 8 MiB at most). */
const RESULT_RECORDS_BYTES = 2 * 1024 * 1024;

export interface ClientExecutorDeps {
  providers: () => Promise<LoadedProviderSet>;
  env: () => NodeJS.ProcessEnv;
  /** The user's home for the settings file (null: none read). */
  home: () => string | null;
  /** Where run folders go (tests); the system's temporary folder by default. */
  runsRoot?: string;
  /** The workspace's skills, for `catalog: workspace`. */
  listing?: () => readonly SkillListItem[];
  /** The clients' default APIs for `own_login` (tests: a fake server); the real ones by default. */
  defaultApis?: DefaultApis;
}

/** The upstream of a run with the client's own login: its default API, auth passed through. */
async function ownLoginUpstream(
  runner: ReturnType<typeof runnerFor>,
  runIn: RunInClient,
  deps: ClientExecutorDeps,
  env: NodeJS.ProcessEnv,
) {
  const login = await findOwnLogin(runIn.client, env, deps.home(), {
    model: runIn.model,
    apis: deps.defaultApis,
  });
  checkSpeaks(runner, login.kind, `${agentClientName(runIn.client)}'s own login`);
  const upstream: ClientUpstream = {
    kind: login.kind,
    baseUrl: login.baseUrl,
    model: login.model,
    auth: { mode: 'passthrough' },
    label: `${agentClientName(runIn.client)}'s default API`,
    secrets: login.secrets,
  };
  return { login, upstream };
}

export function preview(value: unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  const flat = (text ?? '').replace(/\s+/g, ' ').trim();
  return flat.length > PREVIEW_CHARS
    ? `${flat.slice(0, PREVIEW_CHARS)}… (${flat.length} chars)`
    : flat;
}

/** The prompt a call gives the client: use this skill, with the call's arguments. */
export function callPrompt(skill: string, args: Record<string, unknown>): string {
  const keys = Object.keys(args);
  if (keys.length === 0) return `Use the ${skill} skill.`;
  return `Use the ${skill} skill with these arguments:\n\n${JSON.stringify(args, null, 2)}`;
}

/** The records within a result's budget: later bodies beyond it are left out, saying so. */
export function boundRecords(
  records: ModelRequestRecord[],
  budget = RESULT_RECORDS_BYTES,
): ModelRequestRecord[] {
  let used = 0;
  return records.map((r) => {
    const size = JSON.stringify(r).length;
    if (used + size <= budget) {
      used += size;
      return r;
    }
    const cut = (b: { body: unknown; bytes: number; truncated: boolean }) => ({
      ...b,
      body: `[left out: ${b.bytes} bytes, over the result's ${budget}-byte budget; see call --record]`,
      truncated: true,
    });
    return {
      ...r,
      request: cut(r.request) as ModelRequestRecord['request'],
      response: r.response ? (cut(r.response) as ModelRequestRecord['response']) : null,
    };
  });
}

/** Client events → A2E events through `emit`. */
export function a2eEvents(client: string, emit: ExecContext['emit']): (e: ClientEvent) => void {
  let texts = 0;
  // The transcript pairs a result with its call by id, and names its tool.
  const tools = new Map<string, string>();
  return (e) => {
    switch (e.type) {
      case 'text':
        emit('artifact', {
          name: RESPONSE_ARTIFACT,
          mime: 'text/markdown',
          chunk: (texts++ > 0 ? '\n\n' : '') + e.text,
          final: false,
        });
        break;
      case 'tool_call': {
        tools.set(e.id, e.name);
        // The structured fields are those of a model run's tool calls (the transcript reads them).
        const whole = JSON.stringify(e.input) ?? '';
        emit('log', {
          level: 'info',
          message: `${client} calls ${e.name} ${preview(e.input)}`,
          tool: e.name,
          tool_call_id: e.id,
          arguments: whole.length <= ARGUMENTS_CHARS ? e.input : preview(e.input),
        });
        break;
      }
      case 'tool_result':
        emit('log', {
          level: e.isError ? 'warn' : 'info',
          message: `${e.isError ? 'tool error' : 'tool result'}: ${preview(e.output)}`,
          tool: tools.get(e.id) ?? 'tool',
          tool_call_id: e.id,
          result_preview: preview(e.output),
          is_error: e.isError,
        });
        break;
      case 'skill_activated':
        emit('status', {
          message: `${client} activated the skill "${e.name}"`,
          activated_skill: e.name,
        });
        break;
      case 'notice':
        emit('log', { level: e.level, message: `${client}: ${e.message}` });
        break;
      case 'final':
        if (texts > 0)
          emit('artifact', {
            name: RESPONSE_ARTIFACT,
            mime: 'text/markdown',
            chunk: '',
            final: true,
          });
        texts = 0;
        break;
      case 'usage':
        break;
    }
  };
}

export function outcomeMetadata(
  out: ClientRunOutcome,
  provider: string | null,
  model: string | null,
) {
  return {
    client: out.client,
    activated_skills: out.activatedSkills,
    usage: out.usage,
    provider,
    model,
    turns: out.requests.length,
    exit_code: out.exitCode,
    model_requests: boundRecords(out.requests),
  };
}

function runSecretsOf(set: LoadedProviderSet, env: NodeJS.ProcessEnv): string[] {
  return runSecrets(set, env, set.userFile);
}

export function createClientExecutor(deps: ClientExecutorDeps): Executor {
  return {
    async run(ctx: ExecContext): Promise<ExecOutcome> {
      const runIn = readRunIn(ctx.request.metadata) as RunInClient;
      const env = deps.env();
      const name = agentClientName(runIn.client);
      try {
        const runner = runnerFor(runIn.client);
        const client = await findAgentClient(runIn.client, env, deps.home());
        let upstream: ClientUpstream;
        let providerId: string | null;
        let secrets: string[];
        let login: ClientRunLogin | undefined;
        let via: string;
        if (runIn.own_login === true) {
          const own = await ownLoginUpstream(runner, runIn, deps, env);
          ({ upstream } = own);
          login = { key: own.login.key, files: own.login.files };
          // The provider keys stay out of what is shown, as for any run.
          secrets = [...own.login.secrets, ...runSecretsOf(await deps.providers(), env)];
          providerId = null;
          via = `${name}'s own login (${own.login.source})`;
        } else {
          const chosen = chooseUpstream(runner, await deps.providers(), env, {
            provider: runIn.provider,
            model: runIn.model,
          });
          ({ upstream, secrets } = chosen);
          providerId = chosen.provider.id;
          via = chosen.provider.id;
        }
        const scrubber = new SecretScrubber(secrets);
        const emit: ExecContext['emit'] = (kind, data) => ctx.emit(kind, scrubber.value(data));
        const skill = ctx.record.summary;
        const others = await catalogSkills(
          runIn.catalog,
          { id: runIn.client, home: deps.home(), listing: () => deps.listing?.() ?? [] },
          skill.name,
        );
        emit('status', {
          message:
            `running in ${name} ${client.version ?? ''} with ${upstream.model} (${via})${others.length > 0 ? ` beside ${others.length} other skill(s)` : ''}`.replace(
              /\s+/g,
              ' ',
            ),
        });
        const toA2E = a2eEvents(name, emit);
        const out = await runClient({
          client,
          skills: [{ name: skill.name, dir: skill.dir }, ...others],
          prompt: callPrompt(ctx.record.summary.name, ctx.arguments),
          upstream,
          login,
          allowScripts: runIn.allow_scripts === true,
          timeoutMs: ctx.timeoutMs,
          signal: ctx.signal,
          onEvent: toA2E,
          runsRoot: deps.runsRoot,
        });
        toA2E({ type: 'final', text: null, isError: false });
        const metadata = scrubber.value(outcomeMetadata(out, providerId, upstream.model)) as Record<
          string,
          unknown
        >;
        const answer = scrubber.message(out.text ?? '').trim();
        if (out.error)
          return {
            success: false,
            error_code: out.error.code,
            error: scrubber.message(out.error.message),
            metadata,
          };
        return { success: true, data: { answer }, summary: answer, metadata };
      } catch (err) {
        if (!(err instanceof ClientRunRefused)) throw err;
        const unauthorized = err.unauthorized;
        return {
          success: false,
          error_code: unauthorized ? 'unauthorized' : 'skill_error',
          error: err.message,
          metadata: { client: { id: runIn.client, version: null }, activated_skills: [] },
        };
      }
    },
  };
}
