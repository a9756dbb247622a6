/**
 * A foldable JSON tree. Only expanded nodes render their children, and long
 * arrays or objects show their first items with "show more", so a large result
 * opens instantly.
 */
import { useState } from 'react';

const PAGE = 100;

function preview(value: unknown): string {
  if (Array.isArray(value)) return `[${value.length}]`;
  if (value !== null && typeof value === 'object') return `{${Object.keys(value).length}}`;
  return '';
}

function Leaf({ value }: { value: unknown }) {
  if (value === null) return <span className="jt-null">null</span>;
  switch (typeof value) {
    case 'string':
      return <span className="jt-string">{JSON.stringify(value)}</span>;
    case 'number':
      return <span className="jt-number">{String(value)}</span>;
    case 'boolean':
      return <span className="jt-bool">{String(value)}</span>;
    default:
      return <span>{JSON.stringify(value) ?? 'undefined'}</span>;
  }
}

function Node({
  name,
  value,
  depth,
  openDepth,
}: {
  name: string | null;
  value: unknown;
  depth: number;
  openDepth: number;
}) {
  const container = value !== null && typeof value === 'object';
  const [open, setOpen] = useState(depth < openDepth);
  const [shown, setShown] = useState(PAGE);
  const label = name !== null ? <span className="jt-key">{name}: </span> : null;
  if (!container) {
    return (
      <div className="jt-row" style={{ paddingLeft: depth * 14 }}>
        <span className="jt-toggle-space" />
        {label}
        <Leaf value={value} />
      </div>
    );
  }
  const entries: [string, unknown][] = Array.isArray(value)
    ? value.map((v, i) => [String(i), v])
    : Object.entries(value as Record<string, unknown>);
  return (
    <>
      <div className="jt-row" style={{ paddingLeft: depth * 14 }}>
        <button
          type="button"
          className="jt-toggle"
          aria-expanded={open}
          aria-label={open ? 'Fold' : 'Unfold'}
          onClick={() => setOpen(!open)}
        >
          {open ? '▾' : '▸'}
        </button>
        {label}
        <span className="jt-preview">{preview(value)}</span>
      </div>
      {open &&
        entries
          .slice(0, shown)
          .map(([k, v]) => (
            <Node key={k} name={k} value={v} depth={depth + 1} openDepth={openDepth} />
          ))}
      {open && entries.length > shown && (
        <div className="jt-row" style={{ paddingLeft: (depth + 1) * 14 }}>
          <button type="button" className="link-button" onClick={() => setShown(shown + PAGE)}>
            Show {Math.min(PAGE, entries.length - shown)} more of {entries.length - shown}
          </button>
        </div>
      )}
    </>
  );
}

export function JsonTree({
  value,
  openDepth = 2,
  testId,
}: {
  value: unknown;
  openDepth?: number;
  testId?: string;
}) {
  return (
    <div className="json-tree" data-testid={testId}>
      <Node name={null} value={value} depth={0} openDepth={openDepth} />
    </div>
  );
}
