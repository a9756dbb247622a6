/**
 * The wiring of a parsed topology expression as a plain graph (docs/contracts.md, Skill kinds:
 * `topology`): one node per agent leaf (`agent@column`, the node ids of topology-run.ts),
 * a start and an end node, and the edges the operators imply. Both the Mermaid export and
 * the studio's graph view draw from this one model, so they can never disagree.
 *
 * - `>>` joins every exit of a step to every entry of the next (a `|` fans out and in);
 * - `|` branches share the entries and exits of their group;
 * - `* N` and `* until(...)` add one labelled back edge, from the body's last exit to its
 *   first entry (the whole body repeats; one edge says so without a tangle over a `|`);
 * - `//` adds a dashed "on failure" edge from each option to the next; any option may
 *   answer, so every option's exits lead on.
 */
import { topologyNodeId } from './topology-run';
import type { TopologyNode } from './topology';

export const TOPOLOGY_START = 'start';
export const TOPOLOGY_END = 'end';

export interface TopologyGraphNode {
  /** `agent@column` for an agent leaf; TOPOLOGY_START / TOPOLOGY_END otherwise. */
  id: string;
  kind: 'agent' | 'start' | 'end';
  label: string;
  /** For an agent leaf: the agent's name and the 1-based column of its name. */
  agent?: string;
  column?: number;
}

/** `flow` follows `>>` (and start/end); `loop` is a back edge; `fallback` a dashed alternative. */
export type TopologyGraphEdgeKind = 'flow' | 'loop' | 'fallback';

export interface TopologyGraphEdge {
  from: string;
  to: string;
  kind: TopologyGraphEdgeKind;
  label?: string;
}

export interface TopologyGraph {
  nodes: TopologyGraphNode[];
  edges: TopologyGraphEdge[];
}

interface Ends {
  entries: string[];
  exits: string[];
}

/** The label of a loop's back edge, e.g. `× 3` or `until verdict == "ok" (max 3)`. */
export function loopLabel(node: Extract<TopologyNode, { type: 'loop' | 'until' }>): string {
  return node.type === 'loop'
    ? `× ${node.times}`
    : `until ${node.key} == ${JSON.stringify(node.value)} (max ${node.max})`;
}

export const FALLBACK_LABEL = 'on failure';

export function buildTopologyGraph(ast: TopologyNode): TopologyGraph {
  const nodes: TopologyGraphNode[] = [{ id: TOPOLOGY_START, kind: 'start', label: 'start' }];
  const edges: TopologyGraphEdge[] = [];
  const seen = new Set<string>();
  const connect = (
    from: string[],
    to: string[],
    kind: TopologyGraphEdgeKind,
    label?: string,
  ): void => {
    for (const f of from) {
      for (const t of to) {
        const key = `${f}\u0000${t}\u0000${kind}\u0000${label ?? ''}`;
        if (seen.has(key)) continue;
        seen.add(key);
        edges.push(
          label === undefined ? { from: f, to: t, kind } : { from: f, to: t, kind, label },
        );
      }
    }
  };

  const walk = (n: TopologyNode): Ends => {
    switch (n.type) {
      case 'agent': {
        const id = topologyNodeId(n);
        nodes.push({ id, kind: 'agent', label: n.name, agent: n.name, column: n.column });
        return { entries: [id], exits: [id] };
      }
      case 'sequence': {
        const parts = n.steps.map(walk);
        for (let i = 1; i < parts.length; i++)
          connect(parts[i - 1].exits, parts[i].entries, 'flow');
        return { entries: parts[0].entries, exits: parts[parts.length - 1].exits };
      }
      case 'parallel': {
        const parts = n.branches.map(walk);
        return {
          entries: parts.flatMap((p) => p.entries),
          exits: parts.flatMap((p) => p.exits),
        };
      }
      case 'fallback': {
        const parts = n.options.map(walk);
        for (let i = 1; i < parts.length; i++)
          connect(parts[i - 1].exits, parts[i].entries, 'fallback', FALLBACK_LABEL);
        return { entries: parts[0].entries, exits: parts.flatMap((p) => p.exits) };
      }
      case 'loop':
      case 'until': {
        const body = walk(n.body);
        connect(body.exits.slice(-1), body.entries.slice(0, 1), 'loop', loopLabel(n));
        return body;
      }
    }
  };

  const ends = walk(ast);
  // Nodes and edges are listed in source order: a layout that keeps insertion order draws
  // the branches of a `|` as written.
  nodes.push({ id: TOPOLOGY_END, kind: 'end', label: 'end' });
  const inner = edges.length;
  connect([TOPOLOGY_START], ends.entries, 'flow');
  // Start edges first, so a reader of the exported text meets the graph in run order.
  const fromStart = edges.splice(inner);
  connect(ends.exits, [TOPOLOGY_END], 'flow');
  return { nodes, edges: [...fromStart, ...edges] };
}
