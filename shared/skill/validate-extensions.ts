/**
 * Checks of the studio-extension frontmatter fields (docs/contracts.md, SKILL.md): the A2E
 * SkillDefinition fields, the adk-fluent fields and the Claude Code fields.
 * Each check reports FIELD_TYPE (or a more specific code) at the offending value.
 */
import { isNode, isScalar } from 'yaml';
import { SKILL_STATUSES } from '../protocol/a2e';
import { describeValue, isPlainMap, type Checker, type FieldRef } from '../check/check-context';
import type { Position } from '../check/yaml-source';
import type { DiagnosticCode } from '../check/diagnostics';
import {
  checkSkillSchema,
  findInvalidDefaults,
  findUnsafePatterns,
  schemaCompilerAvailable,
} from './schema-check';
import { isCredentialKey } from '../protocol/credential-keys';
import { parseTopology, topologyAgents, topologyDataflow, type TopologyNode } from './topology';
import {
  CONTRACT_TYPES,
  isContractType,
  placeholders,
  readComposedSkills,
  readTopologySpec,
} from './topology-contract';
import { BUILTIN_TOOL_NAMES, declaredToolName, isBuiltinTool } from './builtin-tools';
import { isImageReference, RUNNER_KEYS } from './runner-image';

/** Where a path named in the frontmatter leads: a file inside the skill, or not. */
export type PathCheck = (rel: string) => 'ok' | 'missing' | 'outside' | 'not-a-file';

export interface ExtensionOptions {
  checkPath?: PathCheck;
}

type Check = (c: Checker, f: FieldRef, opts: ExtensionOptions) => void;

function fieldType(c: Checker, f: FieldRef, expected: string, pos = f.valuePos): void {
  c.error(
    'FIELD_TYPE',
    `${f.path} must be ${expected}, not ${describeValue(f.value)}`,
    pos,
    f.path,
  );
}

const string: Check = (c, f) => {
  if (typeof f.value !== 'string') fieldType(c, f, 'a string');
};

const nonBlankString: Check = (c, f) => {
  if (typeof f.value !== 'string' || f.value.trim() === '') fieldType(c, f, 'a non-empty string');
};

const boolean: Check = (c, f) => {
  if (typeof f.value !== 'boolean') fieldType(c, f, 'true or false');
};

const map: Check = (c, f) => {
  if (!isPlainMap(f.value)) fieldType(c, f, 'a map');
};

const list: Check = (c, f) => {
  if (!Array.isArray(f.value)) fieldType(c, f, 'a list');
};

function checkStringItems(c: Checker, f: FieldRef, items: unknown[]): void {
  items.forEach((item, i) => {
    if (typeof item !== 'string') {
      c.error(
        'FIELD_TYPE',
        `${f.path}[${i}] must be a string, not ${describeValue(item)}`,
        c.itemPos(f, i),
        f.path,
      );
    }
  });
}

/** `tools:` (of the skill or of one agent): a list, each name one the studio provides. */
const toolList: Check = (c, f) => {
  if (!Array.isArray(f.value)) {
    fieldType(c, f, 'a list');
    return;
  }
  f.value.forEach((entry, i) => {
    const name = declaredToolName(entry);
    if (name === null || isBuiltinTool(name)) return;
    c.add(
      'warning',
      'TOOL_UNKNOWN',
      `no tool named "${name}" is provided: a model running this skill gets ${BUILTIN_TOOL_NAMES.join(', ')}`,
      c.itemPos(f, i),
      f.path,
    );
  });
};

const stringList: Check = (c, f) => {
  if (!Array.isArray(f.value)) {
    fieldType(c, f, 'a list of strings');
    return;
  }
  checkStringItems(c, f, f.value);
};

const positiveInteger: Check = (c, f) => {
  const v = f.value;
  if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < 1)
    fieldType(c, f, 'a whole number of at least 1');
};

const version: Check = (c, f) => {
  if (typeof f.value === 'number') {
    // YAML reads 1.0 as the number 1; coercing would silently change the version.
    const written = c.src.text(f.valueNode) || String(f.value);
    c.error(
      'FIELD_TYPE',
      `version must be a string; YAML reads ${written} as a number: quote it ("${written}")`,
      f.valuePos,
      f.path,
    );
    return;
  }
  nonBlankString(c, f, {});
};

const status: Check = (c, f) => {
  const v = f.value;
  if (typeof v === 'string' && (SKILL_STATUSES as readonly string[]).includes(v)) return;
  const near =
    typeof v === 'string'
      ? SKILL_STATUSES.find((s) => s.toLowerCase() === v.trim().toLowerCase())
      : undefined;
  const hint = near ? ` (did you mean ${near}?)` : '';
  fieldType(c, f, `one of ${SKILL_STATUSES.join(', ')}${hint}`);
};

const args: Check = (c, f) => {
  // A2E types `arguments` as list[str] with default {}; both shapes are accepted.
  if (isPlainMap(f.value)) return;
  if (Array.isArray(f.value)) {
    checkStringItems(c, f, f.value);
    return;
  }
  fieldType(c, f, 'a map of default arguments');
};

function schemaCheck(code: DiagnosticCode): Check {
  return (c, f) => {
    if (!isPlainMap(f.value)) {
      c.error(
        code,
        `${f.path} must be a JSON Schema object (a map), not ${describeValue(f.value)}`,
        f.valuePos,
        f.path,
      );
      return;
    }
    // Needs no code generation, so it runs under the renderer's CSP too.
    for (const unsafe of findUnsafePatterns(f.value)) {
      const segments = unsafe.pointer
        .split('/')
        .slice(1)
        .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
      const node = c.doc.getIn([f.key, ...segments], true);
      c.add(
        'warning',
        'SCHEMA_PATTERN_UNSAFE',
        `${f.path}${unsafe.pointer}: ${unsafe.error.message}; calls are refused until it is rewritten without backreferences or lookaround`,
        isNode(node) ? c.src.value(node, f.keyPos) : f.keyPos,
        f.path,
      );
    }
    // Under a strict CSP (the studio's renderer) ajv cannot generate code; the host,
    // which can, reports this code in its own diagnostics instead.
    if (!schemaCompilerAvailable()) return;
    const result = checkSkillSchema(f.value);
    if (!result.ok) {
      c.error(code, `${f.path} is not a valid JSON Schema: ${result.message}`, f.keyPos, f.path);
      return;
    }
    // A default its own property refuses: a call that leaves the argument out is refused.
    for (const bad of findInvalidDefaults(f.value)) {
      const node = c.doc.getIn([f.key, ...bad.path], true);
      c.add(
        'warning',
        'SCHEMA_DEFAULT_INVALID',
        `${f.path}.${bad.path.join('.')} fails its own schema: ${bad.message}; a call without this argument is refused`,
        isNode(node) ? c.src.value(node, f.keyPos) : f.keyPos,
        f.path,
      );
    }
  };
}

function isEmptyValue(v: unknown): boolean {
  if (v === null || v === undefined || v === '') return true;
  if (Array.isArray(v)) return v.length === 0;
  return isPlainMap(v) && Object.keys(v).length === 0;
}

/**
 * A reference to an environment variable (`${OPENAI_API_KEY}`, `$OPENAI_API_KEY`,
 * `env:OPENAI_API_KEY`) names where the secret lives; it is not the secret.
 */
function isEnvReference(v: unknown): boolean {
  return (
    typeof v === 'string' &&
    /^\s*(\$\{[A-Za-z_][A-Za-z0-9_]*\}|\$[A-Za-z_][A-Za-z0-9_]*|env:[A-Za-z_][A-Za-z0-9_]*)\s*$/.test(
      v,
    )
  );
}

/** Every credential-looking key with a value, at any depth. */
function findCredentials(c: Checker, f: FieldRef, depth = 0): void {
  if (depth > 50) return;
  for (const e of c.entries(f)) {
    if (isCredentialKey(e.key) && !isEmptyValue(e.value) && !isEnvReference(e.value)) {
      c.error(
        'CREDENTIALS_IN_FILE',
        `${e.path} looks like a credential; keep credentials in the keychain or the environment, never in a skill file`,
        e.keyPos,
        e.path,
      );
    } else {
      findCredentials(c, e, depth + 1);
    }
  }
}

const llmConfig: Check = (c, f) => {
  if (!isPlainMap(f.value)) {
    fieldType(c, f, 'a map with provider_name and provider_config');
    return;
  }
  const entries = new Map(c.entries(f).map((e) => [e.key, e]));
  const name = entries.get('provider_name');
  if (!name) {
    c.error(
      'FIELD_TYPE',
      `${f.path} needs a provider_name string`,
      f.keyPos,
      `${f.path}.provider_name`,
    );
  } else {
    nonBlankString(c, name, {});
  }
  const config = entries.get('provider_config');
  if (config && config.value !== null && !isPlainMap(config.value)) fieldType(c, config, 'a map');
  const isDefault = entries.get('is_default');
  if (isDefault) boolean(c, isDefault, {});
  findCredentials(c, f);
};

const entrypoint: Check = (c, f, opts) => {
  const v = f.value;
  if (typeof v !== 'string' || v.trim() === '') {
    fieldType(c, f, 'a path relative to the skill folder');
    return;
  }
  const outside = (why: string): void =>
    c.error(
      'ENTRYPOINT_OUTSIDE',
      `entrypoint "${v}" ${why}; it must name a file inside the skill folder`,
      f.valuePos,
      f.path,
    );
  if (v.includes('\0')) return outside('contains a NUL character');
  if (v.includes('\\')) return outside('contains a backslash (use "/" between folders)');
  if (v.startsWith('/') || v.startsWith('~') || /^[A-Za-z]:/.test(v))
    return outside('is an absolute path');
  if (v.split('/').includes('..')) return outside('goes up with ".."');
  if (!opts.checkPath) return;
  const rel = v.replace(/^(\.\/)+/, '');
  const verdict = opts.checkPath(rel);
  if (verdict === 'missing') {
    c.error(
      'ENTRYPOINT_MISSING',
      `entrypoint "${v}" does not exist in the skill folder`,
      f.valuePos,
      f.path,
    );
  } else if (verdict === 'not-a-file') {
    c.error(
      'ENTRYPOINT_MISSING',
      `entrypoint "${v}" is a folder, not a file: name the script inside it`,
      f.valuePos,
      f.path,
    );
  } else if (verdict === 'outside') {
    outside('resolves outside the skill folder');
  }
};

const agents: Check = (c, f) => {
  if (!isPlainMap(f.value)) {
    fieldType(c, f, 'a map of agent name → {instruct, model, tools, reads, writes, max_turns}');
    return;
  }
  for (const agent of c.entries(f)) {
    if (!isPlainMap(agent.value)) {
      fieldType(c, agent, 'a map with an instruct string');
      continue;
    }
    const keys = new Map(c.entries(agent).map((e) => [e.key, e]));
    const instruct = keys.get('instruct');
    if (!instruct) {
      c.error(
        'FIELD_TYPE',
        `${agent.path} needs an instruct string`,
        agent.keyPos,
        `${agent.path}.instruct`,
      );
    } else {
      nonBlankString(c, instruct, {});
    }
    const model = keys.get('model');
    if (model) nonBlankString(c, model, {});
    const tools = keys.get('tools');
    if (tools) toolList(c, tools, {});
    const reads = keys.get('reads');
    if (reads) stringList(c, reads, {});
    const writes = keys.get('writes');
    if (writes) nonBlankString(c, writes, {});
    const maxTurns = keys.get('max_turns');
    if (maxTurns) positiveInteger(c, maxTurns, {});
  }
};

/** `input:` / `output:`: key → one of the RFC's shorthand types. */
const contract: Check = (c, f) => {
  if (!isPlainMap(f.value)) {
    fieldType(c, f, `a map of key → ${CONTRACT_TYPES.join(' | ')}`);
    return;
  }
  for (const e of c.entries(f))
    if (!isContractType(e.value)) fieldType(c, e, `one of ${CONTRACT_TYPES.join(', ')}`);
};

const skills: Check = (c, f) => {
  // adk-fluent composes other skills: alias → skill name (a list of names also reads well).
  if (Array.isArray(f.value)) {
    checkStringItems(c, f, f.value);
    return;
  }
  if (!isPlainMap(f.value)) {
    fieldType(c, f, 'a map of alias → skill name');
    return;
  }
  for (const e of c.entries(f)) nonBlankString(c, e, {});
};

/** `runner: {image: REF}`: the container image a script skill asks for (runner-image.ts). */
const runner: Check = (c, f) => {
  if (!isPlainMap(f.value)) {
    fieldType(c, f, 'a map with an image: key');
    return;
  }
  for (const e of c.entries(f)) {
    if (!(RUNNER_KEYS as readonly string[]).includes(e.key)) {
      c.error(
        'FIELD_TYPE',
        `${f.path} has no key "${e.key}" (known: ${RUNNER_KEYS.join(', ')})`,
        e.keyPos,
        e.path,
      );
      continue;
    }
    if (typeof e.value !== 'string' || !isImageReference(e.value.trim()))
      fieldType(c, e, 'a container image reference such as "python:3.12-slim"');
  }
};

/** Checks by key. Keys not here but in the catalogue are accepted as they are. */
export const EXTENSION_CHECKS: Readonly<Record<string, Check>> = {
  version,
  tags: stringList,
  category: string,
  triggers: stringList,
  when_to_use: string,
  argument_hint: string,
  input_schema: schemaCheck('INPUT_SCHEMA_INVALID'),
  output_schema: schemaCheck('OUTPUT_SCHEMA_INVALID'),
  timeout_seconds: positiveInteger,
  max_turns: positiveInteger,
  status,
  tools: toolList,
  toolkits: list,
  icon: string,
  arguments: args,
  llm_config: llmConfig,
  entrypoint,
  runner,
  agents,
  topology: nonBlankString,
  input: contract,
  output: contract,
  eval: list,
  skills,
  'disable-model-invocation': boolean,
  'user-invocable': boolean,
  'argument-hint': string,
  model: string,
  context: string,
  agent: string,
  hooks: map,
};

/**
 * Parses `topology` and checks that every name in it is an agent (or a composed
 * skill alias). Columns are mapped into the SKILL.md through the YAML source of
 * the value.
 */
export function checkTopology(
  c: Checker,
  fields: ReadonlyMap<string, FieldRef>,
  /** False after a YAML syntax error: `agents` may be unreadable, so no agent is called unknown. */
  crossCheck = true,
): TopologyNode | null {
  const topo = fields.get('topology');
  if (!topo || typeof topo.value !== 'string' || topo.value.trim() === '') return null;
  const expr = topo.value;
  const at = c.src.scalarIndexMapper(
    isScalar(topo.valueNode) ? topo.valueNode : null,
    expr,
    topo.keyPos,
  );
  const { ast, errors } = parseTopology(expr);
  for (const e of errors) {
    c.error(
      'TOPOLOGY_SYNTAX',
      `topology: ${e.message} (column ${e.column} of the expression)`,
      at(e.column - 1),
      'topology',
    );
  }
  if (!ast || !crossCheck) return ast;

  const agentsField = fields.get('agents');
  const skillsField = fields.get('skills');
  // A malformed agents map is already a FIELD_TYPE; naming every agent unknown on top would be noise.
  if (agentsField && !isPlainMap(agentsField.value)) return ast;
  const known = new Set<string>();
  if (agentsField && isPlainMap(agentsField.value))
    Object.keys(agentsField.value).forEach((k) => known.add(k));
  if (skillsField) {
    const s = skillsField.value;
    if (isPlainMap(s)) Object.keys(s).forEach((k) => known.add(k));
    else if (Array.isArray(s)) s.forEach((k) => typeof k === 'string' && known.add(k));
  }
  let unknown = false;
  for (const ref of topologyAgents(ast)) {
    if (known.has(ref.name)) continue;
    unknown = true;
    const where = agentsField ? 'is not a key of agents' : 'is not defined: add an agents map';
    c.error(
      'TOPOLOGY_UNKNOWN_AGENT',
      `topology: "${ref.name}" ${where}`,
      at(ref.column - 1),
      'topology',
    );
  }
  checkSkillSelfCycle(c, fields);
  // With an unknown name the flow is a guess: fix the names first.
  if (!unknown) checkDataflow(c, fields, ast, at);
  return ast;
}

/** A composed skill naming this skill itself: the smallest cycle, visible in one file. */
function checkSkillSelfCycle(c: Checker, fields: ReadonlyMap<string, FieldRef>): void {
  const skillsField = fields.get('skills');
  const own = fields.get('name')?.value;
  if (!skillsField || typeof own !== 'string') return;
  const composed = readComposedSkills(skillsField.value);
  for (const [alias, name] of composed) {
    if (name !== own.trim()) continue;
    const entry = isPlainMap(skillsField.value)
      ? c.entries(skillsField).find((e) => e.key === alias)
      : undefined;
    c.error(
      'TOPOLOGY_SKILL_CYCLE',
      `skills: "${alias}" is this skill itself (${own} → ${own}); a skill cannot call itself, directly or through others`,
      entry ? entry.valuePos : skillsField.keyPos,
      skillsField.path,
    );
  }
}

/** The keys a call starts with: `input:`, input_schema properties, `arguments` defaults. */
function inputKeys(fields: ReadonlyMap<string, FieldRef>): string[] {
  const keys: string[] = [];
  const input = fields.get('input')?.value;
  if (isPlainMap(input)) keys.push(...Object.keys(input));
  const schema = fields.get('input_schema')?.value;
  if (isPlainMap(schema) && isPlainMap(schema.properties))
    keys.push(...Object.keys(schema.properties));
  const args = fields.get('arguments')?.value;
  if (isPlainMap(args)) keys.push(...Object.keys(args));
  return keys;
}

/** Reads of keys nothing writes first (warning); two `|` branches writing one key (error). */
function checkDataflow(
  c: Checker,
  fields: ReadonlyMap<string, FieldRef>,
  ast: TopologyNode,
  at: (index: number) => Position,
): void {
  const spec = readTopologySpec({
    agents: fields.get('agents')?.value,
    skills: fields.get('skills')?.value,
  });
  const flow = topologyDataflow(
    ast,
    (name) => {
      const agent = spec.agents.get(name);
      if (!agent) return null;
      return {
        reads: [...new Set([...placeholders(agent.instruct), ...agent.reads])],
        writes: agent.writes ? [agent.writes] : [],
      };
    },
    inputKeys(fields),
  );
  for (const r of flow.unwrittenReads)
    c.add(
      'warning',
      'TOPOLOGY_READ_UNWRITTEN',
      `topology: "${r.name}" reads "${r.key}", which no earlier step writes and the input does not declare; the run fails there unless the call passes it`,
      at(r.column - 1),
      'topology',
    );
  for (const w of flow.parallelWrites) {
    const names = w.steps.map((s) => s.name).join(', ');
    c.error(
      'TOPOLOGY_PARALLEL_WRITE',
      `topology: branches of one "|" all write "${w.key}" (${names}); which value is kept would be a race: give each its own key`,
      at(w.steps[1].column - 1),
      'topology',
    );
  }
}
