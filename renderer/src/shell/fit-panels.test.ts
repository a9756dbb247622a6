import { describe, expect, it } from 'vitest';
import { EDITOR_MIN, fitPanels } from './fit-panels';

const ALL = { sidebar: true, right: true, bottom: true };

describe('fitPanels', () => {
  it('keeps sizes that fit', () => {
    const sizes = { sidebarWidth: 260, rightWidth: 320, bottomHeight: 320 };
    expect(fitPanels(sizes, ALL, { width: 1440, height: 860 })).toEqual(sizes);
  });

  it('shrinks wide saved panels so the editor keeps its room at 1024 wide', () => {
    const fitted = fitPanels({ sidebarWidth: 600, rightWidth: 800, bottomHeight: 700 }, ALL, {
      width: 1024,
      height: 640,
    });
    const editorWidth = 1024 - fitted.sidebarWidth - fitted.rightWidth - 2;
    expect(editorWidth).toBeGreaterThanOrEqual(EDITOR_MIN.width);
    expect(editorWidth).toBeLessThan(EDITOR_MIN.width + 2);
    expect(fitted.sidebarWidth).toBeGreaterThanOrEqual(160);
    expect(fitted.rightWidth).toBeGreaterThanOrEqual(200);
    // The panel with more to give gives more.
    expect(600 - fitted.sidebarWidth).toBeLessThan(800 - fitted.rightWidth);
    expect(fitted.bottomHeight).toBe(640 - EDITOR_MIN.height - 1);
  });

  it('gives a hidden panel’s room to the others and leaves its size alone', () => {
    const fitted = fitPanels(
      { sidebarWidth: 600, rightWidth: 800, bottomHeight: 700 },
      { sidebar: true, right: false, bottom: false },
      { width: 1024, height: 640 },
    );
    expect(fitted).toEqual({ sidebarWidth: 600, rightWidth: 800, bottomHeight: 700 });
  });

  it('never goes below the panels’ minimums', () => {
    const fitted = fitPanels({ sidebarWidth: 600, rightWidth: 800, bottomHeight: 700 }, ALL, {
      width: 500,
      height: 200,
    });
    expect(fitted).toEqual({ sidebarWidth: 160, rightWidth: 200, bottomHeight: 80 });
  });
});
