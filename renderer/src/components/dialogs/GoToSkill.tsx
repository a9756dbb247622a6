/**
 * Ctrl+P "go to skill": a filter box over every listed skill, ranked by skill-ranking.ts.
 * Arrow keys move, Enter opens (the keyboard then in its editor), Escape closes. Two
 * skills with one name are two rows, each with its source and folder.
 */
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { create } from 'zustand';
import type { SkillListItem } from '../../../../shared/api/studio-api';
import { useSkills } from '../../stores/skills-store';
import { useWorkspace } from '../../stores/workspace-store';
import { SOURCE_LABELS } from '../../stores/skill-filter';
import { openSkill } from '../../app/actions';
import { useEditor } from '../../stores/editor-store';
import { Modal } from './Modal';
import { rankSkills } from './skill-ranking';
import { folderLabel } from '../../util/folder-label';

/** Most rows shown at once; typing narrows the rest down. */
const MAX_ROWS = 100;

export const useGoToSkill = create<{ open: boolean }>(() => ({ open: false }));

export function showGoToSkill(): void {
  useGoToSkill.setState({ open: true });
}

function hideGoToSkill(): void {
  useGoToSkill.setState({ open: false });
}

export function GoToSkill() {
  const open = useGoToSkill((s) => s.open);
  return open ? <GoToSkillPalette /> : null;
}

function GoToSkillPalette() {
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const skills = useSkills((s) => s.listing?.skills);
  const root = useWorkspace((s) => s.info?.root ?? null);
  const list = useRef<HTMLUListElement>(null);
  const ranked = useMemo(() => rankSkills(skills ?? [], query).slice(0, MAX_ROWS), [skills, query]);
  const current = Math.min(active, Math.max(0, ranked.length - 1));

  useEffect(() => {
    list.current
      ?.querySelector<HTMLElement>(`[data-index="${current}"]`)
      ?.scrollIntoView({ block: 'nearest' });
  }, [current]);

  const pick = (skill: SkillListItem | undefined) => {
    if (!skill) return;
    hideGoToSkill();
    // Where the keyboard was is gone with the dialog: it goes to the skill just opened.
    void openSkill({ name: skill.name, dir: skill.dir }).then(() => {
      const { activeId, focus } = useEditor.getState();
      if (activeId) focus(activeId);
    });
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    const last = ranked.length - 1;
    const moves: Record<string, number> = {
      ArrowDown: Math.min(last, current + 1),
      ArrowUp: Math.max(0, current - 1),
      PageDown: Math.min(last, current + 10),
      PageUp: Math.max(0, current - 10),
    };
    if (e.key in moves) setActive(moves[e.key]);
    else if (e.key === 'Enter') pick(ranked[current]?.skill);
    else return;
    e.preventDefault();
  };

  const optionId = (i: number) => `go-to-skill-option-${i}`;
  return (
    <Modal title="Go to skill" onClose={hideGoToSkill} testId="go-to-skill">
      <input
        className="go-to-skill-input"
        role="combobox"
        aria-label="Skill name"
        aria-expanded="true"
        aria-controls="go-to-skill-list"
        aria-activedescendant={ranked.length > 0 ? optionId(current) : undefined}
        autoFocus
        value={query}
        placeholder="Type a skill name"
        spellCheck={false}
        onChange={(e) => {
          setQuery(e.target.value);
          setActive(0);
        }}
        onKeyDown={onKeyDown}
        data-testid="go-to-skill-input"
      />
      <ul
        ref={list}
        id="go-to-skill-list"
        className="go-to-skill-list"
        role="listbox"
        aria-label="Skills"
      >
        {ranked.map(({ skill }, i) => (
          <li
            key={skill.dir}
            id={optionId(i)}
            role="option"
            aria-selected={i === current}
            className={`go-to-skill-item${i === current ? ' active' : ''}`}
            data-index={i}
            data-testid="go-to-skill-item"
            data-skill={skill.name}
            data-source={skill.source}
            title={skill.dir}
            // Keep the focus in the box: a click picks, it does not blur.
            onMouseDown={(e) => e.preventDefault()}
            onMouseMove={() => setActive(i)}
            onClick={() => pick(skill)}
          >
            <span className="go-to-skill-name">{skill.name}</span>
            <span className="go-to-skill-source">{SOURCE_LABELS[skill.source]}</span>
            <span className="go-to-skill-folder">{folderLabel(skill.dir, root)}</span>
          </li>
        ))}
      </ul>
      {ranked.length === 0 && (
        <div className="go-to-skill-empty" data-testid="go-to-skill-empty">
          {skills ? `No skill matches “${query.trim()}”.` : 'Loading skills…'}
        </div>
      )}
    </Modal>
  );
}
