/**
 * Where everything in a part of the page is scrolled, to put back after a layout change:
 * maximizing the run view hides the rest (display: none forgets its scroll) and grows the
 * run view (its lists stop scrolling and lose their place). Only scrolled elements are kept.
 */
export type ScrollSnapshot = { el: Element; top: number; left: number }[];

export function captureScroll(root: Element | null): ScrollSnapshot {
  if (!root) return [];
  const out: ScrollSnapshot = [];
  for (const el of [root, ...root.querySelectorAll('*')])
    if (el.scrollTop !== 0 || el.scrollLeft !== 0)
      out.push({ el, top: el.scrollTop, left: el.scrollLeft });
  return out;
}

export function restoreScroll(snapshot: ScrollSnapshot): void {
  for (const { el, top, left } of snapshot) {
    if (!el.isConnected) continue;
    el.scrollTop = top;
    el.scrollLeft = left;
  }
}
