/**
 * The A2E view of a skill (docs/contracts.md, A2E; shared/protocol/a2e.ts): a SkillDefinition
 * built from the frontmatter and body, with defaults for every required field so
 * that a skill with a sparse (or broken) frontmatter can still be listed.
 *
 * Values of the wrong type are dropped here, not coerced: the validator reports
 * them (FIELD_TYPE), and a definition must never carry a value its type forbids.
 */
import {
  SKILL_STATUSES,
  type LLMConfig,
  type SkillDefinition,
  type SkillStatus,
} from '../protocol/a2e';
import type { SkillKind, SkillSource } from './model';

export interface DefinitionContext {
  source: SkillSource;
  /** Absolute path of SKILL.md, or null when missing. */
  filePath: string | null;
  /** Name of the skill folder (used when the frontmatter has no name). */
  dirName: string;
}

type Frontmatter = Record<string, unknown> | null;

function isMap(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function str(v: unknown): string | undefined {
  return typeof v === 'string' ? v : undefined;
}

function nonBlank(v: unknown): string | undefined {
  return typeof v === 'string' && v.trim() !== '' ? v : undefined;
}

function stringList(v: unknown): string[] | undefined {
  return Array.isArray(v) && v.every((x) => typeof x === 'string') ? (v as string[]) : undefined;
}

function positiveInt(v: unknown): number | undefined {
  return typeof v === 'number' && Number.isSafeInteger(v) && v > 0 ? v : undefined;
}

/** The declared status, or Published: a skill on disk is usable unless it says otherwise. */
export function skillStatus(fm: Frontmatter): SkillStatus {
  const s = fm?.status;
  return typeof s === 'string' && (SKILL_STATUSES as readonly string[]).includes(s)
    ? (s as SkillStatus)
    : 'Published';
}

/**
 * The status the host acts on: Blocked when errors keep a skill that is not Archived from
 * running (the specification's "missing dependencies"), else the declared one.
 */
export function effectiveStatus(skill: { status: SkillStatus; has_errors: boolean }): SkillStatus {
  if (skill.status === 'Archived') return skill.status;
  return skill.has_errors ? 'Blocked' : skill.status;
}

/**
 * How the skill runs (docs/contracts.md, Skill kinds): an `entrypoint` makes it a script skill; a
 * `topology` expression over an `agents` map (or a `skills` map or list of composed
 * skills) makes it a topology skill; anything else is an LLM skill.
 */
export function skillKind(fm: Frontmatter): SkillKind {
  if (!fm) return 'llm';
  if (nonBlank(fm.entrypoint) !== undefined) return 'script';
  const composes = isMap(fm.skills) || Array.isArray(fm.skills);
  if (nonBlank(fm.topology) !== undefined && (isMap(fm.agents) || composes)) return 'topology';
  return 'llm';
}

/** A2E `source`: project and user map to themselves; bundled and plugin skills are "system". */
export function a2eSource(source: SkillSource): 'project' | 'user' | 'system' {
  return source === 'project' ? 'project' : source === 'user' ? 'user' : 'system';
}

function llmConfig(v: unknown): LLMConfig | null {
  if (!isMap(v) || typeof v.provider_name !== 'string') return null;
  const config: LLMConfig = {
    provider_name: v.provider_name,
    // Credentials never come from a skill file (docs/contracts.md, Skill kinds).
    provider_credentials: {},
  };
  if (isMap(v.provider_config)) config.provider_config = v.provider_config;
  if (typeof v.is_default === 'boolean') config.is_default = v.is_default;
  return config;
}

function argumentsOf(v: unknown): Record<string, unknown> | string[] {
  if (isMap(v)) return v;
  return stringList(v) ?? {};
}

/** The version a skill that declares none is given (A2E always sends one). */
export const UNDECLARED_VERSION = '0.0.0';

export function toSkillDefinition(
  fm: Frontmatter,
  body: string,
  ctx: DefinitionContext,
): SkillDefinition {
  const f = fm ?? {};
  const description = str(f.description)?.trim() ?? '';
  const def: SkillDefinition = {
    name: nonBlank(f.name)?.trim() ?? ctx.dirName,
    version: nonBlank(f.version) ?? UNDECLARED_VERSION,
    description,
    triggers: stringList(f.triggers) ?? [],
    status: skillStatus(fm),
    input_schema: isMap(f.input_schema) ? f.input_schema : {},
    output_schema: isMap(f.output_schema) ? f.output_schema : {},
    instructions: body,
    file_path: ctx.filePath,
    llm_config: llmConfig(f.llm_config),
    arguments: argumentsOf(f.arguments),
    when_to_use: nonBlank(f.when_to_use) ?? description,
    argument_hint: str(f.argument_hint) ?? str(f['argument-hint']) ?? '',
    source: a2eSource(ctx.source),
    category: str(f.category) ?? null,
    tags: stringList(f.tags) ?? null,
    max_turns: positiveInt(f.max_turns) ?? null,
    timeout_seconds: positiveInt(f.timeout_seconds) ?? null,
    icon: str(f.icon) ?? null,
    metadata: isMap(f.metadata) ? f.metadata : null,
    tools: Array.isArray(f.tools) ? f.tools : null,
    toolkits: Array.isArray(f.toolkits) ? f.toolkits : null,
  };
  return def;
}
