/**
 * What the topology views read from a SKILL.md text (the editor buffer, as typed): the
 * `topology:` expression parsed, where each of its columns sits in the file (so a syntax
 * error can be shown and revealed at its place), the `agents:` map as the agents editor
 * edits it, composed `skills:`, the `input:`/`output:` keys, and every state key a
 * `{key}` may name. Tolerant: a half-typed file yields what can be read, never a throw.
 */
import { isMap, isScalar, LineCounter, parseDocument, type Node } from 'yaml';
import { splitFrontmatter } from '../../../shared/check/frontmatter';
import { frontmatterTooLarge } from '../../../shared/skill/yaml-bounds';
import { YamlSource, type Position } from '../../../shared/check/yaml-source';
import { parseTopology, type TopologyParseResult } from '../../../shared/skill/topology';
import { isPlainMap } from '../../../shared/check/check-context';

export interface TopologyAgentSpec {
  name: string;
  instruct: string;
  reads: string[];
  writes: string | null;
  /** Tool names (entries that are not plain names are kept out of the editor's chips). */
  tools: string[];
  model: string | null;
}

export interface TopologySource {
  /** The frontmatter could not be read as YAML (the views show the text's state, not a guess). */
  yamlError: string | null;
  /** The `topology:` text, or null when the key is absent or not a string. */
  expression: string | null;
  parsed: TopologyParseResult | null;
  /** File position of a 1-based column of the expression (the key's position when unknown). */
  positionOf(column: number): Position;
  agents: TopologyAgentSpec[];
  /** Composed skills (`skills:` aliases or names). */
  skills: string[];
  inputKeys: string[];
  outputKeys: string[];
  /** Input keys, then every agent's `writes`, in order, without repeats. */
  stateKeys: string[];
}

const NOWHERE: Position = { line: 1, column: 1 };

const strings = (v: unknown): string[] =>
  typeof v === 'string'
    ? [v]
    : Array.isArray(v)
      ? v.filter((x): x is string => typeof x === 'string')
      : [];

const text = (v: unknown): string | null => (typeof v === 'string' ? v : null);

function agentSpecs(value: unknown): TopologyAgentSpec[] {
  if (!isPlainMap(value)) return [];
  return Object.entries(value).map(([name, raw]) => {
    const a = isPlainMap(raw) ? raw : {};
    const writes = text(a.writes);
    return {
      name,
      instruct: text(a.instruct) ?? '',
      reads: strings(a.reads),
      writes: writes && writes.trim() !== '' ? writes.trim() : null,
      tools: strings(a.tools),
      model: text(a.model),
    };
  });
}

function keysOf(value: unknown): string[] {
  if (isPlainMap(value)) return Object.keys(value);
  return strings(value);
}

/** Reads the topology parts of a SKILL.md text. */
export function readTopologySource(skillMd: string): TopologySource {
  const empty: TopologySource = {
    yamlError: null,
    expression: null,
    parsed: null,
    positionOf: () => NOWHERE,
    agents: [],
    skills: [],
    inputKeys: [],
    outputKeys: [],
    stateKeys: [],
  };
  const split = splitFrontmatter(skillMd);
  if (split.status !== 'ok') return { ...empty, yamlError: 'the file has no closed frontmatter' };
  const tooLarge = frontmatterTooLarge(split.yaml);
  if (tooLarge) return { ...empty, yamlError: tooLarge };
  const lineCounter = new LineCounter();
  const doc = parseDocument(split.yaml, { lineCounter, prettyErrors: false, uniqueKeys: false });
  const src = new YamlSource(split.yaml, lineCounter, split.yamlStartLine);
  const yamlError = doc.errors[0]?.message.split('\n')[0] ?? null;
  let data: unknown = null;
  try {
    data = doc.toJS({ maxAliasCount: 100 });
  } catch {
    data = null;
  }
  const fm = isPlainMap(data) ? data : {};

  let expression: string | null = null;
  let positionOf: (column: number) => Position = () => NOWHERE;
  const root = doc.contents;
  if (isMap(root)) {
    const pair = root.items.find((p) => isScalar(p.key) && p.key.value === 'topology');
    if (pair && isScalar(pair.value) && typeof pair.value.value === 'string') {
      expression = pair.value.value;
      const keyPos = src.node(pair.key as Node, NOWHERE);
      const at = src.scalarIndexMapper(pair.value, expression, keyPos);
      positionOf = (column) => at(column - 1);
    }
  }

  const agents = agentSpecs(fm.agents);
  const inputKeys = keysOf(fm.input);
  const stateKeys = [
    ...new Set([
      ...inputKeys,
      ...agents.map((a) => a.writes).filter((w): w is string => w !== null),
    ]),
  ];
  return {
    yamlError,
    expression,
    parsed: expression !== null && expression.trim() !== '' ? parseTopology(expression) : null,
    positionOf,
    agents,
    skills: keysOf(fm.skills),
    inputKeys,
    outputKeys: keysOf(fm.output),
    stateKeys,
  };
}

/** The `{key}` placeholders of an instruction, in order, without repeats. */
export function placeholdersOf(instruct: string): string[] {
  return [...new Set([...instruct.matchAll(/\{([A-Za-z_][A-Za-z0-9_-]*)\}/g)].map((m) => m[1]))];
}
