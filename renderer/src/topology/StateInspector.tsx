/**
 * The shared state of a topology run, step by step: a timeline (the input, each finished
 * step, the final state) and, for the picked point, every key's value with the keys that
 * step changed marked and shown before → after. Values are the executor's bounded
 * previews until the final state brings the full ones.
 */
import { useEffect, useMemo, useState } from 'react';
import { stateTimeline, type FoldedTopologyRun, type StateSnapshot } from './run-state';
import { OUTCOME_TEXT } from './TopologyGraph';

interface Props {
  /** The run so far: its events, the input state and, once done, the final state. */
  run: Pick<FoldedTopologyRun, 'events' | 'input' | 'final'>;
  /** Steps of the picked node (run-state.ts stepIds): their points are marked. */
  highlight?: ReadonlySet<string>;
}

function Value({ text, truncated }: { text: string; truncated: boolean }) {
  return (
    <pre className="topo-state-value">
      {text}
      {truncated && <span className="pg-muted"> (preview)</span>}
    </pre>
  );
}

function Snapshot({ snap }: { snap: StateSnapshot }) {
  const changed = new Map(snap.changed.map((c) => [c.key, c]));
  const keys = Object.keys(snap.values);
  if (keys.length === 0) return <div className="pg-empty-line">The state is empty here.</div>;
  return (
    <dl className="topo-state-keys" data-testid="topo-state-keys">
      {keys.map((key) => {
        const c = changed.get(key);
        return (
          <div
            key={key}
            className={`topo-state-row${c ? ' changed' : ''}`}
            data-testid="topo-state-key"
            data-key={key}
            data-changed={c ? 'true' : 'false'}
          >
            <dt>
              <code>{key}</code>
              {c && <span className="topo-state-badge">{c.before ? 'changed' : 'new'}</span>}
            </dt>
            <dd>
              {c?.before && (
                <div className="topo-state-before" aria-label={`${key} before`}>
                  <Value {...c.before} />
                </div>
              )}
              <div className={c ? 'topo-state-after' : undefined}>
                <Value {...snap.values[key]} />
              </div>
            </dd>
          </div>
        );
      })}
    </dl>
  );
}

export function StateInspector({ run, highlight }: Props) {
  const { events, input, final } = run;
  const timeline = useMemo(() => stateTimeline(events, input, final), [events, input, final]);
  const [picked, setPicked] = useState<number | null>(null);
  // Follow the run: until the user picks a point, the latest one shows.
  const index = picked !== null && picked < timeline.length ? picked : timeline.length - 1;
  useEffect(() => {
    if (!highlight || highlight.size === 0) return;
    let last = -1;
    timeline.forEach((s, i) => {
      if (s.stepId && highlight.has(s.stepId)) last = i;
    });
    if (last >= 0) setPicked(last);
  }, [highlight, timeline]);
  const snap = timeline[index];
  return (
    <div className="topo-state" data-testid="topo-state">
      <div className="topo-state-timeline" role="listbox" aria-label="State after each step">
        {timeline.map((s, i) => (
          <button
            key={`${s.stepId ?? s.label}-${i}`}
            type="button"
            role="option"
            aria-selected={i === index}
            className={`topo-state-point${i === index ? ' active' : ''}${
              s.stepId && highlight?.has(s.stepId) ? ' highlight' : ''
            }${s.outcome ? ` status-${s.outcome}` : ''}`}
            onClick={() => setPicked(i)}
            title={s.outcome ? `${s.label}: ${OUTCOME_TEXT[s.outcome]}` : s.label}
            data-testid="topo-state-point"
            data-label={s.label}
          >
            {s.label}
            {s.changed.length > 0 && <span className="pg-count">+{s.changed.length}</span>}
          </button>
        ))}
      </div>
      {snap && (
        <div className="topo-state-body" aria-live="polite">
          <div className="pg-section-title">
            {snap.label === 'input'
              ? 'The arguments, before any step'
              : snap.label === 'final'
                ? 'The final state (the result’s metadata)'
                : `After ${snap.label}${snap.outcome ? ` (${OUTCOME_TEXT[snap.outcome]})` : ''}`}
          </div>
          <Snapshot snap={snap} />
        </div>
      )}
    </div>
  );
}
