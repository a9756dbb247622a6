/** Every A2E message of the call, as sent and received; virtualised, copyable as NDJSON. */
import { useRef, useState } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { RunModel } from '../../../shared/playground/run-model';
import { usePlayground } from './playground-store';
import { copyText } from '../util/browser-utils';
import { wireText } from './a2e-discovery';
import { virtualRowStyle } from '../util/virtual-row';

const ROW = 20;
const PREVIEW_CHARS = 400;
// A message is stringified once for its row (a final response can hold every event).
const previews = new WeakMap<object, string>();

function preview(msg: object): string {
  let p = previews.get(msg);
  if (p === undefined) {
    const full = wireText.get(msg) ?? JSON.stringify(msg);
    p = full.length > PREVIEW_CHARS ? full.slice(0, PREVIEW_CHARS) + '…' : full;
    previews.set(msg, p);
  }
  return p;
}

/** A message for the detail view: pretty JSON, or the head of a huge wire text. */
function openText(msg: object): string {
  const wire = wireText.get(msg);
  if (wire === undefined) return JSON.stringify(msg, null, 2);
  if (wire.length <= 200_000) return wire;
  return `${wire.slice(0, 200_000)}\n… (${wire.length.toLocaleString()} characters in all; Copy takes them all)`;
}

export function RawMessages({ model }: { model: RunModel }) {
  usePlayground((s) => s.tick);
  const [copied, setCopied] = useState<string | null>(null);
  const [open, setOpen] = useState<number | null>(null);
  const scroller = useRef<HTMLDivElement>(null);
  const count = model.raw.length;
  const virtual = useVirtualizer({
    count,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW,
    overscan: 10,
  });

  const copyAll = async () => {
    const text =
      model.raw.map((r) => wireText.get(r.msg) ?? JSON.stringify(r.msg)).join('\n') + '\n';
    setCopied((await copyText(text)) ? `Copied ${count} messages` : 'Copy failed');
  };

  return (
    <div className="pg-raw" data-testid="raw-messages">
      <div className="pg-toolbar">
        <span className="pg-muted" data-testid="raw-count">
          {count} messages
        </span>
        <button
          type="button"
          className="button secondary small"
          onClick={() => void copyAll()}
          data-testid="copy-raw"
        >
          Copy all (NDJSON)
        </button>
        {copied && <span className="pg-muted">{copied}</span>}
      </div>
      {open !== null && model.raw[open] && (
        <div className="pg-raw-open">
          <div className="pg-toolbar">
            <strong>Message {open + 1}</strong>
            <button
              type="button"
              className="button secondary small"
              onClick={() =>
                void copyText(
                  wireText.get(model.raw[open].msg) ?? JSON.stringify(model.raw[open].msg, null, 2),
                )
              }
            >
              Copy
            </button>
            <button type="button" className="button secondary small" onClick={() => setOpen(null)}>
              Close
            </button>
          </div>
          <pre className="pg-pre">{openText(model.raw[open].msg)}</pre>
        </div>
      )}
      <div className="pg-virtual" ref={scroller}>
        <div style={{ height: virtual.getTotalSize(), position: 'relative' }}>
          {virtual.getVirtualItems().map((v) => {
            const r = model.raw[v.index];
            return (
              <button
                type="button"
                key={v.key}
                className={`pg-raw-row dir-${r.dir}`}
                data-testid="raw-row"
                onClick={() => setOpen(v.index)}
                style={virtualRowStyle(v.start, ROW)}
              >
                <span className="pg-raw-dir">{r.dir === 'out' ? '→' : '←'}</span>
                <span className="pg-raw-text">{preview(r.msg)}</span>
              </button>
            );
          })}
        </div>
      </div>
    </div>
  );
}
