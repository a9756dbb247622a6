/**
 * One "current skill": the active editor tab's. The sidebar highlight, the Files
 * panel, the playground, export and problems read `useSkills().selected`; this
 * keeps it on the active tab's skill folder whenever the active tab changes. With
 * no tab open, the skill last picked in the sidebar stays current (picking one
 * opens its SKILL.md, which makes it the active tab's again).
 */
import { useEditor, activeBuffer } from './editor-store';
import { useSkills } from './skills-store';

/** The skill folder the active tab belongs to, or null with no tab open. */
function activeSkill(): { name: string; dir: string } | null {
  const b = activeBuffer(useEditor.getState());
  return b ? { name: b.skill, dir: b.skillDir } : null;
}

let stop: (() => void) | null = null;

export function followActiveTab(): () => void {
  stop?.();
  const sync = () => {
    const active = activeSkill();
    if (!active) return;
    if (useSkills.getState().selected?.dir === active.dir) return;
    void useSkills.getState().select(active);
  };
  stop = useEditor.subscribe((s, prev) => {
    if (s.activeId !== prev.activeId) sync();
  });
  sync();
  return stop;
}
