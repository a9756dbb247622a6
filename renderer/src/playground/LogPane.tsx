/**
 * The run's log lines, virtualised: only the visible rows exist in the DOM. The
 * level filter and search are applied incrementally (LogIndex), and the view
 * follows the newest line until the user scrolls up.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { LOG_LEVELS, LogIndex, type RunModel } from '../../../shared/playground/run-model';
import { usePlayground } from './playground-store';
import { virtualRowStyle } from '../util/virtual-row';

const ROW = 20;

export function LogPane({ model }: { model: RunModel }) {
  usePlayground((s) => s.tick);
  const [levels, setLevels] = useState<Set<string>>(() => new Set(LOG_LEVELS));
  const [search, setSearch] = useState('');
  const [follow, setFollow] = useState(true);
  const index = useMemo(() => new LogIndex(model.logs), [model]);
  const rows = index.update(model.logs, levels, search);
  const count = rows.length;
  const scroller = useRef<HTMLDivElement>(null);
  const [viewRows, setViewRows] = useState(20);
  // While following the tail the window is simply the last rows, so the virtualizer
  // (its scroll listener and per-count measurements) rests until the user scrolls up.
  const virtual = useVirtualizer({
    count,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW,
    overscan: 12,
    enabled: !follow,
  });

  useEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const ro = new ResizeObserver(() => setViewRows(Math.ceil(el.clientHeight / ROW) + 1));
    ro.observe(el);
    return () => ro.disconnect();
  }, []);

  // Following the tail: one scrollTop write per batch.
  useEffect(() => {
    const el = scroller.current;
    if (follow && el && count > 0) el.scrollTop = count * ROW;
  }, [count, follow]);

  const items: { index: number; key: number; start: number }[] = follow
    ? Array.from({ length: Math.min(count, viewRows) }, (_, k) => {
        const index = count - Math.min(count, viewRows) + k;
        return { index, key: index, start: index * ROW };
      })
    : virtual
        .getVirtualItems()
        .map((v) => ({ index: v.index, key: Number(v.key), start: v.start }));

  const toggle = (level: string) => {
    const next = new Set(levels);
    if (next.has(level)) next.delete(level);
    else next.add(level);
    setLevels(next);
  };

  return (
    <div className="pg-logs" data-testid="log-pane">
      <div className="pg-toolbar">
        {LOG_LEVELS.map((l) => (
          <label key={l} className={`pg-level-toggle level-${l}`}>
            <input
              type="checkbox"
              checked={levels.has(l)}
              onChange={() => toggle(l)}
              data-testid={`log-level-${l}`}
            />
            {l} <span className="pg-count">{model.levelCounts[l] ?? 0}</span>
          </label>
        ))}
        <input
          type="search"
          className="pg-input pg-search"
          placeholder="Search logs"
          aria-label="Search logs"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          data-testid="log-search"
        />
        <span className="pg-muted" data-testid="log-count">
          {count} of {model.logs.length}
        </span>
      </div>
      <div
        className="pg-virtual"
        ref={scroller}
        onScroll={(e) => {
          const el = e.currentTarget;
          setFollow(el.scrollHeight - el.scrollTop - el.clientHeight < ROW * 2);
        }}
      >
        {count === 0 ? (
          <div className="pg-empty-line">
            {model.logs.length === 0 ? 'No log lines yet.' : 'No log lines match.'}
          </div>
        ) : (
          <div style={{ height: count * ROW, position: 'relative' }}>
            {items.map((v) => {
              const line = model.logs[rows[v.index]];
              return (
                <div
                  key={v.key}
                  className={`pg-log-row level-${line.level}`}
                  data-testid="log-row"
                  style={virtualRowStyle(v.start, ROW)}
                >
                  <span className="pg-log-seq">#{line.seq}</span>
                  <span className="pg-log-level">{line.level}</span>
                  <span className="pg-log-message" title={line.message}>
                    {line.message}
                  </span>
                </div>
              );
            })}
          </div>
        )}
      </div>
    </div>
  );
}
