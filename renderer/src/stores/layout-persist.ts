/**
 * Layout state (panel sizes, what is collapsed, which right tab) remembered per
 * workspace in localStorage, so each project reopens the way it was left.
 */
export type RightTab = 'problems' | 'preview' | 'files' | 'portability' | 'evals' | 'search';

export interface LayoutState {
  sidebarWidth: number;
  rightWidth: number;
  bottomHeight: number;
  sidebarCollapsed: boolean;
  rightCollapsed: boolean;
  bottomCollapsed: boolean;
  rightTab: RightTab;
}

export const DEFAULT_LAYOUT: LayoutState = {
  sidebarWidth: 260,
  rightWidth: 360,
  bottomHeight: 320,
  sidebarCollapsed: false,
  rightCollapsed: false,
  bottomCollapsed: true,
  rightTab: 'problems',
};

export const LIMITS = {
  sidebarWidth: [160, 600],
  rightWidth: [200, 800],
  bottomHeight: [80, 700],
} as const;

export type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export function layoutKey(workspaceRoot: string | null): string {
  return `skill-studio.layout:${workspaceRoot ?? '(none)'}`;
}

function clamp(value: unknown, [min, max]: readonly [number, number], fallback: number): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) return fallback;
  return Math.min(max, Math.max(min, Math.round(value)));
}

/** Any stored value (possibly hand-edited or from an older version) made safe. */
export function sanitizeLayout(value: unknown): LayoutState {
  const v = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  const bool = (x: unknown, fallback: boolean) => (typeof x === 'boolean' ? x : fallback);
  const tab =
    v.rightTab === 'problems' ||
    v.rightTab === 'preview' ||
    v.rightTab === 'files' ||
    v.rightTab === 'portability' ||
    v.rightTab === 'evals' ||
    v.rightTab === 'search'
      ? v.rightTab
      : DEFAULT_LAYOUT.rightTab;
  return {
    sidebarWidth: clamp(v.sidebarWidth, LIMITS.sidebarWidth, DEFAULT_LAYOUT.sidebarWidth),
    rightWidth: clamp(v.rightWidth, LIMITS.rightWidth, DEFAULT_LAYOUT.rightWidth),
    bottomHeight: clamp(v.bottomHeight, LIMITS.bottomHeight, DEFAULT_LAYOUT.bottomHeight),
    sidebarCollapsed: bool(v.sidebarCollapsed, DEFAULT_LAYOUT.sidebarCollapsed),
    rightCollapsed: bool(v.rightCollapsed, DEFAULT_LAYOUT.rightCollapsed),
    bottomCollapsed: bool(v.bottomCollapsed, DEFAULT_LAYOUT.bottomCollapsed),
    rightTab: tab,
  };
}

export function loadLayout(storage: StorageLike, workspaceRoot: string | null): LayoutState {
  try {
    const raw = storage.getItem(layoutKey(workspaceRoot));
    return sanitizeLayout(raw ? JSON.parse(raw) : null);
  } catch {
    return { ...DEFAULT_LAYOUT };
  }
}

export function saveLayout(
  storage: StorageLike,
  workspaceRoot: string | null,
  layout: LayoutState,
): void {
  try {
    storage.setItem(layoutKey(workspaceRoot), JSON.stringify(layout));
  } catch {
    // Storage full or disabled: the layout simply is not remembered.
  }
}

export function clampSize(which: keyof typeof LIMITS, value: number): number {
  return clamp(value, LIMITS[which], DEFAULT_LAYOUT[which]);
}

export type ThemePreference = 'system' | 'dark' | 'light';
export const THEME_KEY = 'skill-studio.theme';

export function loadThemePreference(storage: StorageLike): ThemePreference {
  try {
    const v = storage.getItem(THEME_KEY);
    return v === 'dark' || v === 'light' ? v : 'system';
  } catch {
    return 'system';
  }
}

export function nextTheme(pref: ThemePreference): ThemePreference {
  return pref === 'system' ? 'dark' : pref === 'dark' ? 'light' : 'system';
}

export function effectiveTheme(pref: ThemePreference, systemDark: boolean): 'dark' | 'light' {
  if (pref === 'system') return systemDark ? 'dark' : 'light';
  return pref;
}
