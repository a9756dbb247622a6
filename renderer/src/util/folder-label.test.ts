import { describe, expect, it } from 'vitest';
import { folderLabel, namesInSeveralFolders, parentFolderLabel } from './folder-label';

describe('folder labels', () => {
  it('shows a folder relative to the workspace when inside it', () => {
    expect(folderLabel('/ws/.claude/skills/x', '/ws')).toBe('.claude/skills/x');
    expect(folderLabel('/wsx/skills/x', '/ws')).toBe('/wsx/skills/x');
    expect(folderLabel('/home/u/.claude/skills/x', null)).toBe('/home/u/.claude/skills/x');
  });

  it('names the folder that holds a skill folder', () => {
    expect(parentFolderLabel('/ws/.claude/skills/x', '/ws')).toBe('.claude/skills');
    expect(parentFolderLabel('/ws/skills/x', '/ws')).toBe('skills');
    expect(parentFolderLabel('/ws/x', '/ws')).toBe('.');
    expect(parentFolderLabel('/home/u/.claude/skills/x', '/ws')).toBe('/home/u/.claude/skills');
  });

  it('finds the names held in more than one folder, a folder counted once', () => {
    const items = [
      { name: 'x', dir: '/ws/skills/x' },
      { name: 'x', dir: '/ws/.claude/skills/x' },
      { name: 'y', dir: '/ws/skills/y' },
      { name: 'y', dir: '/ws/skills/y' },
    ];
    expect([...namesInSeveralFolders(items)]).toEqual(['x']);
  });
});
