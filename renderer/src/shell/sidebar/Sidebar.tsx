import { useEffect, useRef } from 'react';
import { useSkills } from '../../stores/skills-store';
import { useUi } from '../../stores/ui-store';
import { useWorkspace } from '../../stores/workspace-store';
import { withShortcut, shortcutLabel } from '../../shortcuts';
import { IS_MAC } from '../../platform';
import { Icon } from '../../ui/Icon';
import { IconButton } from '../../ui/IconButton';
import { SkillList } from './SkillList';
import { SkillMenu } from './SkillMenu';
import { AgentsSection } from '../../agents/AgentsSection';
import { chooseWorkspace } from '../../actions/workspace';

/** Left: search, the skills by source, then the agents (allowlists). */
export function Sidebar() {
  const query = useSkills((s) => s.query);
  const setQuery = useSkills((s) => s.setQuery);
  const focusNonce = useUi((s) => s.searchFocusNonce);
  const openDialog = useUi((s) => s.openDialog);
  const root = useWorkspace((s) => s.info?.root ?? null);
  const loaded = useWorkspace((s) => s.loaded);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (focusNonce > 0) {
      input.current?.focus();
      input.current?.select();
    }
  }, [focusNonce]);

  return (
    <aside className="sidebar" aria-label="Skills" data-testid="sidebar">
      <div className="panel-header">
        <span className="panel-title">Skills</span>
        <span className="panel-actions">
          <IconButton
            icon="plus"
            label={withShortcut('New skill', 'newSkill', IS_MAC)}
            onClick={() => openDialog('newSkill')}
            data-testid="new-skill-button"
          />
        </span>
      </div>
      <div className="search-box">
        <Icon name="search" size={14} />
        <input
          ref={input}
          type="search"
          value={query}
          placeholder={`Search skills (${shortcutLabel('focusSearch', IS_MAC)})`}
          title="Matches the name, tags and description; tag:x matches tags only"
          aria-label="Search skills"
          data-testid="skill-search"
          onChange={(e) => setQuery(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Escape') setQuery('');
          }}
        />
      </div>
      {loaded && root === null && (
        <div className="no-workspace" data-testid="no-workspace">
          <p>No workspace open — open a folder or start from a template.</p>
          <div className="row-actions">
            <button type="button" className="button" onClick={() => void chooseWorkspace()}>
              Open folder…
            </button>
            <button
              type="button"
              className="button secondary"
              onClick={() => openDialog('newSkill')}
            >
              New skill…
            </button>
          </div>
        </div>
      )}
      <div className="sidebar-scroll">
        <SkillList />
        <AgentsSection />
      </div>
      <SkillMenu />
    </aside>
  );
}
