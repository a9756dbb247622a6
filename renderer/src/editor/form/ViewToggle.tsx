/** Text / Split / Form: how the active SKILL.md is shown (a radio group, arrow keys move). */
import { TabBar } from '../../ui/TabBar';
import { VIEW_MODES, useSkillView } from './view-mode';

const ITEMS = VIEW_MODES.map((m) => ({ id: m.mode, label: m.label }));

export function ViewToggle() {
  const mode = useSkillView((s) => s.mode);
  const setMode = useSkillView((s) => s.setMode);
  return (
    <TabBar
      items={ITEMS}
      selected={mode}
      onSelect={setMode}
      className="view-toggle"
      itemClass=""
      role="radiogroup"
      label="Show SKILL.md as"
      testId="view-toggle"
    />
  );
}
