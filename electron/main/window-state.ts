/** Remembers the main window's size and position (and whether it was maximised). */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { screen, type BrowserWindow, type Rectangle } from 'electron';
import { writeFileAtomic } from '../host/fs/atomic-write';

interface WindowState {
  bounds: Rectangle;
  maximized: boolean;
}

const DEFAULT: WindowState = { bounds: { x: 0, y: 0, width: 1400, height: 900 }, maximized: false };

export function loadWindowState(stateDir: string): WindowState {
  try {
    const s = JSON.parse(
      readFileSync(path.join(stateDir, 'window-state.json'), 'utf8'),
    ) as WindowState;
    // Only reuse a position that is still on a connected display.
    const visible = screen.getAllDisplays().some((d) => {
      const a = d.workArea;
      return (
        s.bounds.x >= a.x - 50 &&
        s.bounds.y >= a.y - 50 &&
        s.bounds.x < a.x + a.width &&
        s.bounds.y < a.y + a.height
      );
    });
    return visible
      ? s
      : {
          ...DEFAULT,
          bounds: { ...DEFAULT.bounds, ...{ width: s.bounds.width, height: s.bounds.height } },
        };
  } catch {
    return DEFAULT;
  }
}

export function trackWindowState(win: BrowserWindow, stateDir: string): void {
  let timer: NodeJS.Timeout | null = null;
  const save = () => {
    if (win.isDestroyed()) return;
    const state: WindowState = { bounds: win.getNormalBounds(), maximized: win.isMaximized() };
    writeFileAtomic(path.join(stateDir, 'window-state.json'), JSON.stringify(state)).catch(
      () => {},
    );
  };
  const schedule = () => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(save, 300);
  };
  win.on('resize', schedule);
  win.on('move', schedule);
  win.on('close', save);
}
