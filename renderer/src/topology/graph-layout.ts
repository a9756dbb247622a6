/**
 * Places the topology graph (shared/skill/topology-graph.ts) with dagre's layered layout:
 * agents left to right in run order, `|` branches stacked in written order, loop back
 * edges routed by the layout (dagre reverses them to rank the graph, then draws them back). The view only
 * draws what this returns; nothing is hand-placed.
 */
import { graphlib, layout, type EdgeLabel, type GraphLabel, type NodeLabel } from '@dagrejs/dagre';
import type { TopologyGraph, TopologyGraphEdge } from '../../../shared/skill/topology-graph';

export interface PlacedNode {
  id: string;
  kind: 'agent' | 'start' | 'end';
  label: string;
  /** Centre, in graph units (CSS pixels at zoom 1). */
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface PlacedEdge extends TopologyGraphEdge {
  /** Stable per edge of the graph (React key). */
  id: string;
  points: { x: number; y: number }[];
  /** Centre of the label, when the edge has one. */
  labelAt: { x: number; y: number } | null;
}

export interface GraphLayout {
  width: number;
  height: number;
  nodes: PlacedNode[];
  edges: PlacedEdge[];
}

export const AGENT_HEIGHT = 40;
export const TERMINAL_SIZE = 26;
const CHAR_WIDTH = 7.4;
const LABEL_HEIGHT = 16;

/** A box wide enough for the label in the view's 12px monospace-ish font. */
function agentWidth(label: string): number {
  return Math.max(96, Math.round(label.length * CHAR_WIDTH + 28));
}

export function layoutTopology(graph: TopologyGraph, direction: 'LR' | 'TB' = 'LR'): GraphLayout {
  const g = new graphlib.Graph<GraphLabel, NodeLabel, EdgeLabel>({ multigraph: true });
  g.setGraph({
    rankdir: direction,
    nodesep: 26,
    ranksep: 48,
    edgesep: 14,
    marginx: 12,
    marginy: 12,
  });
  g.setDefaultEdgeLabel(() => ({}));
  for (const n of graph.nodes) {
    const size =
      n.kind === 'agent'
        ? { width: agentWidth(n.label), height: AGENT_HEIGHT }
        : { width: TERMINAL_SIZE, height: TERMINAL_SIZE };
    g.setNode(n.id, size);
  }
  graph.edges.forEach((e, i) => {
    const label = e.label
      ? {
          width: Math.round(e.label.length * 6.2 + 8),
          height: LABEL_HEIGHT,
          labelpos: 'c' as const,
        }
      : {};
    // Back edges must not pull the ranks: the forward wiring decides the order.
    g.setEdge(e.from, e.to, { ...label, weight: e.kind === 'flow' ? 2 : 1, minlen: 1 }, `e${i}`);
  });
  // The graph lists nodes and edges in source order, and an expression's graph is
  // series-parallel: dagre's first ordering (depth-first, in insertion order) already
  // stacks `|` branches as written without crossings, and its crossing heuristic would
  // only reorder branches against the text.
  layout(g, { disableOptimalOrderHeuristic: true });
  const nodes: PlacedNode[] = graph.nodes.map((n) => {
    const p = g.node(n.id);
    return {
      id: n.id,
      kind: n.kind,
      label: n.label,
      x: p.x ?? 0,
      y: p.y ?? 0,
      width: p.width,
      height: p.height,
    };
  });
  const edges: PlacedEdge[] = graph.edges.map((e, i) => {
    const p = g.edge({ v: e.from, w: e.to, name: `e${i}` });
    return {
      ...e,
      id: `e${i}`,
      points: (p?.points ?? []).map((pt: { x: number; y: number }) => ({ x: pt.x, y: pt.y })),
      labelAt:
        e.label && typeof p?.x === 'number' && typeof p.y === 'number' ? { x: p.x, y: p.y } : null,
    };
  });
  const label = g.graph();
  return { width: label.width ?? 0, height: label.height ?? 0, nodes, edges };
}

/** An SVG path through the layout's points: straight start, smooth quadratic joins. */
export function edgePath(points: readonly { x: number; y: number }[]): string {
  if (points.length === 0) return '';
  const r = (n: number) => Math.round(n * 10) / 10;
  let d = `M${r(points[0].x)},${r(points[0].y)}`;
  if (points.length === 2) return `${d} L${r(points[1].x)},${r(points[1].y)}`;
  for (let i = 1; i < points.length - 1; i++) {
    const mid = { x: (points[i].x + points[i + 1].x) / 2, y: (points[i].y + points[i + 1].y) / 2 };
    d += ` Q${r(points[i].x)},${r(points[i].y)} ${r(mid.x)},${r(mid.y)}`;
  }
  const last = points[points.length - 1];
  return `${d} L${r(last.x)},${r(last.y)}`;
}
