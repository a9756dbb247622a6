/**
 * Who an eval run asks: the provider and model (asked for, the skill's own, or the
 * default), the agent client of a `--client` run, and the other skills the model sees.
 * Each refuses, as invalid_params or not_found, what cannot run, before anything starts.
 */
import type { ClientTriggerOptions, ModelChoice } from '../../../shared/api/evals';
import type { SkillRecord } from '../../../shared/skill/model';
import type { IndexedSkill } from '../../../shared/skill/prompt-index';
import { winners } from '../../../shared/playground/agent-preview';
import { ClientRunRefused, runnerFor } from '../agent-clients/run-client';
import { chooseUpstream } from '../agent-clients/upstream';
import { catalogSkills } from '../agent-clients/installed-skills';
import {
  defaultProvider,
  findProvider,
  howToAddProvider,
  modelAllowed,
  type LoadedProviderSet,
  type ProviderConfig,
} from '../providers';
import { StudioError } from '../../../shared/errors';
import type { ClientEvalTarget } from './client-asks';
import type { EvalsContext } from './eval-context';
import type { ModelTarget } from './model-run';

/** Agent-client asks at once: each is a whole client process. */
export const DEFAULT_CLIENT_CONCURRENCY = 2;

/** The provider and model of a run: asked for, else the skill's llm_config, else the default. */
export function resolveTarget(
  set: LoadedProviderSet,
  choice: ModelChoice | undefined,
  record: SkillRecord,
  fallback?: ModelTarget,
): ModelTarget {
  const llm = record.definition.llm_config ?? null;
  let provider: ProviderConfig | undefined;
  if (choice?.provider) {
    provider = findProvider(set, choice.provider) ?? undefined;
    if (!provider)
      throw new StudioError('invalid_params', `no provider "${choice.provider}" is configured`);
  } else if (fallback) {
    // The grader on the run's provider: another model of it, checked like any other.
    return allowedTarget(fallback.provider, choice?.model ?? fallback.model);
  } else if (llm?.provider_name) provider = findProvider(set, llm.provider_name) ?? undefined;
  provider = provider ?? defaultProvider(set) ?? undefined;
  if (!provider)
    throw new StudioError(
      'invalid_params',
      `no LLM provider is configured, so evals cannot run: ${howToAddProvider(set.userFile)}`,
    );
  const skillModel =
    !choice?.provider &&
    llm?.provider_name === provider.id &&
    typeof llm.provider_config?.model === 'string'
      ? llm.provider_config.model
      : null;
  return allowedTarget(provider, choice?.model ?? skillModel ?? provider.model);
}

function allowedTarget(provider: ProviderConfig, model: string): ModelTarget {
  if (!modelAllowed(provider, model))
    throw new StudioError(
      'invalid_params',
      `the model "${model}" is not among the models of provider "${provider.id}"`,
    );
  return { provider, model };
}

/** The skills the model sees beside this one: the agent's allowlist, or every listed skill. */
export function otherSkills(
  ctx: Pick<EvalsContext, 'listing' | 'agents'>,
  agent: string | null | undefined,
): IndexedSkill[] {
  const byName = winners(ctx.listing().skills);
  let names = [...byName.keys()];
  if (agent) {
    const conf = ctx.agents().find((a) => a.id === agent);
    if (!conf) throw new StudioError('not_found', `no agent "${agent}" in skill-studio.json`);
    names = conf.allowed_skills;
  }
  return names
    .map((n) => byName.get(n))
    .filter((s) => s !== undefined && s.status !== 'Archived')
    .map((s) => ({ name: s!.name, description: s!.description }));
}

/** `--client ID`: the client found, the provider it speaks, the upstream its relay uses. */
export async function clientTarget(
  ctx: Pick<EvalsContext, 'agentClient' | 'home' | 'listing'>,
  options: Pick<
    ClientTriggerOptions,
    'client' | 'allow_scripts' | 'provider' | 'model' | 'concurrency' | 'catalog'
  >,
  set: LoadedProviderSet,
  skillName: string,
): Promise<{ client: ClientEvalTarget; target: ModelTarget } | null> {
  if (!options.client) return null;
  if (!ctx.agentClient)
    throw new StudioError('invalid_params', 'this host cannot run evals in agent clients');
  try {
    const runner = runnerFor(options.client);
    const info = await ctx.agentClient(options.client);
    if (!info.found)
      throw new ClientRunRefused(
        `${info.name} is not installed here (see \`skill-studio clients\`): put it on PATH or set its path in the settings`,
      );
    const chosen = chooseUpstream(runner, set, process.env, {
      provider: options.provider ?? undefined,
      model: options.model ?? undefined,
    });
    return {
      client: {
        info,
        upstream: chosen.upstream,
        allowScripts: options.allow_scripts === true,
        concurrency: options.concurrency ?? DEFAULT_CLIENT_CONCURRENCY,
        others: await catalogSkills(
          options.catalog,
          { id: options.client, home: ctx.home?.() ?? null, listing: () => ctx.listing().skills },
          skillName,
        ),
      },
      target: { provider: chosen.provider, model: chosen.upstream.model },
    };
  } catch (err) {
    if (err instanceof ClientRunRefused) throw new StudioError('invalid_params', err.message);
    throw err;
  }
}
