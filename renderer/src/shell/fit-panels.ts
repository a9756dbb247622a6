/**
 * Panel sizes that fit the window. The layout store keeps the sizes the user
 * chose (remembered per workspace, possibly on a bigger screen); what is shown is
 * that choice shrunk, when needed, so the editor keeps a usable size and nothing
 * overflows. Recomputed whenever the workbench changes size, so a saved layout
 * is clamped on load and on every window resize.
 */
import { LIMITS } from '../stores/layout-persist';

export interface PanelSizes {
  sidebarWidth: number;
  rightWidth: number;
  bottomHeight: number;
}

export interface ShownPanels {
  sidebar: boolean;
  right: boolean;
  bottom: boolean;
}

/**
 * The least the editor area keeps beside and above the panels: its height holds the tab
 * strip and the view bar (about 64 px) and still about eight lines of text.
 */
export const EDITOR_MIN = { width: 320, height: 240 } as const;
/** A splitter's thickness (styles/app.css). */
const SPLITTER = 1;

/** Shrinks `sizes` until their total fits in `room`, never below each one's `min`. */
function shrinkToFit(sizes: number[], mins: number[], room: number): number[] {
  const total = sizes.reduce((a, b) => a + b, 0);
  if (total <= room) return sizes;
  const minTotal = mins.reduce((a, b) => a + b, 0);
  if (room <= minTotal) return mins;
  // Take the excess from each panel in proportion to what it has above its minimum.
  const spare = total - minTotal;
  const excess = total - room;
  return sizes.map((s, i) => Math.floor(s - ((s - mins[i]) / spare) * excess));
}

/** The sizes to show in a workbench of `space` pixels (the area below the title bar). */
export function fitPanels(
  sizes: PanelSizes,
  shown: ShownPanels,
  space: { width: number; height: number },
): PanelSizes {
  const sides: ('sidebarWidth' | 'rightWidth')[] = [];
  if (shown.sidebar) sides.push('sidebarWidth');
  if (shown.right) sides.push('rightWidth');
  const roomX = space.width - EDITOR_MIN.width - sides.length * SPLITTER;
  const widths = shrinkToFit(
    sides.map((k) => sizes[k]),
    sides.map((k) => LIMITS[k][0]),
    roomX,
  );
  const fitted = { ...sizes };
  sides.forEach((k, i) => (fitted[k] = widths[i]));
  if (shown.bottom) {
    const roomY = space.height - EDITOR_MIN.height - SPLITTER;
    fitted.bottomHeight = Math.max(LIMITS.bottomHeight[0], Math.min(sizes.bottomHeight, roomY));
  }
  return fitted;
}
