/**
 * What the topology views share: the node (and optionally the one execution of it) the
 * user picked in a graph, which filters the run's transcript and the state inspector, and
 * which side panel of the Graph tab is open. Keyed by skill so a pick never leaks into
 * another skill's run.
 */
import { create } from 'zustand';

export interface StepFocus {
  skill: string;
  /** `agent@column`. */
  node: string;
  /** One execution (run-state.ts stepId), or null for every execution of the node. */
  step: string | null;
}

export type TopologySidePanel = 'agents' | 'state';

interface TopologyUiState {
  focus: StepFocus | null;
  side: TopologySidePanel;
  setFocus(focus: StepFocus | null): void;
  setSide(side: TopologySidePanel): void;
}

export const useTopologyUi = create<TopologyUiState>((set) => ({
  focus: null,
  side: 'agents',
  setFocus: (focus) => set({ focus }),
  setSide: (side) => set({ side }),
}));

/** The focus for `skill`, or null (a pick made for another skill does not apply). */
export function focusFor(state: TopologyUiState, skill: string | null): StepFocus | null {
  return state.focus && state.focus.skill === skill ? state.focus : null;
}
