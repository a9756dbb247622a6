import { useState } from 'react';
import { useWorkspace } from '../../stores/workspace-store';
import { Icon } from '../Icon';
import type { AgentConfig } from '../../../../shared/api/studio-api';

const NO_AGENTS: AgentConfig[] = [];

/** The workspace's agents and how many skills each may use (editing comes with the allowlist manager). */
export function AgentsList() {
  const agents = useWorkspace((s) => s.info?.agents) ?? NO_AGENTS;
  const [open, setOpen] = useState(true);
  if (agents.length === 0) return null;
  return (
    <section className="skill-group agents" data-testid="agents-list">
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
      {open && (
        <ul>
          {agents.map((a) => (
            <li
              key={a.id}
              className="agent-row"
              title={a.allowed_skills.join(', ') || 'No skills allowed'}
            >
              <Icon name="agent" size={14} />
              <span className="skill-name">{a.name || a.id}</span>
              <span className="group-count">{a.allowed_skills.length} allowed</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
