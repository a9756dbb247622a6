/**
 * How a SKILL.md is shown: its text, the Form beside the text, or the Form alone (the
 * text editor stays mounted, hidden, so both keep one model and one undo history).
 * Remembered across reloads; other files always show their text.
 */
import { create } from 'zustand';

export type SkillViewMode = 'text' | 'split' | 'form';

export const VIEW_MODES: readonly { mode: SkillViewMode; label: string }[] = [
  { mode: 'text', label: 'Text' },
  { mode: 'split', label: 'Split' },
  { mode: 'form', label: 'Form' },
];

const STORAGE_KEY = 'skill-studio.skill-view';

function initial(): SkillViewMode {
  try {
    const saved = globalThis.localStorage?.getItem(STORAGE_KEY);
    if (saved === 'text' || saved === 'split' || saved === 'form') return saved;
  } catch {
    // Storage may be unavailable (privacy settings): the text view it is.
  }
  return 'text';
}

interface ViewModeState {
  mode: SkillViewMode;
  setMode(mode: SkillViewMode): void;
}

export const useSkillView = create<ViewModeState>((set) => ({
  mode: initial(),
  setMode(mode) {
    set({ mode });
    try {
      globalThis.localStorage?.setItem(STORAGE_KEY, mode);
    } catch {
      // Not remembered; the choice still holds for this session.
    }
  },
}));
