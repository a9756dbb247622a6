/**
 * The sidebar's Agents section: the workspace's agents with how many skills each
 * may use; a click opens the allowlist manager on that agent, + creates one.
 */
import { useState } from 'react';
import { useWorkspace } from '../stores/workspace-store';
import { askText, notify } from '../stores/ui-store';
import { Icon } from '../ui/Icon';
import { useAgents } from './agents-store';

export function AgentsSection() {
  const info = useWorkspace((s) => s.info);
  const draft = useAgents((s) => s.draft);
  const viewOpen = useAgents((s) => s.open);
  const selected = useAgents((s) => s.selected);
  const [open, setOpen] = useState(true);
  const agents = draft ?? info?.agents ?? [];
  const noWorkspace = info !== null && info.root === null;

  const create = async () => {
    if (noWorkspace) {
      notify('info', 'Open a workspace first: agents live in its skill-studio.json.');
      return;
    }
    const name = await askText({ title: 'New agent', label: 'Agent name', confirmLabel: 'Create' });
    if (name === null || name.trim() === '') return;
    useAgents.getState().create(name);
  };

  return (
    <section className="skill-group agents ag-section" data-testid="agents-list">
      <div className="ag-section-head">
        <button
          type="button"
          className="group-header"
          aria-expanded={open}
          onClick={() => setOpen(!open)}
        >
          <Icon name={open ? 'chevronDown' : 'chevronRight'} size={14} />
          <span>Agents</span>
          <span className="group-count">{agents.length}</span>
        </button>
        <button
          type="button"
          className="icon-button ag-add"
          title="New agent"
          aria-label="New agent"
          onClick={() => void create()}
          data-testid="agent-new"
        >
          <Icon name="plus" size={14} />
        </button>
      </div>
      {open && (
        <ul>
          {agents.map((a) => (
            <li key={a.id}>
              <button
                type="button"
                className={`agent-row ag-row${viewOpen && selected === a.id ? ' selected' : ''}`}
                title={a.allowed_skills.join(', ') || 'No skills allowed'}
                onClick={() => useAgents.getState().show(a.id)}
                data-testid="agent-row"
                data-agent={a.id}
              >
                <Icon name="agent" size={14} />
                <span className="skill-name">{a.name || a.id}</span>
                <span className="group-count">{a.allowed_skills.length} allowed</span>
              </button>
            </li>
          ))}
          {agents.length === 0 && (
            <li className="ag-empty">
              {noWorkspace
                ? 'Open a workspace to define agents.'
                : 'No agents yet — + creates one and its allowlist.'}
            </li>
          )}
          <li>
            <button
              type="button"
              className="link-button ag-manage"
              onClick={() => useAgents.getState().show()}
              data-testid="agents-manage"
            >
              Manage allowlists…
            </button>
          </li>
        </ul>
      )}
    </section>
  );
}
