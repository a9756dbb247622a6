/**
 * The allowlist manager (the centre of the window while open): create, rename
 * and delete agents; pick each one's skills with search, select-by-tag and
 * select-all; and see what the agent's model will see — the stage-1 list, the
 * <available_skills> XML, its token estimate, and warnings about allowed skills
 * that are missing, broken, blocked or archived. Saved with agents.save.
 */
import { useMemo, useState } from 'react';
import type { SkillListItem } from '../../../shared/api/studio-api';
import { agentPreview, tagCounts, winners } from '../../../shared/playground/agent-preview';
import { shortDescription } from '../../../shared/skill/prompt-index';
import { useSkills } from '../stores/skills-store';
import { useLayout } from '../stores/layout-store';
import { matchesQuery } from '../stores/skill-filter';
import { useWorkspace } from '../stores/workspace-store';
import { askConfirm, askText } from '../stores/ui-store';
import { Icon } from '../ui/Icon';
import { IconButton } from '../ui/IconButton';
import { copyText } from '../util/browser-utils';
import { usePlayground } from '../playground/playground-store';
import { isDirty, useAgents } from './agents-store';
import '../styles/playground.css';
import { PanelErrorBoundary } from '../ui/PanelErrorBoundary';
import './agents.css';
import { SOURCE_LABELS } from '../stores/skill-filter';

const NO_SKILLS: SkillListItem[] = [];

function ModelPreview({ allowed, skills }: { allowed: string[]; skills: SkillListItem[] }) {
  const p = useMemo(() => agentPreview(allowed, skills), [allowed, skills]);
  const [copied, setCopied] = useState(false);
  return (
    <section
      className="ag-preview"
      data-testid="agent-preview"
      aria-label="What the agent's model sees"
    >
      <h3>What the agent’s model sees</h3>
      {p.warnings.length > 0 && (
        <ul className="ag-warnings" data-testid="agent-warnings">
          {p.warnings.map((w) => (
            <li
              key={w.skill + w.kind}
              className={`ag-warning kind-${w.kind}`}
              data-testid="agent-warning"
              data-kind={w.kind}
              data-skill={w.skill}
            >
              <Icon name="warning" size={14} />
              {w.message}
            </li>
          ))}
        </ul>
      )}
      <div className="ag-subtitle">
        Stage 1: {p.stage1.length} skill{p.stage1.length === 1 ? '' : 's'} · ~{p.stage1Tokens}{' '}
        tokens
      </div>
      {p.stage1.length === 0 ? (
        <p className="pg-muted">The model is offered no skill.</p>
      ) : (
        <ol className="ag-stage1" data-testid="agent-stage1">
          {p.stage1.map((s) => (
            <li key={s.name}>
              <strong>{s.name}</strong> — {s.description}
            </li>
          ))}
        </ol>
      )}
      <div className="ag-subtitle">
        <code>&lt;available_skills&gt;</code> ·{' '}
        <span data-testid="agent-tokens">~{p.tokens} tokens</span>
        <button
          type="button"
          className="button secondary small"
          onClick={() => void copyText(p.xml).then((ok) => setCopied(ok))}
          data-testid="agent-copy-xml"
        >
          {copied ? 'Copied' : 'Copy'}
        </button>
      </div>
      <pre className="ag-xml" data-testid="agent-xml">
        {p.xml}
      </pre>
    </section>
  );
}

function AgentsViewBody() {
  const info = useWorkspace((s) => s.info);
  const listing = useSkills((s) => s.listing);
  const skills = listing?.skills ?? NO_SKILLS;
  const draft = useAgents((s) => s.draft);
  const selectedId = useAgents((s) => s.selected);
  const saving = useAgents((s) => s.saving);
  const error = useAgents((s) => s.error);
  const store = useAgents.getState();
  const agents = draft ?? info?.agents ?? [];
  const agent = agents.find((a) => a.id === selectedId) ?? agents[0] ?? null;
  const dirty = isDirty({ draft });
  const [query, setQuery] = useState('');

  const byName = useMemo(() => winners(skills), [skills]);
  const all = useMemo(
    () => [...byName.values()].sort((a, b) => (a.name < b.name ? -1 : 1)),
    [byName],
  );
  const tags = useMemo(() => tagCounts(skills), [skills]);
  const shown = all.filter((s) => matchesQuery(s, query));
  const allowed = agent?.allowed_skills ?? [];
  const allowedSet = new Set(allowed);
  const missing = allowed.filter((n) => !byName.has(n));
  const noWorkspace = info !== null && info.root === null;

  const setAllowed = (names: string[]) => agent && store.setAllowed(agent.id, names);
  const toggle = (name: string) =>
    setAllowed(allowedSet.has(name) ? allowed.filter((n) => n !== name) : [...allowed, name]);
  const toggleTag = (tag: string) => {
    const withTag = all.filter((s) => s.tags.includes(tag)).map((s) => s.name);
    const every = withTag.every((n) => allowedSet.has(n));
    setAllowed(every ? allowed.filter((n) => !withTag.includes(n)) : [...allowed, ...withTag]);
  };

  const create = async () => {
    const name = await askText({ title: 'New agent', label: 'Agent name', confirmLabel: 'Create' });
    if (name !== null && name.trim() !== '') store.create(name);
  };
  const rename = async () => {
    if (!agent) return;
    const name = await askText({
      title: 'Rename agent',
      label: `New name for ${agent.id}`,
      initial: agent.name,
      confirmLabel: 'Rename',
    });
    if (name !== null && name.trim() !== '') store.rename(agent.id, name.trim());
  };
  const remove = async () => {
    if (!agent) return;
    const ok = await askConfirm({
      title: 'Delete agent?',
      message: `"${agent.name}" (${agent.id}) and its allowlist of ${agent.allowed_skills.length} skill(s) are removed from skill-studio.json when you save.`,
      confirmLabel: 'Delete',
      danger: true,
    });
    if (ok) store.remove(agent.id);
  };
  const close = async () => {
    if (
      dirty &&
      !(await askConfirm({
        title: 'Discard changes?',
        message: 'The allowlists have unsaved changes.',
        confirmLabel: 'Discard',
        danger: true,
      }))
    )
      return;
    store.revert();
    store.close();
  };

  return (
    <section className="ag-view" aria-label="Agents and allowlists" data-testid="agents-view">
      <div className="panel-header ag-header">
        <span className="panel-title">Agents &amp; allowlists</span>
        {dirty && (
          <span className="ag-dirty" data-testid="agents-dirty">
            Unsaved changes
          </span>
        )}
        <span className="panel-actions">
          <button
            type="button"
            className="button secondary small"
            disabled={!dirty || saving}
            onClick={() => store.revert()}
            data-testid="agents-revert"
          >
            Revert
          </button>
          <button
            type="button"
            className="button small"
            disabled={!dirty || saving}
            onClick={() => void store.save()}
            data-testid="agents-save"
          >
            {saving ? 'Saving…' : 'Save'}
          </button>
          <IconButton
            icon="close"
            label="Close the allowlist manager"
            onClick={() => void close()}
            data-testid="agents-close"
          />
        </span>
      </div>
      {error && (
        <div className="pg-field-error block" role="alert" data-testid="agents-error">
          {error}
        </div>
      )}
      {noWorkspace ? (
        <div className="panel-empty">
          Open a workspace: agents and their allowlists live in its skill-studio.json.
        </div>
      ) : (
        <div className="ag-body">
          <nav className="ag-list" aria-label="Agents">
            <ul>
              {agents.map((a) => (
                <li key={a.id}>
                  <button
                    type="button"
                    className={`ag-list-item${agent?.id === a.id ? ' selected' : ''}`}
                    onClick={() => store.select(a.id)}
                    data-testid="agents-view-item"
                    data-agent={a.id}
                  >
                    <Icon name="agent" size={14} />
                    <span className="ag-name">{a.name || a.id}</span>
                    <span className="group-count">{a.allowed_skills.length}</span>
                  </button>
                </li>
              ))}
            </ul>
            <button
              type="button"
              className="button secondary small ag-new"
              onClick={() => void create()}
              data-testid="agents-view-new"
            >
              + New agent
            </button>
          </nav>
          {!agent ? (
            <div className="panel-empty">
              No agents yet. Create one to decide which skills it may use.
            </div>
          ) : (
            <div className="ag-editor">
              <div className="ag-agent-head">
                <h2 data-testid="agent-name">{agent.name}</h2>
                <code className="pg-muted">id: {agent.id}</code>
                <button
                  type="button"
                  className="button secondary small"
                  onClick={() => void rename()}
                  data-testid="agent-rename"
                >
                  Rename
                </button>
                <button
                  type="button"
                  className="button secondary small"
                  onClick={() => void remove()}
                  data-testid="agent-delete"
                >
                  Delete
                </button>
                <button
                  type="button"
                  className="button secondary small"
                  title="Act as this agent in the playground"
                  disabled={dirty}
                  onClick={() => {
                    usePlayground.getState().setActAs(agent.id);
                    usePlayground.getState().setTab('discover');
                    useLayout.getState().showBottom();
                  }}
                  data-testid="agent-try"
                >
                  Try in playground
                </button>
              </div>
              <div className="ag-columns">
                <section className="ag-skills" aria-label="Allowed skills">
                  <div className="ag-toolbar">
                    <input
                      type="search"
                      className="pg-input"
                      placeholder="Search skills"
                      aria-label="Search skills to allow"
                      value={query}
                      onChange={(e) => setQuery(e.target.value)}
                      data-testid="agent-skill-search"
                    />
                    <button
                      type="button"
                      className="button secondary small"
                      onClick={() => setAllowed([...allowed, ...shown.map((s) => s.name)])}
                      data-testid="agent-select-all"
                    >
                      Select all{query ? ' shown' : ''}
                    </button>
                    <button
                      type="button"
                      className="button secondary small"
                      onClick={() => {
                        const drop = new Set(shown.map((s) => s.name));
                        setAllowed(allowed.filter((n) => !drop.has(n)));
                      }}
                      data-testid="agent-select-none"
                    >
                      None{query ? ' shown' : ''}
                    </button>
                    <span className="pg-muted" data-testid="agent-allowed-count">
                      {allowed.length} allowed
                    </span>
                  </div>
                  {tags.length > 0 && (
                    <div className="pg-chips" aria-label="Select by tag">
                      {tags.map(({ tag, count }) => {
                        const names = all.filter((s) => s.tags.includes(tag)).map((s) => s.name);
                        const on = names.every((n) => allowedSet.has(n));
                        return (
                          <button
                            key={tag}
                            type="button"
                            className={`pg-chip${on ? ' on' : ''}`}
                            aria-pressed={on}
                            title={
                              on
                                ? `Remove the ${count} skill(s) tagged ${tag}`
                                : `Allow the ${count} skill(s) tagged ${tag}`
                            }
                            onClick={() => toggleTag(tag)}
                            data-testid="agent-tag"
                            data-tag={tag}
                          >
                            #{tag} {count}
                          </button>
                        );
                      })}
                    </div>
                  )}
                  <ul className="ag-skill-list" role="group" aria-label="Skills">
                    {missing.map((name) => (
                      <li key={`missing-${name}`} className="ag-skill missing">
                        <label>
                          <input type="checkbox" checked onChange={() => toggle(name)} />
                          <span className="ag-skill-name">{name}</span>
                          <span className="pg-badge error">missing</span>
                        </label>
                      </li>
                    ))}
                    {shown.map((s) => (
                      <li key={s.name} className="ag-skill">
                        <label title={s.description}>
                          <input
                            type="checkbox"
                            checked={allowedSet.has(s.name)}
                            onChange={() => toggle(s.name)}
                            data-testid="agent-skill"
                            data-skill={s.name}
                          />
                          <span className="ag-skill-name">{s.name}</span>
                          <span className="pg-badge">{SOURCE_LABELS[s.source]}</span>
                          {s.status !== 'Published' && (
                            <span className={`pg-badge status-${s.status.toLowerCase()}`}>
                              {s.status}
                            </span>
                          )}
                          {s.has_errors && <span className="pg-badge error">errors</span>}
                          <span className="ag-skill-desc">{shortDescription(s.description)}</span>
                        </label>
                      </li>
                    ))}
                    {shown.length === 0 && <li className="pg-muted">No skill matches.</li>}
                  </ul>
                </section>
                <ModelPreview allowed={allowed} skills={skills} />
              </div>
            </div>
          )}
        </div>
      )}
    </section>
  );
}

export function AgentsView() {
  return (
    <PanelErrorBoundary name="allowlist manager">
      <AgentsViewBody />
    </PanelErrorBoundary>
  );
}
