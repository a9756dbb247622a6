/**
 * Who the playground (and an eval's trigger run) acts as: the studio, which sees every skill,
 * or one of the workspace's agents, whose allowlist applies.
 */
import { useEffect } from 'react';
import { useWorkspace } from '../stores/workspace-store';
import { usePlayground } from './playground-store';

export function ActAsSelect() {
  const actAs = usePlayground((s) => s.actAs);
  const setActAs = usePlayground((s) => s.setActAs);
  const agents = useWorkspace((s) => s.info?.agents) ?? [];
  // An agent that was deleted or renamed away: fall back to the studio.
  useEffect(() => {
    if (actAs !== null && !agents.some((a) => a.id === actAs)) setActAs(null);
  }, [actAs, agents, setActAs]);
  return (
    <label
      className="pg-inline pg-act-as"
      title="Acting as an agent connects with that agent: its allowlist applies exactly as for an outside agent."
    >
      Act as
      <select
        className="pg-input"
        value={actAs ?? ''}
        onChange={(e) => setActAs(e.target.value === '' ? null : e.target.value)}
        data-testid="act-as"
      >
        <option value="">the studio (every skill)</option>
        {agents.map((a) => (
          <option key={a.id} value={a.id}>
            {a.name || a.id} ({a.allowed_skills.length} allowed)
          </option>
        ))}
      </select>
    </label>
  );
}
