/**
 * The skill listing, the sidebar query, and the selected skill with its details
 * (files, raw SKILL.md). Kept fresh from `skills.changed` / `file.changed` events.
 */
import { create } from 'zustand';
import type { SkillDetail, SkillListItem, SkillListing } from '../../../shared/api/studio-api';
import { backend } from '../backend/current';
import { errorMessage } from '../backend/studio-error';

export interface SkillRef {
  name: string;
  path: string;
}

interface SkillsState {
  listing: SkillListing | null;
  loading: boolean;
  error: string | null;
  query: string;
  selected: SkillRef | null;
  detail: SkillDetail | null;
  detailError: string | null;
  setQuery(q: string): void;
  refresh(): Promise<void>;
  select(ref: SkillRef | null): Promise<SkillDetail | null>;
  reloadDetail(): Promise<void>;
  /** The listed item for a reference (by name and folder). */
  find(ref: SkillRef): SkillListItem | undefined;
  /** The skill a name stands for: the listed copy that is not shadowed. */
  winner(name: string | null): SkillListItem | undefined;
}

let detailRequest = 0;

export const useSkills = create<SkillsState>((set, get) => ({
  listing: null,
  loading: false,
  error: null,
  query: '',
  selected: null,
  detail: null,
  detailError: null,
  setQuery: (query) => set({ query }),
  async refresh() {
    set({ loading: true });
    try {
      const listing = await backend().call('skills.list', {});
      set({ listing, loading: false, error: null });
      const sel = get().selected;
      if (sel && !listing.skills.some((s) => s.path === sel.path)) {
        // The selected folder is gone (deleted or renamed): fall back to the same name if listed.
        const same = get().winner(sel.name);
        if (same) await get().select({ name: same.name, path: same.path });
        else set({ selected: null, detail: null });
      }
    } catch (err) {
      set({ loading: false, error: errorMessage(err) });
    }
  },
  async select(ref) {
    const req = ++detailRequest;
    if (!ref) {
      set({ selected: null, detail: null, detailError: null });
      return null;
    }
    set({ selected: ref, detailError: null });
    try {
      const detail = await backend().call('skills.get', { name: ref.name, path: ref.path });
      if (req === detailRequest) set({ detail });
      return detail;
    } catch (err) {
      if (req === detailRequest) set({ detail: null, detailError: errorMessage(err) });
      return null;
    }
  },
  async reloadDetail() {
    const sel = get().selected;
    if (!sel) return;
    const req = ++detailRequest;
    try {
      const detail = await backend().call('skills.get', { name: sel.name, path: sel.path });
      if (req === detailRequest) set({ detail, detailError: null });
    } catch (err) {
      if (req === detailRequest) set({ detailError: errorMessage(err) });
    }
  },
  find(ref) {
    return get().listing?.skills.find((s) => s.name === ref.name && s.path === ref.path);
  },
  winner(name) {
    return get().listing?.skills.find((s) => s.name === name && !s.shadowed_by);
  },
}));
