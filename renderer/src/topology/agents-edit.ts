/**
 * The agents editor's edits of a topology SKILL.md, each a function from the text to the
 * new text (or a reason it cannot be done), written through frontmatter-writer.ts one key
 * at a time. The text stays the source of truth: the editor applies the result to the
 * buffer as a single edit, and everything it shows is read back from the text.
 */
import { formatTopology, topologyAgents, type TopologyNode } from '../../../shared/skill/topology';
import {
  deleteFrontmatterKey,
  setFrontmatterKey,
  type EditOutcome,
  type FrontmatterValue,
} from './frontmatter-writer';
import { readTopologySource } from './topology-source';

/** An agent name the topology grammar can name (its IDENT). */
export const AGENT_NAME = /^[A-Za-z_][A-Za-z0-9_-]*$/;
/** Words of the expression grammar that cannot name an agent there. */
const RESERVED = new Set(['until', 'max']);

export type AgentField = 'instruct' | 'reads' | 'writes' | 'tools' | 'model';

/** Why a new agent name cannot be used, or null when it can. */
export function agentNameProblem(text: string, name: string): string | null {
  if (name === '') return 'Type a name.';
  if (!AGENT_NAME.test(name))
    return 'Letters, digits, _ and -, starting with a letter or _ (the topology names it).';
  if (RESERVED.has(name)) return `"${name}" is a word of the topology syntax.`;
  if (readTopologySource(text).agents.some((a) => a.name === name))
    return `An agent named ${name} exists.`;
  return null;
}

function then(first: EditOutcome, next: (text: string) => EditOutcome): EditOutcome {
  return first.ok ? next(first.text) : first;
}

/**
 * Adds an agent with a starter instruction, writing to a key of its own name, and wires it
 * at the end of the topology (or makes it the topology when there is none yet).
 */
export function addAgent(text: string, name: string): EditOutcome {
  const problem = agentNameProblem(text, name);
  if (problem) return { ok: false, error: problem };
  const src = readTopologySource(text);
  const added = setFrontmatterKey(text, ['agents', name], {
    instruct: `Describe what ${name} does.`,
    writes: name,
  });
  const expr = src.expression?.trim() ?? '';
  if (expr === '') return then(added, (t) => setFrontmatterKey(t, ['topology'], name));
  // An expression that does not parse is left for the author (appending could only confuse
  // it), and so is one that already names the agent (it was wired before it was declared).
  const ast = src.parsed?.ast;
  if (!ast || topologyAgents(ast).some((a) => a.name === name)) return added;
  // Appended to the text as written; a top-level `//` binds looser than `>>`, so it is wrapped.
  const wired = ast.type === 'fallback' ? `(${expr}) >> ${name}` : `${expr} >> ${name}`;
  return then(added, (t) => setFrontmatterKey(t, ['topology'], wired));
}

/** The expression without any leaf naming `name`; null when nothing would be left. */
export function withoutAgent(node: TopologyNode, name: string): TopologyNode | null {
  const many = (
    parts: TopologyNode[],
    make: (kept: TopologyNode[]) => TopologyNode,
  ): TopologyNode | null => {
    const kept = parts.map((p) => withoutAgent(p, name)).filter((p): p is TopologyNode => !!p);
    return kept.length === 0 ? null : kept.length === 1 ? kept[0] : make(kept);
  };
  switch (node.type) {
    case 'agent':
      return node.name === name ? null : node;
    case 'sequence':
      return many(node.steps, (steps) => ({ type: 'sequence', steps }));
    case 'parallel':
      return many(node.branches, (branches) => ({ type: 'parallel', branches }));
    case 'fallback':
      return many(node.options, (options) => ({ type: 'fallback', options }));
    case 'loop':
    case 'until': {
      const body = withoutAgent(node.body, name);
      return body ? { ...node, body } : null;
    }
  }
}

/**
 * Removes an agent and its uses in the topology (rewritten in canonical form). When it was
 * the only step, the expression is left as it is for the author to replace.
 */
export function removeAgent(text: string, name: string): EditOutcome {
  const src = readTopologySource(text);
  const removed = deleteFrontmatterKey(text, ['agents', name]);
  const ast = src.parsed?.ast;
  if (!ast || !topologyAgents(ast).some((a) => a.name === name)) return removed;
  const rest = withoutAgent(ast, name);
  if (!rest) return removed;
  return then(removed, (t) => setFrontmatterKey(t, ['topology'], formatTopology(rest)));
}

/** Splits a comma- or space-separated list as typed into names. */
export function listFromInput(input: string): string[] {
  return [
    ...new Set(
      input
        .split(/[\s,]+/)
        .map((s) => s.trim())
        .filter((s) => s !== ''),
    ),
  ];
}

/**
 * Sets one field of an agent. An empty optional field is removed rather than written
 * empty; `instruct` is always kept (the validator asks for it).
 */
export function setAgentField(
  text: string,
  name: string,
  field: AgentField,
  value: string | string[],
): EditOutcome {
  const path = ['agents', name, field];
  const empty = Array.isArray(value) ? value.length === 0 : value.trim() === '';
  if (empty && field !== 'instruct') return deleteFrontmatterKey(text, path);
  const v: FrontmatterValue = Array.isArray(value)
    ? value
    : field === 'instruct'
      ? value
      : value.trim();
  return setFrontmatterKey(text, path, v);
}

/** Replaces the topology expression (written as typed, even when it does not parse yet). */
export function setTopologyExpression(text: string, expression: string): EditOutcome {
  return setFrontmatterKey(text, ['topology'], expression);
}
