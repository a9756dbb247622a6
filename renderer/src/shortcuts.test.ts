import { describe, expect, it } from 'vitest';
import { matchShortcut, shortcutLabel, withShortcut, isMacPlatform } from './shortcuts';

const key = (
  k: string,
  mods: Partial<{ ctrl: boolean; meta: boolean; shift: boolean; alt: boolean }> = {},
) => ({
  key: k,
  ctrlKey: !!mods.ctrl,
  metaKey: !!mods.meta,
  shiftKey: !!mods.shift,
  altKey: !!mods.alt,
});

describe('shortcuts', () => {
  it('uses Ctrl off macOS and Cmd on macOS', () => {
    expect(matchShortcut(key('s', { ctrl: true }), false)).toBe('save');
    expect(matchShortcut(key('s', { meta: true }), false)).toBeNull();
    expect(matchShortcut(key('s', { meta: true }), true)).toBe('save');
    expect(matchShortcut(key('S', { ctrl: true, shift: true }), false)).toBeNull();
    expect(matchShortcut(key('M', { ctrl: true, shift: true }), false)).toBe('showProblems');
    expect(matchShortcut(key('m', { ctrl: true }), false)).toBeNull();
    expect(matchShortcut(key('p', { ctrl: true, alt: true }), false)).toBeNull();
    expect(matchShortcut(key('n', { ctrl: true }), false)).toBe('newSkill');
    expect(matchShortcut(key('p', { ctrl: true }), false)).toBe('goToSkill');
    expect(matchShortcut(key('F', { ctrl: true, shift: true }), false)).toBe('findInFiles');
    expect(matchShortcut(key('P', { ctrl: true, shift: true }), false)).toBe('commandPalette');
    expect(matchShortcut(key('f', { ctrl: true, alt: true }), false)).toBe('focusSearch');
    // Option+F types ƒ on macOS: the physical key decides.
    expect(matchShortcut({ ...key('ƒ', { meta: true, alt: true }), code: 'KeyF' }, true)).toBe(
      'focusSearch',
    );
    expect(matchShortcut(key('f', { ctrl: true }), false)).toBeNull();
    expect(matchShortcut(key('x'), false)).toBeNull();
  });

  it('labels shortcuts for tooltips', () => {
    expect(shortcutLabel('showProblems', false)).toBe('Ctrl+Shift+M');
    expect(shortcutLabel('save', true)).toBe('⌘S');
    expect(shortcutLabel('focusSearch', false)).toBe('Ctrl+Alt+F');
    expect(shortcutLabel('focusSearch', true)).toBe('⌥⌘F');
    expect(shortcutLabel('compareWithSaved', false)).toBe('');
    expect(withShortcut('Toggle sidebar', 'toggleSidebar', false)).toBe('Toggle sidebar (Ctrl+B)');
    expect(isMacPlatform('MacIntel')).toBe(true);
    expect(isMacPlatform('Linux x86_64')).toBe(false);
  });
});
