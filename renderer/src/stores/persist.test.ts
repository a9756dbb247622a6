import { describe, expect, it } from 'vitest';
import { clearBackups, collectBackups, readBackups, writeBackups } from './backup';
import { bufferFromContent } from './buffer-logic';
import {
  DEFAULT_LAYOUT,
  effectiveTheme,
  loadLayout,
  loadThemePreference,
  nextTheme,
  sanitizeLayout,
  saveLayout,
  THEME_KEY,
  type StorageLike,
} from './layout-persist';

/** localStorage's contract over a Map (the browser's own is not available under Node). */
class MemoryStorage implements StorageLike {
  readonly map = new Map<string, string>();
  failWrites = false;
  getItem(key: string) {
    return this.map.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    if (this.failWrites) throw new DOMException('quota', 'QuotaExceededError');
    this.map.set(key, value);
  }
  removeItem(key: string) {
    this.map.delete(key);
  }
}

describe('layout persistence', () => {
  it('remembers the layout per workspace', () => {
    const s = new MemoryStorage();
    saveLayout(s, '/a', {
      ...DEFAULT_LAYOUT,
      sidebarWidth: 300,
      bottomCollapsed: false,
      rightTab: 'files',
    });
    expect(loadLayout(s, '/a')).toMatchObject({
      sidebarWidth: 300,
      bottomCollapsed: false,
      rightTab: 'files',
    });
    expect(loadLayout(s, '/b')).toEqual(DEFAULT_LAYOUT);
    expect(loadLayout(s, null)).toEqual(DEFAULT_LAYOUT);
  });

  it('repairs stored values that are broken or out of range', () => {
    const s = new MemoryStorage();
    s.setItem('skill-studio.layout:/a', '{not json');
    expect(loadLayout(s, '/a')).toEqual(DEFAULT_LAYOUT);
    expect(
      sanitizeLayout({
        sidebarWidth: 5,
        rightWidth: 9999,
        bottomHeight: 'x',
        rightTab: 'nope',
        sidebarCollapsed: 1,
      }),
    ).toEqual({
      ...DEFAULT_LAYOUT,
      sidebarWidth: 160,
      rightWidth: 800,
    });
  });

  it('cycles the theme and follows the system by default', () => {
    const s = new MemoryStorage();
    expect(loadThemePreference(s)).toBe('system');
    s.setItem(THEME_KEY, 'light');
    expect(loadThemePreference(s)).toBe('light');
    expect(nextTheme('system')).toBe('dark');
    expect(nextTheme('dark')).toBe('light');
    expect(nextTheme('light')).toBe('system');
    expect(effectiveTheme('system', true)).toBe('dark');
    expect(effectiveTheme('system', false)).toBe('light');
    expect(effectiveTheme('light', true)).toBe('light');
  });
});

describe('unsaved-buffer backups', () => {
  const clean = bufferFromContent('a', '/w/a', {
    kind: 'text',
    path: 'SKILL.md',
    text: 'x',
    bytes: 1,
    version: 'v1',
  });
  const dirty = {
    ...bufferFromContent('b', '/w/b', {
      kind: 'text',
      path: 'run.py',
      text: 'y',
      bytes: 1,
      version: 'v2',
    }),
    text: 'edited',
  };

  it('keeps only dirty buffers, per workspace, and reads them back', () => {
    const s = new MemoryStorage();
    const entries = collectBackups([clean, dirty], 1000);
    expect(entries).toEqual([
      { skill: 'b', dir: '/w/b', path: 'run.py', text: 'edited', version: 'v2', savedAt: 1000 },
    ]);
    expect(writeBackups(s, '/w', entries)).toBe(true);
    expect(readBackups(s, '/w')).toEqual(entries);
    expect(readBackups(s, '/other')).toEqual([]);
    writeBackups(s, '/w', []);
    expect(s.map.size).toBe(0);
  });

  it('survives corrupt storage and a full quota', () => {
    const s = new MemoryStorage();
    s.setItem(
      'skill-studio.backup:/w',
      JSON.stringify({
        entries: [{ skill: 'a' }, { skill: 'b', path: 'p', text: 't', version: null, savedAt: 1 }],
      }),
    );
    expect(readBackups(s, '/w')).toEqual([
      { skill: 'b', path: 'p', text: 't', version: null, savedAt: 1 },
    ]);
    s.setItem('skill-studio.backup:/w', 'garbage');
    expect(readBackups(s, '/w')).toEqual([]);
    clearBackups(s, '/w');
    s.failWrites = true;
    expect(writeBackups(s, '/w', collectBackups([dirty], 1))).toBe(false);
  });
});
