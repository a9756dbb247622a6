/**
 * Find in files (Ctrl/Cmd+Shift+F): the query, its options, and the host's answer
 * (`search.contents`). A newer search makes an older answer stale: only the latest is shown.
 */
import { create } from 'zustand';
import type { ContentSearchResult } from '../../../../shared/api/studio-api';
import { backend } from '../../backend/current';
import { errorMessage } from '../../backend/studio-error';

interface SearchState {
  query: string;
  caseSensitive: boolean;
  regex: boolean;
  running: boolean;
  result: ContentSearchResult | null;
  /** What the host said was wrong with the query (a bad regex), or why it failed. */
  error: string | null;
  /** Bumped to put the keyboard in the query box. */
  focusNonce: number;
  set(patch: Partial<Pick<SearchState, 'query' | 'caseSensitive' | 'regex'>>): void;
  run(): Promise<void>;
  focus(): void;
}

let latest = 0;

export const useContentSearch = create<SearchState>((set, get) => ({
  query: '',
  caseSensitive: false,
  regex: false,
  running: false,
  result: null,
  error: null,
  focusNonce: 0,
  set(patch) {
    set(patch);
  },
  async run() {
    const { query, caseSensitive, regex } = get();
    const req = ++latest;
    if (!query) {
      set({ result: null, error: null, running: false });
      return;
    }
    set({ running: true });
    try {
      const result = await backend().call('search.contents', { query, caseSensitive, regex });
      if (req === latest) set({ result, error: null, running: false });
    } catch (err) {
      if (req === latest) set({ result: null, error: errorMessage(err), running: false });
    }
  },
  focus() {
    set((s) => ({ focusNonce: s.focusNonce + 1 }));
  },
}));
