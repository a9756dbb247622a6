/**
 * What a topology skill declares besides its expression (docs/contracts.md, Skill kinds:
 * `topology`), read the same way by the executor, the validator and `explain`:
 *
 * - `agents:` name → {instruct, model, tools, reads, writes, max_turns}; `{key}` in
 *   `instruct` is filled from the shared state when the agent runs;
 * - `skills:` composed skills, a map alias → skill name (or a list of names, each its own
 *   alias): a step named by an alias calls that skill of the workspace;
 * - `input:` / `output:` the RFC's contract shorthand, key → str | int | float | bool |
 *   list | dict.
 *
 * Pure: no Node APIs (the renderer and the CLI use it too).
 */
import { parseTopology, type TopologyNode } from './topology';

export const CONTRACT_TYPES = ['str', 'int', 'float', 'bool', 'list', 'dict'] as const;
export type ContractType = (typeof CONTRACT_TYPES)[number];

export interface ContractField {
  key: string;
  type: ContractType;
}

export interface TopologyAgentSpec {
  name: string;
  instruct: string;
  /** The agent's own model, or null for the call's. */
  model: string | null;
  /** Built-in tools by name, or null for the skill's own set. */
  tools: string[] | null;
  reads: string[];
  /** The state key its final answer goes to, or null. */
  writes: string | null;
  /** The turns one run of this agent may take, or null for the skill's `max_turns`. */
  max_turns: number | null;
}

export interface TopologySpec {
  expression: string;
  ast: TopologyNode | null;
  agents: Map<string, TopologyAgentSpec>;
  /** Composed skills: alias → skill name. */
  skills: Map<string, string>;
  input: ContractField[];
  output: ContractField[];
}

function isMap(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function strings(v: unknown): string[] {
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
}

export function isContractType(v: unknown): v is ContractType {
  return typeof v === 'string' && (CONTRACT_TYPES as readonly string[]).includes(v);
}

/** The well-typed entries of an `input:` / `output:` map (the validator reports the rest). */
export function readContract(v: unknown): ContractField[] {
  if (!isMap(v)) return [];
  return Object.entries(v)
    .filter((e): e is [string, ContractType] => isContractType(e[1]))
    .map(([key, type]) => ({ key, type }));
}

/** `skills:` as alias → skill name. */
export function readComposedSkills(v: unknown): Map<string, string> {
  const out = new Map<string, string>();
  if (Array.isArray(v)) for (const name of strings(v)) out.set(name, name);
  else if (isMap(v))
    for (const [alias, name] of Object.entries(v))
      if (typeof name === 'string' && name.trim() !== '') out.set(alias, name.trim());
  return out;
}

/** The skill names a `skills:` value composes (asked of every skill a scan reads). */
export function composedNames(v: unknown): string[] {
  return v === undefined || v === null ? [] : [...readComposedSkills(v).values()];
}

function readAgent(name: string, v: Record<string, unknown>): TopologyAgentSpec {
  const nonBlank = (x: unknown): string | null =>
    typeof x === 'string' && x.trim() !== '' ? x.trim() : null;
  return {
    name,
    instruct: typeof v.instruct === 'string' ? v.instruct : '',
    model: nonBlank(v.model),
    tools: Array.isArray(v.tools)
      ? v.tools
          .map((t) => (isMap(t) ? t.name : t))
          .filter((t): t is string => typeof t === 'string')
      : null,
    reads: strings(v.reads),
    writes: nonBlank(v.writes),
    // The validator reports anything but a whole number of at least 1; the run ignores it.
    max_turns:
      typeof v.max_turns === 'number' && Number.isSafeInteger(v.max_turns) && v.max_turns >= 1
        ? v.max_turns
        : null,
  };
}

export function readTopologySpec(fm: Record<string, unknown> | null): TopologySpec {
  const f = fm ?? {};
  const expression = typeof f.topology === 'string' ? f.topology : '';
  const agents = new Map<string, TopologyAgentSpec>();
  if (isMap(f.agents))
    for (const [name, v] of Object.entries(f.agents))
      if (isMap(v)) agents.set(name, readAgent(name, v));
  return {
    expression,
    ast: expression.trim() === '' ? null : parseTopology(expression).ast,
    agents,
    skills: readComposedSkills(f.skills),
    input: readContract(f.input),
    output: readContract(f.output),
  };
}

const PLACEHOLDER = /\{([A-Za-z_][A-Za-z0-9_-]*)\}/g;

/** The state keys an instruction names as `{key}`, in order, once each. */
export function placeholders(text: string): string[] {
  return [...new Set([...text.matchAll(PLACEHOLDER)].map((m) => m[1]))];
}

/** A state value as text for an instruction: strings as written, anything else as JSON. */
export function stateText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** `{key}` filled from `state`, or the first key the state does not hold. */
export function fillPlaceholders(
  text: string,
  state: Readonly<Record<string, unknown>>,
): { ok: true; text: string } | { ok: false; missing: string } {
  for (const key of placeholders(text))
    if (!Object.prototype.hasOwnProperty.call(state, key) || state[key] === undefined)
      return { ok: false, missing: key };
  return { ok: true, text: text.replace(PLACEHOLDER, (_m, key: string) => stateText(state[key])) };
}

/** Whether `value` is of the shorthand type. */
export function fitsContractType(type: ContractType, value: unknown): boolean {
  switch (type) {
    case 'str':
      return typeof value === 'string';
    case 'int':
      return typeof value === 'number' && Number.isSafeInteger(value);
    case 'float':
      return typeof value === 'number' && Number.isFinite(value);
    case 'bool':
      return typeof value === 'boolean';
    case 'list':
      return Array.isArray(value);
    case 'dict':
      return isMap(value);
  }
}

/**
 * A model's answer is text: when the contract wants another type, JSON text of that type
 * is read as it (`"7"` for an int, `"[1, 2]"` for a list). Anything else stays as it is.
 */
export function coerceToContract(type: ContractType, value: unknown): unknown {
  if (type === 'str' || typeof value !== 'string') return value;
  try {
    const parsed = JSON.parse(value.trim()) as unknown;
    return fitsContractType(type, parsed) ? parsed : value;
  } catch {
    return value;
  }
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'number')
    return Number.isInteger(value) ? 'an integer' : 'a fractional number';
  if (typeof value === 'object') return 'a dict';
  return `a ${typeof value === 'string' ? 'str' : typeof value === 'boolean' ? 'bool' : typeof value}`;
}

/** What `values` lacks or holds of the wrong type, one sentence each (empty when it fits). */
export function contractProblems(
  fields: readonly ContractField[],
  values: Readonly<Record<string, unknown>>,
  what: 'input' | 'output',
): string[] {
  const out: string[] = [];
  for (const { key, type } of fields) {
    if (!Object.prototype.hasOwnProperty.call(values, key) || values[key] === undefined)
      out.push(`${what} "${key}" (${type}) is missing`);
    else if (!fitsContractType(type, values[key]))
      out.push(`${what} "${key}" must be ${type}, not ${describe(values[key])}`);
  }
  return out;
}

/**
 * Cycles between composed skills: from `start`, every path through `skillsOf` (a skill's
 * composed skill names, empty when it composes none or is unknown) that comes back to a
 * skill already on it, as the chain of names (`a → b → a`).
 */
export function composedSkillCycles(
  start: string,
  skillsOf: (name: string) => readonly string[],
): string[][] {
  const cycles: string[][] = [];
  const seen = new Set<string>();
  const walk = (name: string, path: string[]): void => {
    const at = path.indexOf(name);
    if (at >= 0) {
      cycles.push([...path.slice(at), name]);
      return;
    }
    if (seen.has(name)) return;
    seen.add(name);
    for (const next of skillsOf(name)) walk(next, [...path, name]);
  };
  walk(start, []);
  return cycles;
}
