import { beforeEach, describe, expect, it } from 'vitest';
import { useLayout } from './layout-store';
import { DEFAULT_LAYOUT } from './layout-persist';

const sizes = () => {
  const s = useLayout.getState();
  return {
    sidebarWidth: s.sidebarWidth,
    rightWidth: s.rightWidth,
    bottomHeight: s.bottomHeight,
    sidebarCollapsed: s.sidebarCollapsed,
    rightCollapsed: s.rightCollapsed,
    bottomCollapsed: s.bottomCollapsed,
    rightTab: s.rightTab,
  };
};

beforeEach(() => useLayout.setState({ ...DEFAULT_LAYOUT, maximized: null }));

describe('maximizing the run view or the Evals panel', () => {
  it('gives the layout back exactly as it was', () => {
    useLayout.getState().resize('bottomHeight', 333);
    useLayout.getState().toggleRight();
    const before = sizes();
    useLayout.getState().toggleMaximized('run');
    expect(useLayout.getState().maximized).toBe('run');
    // Nothing underneath changed: the container hides the rest, it does not resize it.
    expect(sizes()).toEqual(before);
    useLayout.getState().toggleMaximized('run');
    expect(useLayout.getState().maximized).toBeNull();
    expect(sizes()).toEqual(before);
  });

  it('hiding the maximized playground restores the layout instead of leaving nothing', () => {
    const before = sizes();
    useLayout.getState().toggleMaximized('run');
    useLayout.getState().toggleBottom();
    expect(useLayout.getState().maximized).toBeNull();
    expect(sizes()).toEqual(before);
  });

  it('another panel asked for (Problems) makes way; the Evals tab keeps the Evals view', () => {
    useLayout.getState().toggleMaximized('evals');
    useLayout.getState().showRightTab('evals');
    expect(useLayout.getState().maximized).toBe('evals');
    useLayout.getState().showRightTab('problems');
    expect(useLayout.getState().maximized).toBeNull();
    expect(useLayout.getState().rightTab).toBe('problems');
  });

  it('opening another workspace starts unmaximized', () => {
    useLayout.getState().toggleMaximized('run');
    useLayout.getState().loadFor('/some/where');
    expect(useLayout.getState().maximized).toBeNull();
  });
});
