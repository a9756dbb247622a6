/**
 * The LLM providers as the UI knows them: the host's list (with whether each key is
 * there, never the key), whether the settings view is open and which provider it edits,
 * and the last "test connection" of each. The playground's picker reads the same list.
 * The host writes skill-studio.json; this store only asks and re-reads. A key typed in
 * the desktop app goes straight to the host's encrypted store and is not kept here.
 */
import { create } from 'zustand';
import type {
  ProviderCheckView,
  ProviderInput,
  ProvidersInfo,
} from '../../../shared/api/studio-api';
import { backend } from '../backend/current';
import { errorMessage } from '../backend/studio-error';

interface ProvidersState {
  info: ProvidersInfo | null;
  loadError: string | null;
  /** The settings view is open. */
  open: boolean;
  /** The provider the form edits: an id, 'new', or null (no form). */
  editing: string | null;
  checks: Record<string, ProviderCheckView | 'checking'>;
  /** When each provider's last check answered: a repeated answer still shows it is new. */
  checkedAt: Record<string, number>;
  load(): Promise<ProvidersInfo | null>;
  show(editing?: string | null): void;
  close(): void;
  edit(id: string | null): void;
  /** Saves the form; returns an error message, or null when saved. */
  save(provider: ProviderInput, previousId?: string): Promise<string | null>;
  remove(id: string): Promise<string | null>;
  check(id: string): Promise<ProviderCheckView | null>;
  /**
   * Desktop app: hands the key to the host's encrypted store; it is not kept here and
   * never comes back. Returns an error message, or null when stored.
   */
  storeKey(id: string, key: string): Promise<string | null>;
  forgetKey(id: string): Promise<string | null>;
  /**
   * Approves what a workspace provider waits for (its `approval`): this workspace may send
   * that secret to that host:port. Returns an error message, or null when approved.
   */
  approve(id: string): Promise<string | null>;
}

export const useProviders = create<ProvidersState>((set, get) => ({
  info: null,
  loadError: null,
  open: false,
  editing: null,
  checks: {},
  checkedAt: {},

  async load() {
    try {
      const info = await backend().call('providers.list', {});
      set({ info, loadError: null });
      return info;
    } catch (err) {
      set({ loadError: errorMessage(err) });
      return null;
    }
  },
  show(editing = null) {
    set({ open: true, editing });
    void get().load();
  },
  close: () => set({ open: false, editing: null }),
  edit: (editing) => set({ editing }),

  async save(provider, previousId) {
    try {
      const info = await backend().call('providers.save', {
        provider,
        ...(previousId !== undefined ? { previousId } : {}),
      });
      set((s) => ({
        info,
        editing: null,
        checks: withoutCheck(s.checks, previousId, provider.id),
      }));
      return null;
    } catch (err) {
      return errorMessage(err);
    }
  },
  async remove(id) {
    try {
      const info = await backend().call('providers.remove', { id });
      set((s) => ({ info, editing: null, checks: withoutCheck(s.checks, id) }));
      return null;
    } catch (err) {
      return errorMessage(err);
    }
  },
  async storeKey(id, key) {
    try {
      const info = await backend().call('providers.storeKey', { id, key });
      set((s) => ({ info, checks: withoutCheck(s.checks, id) }));
      return null;
    } catch (err) {
      return errorMessage(err);
    }
  },
  async forgetKey(id) {
    try {
      const info = await backend().call('providers.forgetKey', { id });
      set((s) => ({ info, checks: withoutCheck(s.checks, id) }));
      return null;
    } catch (err) {
      return errorMessage(err);
    }
  },
  async approve(id) {
    try {
      const info = await backend().call('providers.approve', { id });
      set((s) => ({ info, checks: withoutCheck(s.checks, id) }));
      return null;
    } catch (err) {
      return errorMessage(err);
    }
  },
  async check(id) {
    set((s) => ({ checks: { ...s.checks, [id]: 'checking' } }));
    try {
      const result = await backend().call('providers.check', { id });
      set((s) => ({
        checks: { ...s.checks, [id]: result },
        checkedAt: { ...s.checkedAt, [id]: Date.now() },
      }));
      return result;
    } catch (err) {
      const failed: ProviderCheckView = {
        id,
        key: 'missing',
        api_key_env: null,
        reachable: false,
        models: [],
        model_listed: null,
        ok: false,
        problem: errorMessage(err),
      };
      set((s) => ({
        checks: { ...s.checks, [id]: failed },
        checkedAt: { ...s.checkedAt, [id]: Date.now() },
      }));
      return null;
    }
  },
}));

function withoutCheck(
  checks: ProvidersState['checks'],
  ...ids: (string | undefined)[]
): ProvidersState['checks'] {
  const next = { ...checks };
  for (const id of ids) if (id !== undefined) delete next[id];
  return next;
}

/** Opens the settings view on the providers (the title bar, Ctrl+, and the playground's call to action). */
export function showProviderSettings(editing: string | null = null): void {
  useProviders.getState().show(editing);
}
