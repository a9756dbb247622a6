/**
 * Artifacts put together from their chunks, each shown by its mime type:
 * Markdown (the preview's sanitiser, no media), JSON as a foldable tree, CSV as a table,
 * images from base64 or data-URL chunks, HTML only inside a sandboxed iframe
 * (sandbox="" with srcdoc: no scripts, no same-origin, no navigation), and
 * anything else as text. Each can be downloaded. While a run streams, the
 * shown artifact re-renders a few times a second, not on every chunk.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import type { RunModel } from '../../../shared/playground/run-model';
import {
  artifactBytes,
  downloadName,
  imageSource,
  type ArtifactInfo,
} from '../../../shared/playground/artifacts';
import { parseCsv } from '../../../shared/playground/csv';
import { usePlayground } from './playground-store';
import { downloadFile } from '../util/browser-utils';
import { JsonTree } from './JsonTree';
import { renderMarkdown } from '../editor/markdown';
import { errorMessage } from '../../../shared/errors';

const RENDER_EVERY_MS = 250;
const MAX_TEXT_SHOWN = 2_000_000;

/** An artifact is untrusted output: on top of the preview's rules, no media at all. */
const ARTIFACT_FORBIDDEN = ['img', 'video', 'audio', 'source', 'link'];

function ArtifactBody({ info, text }: { info: ArtifactInfo; text: string }) {
  const shown = text.length > MAX_TEXT_SHOWN ? text.slice(0, MAX_TEXT_SHOWN) : text;
  const html = useMemo(
    () => (info.kind === 'markdown' ? renderMarkdown(shown, false, ARTIFACT_FORBIDDEN) : ''),
    [info.kind, shown],
  );
  const json = useMemo(() => {
    if (info.kind !== 'json') return null;
    try {
      return { ok: true as const, value: JSON.parse(shown) as unknown };
    } catch (err) {
      return { ok: false as const, message: errorMessage(err) };
    }
  }, [info.kind, shown]);
  const csv = useMemo(
    () => (info.kind === 'csv' ? parseCsv(shown, 500) : null),
    [info.kind, shown],
  );

  switch (info.kind) {
    case 'markdown':
      return (
        <div
          className="markdown-body pg-markdown"
          data-testid="artifact-markdown"
          dangerouslySetInnerHTML={{ __html: html }}
        />
      );
    case 'json':
      if (json?.ok) return <JsonTree value={json.value} testId="artifact-json" />;
      return (
        <div>
          {info.complete && (
            <div className="pg-warning">
              Not valid JSON yet: {json && !json.ok ? json.message : ''}
            </div>
          )}
          <pre className="pg-pre">{shown}</pre>
        </div>
      );
    case 'csv':
      return (
        <div className="pg-table-wrap">
          <table className="pg-table" data-testid="artifact-csv">
            {csv && csv.rows.length > 0 && (
              <thead>
                <tr>
                  {csv.rows[0].map((h, i) => (
                    <th key={i}>{h}</th>
                  ))}
                </tr>
              </thead>
            )}
            <tbody>
              {csv?.rows.slice(1).map((r, i) => (
                <tr key={i}>
                  {r.map((c, j) => (
                    <td key={j}>{c}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
          {csv?.truncated && (
            <div className="pg-muted">
              Only the first 500 rows are shown; download for the rest.
            </div>
          )}
        </div>
      );
    case 'image':
      return info.complete ? (
        <img
          className="pg-image"
          src={imageSource(info.mime, text)}
          alt={info.name}
          data-testid="artifact-image"
        />
      ) : (
        <div className="pg-muted">Receiving the image… ({info.chars} characters)</div>
      );
    case 'html':
      // sandbox="" : scripts, forms, popups, same-origin access and top navigation are all off.
      return (
        <iframe
          className="pg-html"
          title={info.name}
          sandbox=""
          srcDoc={shown}
          data-testid="artifact-html"
        />
      );
    default:
      return (
        <pre className="pg-pre" data-testid="artifact-text">
          {shown}
        </pre>
      );
  }
}

export function ArtifactsView({ model }: { model: RunModel }) {
  const tick = usePlayground((s) => s.tick);
  const list = model.artifacts.list();
  const [selected, setSelected] = useState<string | null>(null);
  const name =
    selected && list.some((a) => a.name === selected) ? selected : (list[0]?.name ?? null);
  const info = name ? (list.find((a) => a.name === name) ?? null) : null;

  // Throttle the (possibly costly) render of the shown artifact while it streams.
  const [shown, setShown] = useState<{ name: string; text: string } | null>(null);
  const last = useRef(0);
  useEffect(() => {
    if (!name) return;
    const now = Date.now();
    const finished = model.phase !== 'running' || info?.complete;
    if (finished || now - last.current >= RENDER_EVERY_MS) {
      last.current = now;
      setShown({ name, text: model.artifacts.text(name) });
      return;
    }
    const t = setTimeout(
      () => {
        last.current = Date.now();
        setShown({ name, text: model.artifacts.text(name) });
      },
      RENDER_EVERY_MS - (now - last.current),
    );
    return () => clearTimeout(t);
  }, [tick, name, model, info?.complete]);

  if (list.length === 0)
    return (
      <div className="pg-empty-line">No artifacts{model.phase === 'running' ? ' yet' : ''}.</div>
    );

  const download = (a: ArtifactInfo) => {
    const bytes = artifactBytes(a.kind, a.mime, model.artifacts.text(a.name));
    downloadFile(downloadName(a.name), bytes, bytes.mime);
  };

  return (
    <div className="pg-artifacts">
      <ul className="pg-artifact-list" role="listbox" aria-label="Artifacts">
        {list.map((a) => (
          <li
            key={a.name}
            role="option"
            aria-selected={a.name === name}
            className={a.name === name ? 'selected' : ''}
            data-testid="artifact-item"
            data-name={a.name}
            data-complete={a.complete ? 'true' : 'false'}
            onClick={() => setSelected(a.name)}
          >
            <span className="pg-artifact-name">{a.name}</span>
            <span className="pg-muted">
              {a.mime} · {a.chars.toLocaleString()} chars · {a.chunks} chunk
              {a.chunks === 1 ? '' : 's'}
            </span>
            <span className={`pg-badge ${a.complete ? 'ok' : 'busy'}`}>
              {a.complete ? 'complete' : 'streaming'}
            </span>
            <button
              type="button"
              className="button secondary small"
              onClick={(e) => {
                e.stopPropagation();
                download(a);
              }}
              aria-label={`Download ${a.name}`}
              data-testid="artifact-download"
            >
              Download
            </button>
          </li>
        ))}
      </ul>
      {info && (
        <div className="pg-artifact-body" data-testid="artifact-view" data-name={info.name}>
          {info.late > 0 && (
            <div className="pg-warning">
              {info.late} chunk(s) arrived after the final one and were ignored.
            </div>
          )}
          <ArtifactBody
            info={info}
            text={shown && shown.name === info.name ? shown.text : model.artifacts.text(info.name)}
          />
        </div>
      )}
    </div>
  );
}
