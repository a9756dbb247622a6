import { describe, expect, it } from 'vitest';
import { baseName, buildFileTree, joinPath, parentOf, visibleNodes } from './file-tree';
import { formatBytes } from './format-bytes';

describe('file tree', () => {
  const tree = buildFileTree([
    { path: 'SKILL.md', bytes: 120 },
    { path: 'scripts/run.py', bytes: 300 },
    { path: 'scripts/lib/util.py', bytes: 20 },
    { path: 'assets', bytes: 0, dir: true },
    { path: 'README.md', bytes: 5 },
    { path: 'references/deep/a.md', bytes: 7 },
  ]);

  it('puts folders first, sorts by name and sums folder sizes', () => {
    expect(tree.children.map((c) => c.name)).toEqual([
      'assets',
      'references',
      'scripts',
      'README.md',
      'SKILL.md',
    ]);
    const scripts = tree.children.find((c) => c.name === 'scripts');
    expect(scripts?.bytes).toBe(320);
    expect(scripts?.children.map((c) => c.path)).toEqual(['scripts/lib', 'scripts/run.py']);
    expect(tree.bytes).toBe(452);
  });

  it('adds missing parent folders and keeps empty folders', () => {
    const refs = tree.children.find((c) => c.name === 'references');
    expect(refs?.children[0].path).toBe('references/deep');
    expect(tree.children.find((c) => c.name === 'assets')?.children).toEqual([]);
  });

  it('hides the insides of collapsed folders', () => {
    const all = visibleNodes(tree, new Set()).map((v) => `${v.depth}:${v.node.path}`);
    expect(all).toContain('2:scripts/lib/util.py');
    const folded = visibleNodes(tree, new Set(['scripts'])).map((v) => v.node.path);
    expect(folded).toContain('scripts');
    expect(folded).not.toContain('scripts/run.py');
  });

  it('joins and splits paths', () => {
    expect(joinPath('', ' a.txt ')).toBe('a.txt');
    expect(joinPath('scripts', 'b.py')).toBe('scripts/b.py');
    expect(parentOf('scripts/b.py')).toBe('scripts');
    expect(parentOf('b.py')).toBe('');
    expect(baseName('x/y/z.md')).toBe('z.md');
  });
});

describe('formatBytes', () => {
  it('formats sizes compactly', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(1023)).toBe('1023 B');
    expect(formatBytes(4300)).toBe('4.2 KB');
    expect(formatBytes(50 * 1024)).toBe('50 KB');
    expect(formatBytes(3 * 1024 * 1024)).toBe('3.0 MB');
    expect(formatBytes(-1)).toBe('?');
  });
});
