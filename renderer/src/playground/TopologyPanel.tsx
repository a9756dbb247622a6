/**
 * The playground's Graph tab for a topology skill: the graph of its `topology:` drawn from
 * the SKILL.md being edited (it follows every keystroke; a syntax error is shown at its
 * column, over the last graph that parsed), the latest run's step statuses on it, Copy
 * Mermaid and Save .mmd, and beside it the agents editor and the state inspector. Picking
 * a node filters the run's transcript to that node and opens its agent.
 */
import { useEffect, useMemo, useRef } from 'react';
import { topologyMermaid } from '../../../shared/skill/topology-mermaid';
import { usePlayground } from './playground-store';
import { copyText } from '../util/browser-utils';
import { downloadBlob } from '../util/download';
import { useEditor } from '../stores/editor-store';
import { notify } from '../stores/ui-store';
import { AgentsEditor } from '../topology/AgentsEditor';
import { StateInspector } from '../topology/StateInspector';
import { TopologyGraph } from '../topology/TopologyGraph';
import { focusFor, useTopologyUi, type TopologySidePanel } from '../topology/topology-store';
import { useTopologyText, useTopologyView } from '../topology/use-topology-source';
import { useTopologyRun } from './use-topology-run';
import type { TopologySource } from '../topology/topology-source';
import { TabBar, type TabItem } from '../ui/TabBar';

const SIDES: TabItem<TopologySidePanel>[] = [
  { id: 'agents', label: 'Agents' },
  { id: 'state', label: 'State' },
];

/** The expression with a caret under the failing column, and the parser's message. */
export function SyntaxErrorView({
  source,
  onReveal,
  stale,
}: {
  source: TopologySource;
  onReveal?(column: number): void;
  /** A graph that parsed earlier is on screen (greyed): say so, and only then. */
  stale?: boolean;
}) {
  const error = source.parsed?.errors[0];
  // A long expression scrolls in its box: keep the caret in view, not cut off at the right.
  const pre = useRef<HTMLPreElement>(null);
  const caret = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    if (pre.current && caret.current)
      pre.current.scrollLeft = Math.max(0, caret.current.offsetLeft - pre.current.clientWidth / 2);
  }, [error?.column, source.expression]);
  if (!error || source.expression === null) return null;
  const pos = source.positionOf(error.column);
  return (
    <div
      className="topo-syntax-error"
      role="alert"
      data-testid="topo-syntax-error"
      data-column={error.column}
    >
      <pre aria-hidden ref={pre}>
        {source.expression.replace(/\s+/g, ' ')}
        {'\n'}
        {' '.repeat(Math.max(0, error.column - 1))}
        <span ref={caret}>^</span>
      </pre>
      <div>
        Topology, column {error.column} (line {pos.line}, column {pos.column} of SKILL.md):{' '}
        {error.message}.{' '}
        {onReveal && (
          <button type="button" className="link-button" onClick={() => onReveal(error.column)}>
            Show in text
          </button>
        )}
        {stale && ' The graph shows the last expression that parsed.'}
      </div>
    </div>
  );
}

export function TopologyPanel({ skill }: { skill: string }) {
  const topo = useTopologyText(skill);
  const view = useTopologyView(topo.text, topo.skillDir);
  const run = usePlayground((s) => s.runs[skill]);
  const folded = useTopologyRun(run);
  const focus = useTopologyUi((s) => focusFor(s, skill));
  const side = useTopologyUi((s) => s.side);
  const { setFocus, setSide } = useTopologyUi.getState();

  const mermaid = useMemo(() => {
    const ast = view?.source.parsed?.ast;
    if (!ast || !view) return null;
    const writes = new Map(view.source.agents.map((a) => [a.name, a.writes]));
    return topologyMermaid(ast, {
      describe: (agent) => {
        const w = writes.get(agent);
        return w ? `→ ${w}` : undefined;
      },
    });
  }, [view]);

  // A typo in the expression draws a box like any other: mark the names nothing defines.
  const undefinedNames = useMemo(() => {
    if (!view?.layout) return undefined;
    const known = new Set([...view.source.agents.map((a) => a.name), ...view.source.skills]);
    return new Set(
      view.layout.nodes
        .filter((n) => n.kind === 'agent' && !known.has(n.label))
        .map((n) => n.label),
    );
  }, [view]);

  const highlight = useMemo(
    () =>
      new Set(folded?.fold.steps.filter((s) => s.ref.node === focus?.node).map((s) => s.id) ?? []),
    [folded, focus],
  );

  // A tall graph (many | branches) centres its start node far below the canvas's fold: bring
  // the start into view when another skill's graph is shown, or when it left the view (the
  // syntax-error box above shrinks the canvas), so the canvas never looks empty.
  const canvas = useRef<HTMLDivElement>(null);
  const startY = view?.layout?.nodes.find((n) => n.kind === 'start')?.y ?? null;
  const hasError = !!view?.source.parsed?.errors.length;
  const shownFor = useRef<string | null>(null);
  useEffect(() => {
    const box = canvas.current;
    if (!box || startY === null) return;
    const otherSkill = shownFor.current !== topo.skillDir;
    const outOfView = startY < box.scrollTop || startY > box.scrollTop + box.clientHeight;
    if (!otherSkill && !outOfView) return;
    shownFor.current = topo.skillDir;
    box.scrollTop = Math.max(0, startY - box.clientHeight / 2);
    if (otherSkill) box.scrollLeft = 0;
  }, [startY, topo.skillDir, hasError]);

  if (!view) return <div className="pg-empty-line">Reading {skill}…</div>;
  const { source, layout, stale } = view;

  const reveal = (column: number) => {
    if (!topo.bufferId) return;
    const pos = source.positionOf(column);
    useEditor.getState().revealAt(topo.bufferId, pos.line, pos.column);
  };
  const focusNode = focus ? layout?.nodes.find((n) => n.id === focus.node) : undefined;

  return (
    <div className="topo-panel" data-testid="topo-panel">
      <section className="topo-main" aria-label={`Topology of ${skill}`}>
        <div className="topo-toolbar">
          <code className="topo-expr-text" title={source.expression ?? ''}>
            {source.expression ?? 'no topology'}
          </code>
          <span className="pg-spacer" />
          <button
            type="button"
            className="button secondary small"
            disabled={!mermaid}
            onClick={() =>
              void copyText(mermaid ?? '').then((ok) =>
                notify(ok ? 'info' : 'error', ok ? 'Mermaid text copied.' : 'Could not copy.'),
              )
            }
            data-testid="topo-copy-mermaid"
          >
            Copy Mermaid
          </button>
          <button
            type="button"
            className="button secondary small"
            disabled={!mermaid}
            onClick={() =>
              downloadBlob(`${skill}.mmd`, new Blob([mermaid ?? ''], { type: 'text/plain' }))
            }
            data-testid="topo-save-mermaid"
          >
            Save .mmd
          </button>
        </div>
        <SyntaxErrorView
          source={source}
          onReveal={topo.bufferId ? reveal : undefined}
          stale={stale}
        />
        {source.yamlError && !source.parsed && (
          <div className="pg-warning">The frontmatter does not parse: {source.yamlError}</div>
        )}
        <div className="topo-canvas" ref={canvas}>
          {layout ? (
            <TopologyGraph
              layout={layout}
              label={`Topology of ${skill}${stale ? ' (last version that parsed)' : ''}`}
              statuses={folded?.fold.nodes}
              selected={focus?.node ?? null}
              stale={stale}
              undefinedNames={undefinedNames}
              onSelect={(node) => setFocus(node ? { skill, node, step: null } : null)}
            />
          ) : (
            <div className="pg-empty-line">
              {source.expression === null
                ? 'This skill has no topology: add agents and a topology expression.'
                : source.parsed?.errors.length
                  ? 'The graph appears once the expression parses.'
                  : 'Nothing to draw yet.'}
            </div>
          )}
        </div>
        <GraphLegend running={!!folded} />
      </section>
      <section className="topo-side" aria-label="Agents and state">
        <TabBar
          items={SIDES}
          selected={side}
          onSelect={setSide}
          label="Topology details"
          itemTestId={(id) => `topo-side-${id}`}
        />
        <div className="topo-side-body" role="tabpanel">
          {side === 'agents' ? (
            <AgentsEditor
              text={topo.text ?? ''}
              bufferId={topo.bufferId}
              readOnly={topo.readOnly}
              source={source}
              focusAgent={focusNode?.label ?? null}
              onRevealColumn={reveal}
            />
          ) : folded ? (
            <StateInspector run={folded} highlight={highlight} />
          ) : (
            <div className="pg-empty-line">Run {skill} to see the state after each step here.</div>
          )}
        </div>
      </section>
    </div>
  );
}

export function GraphLegend({ running }: { running: boolean }) {
  return (
    <div className="topo-legend" aria-label="Legend">
      <span>
        <i className="topo-key flow" aria-hidden /> then / in parallel
      </span>
      <span>
        <i className="topo-key fallback" aria-hidden /> on failure (//)
      </span>
      <span>
        <i className="topo-key loop" aria-hidden /> repeat (*)
      </span>
      {running && (
        <>
          <span className="status-running">● running</span>
          <span className="status-succeeded">✓ succeeded</span>
          <span className="status-failed">✕ failed</span>
          <span className="status-fell_back">↷ fell back</span>
        </>
      )}
    </div>
  );
}
