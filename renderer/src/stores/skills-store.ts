/**
 * The skill listing, the sidebar query, and the current skill with its details
 * (files, raw SKILL.md). Kept fresh from `skills.changed` / `file.changed` events.
 * The current skill is the active editor tab's (current-skill.ts keeps them one);
 * with no tab open it is the one last picked in the sidebar.
 */
import { create } from 'zustand';
import type { SkillDetail, SkillListItem, SkillListing } from '../../../shared/api/studio-api';
import { backend } from '../backend/current';
import { errorMessage } from '../backend/studio-error';

/** A skill as the studio names it: its folder; the name is for display. */
export interface SkillRef {
  name: string;
  /** Absolute folder: the skill's identity (two skills may share a name). */
  dir: string;
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
  /** The listed item for a reference (by folder). */
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
      if (sel && !listing.skills.some((s) => s.dir === sel.dir)) {
        // The current folder is gone (deleted or moved): say so rather than show another skill.
        set({ detail: null, detailError: `${sel.name}: its folder ${sel.dir} no longer exists.` });
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
    // Another skill: never show the previous one's files under the new name meanwhile.
    const same = get().selected?.dir === ref.dir;
    set(
      same
        ? { selected: ref, detailError: null }
        : { selected: ref, detail: null, detailError: null },
    );
    try {
      const detail = await backend().call('skills.get', { skill: ref.dir });
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
    // A folder the listing no longer has is gone: refresh() has said so already.
    const listing = get().listing;
    if (listing && !listing.skills.some((s) => s.dir === sel.dir)) return;
    const req = ++detailRequest;
    try {
      const detail = await backend().call('skills.get', { skill: sel.dir });
      if (req === detailRequest) set({ detail, detailError: null });
    } catch (err) {
      if (req === detailRequest) set({ detailError: errorMessage(err) });
    }
  },
  find(ref) {
    return get().listing?.skills.find((s) => s.dir === ref.dir);
  },
  winner(name) {
    return get().listing?.skills.find((s) => s.name === name && !s.shadowed_by);
  },
}));
