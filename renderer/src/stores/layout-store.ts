/** Panel sizes, collapsed panels and the theme; remembered per workspace (layout) and globally (theme). */
import { create } from 'zustand';
import {
  DEFAULT_LAYOUT,
  THEME_KEY,
  clampSize,
  loadLayout,
  loadThemePreference,
  nextTheme,
  saveLayout,
  type LayoutState,
  type RightTab,
  type ThemePreference,
} from './layout-persist';

/**
 * What has the whole workbench for a while: the run view (the playground) or the Evals panel.
 * Not a layout of its own: the panel sizes, the collapsed panels and the tabs stay as they
 * were underneath, so restoring gives them back untouched; never remembered across reloads.
 */
export type Maximized = 'run' | 'evals' | null;

interface LayoutStore extends LayoutState {
  workspaceKey: string | null;
  maximized: Maximized;
  /** Gives `which` the whole workbench, or gives the layout back when it already has it. */
  toggleMaximized(which: Exclude<Maximized, null>): void;
  theme: ThemePreference;
  systemDark: boolean;
  loadFor(root: string | null): void;
  toggleSidebar(): void;
  toggleRight(): void;
  toggleBottom(): void;
  showBottom(): void;
  showRightTab(tab: RightTab): void;
  resize(which: 'sidebarWidth' | 'rightWidth' | 'bottomHeight', value: number): void;
  cycleTheme(): void;
  setSystemDark(dark: boolean): void;
}

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

function pickLayout(s: LayoutState): LayoutState {
  return {
    sidebarWidth: s.sidebarWidth,
    rightWidth: s.rightWidth,
    bottomHeight: s.bottomHeight,
    sidebarCollapsed: s.sidebarCollapsed,
    rightCollapsed: s.rightCollapsed,
    bottomCollapsed: s.bottomCollapsed,
    rightTab: s.rightTab,
  };
}

export const useLayout = create<LayoutStore>((set, get) => {
  const persist = () => {
    const st = storage();
    if (st) saveLayout(st, get().workspaceKey, pickLayout(get()));
  };
  const st = storage();
  return {
    ...DEFAULT_LAYOUT,
    workspaceKey: null,
    maximized: null,
    theme: st ? loadThemePreference(st) : 'system',
    systemDark: true,
    loadFor(root) {
      const s = storage();
      set({ ...(s ? loadLayout(s, root) : DEFAULT_LAYOUT), workspaceKey: root, maximized: null });
    },
    toggleMaximized(which) {
      set((s) => ({ maximized: s.maximized === which ? null : which }));
    },
    toggleSidebar() {
      if (get().maximized) return set({ maximized: null, sidebarCollapsed: false });
      set((s) => ({ sidebarCollapsed: !s.sidebarCollapsed }));
      persist();
    },
    toggleRight() {
      set((s) => ({ rightCollapsed: !s.rightCollapsed }));
      persist();
    },
    toggleBottom() {
      // Hiding the maximized run view gives the layout back rather than an empty workbench.
      if (get().maximized === 'run') return set({ maximized: null });
      set((s) => ({ bottomCollapsed: !s.bottomCollapsed }));
      persist();
    },
    showBottom() {
      set({ bottomCollapsed: false });
      persist();
    },
    showRightTab(tab) {
      // Another panel asked for (Problems, Search): the maximized view makes way for it.
      const keep = get().maximized === 'evals' && tab === 'evals';
      set({ rightTab: tab, rightCollapsed: false, maximized: keep ? 'evals' : null });
      persist();
    },
    resize(which, value) {
      set({ [which]: clampSize(which, value) } as Partial<LayoutState>);
      persist();
    },
    cycleTheme() {
      const theme = nextTheme(get().theme);
      set({ theme });
      try {
        storage()?.setItem(THEME_KEY, theme);
      } catch {
        // Not remembered; the toggle still works for this session.
      }
    },
    setSystemDark(dark) {
      set({ systemDark: dark });
    },
  };
});
