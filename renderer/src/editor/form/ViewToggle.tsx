/** Text / Split / Form: how the active SKILL.md is shown (a radio group, arrow keys move). */
import type { KeyboardEvent } from 'react';
import { VIEW_MODES, useSkillView } from './view-mode';

export function ViewToggle() {
  const mode = useSkillView((s) => s.mode);
  const setMode = useSkillView((s) => s.setMode);
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key !== 'ArrowRight' && e.key !== 'ArrowLeft') return;
    e.preventDefault();
    const i = VIEW_MODES.findIndex((m) => m.mode === mode);
    const step = e.key === 'ArrowRight' ? 1 : VIEW_MODES.length - 1;
    const next = VIEW_MODES[(i + step) % VIEW_MODES.length].mode;
    setMode(next);
    e.currentTarget.querySelector<HTMLButtonElement>(`[data-mode="${next}"]`)?.focus();
  };
  return (
    <div
      className="view-toggle"
      role="radiogroup"
      aria-label="Show SKILL.md as"
      data-testid="view-toggle"
      onKeyDown={onKeyDown}
    >
      {VIEW_MODES.map((m) => (
        <button
          key={m.mode}
          type="button"
          role="radio"
          aria-checked={mode === m.mode}
          tabIndex={mode === m.mode ? 0 : -1}
          data-mode={m.mode}
          onClick={() => setMode(m.mode)}
        >
          {m.label}
        </button>
      ))}
    </div>
  );
}
