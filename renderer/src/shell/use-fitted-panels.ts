/**
 * The panel sizes to show: the layout store's, fitted to the workbench as it is
 * now (fit-panels.ts). Follows the workbench's size, so the fit is redone on load
 * and on every window resize.
 */
import { useEffect, useState, type RefObject } from 'react';
import { useLayout } from '../stores/layout-store';
import { fitPanels, type PanelSizes } from './fit-panels';

/** Title bar and status bar (styles/app.css): the first estimate, before the workbench is measured. */
const CHROME_HEIGHT = 36 + 22;

export function useFittedPanels(workbench: RefObject<HTMLElement | null>): PanelSizes {
  const layout = useLayout();
  const [space, setSpace] = useState(() => ({
    width: window.innerWidth,
    height: window.innerHeight - CHROME_HEIGHT,
  }));
  useEffect(() => {
    const el = workbench.current;
    if (!el) return;
    const observer = new ResizeObserver(([entry]) => {
      const { width, height } = entry.contentRect;
      setSpace((s) => (s.width === width && s.height === height ? s : { width, height }));
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [workbench]);
  return fitPanels(
    layout,
    {
      sidebar: !layout.sidebarCollapsed,
      right: !layout.rightCollapsed,
      bottom: !layout.bottomCollapsed,
    },
    space,
  );
}
