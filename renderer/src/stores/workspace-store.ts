/** The open workspace (or none: bundled skills only) as the host reports it. */
import { create } from 'zustand';
import type { WorkspaceInfo } from '../../../shared/api/studio-api';
import { backend } from '../backend/current';
import { errorMessage } from '../backend/studio-error';

interface WorkspaceState {
  info: WorkspaceInfo | null;
  loaded: boolean;
  error: string | null;
  load(): Promise<WorkspaceInfo | null>;
  set(info: WorkspaceInfo): void;
}

export const useWorkspace = create<WorkspaceState>((set) => ({
  info: null,
  loaded: false,
  error: null,
  async load() {
    try {
      const info = await backend().call('workspace.info', {});
      set({ info, loaded: true, error: null });
      return info;
    } catch (err) {
      set({ loaded: true, error: errorMessage(err) });
      return null;
    }
  },
  set(info) {
    set({ info, loaded: true });
  },
}));
