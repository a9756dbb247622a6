/**
 * One run: the progress bar, then logs, artifacts, status lines, the result and the raw
 * messages; a model run (an instruction skill) opens on its transcript.
 */
import { useEffect, useState } from 'react';
import type { ActiveRun } from './playground-store';
import { usePlayground } from './playground-store';
import { ProgressBar } from './ProgressBar';
import { LogPane } from './LogPane';
import { ArtifactsView } from './ArtifactsView';
import { ResultView, StatusLines } from './ResultView';
import { RawMessages } from './RawMessages';
import { TranscriptView } from './TranscriptView';
import { TabBar } from '../ui/TabBar';
import { SentToModel } from './SentToModel';
import { runInOf } from './run-in';
import { modelRequestsOf } from '../../../shared/agent-clients/sent-to-model';

type RunTab = 'transcript' | 'sent' | 'result' | 'logs' | 'artifacts' | 'status' | 'raw';

const PHASE_TEXT: Record<string, string> = {
  running: 'Running',
  done: 'Done',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

export function RunView({ run }: { run: ActiveRun }) {
  usePlayground((s) => s.tick);
  const m = run.model;
  // A model run: the playground picked a model for it (llm_override), or an agent client ran it.
  const client = runInOf(m.request);
  const onModel = m.request.llm_override !== null || client !== null;
  const sent = modelRequestsOf(m.result()?.metadata).length;
  const [tab, setTab] = useState<RunTab>(onModel ? 'transcript' : 'logs');
  const outcome = m.outcome();
  // When the call ends, its result is what one wants to see first (a model run's is its transcript).
  useEffect(() => {
    if (onModel && m.outcome() !== 'refused') setTab('transcript');
    else if (m.phase !== 'running') setTab('result');
    else setTab('logs');
  }, [m, m.phase, run.key, onModel]);

  const tabs: [RunTab, string, number | null][] = [
    ...(onModel ? [['transcript', 'Transcript', null] as [RunTab, string, null]] : []),
    // What the model was sent: a client's relay records, or the studio loop's own.
    ...(onModel || sent > 0
      ? [['sent', 'Sent to the model', sent] as [RunTab, string, number]]
      : []),
    ['result', 'Result', null],
    ['logs', 'Logs', m.counts.log],
    ['artifacts', 'Artifacts', m.artifacts.size],
    ['status', 'Status', m.counts.status],
    ['raw', 'Raw', m.raw.length],
  ];
  const phaseLabel =
    outcome === 'refused'
      ? m.transportError()?.code === 'unauthorized'
        ? 'Unauthorized'
        : 'Refused'
      : PHASE_TEXT[m.phase];
  return (
    <div
      className="pg-run"
      data-testid="run-view"
      data-phase={m.phase}
      data-outcome={outcome ?? ''}
    >
      <div className="pg-run-head">
        <span className={`pg-badge phase-${m.phase}`} data-testid="run-phase">
          {phaseLabel}
        </span>
        <span className="pg-muted">
          {run.skill} {client ? `in ${client.client}` : `as ${run.agent ?? 'the studio'}`} ·{' '}
          {m.events.toLocaleString()} events
        </span>
        {m.statuses.length > 0 && (
          <span
            className="pg-status-latest"
            data-testid="status-latest"
            title={m.statuses[m.statuses.length - 1].message}
          >
            {m.statuses[m.statuses.length - 1].message}
          </span>
        )}
      </div>
      <ProgressBar model={m} />
      <TabBar
        items={tabs.map(([id, label, count]) => ({
          id,
          label: (
            <>
              {label}
              {count !== null && <span className="pg-count">{count.toLocaleString()}</span>}
            </>
          ),
        }))}
        selected={tab}
        onSelect={setTab}
        label="Run details"
        itemTestId={(id) => `run-tab-${id}`}
      />
      <div className="pg-run-body">
        {tab === 'transcript' && <TranscriptView model={m} />}
        {tab === 'sent' && <SentToModel model={m} skill={run.skill} />}
        {tab === 'result' && <ResultView model={m} />}
        {tab === 'logs' && <LogPane model={m} />}
        {tab === 'artifacts' && <ArtifactsView model={m} />}
        {tab === 'status' && <StatusLines model={m} />}
        {tab === 'raw' && <RawMessages model={m} />}
      </div>
    </div>
  );
}
