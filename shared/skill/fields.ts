/**
 * Every frontmatter key the studio knows (docs/contracts.md, SKILL.md), with a short text for
 * editor hovers and completion. The validator uses the same table to tell a
 * portable key from a studio extension from a key nobody defines.
 */
import { SKILL_STATUSES } from '../protocol/a2e';

/**
 * Where a key comes from: `core` is the portable agentskills.io set, `a2e` the
 * A2E SkillDefinition fields, `adk` the adk-fluent runtime fields, `claude` the
 * Claude Code fields.
 */
export type FieldGroup = 'core' | 'a2e' | 'adk' | 'claude';

export interface FieldInfo {
  key: string;
  group: FieldGroup;
  /** Human-readable type, e.g. "string (1–64 chars)". */
  type: string;
  /** One or two sentences for hovers. */
  doc: string;
  /** Allowed values, when the field is an enumeration. */
  enum?: readonly string[];
  /** True for keys every agentskills.io client accepts. */
  portable: boolean;
  /**
   * Set on a second spelling of another key (`argument_hint` for `argument-hint`):
   * both are read, but completion offers only the canonical one.
   */
  aliasOf?: string;
}

function f(
  key: string,
  group: FieldGroup,
  type: string,
  doc: string,
  enumValues?: readonly string[],
): FieldInfo {
  const info: FieldInfo = { key, group, type, doc, portable: group === 'core' };
  if (enumValues) info.enum = enumValues;
  return info;
}

function alias(info: FieldInfo, canonical: string): FieldInfo {
  return { ...info, aliasOf: canonical };
}

export const FRONTMATTER_FIELDS: readonly FieldInfo[] = [
  // Portable core (agentskills.io).
  f(
    'name',
    'core',
    'string (1–64 chars)',
    'The skill name: lowercase letters, digits and single hyphens, no hyphen at either end. Must equal the folder name.',
  ),
  f(
    'description',
    'core',
    'string (1–1024 chars)',
    'What the skill does and when to use it. Agents read this to decide whether to load the skill.',
  ),
  f(
    'license',
    'core',
    'string',
    'The license of the skill, as a name (e.g. MIT) or a file in the skill (e.g. LICENSE.txt).',
  ),
  f(
    'compatibility',
    'core',
    'string (1–500 chars)',
    'Environment requirements: intended product, system packages, network access.',
  ),
  f(
    'metadata',
    'core',
    'map of string → string',
    'Free key/value pairs for clients and tools. Values must be strings.',
  ),
  f(
    'allowed-tools',
    'core',
    'space-separated string',
    'Tools the skill may use without asking, separated by spaces (e.g. "Bash(git:*) Read").',
  ),

  // A2E SkillDefinition fields (snake_case).
  f(
    'version',
    'a2e',
    'string',
    'The skill version, e.g. "1.2.0". Quote it: YAML reads 1.0 as a number.',
  ),
  f('tags', 'a2e', 'list of strings', 'Classification tags; A2E discover filters on them (OR-ed).'),
  f('category', 'a2e', 'string', 'Classification category; A2E discover filters on it.'),
  f('triggers', 'a2e', 'list of strings', 'Phrases that should make an agent invoke this skill.'),
  f(
    'when_to_use',
    'a2e',
    'string',
    'Guidance for agents on when to use this skill. Defaults to the description.',
  ),
  // The Claude Code spelling (argument-hint) is read by more clients: it is the one completion offers.
  alias(
    f(
      'argument_hint',
      'a2e',
      'string',
      'A hint for building the arguments of a call. Same as argument-hint, which more clients read.',
    ),
    'argument-hint',
  ),
  f(
    'input_schema',
    'a2e',
    'JSON Schema (map)',
    'JSON Schema of the call arguments; calls are validated against it before the skill runs.',
  ),
  f('output_schema', 'a2e', 'JSON Schema (map)', 'JSON Schema of the result data.'),
  f(
    'timeout_seconds',
    'a2e',
    'positive integer',
    'Wall-clock limit of a run, in seconds; caps the timeout of each call.',
  ),
  f(
    'max_turns',
    'a2e',
    'positive integer',
    'Maximum number of agentic turns for an LLM skill (default 10). In a topology, each agent run gets this many, unless the agent sets its own max_turns.',
  ),
  f(
    'status',
    'a2e',
    'Created | Blocked | Published | Archived',
    'Lifecycle status. Only Published skills can be called; Archived skills are never listed. Defaults to Published.',
    SKILL_STATUSES,
  ),
  f('tools', 'a2e', 'list', 'Tools the skill needs (names, or tool descriptions).'),
  f('toolkits', 'a2e', 'list', 'Toolkits the skill needs.'),
  f('icon', 'a2e', 'string', 'An icon for the UI (an emoji, or a file in the skill).'),
  f(
    'arguments',
    'a2e',
    'map (or list of strings)',
    'Default arguments, merged under the arguments of each call.',
  ),
  f(
    'llm_config',
    'a2e',
    'map: provider_name, provider_config',
    'The default LLM provider and its settings. Never put credentials here: they live in the keychain or the environment.',
  ),
  f(
    'entrypoint',
    'a2e',
    'relative path',
    'The script that runs the skill (.js/.mjs/.cjs with Node, .py with python3, .sh with bash), relative to the skill folder.',
  ),
  f(
    'runner',
    'a2e',
    'map: image',
    'Script skills: `image:` names the container image the skill runs in under the container sandbox, when the workspace allows skills to choose (runner.container.allow_skill_images).',
  ),

  // adk-fluent runtime fields.
  f(
    'agents',
    'adk',
    'map of agent name → {instruct, model, tools, reads, writes, max_turns}',
    'The agents a topology skill wires together. `{key}` in an instruction is filled from the shared state.',
  ),
  f(
    'topology',
    'adk',
    'expression',
    'How the agents run: `a >> b` sequence, `a | b` parallel, `x * 3` loop, `x * until(key == "value", max=N)`, `a // b` fallback, parentheses.',
  ),
  f('input', 'adk', 'map', 'The input contract of a topology skill: state key → type.'),
  f('output', 'adk', 'map', 'The output contract of a topology skill: state key → type.'),
  f(
    'eval',
    'adk',
    'list of {prompt, expect, rubrics, checks, expected_output, files, id, name}',
    'Inline eval cases, run by the Evals panel and `skill-studio eval` with and without the skill. `expect` is a judged expectation ("contains citations") or a list of checks; `rubrics` are judged criteria; a check is a string (judged) or one of {contains}, {not_contains}, {regex, flags}, {json_schema}, {file_exists}, {tool_called}.',
  ),
  f(
    'skills',
    'adk',
    'map of alias → skill name',
    'Other skills this skill composes; the aliases can be used in the topology.',
  ),

  // Claude Code fields.
  f(
    'disable-model-invocation',
    'claude',
    'boolean',
    'Claude Code: when true, only the user can invoke the skill (as a slash command).',
  ),
  f(
    'user-invocable',
    'claude',
    'boolean',
    'Claude Code: when false, the skill is hidden from the slash-command menu.',
  ),
  f(
    'argument-hint',
    'claude',
    'string',
    'The hint shown after the slash command and in the playground, e.g. "[issue-number]". Claude Code reads it; the studio also accepts argument_hint.',
  ),
  f('model', 'claude', 'string', 'Claude Code: the model to use while the skill is active.'),
  f(
    'context',
    'claude',
    'string',
    'Claude Code: "fork" runs the skill in a forked sub-agent context.',
  ),
  f(
    'agent',
    'claude',
    'string',
    'Claude Code: the sub-agent type to run the skill with (with context: fork).',
  ),
  f('hooks', 'claude', 'map', 'Claude Code: hooks scoped to the lifetime of the skill.'),
];

export const FIELD_BY_KEY: ReadonlyMap<string, FieldInfo> = new Map(
  FRONTMATTER_FIELDS.map((x) => [x.key, x]),
);

/**
 * The keys to offer when completing: one spelling per key, aliases left out. The
 * validator still accepts every key of FRONTMATTER_FIELDS.
 */
export function canonicalFields(): readonly FieldInfo[] {
  return CANONICAL_FIELDS;
}

const CANONICAL_FIELDS = FRONTMATTER_FIELDS.filter((x) => x.aliasOf === undefined);

/** The canonical spelling of a known key (itself unless it is an alias); null for unknown keys. */
export function canonicalKey(key: string): string | null {
  const info = FIELD_BY_KEY.get(key);
  return info ? (info.aliasOf ?? info.key) : null;
}

/** Lowercase, with `-`, `_`, `.` and blanks dropped: `Allowed_Tools` and `allowed-tools` meet. */
function looseForm(key: string): string {
  return key.toLowerCase().replace(/[-_.\s]/g, '');
}

/** Optimal string alignment distance (Levenshtein plus swapping two neighbours), capped. */
function editDistance(a: string, b: string, cap: number): number {
  if (Math.abs(a.length - b.length) > cap) return cap + 1;
  let prev2: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d = Math.min(d, prev2[j - 2] + 1);
      row.push(d);
      best = Math.min(best, d);
    }
    if (best > cap) return cap + 1;
    prev2 = prev;
    prev = row;
  }
  return prev[b.length];
}

/** How many edits a key of this length may be from a known key and still be a slip of the keyboard. */
function editBudget(length: number): number {
  if (length <= 2) return 0;
  if (length <= 5) return 1;
  if (length <= 10) return 2;
  return 3;
}

/**
 * Did-you-mean for a key nobody defines: the known key it is a near miss of
 * (`allowed_tools` → `allowed-tools`, `descripton` → `description`), as its
 * canonical spelling, or null when none is close or two are equally close.
 * `among` limits the answer (the spec profile only suggests portable keys).
 */
export function suggestKey(
  key: string,
  among: readonly FieldInfo[] = FRONTMATTER_FIELDS,
): string | null {
  const loose = looseForm(key);
  if (loose === '') return null;
  const budget = editBudget(loose.length);
  let best: string | null = null;
  let bestDistance = budget + 1;
  let tie = false;
  for (const info of among) {
    const target = info.aliasOf ?? info.key;
    if (target === best) continue;
    const d = editDistance(loose, looseForm(info.key), budget);
    if (d < bestDistance) {
      best = target;
      bestDistance = d;
      tie = false;
    } else if (d === bestDistance && d <= budget) {
      tie = true;
    }
  }
  return best !== null && !tie && best !== key ? best : null;
}

/** The portable agentskills.io keys. */
export const CORE_KEYS: readonly string[] = FRONTMATTER_FIELDS.filter(
  (x) => x.group === 'core',
).map((x) => x.key);

/** Keys of one entry of `agents:` (adk-fluent). */
export const AGENT_FIELDS: readonly FieldInfo[] = [
  f(
    'instruct',
    'adk',
    'string',
    'The instruction of this agent. `{key}` is filled from the shared state.',
  ),
  f('model', 'adk', 'string', 'The model this agent uses.'),
  f('tools', 'adk', 'list of strings', 'Tools this agent may call.'),
  f('reads', 'adk', 'list of strings', 'State keys this agent reads.'),
  f('writes', 'adk', 'string', 'The state key this agent writes its answer to.'),
  f(
    'max_turns',
    'a2e',
    'positive integer',
    'The turns one run of this agent may take; without it, the skill’s max_turns (default 10).',
  ),
];

/** Keys of `llm_config:` (A2E LLMConfig, without the credentials). */
export const LLM_CONFIG_FIELDS: readonly FieldInfo[] = [
  f('provider_name', 'a2e', 'string', 'The LLM provider, e.g. anthropic, openai, ollama.'),
  f(
    'provider_config',
    'a2e',
    'map',
    'Provider settings such as model, temperature or base URL. No credentials.',
  ),
  f('is_default', 'a2e', 'boolean', 'Whether this is the default configuration.'),
];
