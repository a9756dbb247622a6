import { useEffect, useRef, type MouseEvent as ReactMouseEvent } from 'react';
import { create } from 'zustand';
import type { SkillListItem } from '../../../../shared/api/studio-api';
import { deleteSkill, duplicateSkill, renameSkill } from '../../actions/skill-admin';
import '../../styles/skill-menu.css';

type MenuSkill = Pick<SkillListItem, 'name' | 'dir' | 'writable' | 'readOnlyReason'>;

interface SkillMenuState {
  skill: MenuSkill | null;
  x: number;
  y: number;
}

const useSkillMenu = create<SkillMenuState>(() => ({ skill: null, x: 0, y: 0 }));

const closeMenu = () => useSkillMenu.setState({ skill: null });

/**
 * Opens the skill's menu where the user right-clicked (or under the row, from the
 * keyboard's context-menu key). SkillRow calls this from its `onContextMenu`.
 */
export function openSkillMenu(e: ReactMouseEvent<HTMLElement>, skill: MenuSkill): void {
  e.preventDefault();
  const rect = e.currentTarget.getBoundingClientRect();
  const fromKeyboard = e.clientX === 0 && e.clientY === 0;
  useSkillMenu.setState({
    skill: {
      name: skill.name,
      dir: skill.dir,
      writable: skill.writable,
      readOnlyReason: skill.readOnlyReason,
    },
    x: fromKeyboard ? rect.left + 16 : e.clientX,
    y: fromKeyboard ? rect.bottom : e.clientY,
  });
}

/** Duplicate, rename and delete a skill: one menu, mounted once in the sidebar. */
export function SkillMenu() {
  const { skill, x, y } = useSkillMenu();
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!skill) return;
    box.current?.querySelector<HTMLButtonElement>('button:not(:disabled)')?.focus();
    const away = (e: MouseEvent) => {
      if (!box.current?.contains(e.target as Node)) closeMenu();
    };
    window.addEventListener('mousedown', away, true);
    window.addEventListener('blur', closeMenu);
    window.addEventListener('resize', closeMenu);
    return () => {
      window.removeEventListener('mousedown', away, true);
      window.removeEventListener('blur', closeMenu);
      window.removeEventListener('resize', closeMenu);
    };
  }, [skill]);

  if (!skill) return null;
  const readOnly = skill.writable ? undefined : `Read-only: ${skill.readOnlyReason ?? ''}`;
  const run = (action: (s: MenuSkill) => Promise<void>) => () => {
    closeMenu();
    void action(skill);
  };
  // Kept inside the window: a menu opened near the bottom or right edge opens the other way.
  const left = Math.min(x, window.innerWidth - 220);
  const top = Math.min(y, window.innerHeight - 120);
  return (
    <div
      ref={box}
      className="skill-menu"
      role="menu"
      aria-label={`${skill.name} actions`}
      data-testid="skill-menu"
      style={{ left, top }}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.stopPropagation();
          closeMenu();
        }
        if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
          e.preventDefault();
          const items = [
            ...(box.current?.querySelectorAll<HTMLButtonElement>('button:not(:disabled)') ?? []),
          ];
          const at = items.indexOf(document.activeElement as HTMLButtonElement);
          const next = (at + (e.key === 'ArrowDown' ? 1 : items.length - 1)) % items.length;
          items[next]?.focus();
        }
      }}
    >
      <button
        type="button"
        role="menuitem"
        onClick={run(duplicateSkill)}
        data-testid="skill-menu-duplicate"
      >
        {skill.writable ? 'Duplicate' : 'Duplicate into workspace'}
      </button>
      <button
        type="button"
        role="menuitem"
        disabled={!skill.writable}
        title={readOnly}
        onClick={run(renameSkill)}
        data-testid="skill-menu-rename"
      >
        Rename…
      </button>
      <button
        type="button"
        role="menuitem"
        className="danger"
        disabled={!skill.writable}
        title={readOnly}
        onClick={run(deleteSkill)}
        data-testid="skill-menu-delete"
      >
        Delete…
      </button>
    </div>
  );
}
