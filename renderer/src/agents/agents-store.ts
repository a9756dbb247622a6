/**
 * The allowlist manager's state: whether its view is open (it takes the centre of
 * the window), the agent being edited, and the unsaved edits. Saving sends every
 * agent through `agents.save` (the host writes skill-studio.json atomically and
 * keeps its other keys); enforcement stays on the host.
 */
import { create } from 'zustand';
import type { AgentConfig } from '../../../shared/api/studio-api';
import { freshAgentId } from '../../../shared/playground/agent-preview';
import { backend } from '../backend/current';
import { errorMessage } from '../backend/studio-error';
import { useWorkspace } from '../stores/workspace-store';
import { notify } from '../stores/ui-store';
import { useEditor } from '../stores/editor-store';

interface AgentsState {
  open: boolean;
  selected: string | null;
  /** Edited agents, or null when nothing is edited (the workspace's list is shown). */
  draft: AgentConfig[] | null;
  saving: boolean;
  error: string | null;
  show(agentId?: string | null): void;
  close(): void;
  select(id: string): void;
  /** The agents as shown: the draft, else the workspace's. */
  agents(): AgentConfig[];
  create(name: string): string;
  rename(id: string, name: string): void;
  remove(id: string): void;
  setAllowed(id: string, skills: string[]): void;
  save(): Promise<boolean>;
  revert(): void;
}

function saved(): AgentConfig[] {
  return useWorkspace.getState().info?.agents ?? [];
}

export const useAgents = create<AgentsState>((set, get) => {
  const edit = (fn: (list: AgentConfig[]) => AgentConfig[]) => {
    set({
      draft: fn(
        get()
          .agents()
          .map((a) => ({ ...a, allowed_skills: [...a.allowed_skills] })),
      ),
      error: null,
    });
  };
  return {
    open: false,
    selected: null,
    draft: null,
    saving: false,
    error: null,
    show(agentId) {
      const list = get().agents();
      const selected = agentId ?? get().selected ?? list[0]?.id ?? null;
      set({ open: true, selected });
    },
    close: () => set({ open: false }),
    select: (id) => set({ selected: id }),
    agents() {
      return get().draft ?? saved();
    },
    create(name) {
      const taken = new Set(
        get()
          .agents()
          .map((a) => a.id),
      );
      const id = freshAgentId(name, taken);
      edit((list) => [...list, { id, name: name.trim() || id, allowed_skills: [] }]);
      set({ selected: id, open: true });
      return id;
    },
    rename(id, name) {
      edit((list) => list.map((a) => (a.id === id ? { ...a, name } : a)));
    },
    remove(id) {
      edit((list) => list.filter((a) => a.id !== id));
      const rest = get().agents();
      if (get().selected === id) set({ selected: rest[0]?.id ?? null });
    },
    setAllowed(id, skills) {
      const unique = [...new Set(skills)];
      edit((list) => list.map((a) => (a.id === id ? { ...a, allowed_skills: unique } : a)));
    },
    async save() {
      const draft = get().draft;
      if (!draft) return true;
      const blank = draft.find((a) => a.name.trim() === '');
      if (blank) {
        set({ error: `The agent "${blank.id}" needs a name.` });
        return false;
      }
      set({ saving: true, error: null });
      try {
        const info = await backend().call('agents.save', { agents: draft });
        useWorkspace.getState().set(info);
        set({ draft: null, saving: false });
        notify('success', 'Allowlists saved to skill-studio.json.');
        return true;
      } catch (err) {
        set({ saving: false, error: errorMessage(err) });
        return false;
      }
    },
    revert: () => set({ draft: null, error: null }),
  };
});

/** True when the draft differs from what is saved. */
export function isDirty(state: Pick<AgentsState, 'draft'>): boolean {
  return state.draft !== null && JSON.stringify(state.draft) !== JSON.stringify(saved());
}

// The manager covers the editor: a skill or file opened anywhere (sidebar, Problems,
// Files, Discover) takes the centre back. The draft is kept for the next visit.
useEditor.subscribe((s, prev) => {
  if (s.shown !== prev.shown && useAgents.getState().open) useAgents.getState().close();
});
