import { useMemo, useState } from 'react';
import { useSkills } from '../../stores/skills-store';
import { groupSkills, skillKey } from '../../stores/skill-filter';
import { openSkill } from '../../app/actions';
import { Icon } from '../Icon';
import { SkillRow } from './SkillRow';
import { useLiveByDir } from '../right/use-problems';
import { mergeLive } from '../../stores/problems';

/**
 * Skills grouped by source (project, user, bundled, plugins), filtered by the
 * search. The highlight is the current skill: the active tab's.
 */
export function SkillList() {
  const listing = useSkills((s) => s.listing);
  const query = useSkills((s) => s.query);
  const selected = useSkills((s) => s.selected);
  const error = useSkills((s) => s.error);
  const liveByDir = useLiveByDir();
  const [folded, setFolded] = useState<Set<string>>(new Set());
  const groups = useMemo(() => groupSkills(listing?.skills ?? [], query), [listing, query]);

  if (error && !listing)
    return <div className="sidebar-message error-text">Could not list skills: {error}</div>;
  if (!listing) return <div className="sidebar-message">Loading skills…</div>;
  if (groups.length === 0) {
    return (
      <div className="sidebar-message" data-testid="skill-list-empty">
        {query ? `No skill matches “${query}”.` : 'No skills found.'}
      </div>
    );
  }
  const toggle = (source: string) =>
    setFolded((f) => {
      const next = new Set(f);
      if (next.has(source)) next.delete(source);
      else next.add(source);
      return next;
    });
  return (
    <div className="skill-list" role="tree" aria-label="Skills" data-testid="skill-list">
      {groups.map((g) => {
        const open = !folded.has(g.source);
        return (
          <section key={g.source} className="skill-group" data-testid={`skill-group-${g.source}`}>
            <button
              type="button"
              className="group-header"
              aria-expanded={open}
              onClick={() => toggle(g.source)}
            >
              <Icon name={open ? 'chevronDown' : 'chevronRight'} size={14} />
              <span>{g.label}</span>
              <span className="group-count">{g.skills.length}</span>
            </button>
            {open && (
              <ul role="group">
                {g.skills.map((s) => (
                  <SkillRow
                    key={skillKey(s)}
                    skill={s}
                    diagnostics={
                      liveByDir.has(s.dir)
                        ? mergeLive(s.diagnostics, liveByDir.get(s.dir) ?? [])
                        : s.diagnostics
                    }
                    selected={selected?.dir === s.dir}
                    onOpen={() => void openSkill({ name: s.name, dir: s.dir })}
                  />
                ))}
              </ul>
            )}
          </section>
        );
      })}
    </div>
  );
}
