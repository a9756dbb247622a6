/**
 * The topology graph as SVG, drawn from a dagre layout (graph-layout.ts): agent leaves as
 * boxes (each a keyboard-focusable button that picks the node), start and end as circles,
 * `>>`/`|` edges solid, `//` alternatives dashed, loops as labelled back edges. During a run
 * each node shows its status (running, succeeded, failed, fell back, cancelled) by colour,
 * an icon and its accessible name, so none of it rests on colour alone.
 */
import type { KeyboardEvent } from 'react';
import type { TopologyStepOutcome } from '../../../shared/skill/topology-run';
import { edgePath, type GraphLayout, type PlacedNode } from './graph-layout';
import type { NodeStatus } from './run-state';

export const OUTCOME_TEXT: Record<TopologyStepOutcome, string> = {
  running: 'running',
  succeeded: 'succeeded',
  failed: 'failed',
  fell_back: 'fell back',
  cancelled: 'cancelled',
};

const OUTCOME_ICON: Record<TopologyStepOutcome, string> = {
  running: '●',
  succeeded: '✓',
  failed: '✕',
  fell_back: '↷',
  cancelled: '■',
};

interface Props {
  layout: GraphLayout;
  /** Accessible name of the whole drawing. */
  label: string;
  statuses?: ReadonlyMap<string, NodeStatus>;
  selected?: string | null;
  onSelect?(node: string | null): void;
  /** The expression no longer parses: this is the last graph that did. */
  stale?: boolean;
  /** Fit the drawing into the box (shrink only) instead of drawing it at full size. */
  fit?: boolean;
  /** Step names neither `agents:` nor `skills:` defines: drawn dashed in the error colour. */
  undefinedNames?: ReadonlySet<string>;
}

function AgentNode({
  node,
  status,
  selected,
  onSelect,
  undefinedName,
}: {
  node: PlacedNode;
  status: NodeStatus | undefined;
  selected: boolean;
  onSelect?(node: string | null): void;
  undefinedName: boolean;
}) {
  const outcome = status?.outcome;
  const name = `${node.label}${undefinedName ? ' (not defined in agents)' : ''}${
    outcome ? `: ${OUTCOME_TEXT[outcome]}` : ''
  }${status && status.runs > 1 ? ` (${status.runs} runs)` : ''}`;
  const pick = () => onSelect?.(selected ? null : node.id);
  const onKeyDown = (e: KeyboardEvent<SVGGElement>) => {
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      pick();
    } else if (e.key === 'Escape' && selected) {
      e.preventDefault();
      onSelect?.(null);
    }
  };
  const x = node.x - node.width / 2;
  const y = node.y - node.height / 2;
  return (
    <g
      className={`topo-node${outcome ? ` status-${outcome}` : ''}${selected ? ' selected' : ''}${
        undefinedName ? ' undefined-name' : ''
      }`}
      transform={`translate(${x},${y})`}
      role="button"
      tabIndex={onSelect ? 0 : -1}
      aria-pressed={onSelect ? selected : undefined}
      aria-label={name}
      data-testid="topo-node"
      data-node={node.id}
      data-status={outcome ?? 'idle'}
      onClick={pick}
      onKeyDown={onKeyDown}
    >
      <title>{name}</title>
      <rect className="topo-node-box" width={node.width} height={node.height} rx={7} />
      <text className="topo-node-label" x={node.width / 2} y={node.height / 2} dy="0.35em">
        {node.label}
      </text>
      {outcome && (
        <text className="topo-node-icon" x={node.width - 11} y={12} dy="0.35em" aria-hidden>
          {OUTCOME_ICON[outcome]}
        </text>
      )}
      {status && status.runs > 1 && (
        <text className="topo-node-runs" x={9} y={12} dy="0.35em" aria-hidden>
          ×{status.runs}
        </text>
      )}
    </g>
  );
}

export function TopologyGraph({
  layout,
  label,
  statuses,
  selected,
  onSelect,
  stale,
  fit,
  undefinedNames,
}: Props) {
  const width = Math.max(1, Math.ceil(layout.width));
  const height = Math.max(1, Math.ceil(layout.height));
  return (
    <svg
      className={`topo-graph${stale ? ' stale' : ''}${fit ? ' fit' : ''}`}
      viewBox={`0 0 ${width} ${height}`}
      width={fit ? undefined : width}
      height={fit ? undefined : height}
      style={fit ? { maxWidth: width, maxHeight: height } : undefined}
      role="group"
      aria-label={label}
      data-testid="topo-graph"
      data-stale={stale ? 'true' : 'false'}
    >
      <defs>
        {(['flow', 'loop', 'fallback'] as const).map((kind) => (
          <marker
            key={kind}
            id={`topo-arrow-${kind}`}
            className={`topo-arrow ${kind}`}
            viewBox="0 0 10 10"
            refX="9"
            refY="5"
            markerWidth="7"
            markerHeight="7"
            orient="auto-start-reverse"
          >
            <path d="M0,0 L10,5 L0,10 z" />
          </marker>
        ))}
      </defs>
      <g aria-hidden>
        {layout.edges.map((e) => (
          <path
            key={e.id}
            className={`topo-edge ${e.kind}`}
            d={edgePath(e.points)}
            markerEnd={`url(#topo-arrow-${e.kind})`}
            data-testid="topo-edge"
            data-kind={e.kind}
            data-from={e.from}
            data-to={e.to}
          />
        ))}
        {layout.edges.map((e) =>
          e.label && e.labelAt ? (
            <g
              key={`${e.id}-label`}
              className={`topo-edge-label ${e.kind}`}
              transform={`translate(${e.labelAt.x},${e.labelAt.y})`}
            >
              <rect
                x={-(e.label.length * 3.1 + 4)}
                y={-8}
                width={e.label.length * 6.2 + 8}
                height={16}
                rx={3}
              />
              <text dy="0.35em" textAnchor="middle">
                {e.label}
              </text>
            </g>
          ) : null,
        )}
      </g>
      {layout.nodes.map((n) =>
        n.kind === 'agent' ? (
          <AgentNode
            key={n.id}
            node={n}
            status={statuses?.get(n.id)}
            selected={selected === n.id}
            onSelect={onSelect}
            undefinedName={undefinedNames?.has(n.label) ?? false}
          />
        ) : (
          <g
            key={n.id}
            className={`topo-terminal ${n.kind}`}
            transform={`translate(${n.x},${n.y})`}
            aria-hidden
          >
            <circle r={n.width / 2} />
            {n.kind === 'end' && <circle r={n.width / 2 - 4} className="inner" />}
            <title>{n.label}</title>
          </g>
        ),
      )}
    </svg>
  );
}
