/**
 * skill/discover as the chosen agent: tag and category filters (tags OR-ed,
 * categories OR-ed, both → AND, as the host applies them) and the returned
 * SkillDefinitions. Acting as an agent shows exactly what its allowlist lets it see.
 */
import { useCallback, useEffect, useState } from 'react';
import type { SkillDefinition } from '../../../shared/protocol/a2e';
import { UNDECLARED_VERSION } from '../../../shared/skill/definition';
import { usePlayground } from './playground-store';
import { discover } from './a2e-discovery';
import { errorMessage } from '../backend/studio-error';
import { useSkills } from '../stores/skills-store';
import { useWorkspace } from '../stores/workspace-store';

function splitList(text: string): string[] {
  return text
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
}

export function DiscoverPanel({ onOpenSkill }: { onOpenSkill(name: string): void }) {
  const actAs = usePlayground((s) => s.actAs);
  // A remote host binds its own agent: our "Act as" does not go there.
  const host = usePlayground((s) => s.host);
  const asAgent = host === null ? actAs : null;
  const listing = useSkills((s) => s.listing);
  const agentsVersion = useWorkspace((s) => s.info?.agents);
  const [tags, setTags] = useState('');
  const [categories, setCategories] = useState('');
  const [result, setResult] = useState<SkillDefinition[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const knownTags = [...new Set((listing?.skills ?? []).flatMap((s) => s.tags))].sort();
  const knownCategories = [
    ...new Set((listing?.skills ?? []).map((s) => s.category).filter((c): c is string => !!c)),
  ].sort();

  const run = useCallback(async () => {
    setBusy(true);
    setError(null);
    try {
      setResult(
        await discover(
          asAgent,
          { tags: splitList(tags), categories: splitList(categories) },
          undefined,
          host,
        ),
      );
    } catch (err) {
      setResult(null);
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  }, [asAgent, host, tags, categories]);

  // Who we act as, the skills and the allowlists all change what discovery returns: ask again.
  useEffect(() => {
    void run();
  }, [asAgent, host, listing, agentsVersion]);

  const toggleIn = (list: string, value: string, set: (v: string) => void) => {
    const items = splitList(list);
    set((items.includes(value) ? items.filter((x) => x !== value) : [...items, value]).join(', '));
  };

  return (
    <div className="pg-discover" data-testid="discover-panel">
      <form
        className="pg-toolbar wrap"
        onSubmit={(e) => {
          e.preventDefault();
          void run();
        }}
      >
        <label className="pg-inline">
          Tags
          <input
            className="pg-input"
            value={tags}
            onChange={(e) => setTags(e.target.value)}
            placeholder="any (comma-separated)"
            data-testid="discover-tags"
            list="pg-known-tags"
          />
        </label>
        <label className="pg-inline">
          Categories
          <input
            className="pg-input"
            value={categories}
            onChange={(e) => setCategories(e.target.value)}
            placeholder="any"
            data-testid="discover-categories"
            list="pg-known-categories"
          />
        </label>
        <datalist id="pg-known-tags">
          {knownTags.map((t) => (
            <option key={t} value={t} />
          ))}
        </datalist>
        <datalist id="pg-known-categories">
          {knownCategories.map((c) => (
            <option key={c} value={c} />
          ))}
        </datalist>
        <button type="submit" className="button" disabled={busy} data-testid="discover-button">
          Discover
        </button>
        <span className="pg-muted" data-testid="discover-count">
          {busy
            ? 'asking…'
            : result
              ? `${result.length} skill${result.length === 1 ? '' : 's'} ${host === null ? `as ${actAs ?? 'the studio'}` : 'on the remote host'}`
              : ''}
        </span>
      </form>
      {knownTags.length > 0 && (
        <div className="pg-chips" aria-label="Filter by tag">
          {knownTags.slice(0, 24).map((t) => (
            <button
              key={t}
              type="button"
              className={`pg-chip${splitList(tags).includes(t) ? ' on' : ''}`}
              onClick={() => toggleIn(tags, t, setTags)}
              aria-pressed={splitList(tags).includes(t)}
            >
              #{t}
            </button>
          ))}
        </div>
      )}
      {error && (
        <div className="pg-field-error block" role="alert">
          Discovery failed: {error}
        </div>
      )}
      <div className="pg-discover-list">
        {result?.length === 0 && (
          <div className="pg-empty-line">
            No skill matches{asAgent ? ` for agent ${asAgent}` : ''}.
          </div>
        )}
        {result?.map((d) => (
          <article
            key={d.name}
            className="pg-def"
            data-testid="discovered-skill"
            data-skill={d.name}
          >
            <header>
              <strong>{d.name}</strong>
              {/* A2E always sends a version and a status: the defaults say nothing, so they show nothing. */}
              {d.version !== UNDECLARED_VERSION && <span className="pg-muted">v{d.version}</span>}
              {d.status !== 'Published' && (
                <span className={`pg-badge status-${d.status.toLowerCase()}`}>{d.status}</span>
              )}
              {d.category && <span className="pg-muted">{d.category}</span>}
              <span className="pg-spacer" />
              <button
                type="button"
                className="button secondary small"
                onClick={() =>
                  // A remote host's skill may not exist here: the playground runs it by name.
                  host === null
                    ? onOpenSkill(d.name)
                    : usePlayground.getState().setRemoteSkill(d.name)
                }
                data-testid="discover-open"
              >
                Try it
              </button>
            </header>
            <p className="pg-def-desc">{d.description}</p>
            {d.status === 'Blocked' && typeof d.metadata?.blocked_reason === 'string' && (
              <p className="pg-field-error block" data-testid="discover-blocked-reason">
                Blocked: {d.metadata.blocked_reason}
              </p>
            )}
            {d.when_to_use && d.when_to_use !== d.description && (
              <p className="pg-def-line">
                <span className="pg-muted">When to use:</span> {d.when_to_use}
              </p>
            )}
            {d.argument_hint && (
              <p className="pg-def-line">
                <span className="pg-muted">Arguments:</span> <code>{d.argument_hint}</code>
              </p>
            )}
            {(d.tags ?? []).length > 0 && (
              <div className="pg-chips small">
                {(d.tags ?? []).map((t) => (
                  <span key={t} className="pg-chip static">
                    #{t}
                  </span>
                ))}
              </div>
            )}
          </article>
        ))}
      </div>
    </div>
  );
}
