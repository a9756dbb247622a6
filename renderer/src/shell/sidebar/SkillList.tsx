import { useMemo, useState, type KeyboardEvent } from 'react';
import { useSkills } from '../../stores/skills-store';
import { groupSkills, skillKey } from '../../stores/skill-filter';
import { openSkill } from '../../actions/skills';
import { Icon } from '../../ui/Icon';
import { SkillRow } from './SkillRow';
import { useLiveByDir } from '../right/use-problems';
import { mergeLive } from '../../stores/problems';
import { useWorkspace } from '../../stores/workspace-store';
import { namesInSeveralFolders, parentFolderLabel } from '../../util/folder-label';

/** Up/Down, Home/End move the focus between the tree's rows (one Tab stop for the tree). */
function moveInTree(e: KeyboardEvent<HTMLDivElement>): void {
  const rows = [...e.currentTarget.querySelectorAll<HTMLElement>('[role="treeitem"]')];
  const at = rows.indexOf(document.activeElement as HTMLElement);
  if (at < 0 || rows.length === 0) return;
  const to: Record<string, number> = {
    ArrowDown: Math.min(rows.length - 1, at + 1),
    ArrowUp: Math.max(0, at - 1),
    Home: 0,
    End: rows.length - 1,
  };
  if (!(e.key in to)) return;
  e.preventDefault();
  rows[to[e.key]].focus();
}

/**
 * Skills grouped by source (project, user, bundled, plugins), filtered by the
 * search. The highlight is the current skill: the active tab's. A name two skills share
 * shows each one's folder. The tree is one Tab stop; arrow keys move between its rows.
 */
export function SkillList() {
  const listing = useSkills((s) => s.listing);
  const query = useSkills((s) => s.query);
  const selected = useSkills((s) => s.selected);
  const error = useSkills((s) => s.error);
  const liveByDir = useLiveByDir();
  const [folded, setFolded] = useState<Set<string>>(new Set());
  const root = useWorkspace((s) => s.info?.root ?? null);
  const groups = useMemo(() => groupSkills(listing?.skills ?? [], query), [listing, query]);
  /** Names more than one listed skill has: their rows say which folder each is in. */
  const sharedNames = useMemo(() => namesInSeveralFolders(listing?.skills ?? []), [listing]);

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
  // One Tab stop: the current skill's row when it is shown, else the first row.
  const shown = groups.flatMap((g) => (folded.has(g.source) ? [] : g.skills));
  const tabStop = shown.find((s) => s.dir === selected?.dir)?.dir ?? shown[0]?.dir;
  return (
    <div
      className="skill-list"
      role="tree"
      aria-label="Skills"
      data-testid="skill-list"
      onKeyDown={moveInTree}
    >
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
                    where={sharedNames.has(s.name) ? parentFolderLabel(s.dir, root) : null}
                    tabbable={s.dir === tabStop}
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
