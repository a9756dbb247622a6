/**
 * Mermaid flowchart text of a topology skill's wiring, as the adk-fluent RFC's
 * `Skill.topology()` gives it: what the studio's "Copy Mermaid" action copies and what
 * `skill-studio explain` prints. Drawn from the same graph model as the studio's view
 * (topology-graph.ts): agent leaves as boxes, start/end as circles, `//` alternatives
 * dashed, loops as labelled back edges.
 *
 * Mermaid ids are `n<column>` (a column names one leaf, and no id can be the reserved word
 * `end`); every label is escaped with Mermaid's entity codes, so no agent name, state key
 * or until-value can break the syntax.
 */
import { buildTopologyGraph, TOPOLOGY_END, TOPOLOGY_START } from './topology-graph';
import type { TopologyNode } from './topology';

export interface TopologyMermaidOptions {
  /** Flow direction; left-to-right by default. */
  direction?: 'LR' | 'TD';
  /**
   * A second line under an agent's name (e.g. `→ findings` for what it writes, or
   * `skill: web-search` for a skill step); undefined for none.
   */
  describe?: (agent: string) => string | undefined;
}

const START_ID = 'topology_start';
const END_ID = 'topology_end';

/**
 * Escapes text for a quoted Mermaid label: the quote, the entity sign, the edge-label bar,
 * HTML brackets and the shape brackets; parentheses stay readable (quoted, they are inert).
 */
export function mermaidLabel(text: string): string {
  return text.replace(/["#|<>[\]{}`]/g, (c) => (c === '"' ? '#quot;' : `#${c.charCodeAt(0)};`));
}

function mermaidId(id: string, column: number | undefined): string {
  if (id === TOPOLOGY_START) return START_ID;
  if (id === TOPOLOGY_END) return END_ID;
  return `n${column ?? 0}`;
}

export function topologyMermaid(ast: TopologyNode, options: TopologyMermaidOptions = {}): string {
  const graph = buildTopologyGraph(ast);
  const ids = new Map(graph.nodes.map((n) => [n.id, mermaidId(n.id, n.column)]));
  const lines = [`flowchart ${options.direction ?? 'LR'}`];
  for (const node of graph.nodes) {
    const id = ids.get(node.id) as string;
    if (node.kind !== 'agent') {
      lines.push(`  ${id}(("${node.label}"))`);
      continue;
    }
    const extra = options.describe?.(node.agent as string);
    const label = mermaidLabel(node.label) + (extra ? `<br/>${mermaidLabel(extra)}` : '');
    lines.push(`  ${id}["${label}"]`);
  }
  for (const edge of graph.edges) {
    const arrow = edge.kind === 'fallback' ? '-.->' : '-->';
    const label = edge.label === undefined ? '' : `|"${mermaidLabel(edge.label)}"|`;
    lines.push(`  ${ids.get(edge.from)} ${arrow}${label} ${ids.get(edge.to)}`);
  }
  return lines.join('\n') + '\n';
}
