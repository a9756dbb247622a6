/**
 * "Sent to the model": every model request recorded for a run (an agent client's through
 * its relay, or the studio's own loop), read back from the result's `model_requests`
 * (shared/agent-clients/sent-to-model.ts): the system prompt, the skill listing as it was
 * rendered with this skill's entry marked and whether it was cut, the tools offered, and
 * the messages (the eval transcript's own step view). What was recorded is redacted by the
 * host; a body it cut or left out says so.
 */
import { useEffect, useMemo, useRef } from 'react';
import type { ModelRequestRecord } from '../../../shared/api/agent-clients';
import type { RunModel } from '../../../shared/playground/run-model';
import {
  modelRequestsOf,
  parseModelRequest,
  skillInListing,
  WIRE_FORMAT_LABEL,
  type FoundListing,
  type SkillInListing,
} from '../../../shared/agent-clients/sent-to-model';
import { TranscriptStepView } from './TranscriptStep';
import { useSkills } from '../stores/skills-store';

const STATE_TEXT: Record<SkillInListing['state'], string> = {
  whole: 'listed whole',
  cut: 'cut',
  'name-only': 'name only',
  absent: 'not listed',
  'no-listing': 'no listing',
};

const STATE_BADGE: Record<SkillInListing['state'], string> = {
  whole: 'ok',
  cut: 'warn',
  'name-only': 'warn',
  absent: 'error',
  'no-listing': 'muted',
};

function Listing({ listing, skill }: { listing: FoundListing; skill: SkillInListing }) {
  const e = skill.entry;
  const box = useRef<HTMLPreElement>(null);
  const mark = useRef<HTMLElement>(null);
  // A long listing opens on this skill's entry when it is out of sight (the box scrolls, not the page).
  useEffect(() => {
    const b = box.current;
    const m = mark.current;
    if (b && m && m.offsetTop + m.offsetHeight > b.clientHeight)
      b.scrollTop = Math.max(0, m.offsetTop - 24);
  }, [e]);
  return (
    <pre className="pg-pre pg-sent-listing" ref={box} data-testid="sent-listing">
      {e ? (
        <>
          {listing.text.slice(0, e.start)}
          <mark
            ref={mark}
            className={`pg-sent-mark ${skill.state}`}
            data-testid="sent-listing-skill"
          >
            {listing.text.slice(e.start, e.end)}
          </mark>
          {listing.text.slice(e.end)}
        </>
      ) : (
        listing.text
      )}
    </pre>
  );
}

function RequestView({
  record,
  parsed,
  skill,
  description,
  open,
}: {
  record: ModelRequestRecord;
  /** The record's body read by its wire format (parsed once, in SentToModel). */
  parsed: ReturnType<typeof parseModelRequest>;
  skill: string;
  description: string | null;
  open: boolean;
}) {
  const where = skillInListing(parsed.listing, skill, description);
  const status = record.response ? record.response.status : null;
  return (
    <details className="pg-sent-request" open={open} data-testid="sent-request">
      <summary>
        <span className="pg-sent-index">#{record.index + 1}</span>
        <code>
          {record.method} {record.path}
        </code>
        <span className="pg-muted">
          {WIRE_FORMAT_LABEL[parsed.format]}
          {parsed.model ? ` · ${parsed.model}` : ''} · {record.duration_ms.toLocaleString()} ms
        </span>
        {status !== null && (
          <span className={`pg-badge ${status < 400 ? 'ok' : 'error'}`}>{status}</span>
        )}
        {parsed.listing && (
          <span className={`pg-badge ${STATE_BADGE[where.state]}`} data-testid="sent-skill-state">
            {skill}: {STATE_TEXT[where.state]}
          </span>
        )}
      </summary>
      <div className="pg-sent-body">
        {record.error && <div className="pg-field-error block">{record.error}</div>}
        {record.request.truncated && (
          <div className="pg-warning">
            The body was {record.request.bytes.toLocaleString()} bytes: the record keeps its start
            only.
          </div>
        )}
        {parsed.problem ? (
          <>
            <div className="pg-muted">{parsed.problem}</div>
            <pre className="pg-pre pg-sent-raw">
              {typeof record.request.body === 'string'
                ? record.request.body
                : JSON.stringify(record.request.body, null, 2)}
            </pre>
          </>
        ) : (
          <>
            <h4 className="pg-section-title">Skill listing</h4>
            {parsed.listing ? (
              <>
                <div className="pg-muted" data-testid="sent-skill-reason">
                  In {parsed.listing.where}, {parsed.listing.entries.length} skills. {skill}:{' '}
                  {where.reason}.
                </div>
                <Listing listing={parsed.listing} skill={where} />
              </>
            ) : (
              <div className="pg-muted">No skill listing in this request.</div>
            )}
            <details className="pg-sent-section">
              <summary className="pg-section-title">
                System prompt{' '}
                <span className="pg-muted">
                  ({parsed.system.length.toLocaleString()} characters)
                </span>
              </summary>
              <pre className="pg-pre pg-sent-system" data-testid="sent-system">
                {parsed.system || '(none)'}
              </pre>
            </details>
            <h4 className="pg-section-title">
              Tools offered <span className="pg-muted">({parsed.tools.length})</span>
            </h4>
            <div className="pg-sent-tools" data-testid="sent-tools">
              {parsed.tools.length === 0 ? (
                <span className="pg-muted">none</span>
              ) : (
                parsed.tools.map((t, i) => (
                  <code key={`${t.name}-${i}`} title={t.description} className="pg-sent-tool">
                    {t.name}
                  </code>
                ))
              )}
            </div>
            <h4 className="pg-section-title">
              Messages <span className="pg-muted">({parsed.messages.length})</span>
            </h4>
            <div className="ev-transcript pg-sent-messages" data-testid="sent-messages">
              {parsed.messages.map((m, i) => (
                <TranscriptStepView key={i} step={m} />
              ))}
            </div>
          </>
        )}
      </div>
    </details>
  );
}

export function SentToModel({ model, skill }: { model: RunModel; skill: string }) {
  const result = model.result();
  const records = useMemo(() => modelRequestsOf(result?.metadata), [result]);
  const description = useSkills((s) => s.winner(skill)?.description ?? null);
  // Each body read once by its wire format; the first that lists skills is where the
  // choice was made: it opens.
  const parsed = useMemo(
    () => records.map((r) => parseModelRequest(r.path, r.request.body)),
    [records],
  );
  const firstWithListing = parsed.findIndex((p) => p.listing !== null);
  if (records.length === 0)
    return (
      <div className="pg-muted pg-sent-empty" data-testid="sent-empty">
        {model.phase === 'running'
          ? 'The requests sent to the model show here when the run ends.'
          : 'No model request was recorded for this run.'}
      </div>
    );
  return (
    <div className="pg-sent" data-testid="sent-to-model">
      <div className="pg-muted">
        {records.length} request{records.length === 1 ? '' : 's'} sent to the model, as recorded
        (keys and auth headers redacted).
      </div>
      {records.map((r, i) => (
        <RequestView
          key={r.index}
          record={r}
          parsed={parsed[i]}
          skill={skill}
          description={description}
          open={i === Math.max(0, firstWithListing)}
        />
      ))}
    </div>
  );
}
