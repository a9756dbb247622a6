/**
 * The Catalog view of the Portability tab (docs/contracts.md, Catalog): for one agent
 * client at a time, the skills it would find from this project and the user's folders, its
 * listing exactly as it renders it (the open skill's entry marked), the listing's size
 * against its budget, the entries cut or dropped with why, and the pairs of skills a model
 * may confuse. From `catalog.get`; read again when the skills change.
 */
import { useEffect, useState } from 'react';
import type { CatalogClient, CatalogReport } from '../../../../shared/api/agent-catalog';
import { backend } from '../../backend/current';
import { errorMessage } from '../../backend/studio-error';
import { useSkills } from '../../stores/skills-store';
import './catalog.css';

function BudgetBar({ client }: { client: CatalogClient }) {
  const { limit, used, basis } = client.budget;
  const share = limit === null ? 0 : Math.min(1, used / limit);
  const over = client.entries.some((e) => e.shown !== 'whole' && e.reason?.includes('budget'));
  return (
    <div
      className="catalog-budget"
      data-testid="catalog-budget"
      data-used={used}
      data-limit={limit ?? ''}
      title={basis}
    >
      {limit === null ? (
        <span>{used.toLocaleString('en')} characters · no budget: nothing is cut</span>
      ) : (
        <>
          <div
            className={`catalog-bar${over ? ' over' : ''}`}
            role="meter"
            aria-valuemin={0}
            aria-valuemax={limit}
            aria-valuenow={Math.min(used, limit)}
            aria-label="listing budget"
          >
            <div style={{ width: `${(share * 100).toFixed(1)}%` }} />
          </div>
          <span>
            {used.toLocaleString('en')} / {limit.toLocaleString('en')} {client.budget.unit}
          </span>
        </>
      )}
    </div>
  );
}

/** The listing's lines, the open skill's own marked. */
function Listing({ text, mine }: { text: string; mine: string | null }) {
  const marks = mine ? [`- ${mine}:`, `- ${mine} `, `<name>${mine}</name>`] : [];
  const lines = text.split('\n');
  return (
    <pre className="catalog-listing" data-testid="catalog-listing">
      {lines.map((line, i) => {
        const own = marks.some(
          (m) => line.startsWith(m) || line === m.trimEnd() || line.trim() === m,
        );
        return (
          <span key={i} className={own ? 'own' : undefined} data-own={own || undefined}>
            {line}
            {'\n'}
          </span>
        );
      })}
    </pre>
  );
}

function ClientCatalog({ client, mine }: { client: CatalogClient; mine: string | null }) {
  const listed = client.entries.filter((e) => e.listed).length;
  const notWhole = client.entries.filter((e) => e.shown !== 'whole');
  return (
    <div className="catalog-client" data-testid={`catalog-${client.id}`}>
      <BudgetBar client={client} />
      <div className="catalog-counts">
        {listed} listed · {client.entries.filter((e) => e.shown === 'cut').length} cut ·{' '}
        {client.entries.filter((e) => e.shown === 'dropped').length} dropped · renders {client.name}{' '}
        {client.renders_version}
      </div>
      {notWhole.length > 0 && (
        <ul className="catalog-entries">
          {notWhole.map((e) => (
            <li
              key={`${e.path ?? e.name}:${e.folder}`}
              data-testid={`catalog-entry-${e.name}`}
              data-shown={e.shown}
              className={`shown-${e.shown}${e.name === mine ? ' own' : ''}`}
            >
              <span className="catalog-shown">{e.shown}</span> <b>{e.name}</b>{' '}
              <span className="catalog-folder">{e.folder}</span>
              <div className="catalog-reason">{e.reason}</div>
            </li>
          ))}
        </ul>
      )}
      {client.confusable.length > 0 && (
        <ul className="catalog-pairs">
          {client.confusable.map((p) => (
            <li key={`${p.a}|${p.b}`} data-testid="catalog-pair">
              <b>{p.a}</b> and <b>{p.b}</b> read alike ({p.score.toFixed(2)}):{' '}
              <span className="catalog-terms">{p.shared_terms.join(', ')}</span>
            </li>
          ))}
        </ul>
      )}
      <Listing text={client.listing} mine={mine} />
    </div>
  );
}

/** What the picker says beside a client's name: how many entries it cuts, drops, confuses. */
function summary(c: CatalogClient): string {
  const cut = c.entries.filter((e) => e.shown === 'cut').length;
  const dropped = c.entries.filter((e) => e.shown === 'dropped').length;
  const parts = [
    cut > 0 ? `${cut} cut` : '',
    dropped > 0 ? `${dropped} dropped` : '',
    c.confusable.length > 0 ? `${c.confusable.length} alike` : '',
  ].filter(Boolean);
  return parts.length > 0 ? ` · ${parts.join(', ')}` : '';
}

export function CatalogView({ mine }: { mine: string | null }) {
  const listing = useSkills((s) => s.listing);
  const [report, setReport] = useState<CatalogReport | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pick, setPick] = useState<string>('claude-code');
  useEffect(() => {
    let live = true;
    backend()
      .call('catalog.get', {})
      .then((r) => {
        if (!live) return;
        setReport(r);
        setError(null);
      })
      .catch((err: unknown) => live && setError(errorMessage(err)));
    return () => {
      live = false;
    };
  }, [listing]);
  if (error) return <div className="panel-empty">The catalog could not be read: {error}</div>;
  if (!report) return <div className="panel-empty">Reading what each agent client would list…</div>;
  const client = report.clients.find((c) => c.id === pick) ?? report.clients[0];
  return (
    <div className="catalog" data-testid="catalog-view">
      <label className="catalog-pick">
        Client{' '}
        <select
          value={client?.id}
          onChange={(e) => setPick(e.target.value)}
          data-testid="catalog-client"
        >
          {report.clients.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
              {summary(c)}
            </option>
          ))}
        </select>
      </label>
      {client && <ClientCatalog client={client} mine={mine} />}
      <div className="catalog-note">
        Pairs at or above {report.confusable_threshold} similarity (TF-IDF cosine of their
        descriptions) are shown as reading alike.
      </div>
    </div>
  );
}
