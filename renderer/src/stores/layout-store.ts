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

interface LayoutStore extends LayoutState {
  workspaceKey: string | null;
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
    theme: st ? loadThemePreference(st) : 'system',
    systemDark: true,
    loadFor(root) {
      const s = storage();
      set({ ...(s ? loadLayout(s, root) : DEFAULT_LAYOUT), workspaceKey: root });
    },
    toggleSidebar() {
      set((s) => ({ sidebarCollapsed: !s.sidebarCollapsed }));
      persist();
    },
    toggleRight() {
      set((s) => ({ rightCollapsed: !s.rightCollapsed }));
      persist();
    },
    toggleBottom() {
      set((s) => ({ bottomCollapsed: !s.bottomCollapsed }));
      persist();
    },
    showBottom() {
      set({ bottomCollapsed: false });
      persist();
    },
    showRightTab(tab) {
      set({ rightTab: tab, rightCollapsed: false });
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
