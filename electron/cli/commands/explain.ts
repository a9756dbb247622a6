/**
 * `skill-studio explain SKILL [--json]` (docs/contracts.md, CLI): what the adk-fluent RFC's
 * `explain()`, `contract()` and `topology()` give for a topology skill — its agents (what
 * each reads, writes, uses), its composed skills, the wiring (the expression, and the
 * state keys each step needs and leaves), the input/output contract and limits, problems
 * the run would hit (a read nothing writes, a race in `|`, a cycle between skills), and
 * the Mermaid flowchart text. Exit 1 when the skill is not a topology or does not parse.
 */
import type { SkillRecord } from '../../../shared/skill/model';
import { formatTopology, parseTopology, topologyDataflow } from '../../../shared/skill/topology';
import {
  composedSkillCycles,
  placeholders,
  readComposedSkills,
  readTopologySpec,
  type ContractField,
  type TopologyAgentSpec,
  type TopologySpec,
} from '../../../shared/skill/topology-contract';
import { topologyMermaid } from '../../../shared/skill/topology-mermaid';
import type { CommandImpl } from '../command';
import { UsageError, writeJson } from '../io';
import { withClient } from '../client';
import { printable } from '../format';

/** The workspace's skills, for the composed skills a topology names. */
type Catalog = readonly SkillRecord[];

export interface TopologyExplanation {
  name: string;
  description: string;
  agents: (TopologyAgentSpec & { needs: string[] })[];
  skills: { alias: string; skill: string }[];
  wiring: { expression: string; canonical: string };
  /**
   * The RFC's shorthand (`input:` / `output:`) and, where the skill declares them instead or
   * too, its JSON Schemas' top-level properties.
   */
  contract: {
    input: ContractField[];
    output: ContractField[];
    input_schema: SchemaField[];
    output_schema: SchemaField[];
  };
  limits: { max_turns: number | null; timeout_seconds: number | null };
  problems: string[];
  mermaid: string;
}

/** The keys an agent needs from the state: its `{key}`s and its `reads`. */
function needs(agent: TopologyAgentSpec): string[] {
  return [...new Set([...placeholders(agent.instruct), ...agent.reads])];
}

function problemsOf(record: SkillRecord, spec: TopologySpec, catalog: Catalog): string[] {
  const out: string[] = [];
  if (!spec.ast) return out;
  const schemaProps = record.definition.input_schema?.properties;
  const initial = [
    ...spec.input.map((f) => f.key),
    ...(schemaProps && typeof schemaProps === 'object' ? Object.keys(schemaProps) : []),
  ];
  const flow = topologyDataflow(
    spec.ast,
    (name) => {
      const agent = spec.agents.get(name);
      return agent ? { reads: needs(agent), writes: agent.writes ? [agent.writes] : [] } : null;
    },
    initial,
  );
  for (const r of flow.unwrittenReads)
    out.push(`"${r.name}" reads "${r.key}", which no earlier step writes`);
  for (const w of flow.parallelWrites)
    out.push(`branches of one "|" all write "${w.key}" (${w.steps.map((s) => s.name).join(', ')})`);
  const skillsOf = (name: string): string[] => {
    const found = catalog.find((r) => r.definition.name === name && !r.summary.shadowed_by);
    return found ? [...readComposedSkills(found.frontmatter?.skills).values()] : [];
  };
  for (const cycle of composedSkillCycles(record.definition.name, skillsOf))
    out.push(`a cycle between skills: ${cycle.join(' → ')} (refused when it runs)`);
  return out;
}

export function explainTopology(record: SkillRecord, catalog: Catalog): TopologyExplanation {
  const spec = readTopologySpec(record.frontmatter);
  const ast = spec.ast;
  if (!ast) {
    const error = parseTopology(spec.expression).errors[0];
    throw new ExplainError(
      error
        ? `the topology of "${record.definition.name}" does not parse: ${error.message} (column ${error.column})`
        : `"${record.definition.name}" has no topology expression`,
    );
  }
  const describe = (name: string): string | undefined => {
    const agent = spec.agents.get(name);
    if (agent) return agent.writes ? `→ ${agent.writes}` : undefined;
    const skill = spec.skills.get(name);
    return skill ? `skill: ${skill}` : undefined;
  };
  return {
    name: record.definition.name,
    description: record.definition.description,
    agents: [...spec.agents.values()].map((a) => ({ ...a, needs: needs(a) })),
    skills: [...spec.skills].map(([alias, skill]) => ({ alias, skill })),
    wiring: { expression: spec.expression.trim(), canonical: formatTopology(ast) },
    contract: {
      input: spec.input,
      output: spec.output,
      input_schema: schemaFields(record.definition.input_schema),
      output_schema: schemaFields(record.definition.output_schema),
    },
    limits: {
      max_turns: record.definition.max_turns ?? null,
      timeout_seconds: record.definition.timeout_seconds ?? null,
    },
    problems: problemsOf(record, spec, catalog),
    mermaid: topologyMermaid(ast, { describe }),
  };
}

class ExplainError extends Error {}

/** One top-level property of an object schema: its JSON type(s) and whether it is required. */
export interface SchemaField {
  key: string;
  type: string;
  required: boolean;
}

function schemaFields(schema: unknown): SchemaField[] {
  if (!schema || typeof schema !== 'object') return [];
  const { properties, required } = schema as { properties?: unknown; required?: unknown };
  if (!properties || typeof properties !== 'object') return [];
  const must = new Set(Array.isArray(required) ? required : []);
  return Object.entries(properties as Record<string, unknown>).map(([key, prop]) => {
    const type = (prop as { type?: unknown } | null)?.type;
    const shown = Array.isArray(type) ? type.join(' | ') : typeof type === 'string' ? type : 'any';
    return { key, type: shown, required: must.has(key) };
  });
}

/** The shorthand's fields, then the schema's the shorthand does not name (`*`: required). */
function contractLine(fields: ContractField[], schema: SchemaField[]): string {
  const parts = fields.map((f) => `${f.key}: ${f.type}`);
  const named = new Set(fields.map((f) => f.key));
  const more = schema
    .filter((f) => !named.has(f.key))
    .map((f) => `${f.key}${f.required ? '*' : ''}: ${f.type}`);
  if (more.length > 0) parts.push(`${more.join(', ')} (schema)`);
  return parts.length === 0 ? '(none declared)' : parts.join(', ');
}

export function formatExplanation(e: TopologyExplanation): string {
  const lines: string[] = [`${e.name} — topology`, `  ${e.description}`, ''];
  if (e.agents.length > 0) {
    lines.push('Agents');
    for (const a of e.agents) {
      const facts = [
        a.needs.length > 0 ? `reads ${a.needs.join(', ')}` : null,
        a.writes ? `writes ${a.writes}` : 'writes nothing',
        `tools ${a.tools === null ? "(the skill's)" : a.tools.length === 0 ? 'none' : a.tools.join(', ')}`,
        `model ${a.model ?? "(the call's)"}`,
        a.max_turns !== null ? `max_turns ${a.max_turns}` : null,
      ].filter((x): x is string => x !== null);
      lines.push(`  ${a.name}: ${facts.join(' · ')}`);
      const first = a.instruct.trim().split('\n')[0] ?? '';
      if (first) lines.push(`    ${first}`);
    }
    lines.push('');
  }
  if (e.skills.length > 0) {
    lines.push('Composed skills');
    for (const s of e.skills)
      lines.push(s.alias === s.skill ? `  ${s.skill}` : `  ${s.alias} → ${s.skill}`);
    lines.push('');
  }
  lines.push('Wiring', `  ${e.wiring.expression}`);
  lines.push(
    '',
    'Contract',
    `  input:  ${contractLine(e.contract.input, e.contract.input_schema)}`,
  );
  lines.push(`  output: ${contractLine(e.contract.output, e.contract.output_schema)}`);
  const limits = [
    e.limits.max_turns !== null ? `max_turns ${e.limits.max_turns} (each agent run)` : null,
    e.limits.timeout_seconds !== null ? `timeout ${e.limits.timeout_seconds} s` : null,
  ].filter((x): x is string => x !== null);
  if (limits.length > 0) lines.push(`  limits: ${limits.join(', ')}`);
  if (e.problems.length > 0) {
    lines.push('', 'Problems');
    for (const p of e.problems) lines.push(`  ${p}`);
  }
  lines.push('', 'Mermaid', e.mermaid);
  return lines.join('\n') + '\n';
}

export const explainCommand: CommandImpl = {
  run: (ctx) =>
    withClient(ctx, async (client) => {
      const [name] = ctx.positionals;
      if (!name) throw new UsageError('name the skill to explain');
      const { record, all: catalog } = await client.invoke('skills.record', {
        skill: name,
        countFiles: false,
      });
      if (record.summary.kind !== 'topology') {
        ctx.io.stderr.write(
          `skill-studio explain: "${record.definition.name}" is ${record.summary.kind === 'llm' ? 'an' : 'a'} ${record.summary.kind} skill; only a topology skill (a topology over agents or skills) has wiring to explain\n`,
        );
        return 1;
      }
      let explanation: TopologyExplanation;
      try {
        explanation = explainTopology(record, catalog);
      } catch (err) {
        if (!(err instanceof ExplainError)) throw err;
        ctx.io.stderr.write(`skill-studio explain: ${err.message}\n`);
        return 1;
      }
      if (ctx.common.json) writeJson(ctx.io, explanation);
      else ctx.io.stdout.write(printable(formatExplanation(explanation)));
      return 0;
    }),
};
