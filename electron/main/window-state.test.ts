/**
 * The remembered window: a saved position is reused only while it is on a connected
 * display (the fake `electron` has one 1920×1080 screen at 0,0), and a broken file never
 * stops the window from opening.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tempWorkspace, type TempWorkspace } from '../test-support/temp-workspace';
import { loadWindowState } from './window-state';

vi.mock('electron', () => import('./test-support/fake-electron'));

let ws: TempWorkspace;
beforeEach(() => {
  ws = tempWorkspace('skill-studio-window-state-');
});
afterEach(() => ws.cleanup());

const saved = (bounds: object, maximized = false) =>
  ws.write('window-state.json', JSON.stringify({ bounds, maximized }));

describe('loadWindowState', () => {
  it('reuses a position that is on screen, and whether it was maximised', () => {
    saved({ x: 100, y: 50, width: 1000, height: 700 }, true);
    expect(loadWindowState(ws.root)).toEqual({
      bounds: { x: 100, y: 50, width: 1000, height: 700 },
      maximized: true,
    });
  });

  it('keeps the size but not the place of a window left on a display now gone', () => {
    saved({ x: 3000, y: 50, width: 1000, height: 700 }, true);
    expect(loadWindowState(ws.root)).toEqual({
      bounds: { x: 0, y: 0, width: 1000, height: 700 },
      maximized: false,
    });
  });

  it('falls back to the default for a missing or unreadable file', () => {
    const fallback = { bounds: { x: 0, y: 0, width: 1400, height: 900 }, maximized: false };
    expect(loadWindowState(ws.root)).toEqual(fallback);
    ws.write('window-state.json', '{not json');
    expect(loadWindowState(ws.root)).toEqual(fallback);
  });
});
