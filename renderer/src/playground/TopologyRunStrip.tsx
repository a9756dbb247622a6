/**
 * Above a topology skill's run in the playground's Run tab: the graph with each step lit as
 * the run streams (running, succeeded, failed, fell back), or the state inspector. Picking
 * a node filters the transcript below to that node's events.
 */
import { useMemo, useState } from 'react';
import type { ActiveRun } from './playground-store';
import { StateInspector } from '../topology/StateInspector';
import { TopologyGraph } from '../topology/TopologyGraph';
import { focusFor, useTopologyUi } from '../topology/topology-store';
import { useTopologyRun } from './use-topology-run';
import { useTopologyText, useTopologyView } from '../topology/use-topology-source';
import { TabBar, type TabItem } from '../ui/TabBar';

type StripView = 'graph' | 'state';

const STRIP_VIEWS: TabItem<StripView>[] = [
  { id: 'graph', label: 'Steps' },
  { id: 'state', label: 'State' },
];

export function TopologyRunStrip({ skill, run }: { skill: string; run: ActiveRun }) {
  const topo = useTopologyText(skill);
  const view = useTopologyView(topo.text, topo.skillDir);
  const folded = useTopologyRun(run);
  const focus = useTopologyUi((s) => focusFor(s, skill));
  const setFocus = useTopologyUi((s) => s.setFocus);
  const [shown, setShown] = useState<StripView>('graph');
  const highlight = useMemo(
    () =>
      new Set(folded?.fold.steps.filter((s) => s.ref.node === focus?.node).map((s) => s.id) ?? []),
    [folded, focus],
  );
  const running = folded
    ? [...folded.fold.nodes.values()].filter((n) => n.outcome === 'running')
    : [];
  const layout = view?.layout ?? null;

  return (
    <div className="topo-strip" data-testid="topo-run-strip">
      <div className="topo-strip-head">
        <TabBar
          items={STRIP_VIEWS}
          selected={shown}
          onSelect={setShown}
          className="pg-segmented"
          label="Topology run view"
          itemTestId={(v) => `topo-strip-${v}`}
        />
        <span className="pg-muted" aria-live="polite" data-testid="topo-strip-status">
          {folded && folded.fold.steps.length > 0
            ? `${folded.fold.steps.length} step${folded.fold.steps.length === 1 ? '' : 's'}${
                running.length > 0 ? `, ${running.length} running` : ''
              }`
            : run.model.phase === 'running'
              ? 'waiting for the first step…'
              : ''}
        </span>
        {focus && (
          <span className="topo-strip-focus">
            Transcript: <strong>{focus.node.split('@')[0]}</strong> only{' '}
            <button type="button" className="link-button" onClick={() => setFocus(null)}>
              Show all
            </button>
          </span>
        )}
      </div>
      <div className="topo-strip-body">
        {shown === 'graph' ? (
          layout ? (
            <TopologyGraph
              layout={layout}
              label={`Steps of this run of ${skill}`}
              statuses={folded?.fold.nodes}
              selected={focus?.node ?? null}
              stale={view?.stale}
              fit
              onSelect={(node) => setFocus(node ? { skill, node, step: null } : null)}
            />
          ) : (
            <div className="pg-empty-line">No topology to draw.</div>
          )
        ) : folded ? (
          <StateInspector run={folded} highlight={highlight} />
        ) : null}
      </div>
    </div>
  );
}
