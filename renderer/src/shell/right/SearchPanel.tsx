/**
 * Find in files: a query box (match case, regex) over the text of every listed skill,
 * searched by the host (`search.contents`); results grouped by file, each line with its
 * number and the match marked. A click opens the file at the match.
 */
import { useEffect, useRef, useState } from 'react';
import type { ContentFileMatches, ContentMatch } from '../../../../shared/api/studio-api';
import { useSkills } from '../../stores/skills-store';
import { useEditor } from '../../stores/editor-store';
import { notify } from '../../stores/ui-store';
import { useContentSearch } from './search-store';
import './search.css';

/** Typing pauses this long before the search runs. */
const TYPE_DELAY_MS = 250;

async function jump(file: ContentFileMatches, m: ContentMatch): Promise<void> {
  const item = useSkills.getState().find({ name: file.skill, dir: file.dir });
  if (!item) {
    notify('info', `${file.skill} is no longer listed.`);
    return;
  }
  const id = await useEditor.getState().open(item, file.path, { line: m.line, column: m.column });
  if (id) useEditor.getState().revealAt(id, m.line, m.column);
}

function MatchLine({ m }: { m: ContentMatch }) {
  const end = m.textStart + m.length;
  return (
    <span className="search-line-text">
      {m.text.slice(0, m.textStart)}
      <mark className="search-hit">{m.text.slice(m.textStart, end)}</mark>
      {m.text.slice(end)}
    </span>
  );
}

function summary(r: NonNullable<ReturnType<typeof useContentSearch.getState>['result']>): string {
  const files = r.files.length;
  let text = `${r.total} result${r.total === 1 ? '' : 's'} in ${files} file${files === 1 ? '' : 's'}`;
  if (r.truncated) text += ' (stopped at the result limit: narrow the query)';
  if (r.timedOut) text += ' (stopped at the time limit: not every file was searched)';
  if (r.skippedFiles > 0)
    text += `; ${r.skippedFiles} binary or large file${r.skippedFiles === 1 ? '' : 's'} skipped`;
  return text;
}

export function SearchPanel() {
  const s = useContentSearch();
  const input = useRef<HTMLInputElement>(null);
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());

  useEffect(() => {
    input.current?.focus();
    input.current?.select();
  }, [s.focusNonce]);

  // Searches as one types, once typing pauses, and again when an option changes.
  const { query, caseSensitive, regex, run } = s;
  useEffect(() => {
    const t = setTimeout(() => void run(), TYPE_DELAY_MS);
    return () => clearTimeout(t);
  }, [query, caseSensitive, regex, run]);

  const toggle = (key: string) =>
    setCollapsed((c) => {
      const next = new Set(c);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });

  return (
    <div className="search-panel" data-testid="search-panel">
      <div className="search-bar">
        <input
          ref={input}
          className="search-input"
          aria-label="Search in the files of every skill"
          placeholder="Search in every skill"
          spellCheck={false}
          value={s.query}
          onChange={(e) => s.set({ query: e.target.value })}
          onKeyDown={(e) => {
            if (e.key === 'Enter') void s.run();
          }}
          data-testid="search-input"
        />
        <button
          type="button"
          className={`search-option${s.caseSensitive ? ' on' : ''}`}
          aria-pressed={s.caseSensitive}
          title="Match case"
          onClick={() => s.set({ caseSensitive: !s.caseSensitive })}
          data-testid="search-case"
        >
          Aa
        </button>
        <button
          type="button"
          className={`search-option${s.regex ? ' on' : ''}`}
          aria-pressed={s.regex}
          title="Regular expression (RE2: no backreferences or lookarounds)"
          onClick={() => s.set({ regex: !s.regex })}
          data-testid="search-regex"
        >
          .*
        </button>
      </div>
      {s.error && (
        <div className="search-error" role="alert" data-testid="search-error">
          {s.error}
        </div>
      )}
      {s.result && (
        <div className="search-summary" data-testid="search-summary" aria-live="polite">
          {s.running ? 'Searching… ' : ''}
          {summary(s.result)}
        </div>
      )}
      {!s.result && s.running && <div className="search-summary">Searching…</div>}
      <div className="search-results">
        {s.result?.files.map((f) => {
          const key = `${f.dir}\n${f.path}`;
          const open = !collapsed.has(key);
          return (
            <section
              key={key}
              className="search-file"
              data-testid="search-file"
              data-skill={f.skill}
              data-path={f.path}
            >
              <button
                type="button"
                className="search-file-header"
                aria-expanded={open}
                title={`${f.dir}/${f.path}`}
                onClick={() => toggle(key)}
              >
                <span className="search-file-name">
                  {f.skill}/{f.path}
                </span>
                <span className="group-count">{f.matches.length}</span>
              </button>
              {open && (
                <ul>
                  {f.matches.map((m, i) => (
                    <li key={`${m.line}:${m.column}:${i}`}>
                      <button
                        type="button"
                        className="search-match"
                        data-testid="search-match"
                        data-line={m.line}
                        title={`Line ${m.line}, column ${m.column}`}
                        onClick={() => void jump(f, m)}
                      >
                        <span className="search-line-no">{m.line}</span>
                        <MatchLine m={m} />
                      </button>
                    </li>
                  ))}
                </ul>
              )}
            </section>
          );
        })}
      </div>
    </div>
  );
}
