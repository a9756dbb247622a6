/**
 * A model run as a conversation: the assistant's text rendered as Markdown while it
 * streams (the preview's renderer and sanitiser, no media, as for artifacts), each tool
 * call with its arguments and result (collapsible), the turn lines, and the run's
 * figures: model, tokens in and out, time to first token, turns. Re-renders a few times
 * a second while streaming, not on every chunk. In a topology run, a node picked in the
 * graph narrows it to that node's events (its agent's own conversation).
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import type { RunModel } from '../../../shared/playground/run-model';
import {
  buildTranscript,
  formatTokens,
  runStats,
  type RunStats,
  type TranscriptItem,
} from '../../../shared/playground/transcript';
import { renderMarkdown } from '../editor/markdown';
import { usePlayground } from './playground-store';
import { describeOverride } from './model-choice';
import { focusFor, useTopologyUi, type StepFocus } from '../topology/topology-store';
import { eventsOfStep } from '../topology/run-state';

const RENDER_EVERY_MS = 200;
/** An assistant's text is untrusted output: like an artifact, no media at all. */
const TRANSCRIPT_FORBIDDEN = ['img', 'video', 'audio', 'source', 'link'];

function AssistantText({ text, step = null }: { text: string; step?: string | null }) {
  const html = useMemo(() => renderMarkdown(text, false, TRANSCRIPT_FORBIDDEN), [text]);
  const body = (
    <div
      className="markdown-body pg-markdown pg-tr-text"
      data-testid="transcript-text"
      data-step={step ?? undefined}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
  if (step === null) return body;
  // A topology step's answer: its own block, labelled with the agent that wrote it.
  return (
    <section className="pg-tr-step" data-testid="transcript-step" aria-label={step}>
      <div className="pg-tr-step-label" data-testid="transcript-step-label">
        {step}
      </div>
      {body}
    </section>
  );
}

function ToolCall({ item }: { item: Extract<TranscriptItem, { kind: 'tool' }> }) {
  const args = typeof item.arguments === 'string' ? item.arguments : JSON.stringify(item.arguments);
  return (
    <details
      className={`pg-tr-tool${item.isError ? ' error' : ''}`}
      data-testid="transcript-tool"
      data-tool={item.name}
    >
      <summary>
        <span className="pg-tr-tool-name">{item.name}</span>
        <code className="pg-tr-args">{args}</code>
        <span className="pg-muted">
          {item.result === null ? '… running' : item.isError ? '→ error' : '→ done'}
        </span>
      </summary>
      <div className="pg-tr-tool-body">
        <div className="pg-section-title">Arguments</div>
        <pre className="pg-pre" data-testid="transcript-tool-args">
          {typeof item.arguments === 'string'
            ? item.arguments
            : JSON.stringify(item.arguments, null, 2)}
        </pre>
        <div className="pg-section-title">Result</div>
        <pre className="pg-pre" data-testid="transcript-tool-result">
          {item.result ?? 'waiting for the tool…'}
        </pre>
      </div>
    </details>
  );
}

export function RunStatsBar({ stats, model }: { stats: RunStats | null; model: RunModel }) {
  const picked = describeOverride(model.request.llm_override);
  return (
    <div className="pg-tr-stats" data-testid="transcript-stats">
      {(stats?.model || picked) && (
        <span data-testid="transcript-model">
          {stats?.provider && stats.model ? `${stats.provider} · ${stats.model}` : picked}
        </span>
      )}
      {stats ? (
        <>
          <span data-testid="transcript-tokens" title="Tokens in (prompt) and out (completion)">
            {formatTokens(stats)}
          </span>
          <span data-testid="transcript-ttft" title="Time to first token">
            first token {stats.timeToFirstTokenMs === null ? '—' : `${stats.timeToFirstTokenMs} ms`}
          </span>
          <span data-testid="transcript-turns">
            {stats.turns ?? 0}
            {stats.maxTurns ? `/${stats.maxTurns}` : ''} turn{stats.turns === 1 ? '' : 's'}
          </span>
          {stats.stopReason && <span className="pg-muted">stop: {stats.stopReason}</span>}
        </>
      ) : (
        model.phase === 'running' && <span className="pg-muted">tokens when the run ends</span>
      )}
    </div>
  );
}

/** The events the transcript shows: all of them, or those of the step picked in the graph. */
function shownEvents(model: RunModel, focus: StepFocus | null) {
  const all = model.allEvents();
  return focus ? eventsOfStep(all, focus) : all;
}

export function TranscriptView({ model }: { model: RunModel }) {
  const tick = usePlayground((s) => s.tick);
  const focus = useTopologyUi((s) => focusFor(s, model.request.name));
  const [items, setItems] = useState<TranscriptItem[]>(() =>
    buildTranscript(shownEvents(model, focus)),
  );
  const last = useRef(0);
  useEffect(() => {
    const update = () => {
      last.current = Date.now();
      setItems(buildTranscript(shownEvents(model, focus)));
    };
    const wait = RENDER_EVERY_MS - (Date.now() - last.current);
    if (model.phase !== 'running' || wait <= 0) {
      update();
      return;
    }
    const t = setTimeout(update, wait);
    return () => clearTimeout(t);
  }, [tick, model, focus]);
  const stats = runStats(model.result()?.metadata ?? null);
  const result = model.result();
  const answer = result?.success && typeof result.summary === 'string' ? result.summary : null;

  return (
    <div className="pg-transcript" data-testid="transcript" data-step={focus?.node ?? ''}>
      <RunStatsBar stats={stats} model={model} />
      {focus && (
        <div className="pg-tr-filter" data-testid="transcript-step-filter">
          Only the events of <strong>{focus.node.split('@')[0]}</strong>
          <button
            type="button"
            className="link-button"
            onClick={() => useTopologyUi.getState().setFocus(null)}
          >
            Show every step
          </button>
        </div>
      )}
      {items.length === 0 && (
        <div className="pg-empty-line">
          {model.phase === 'running' ? 'Waiting for the model…' : 'The model said nothing.'}
        </div>
      )}
      {items.map((item) =>
        item.kind === 'text' ? (
          <AssistantText key={item.seq} text={item.text} step={item.step} />
        ) : item.kind === 'tool' ? (
          <ToolCall key={item.seq} item={item} />
        ) : (
          <div key={item.seq} className="pg-tr-turn pg-muted" data-testid="transcript-turn">
            {item.message}
          </div>
        ),
      )}
      {/* A run without streamed text (streaming off, or an empty stream) still shows its answer. */}
      {answer && !focus && !items.some((i) => i.kind === 'text') && (
        <div className="pg-tr-answer" data-testid="transcript-answer">
          <div className="pg-section-title">Answer</div>
          <AssistantText text={answer} />
        </div>
      )}
      {result?.success === false && result.error && (
        <div className="pg-field-error block" data-testid="transcript-error">
          {result.error}
        </div>
      )}
    </div>
  );
}
