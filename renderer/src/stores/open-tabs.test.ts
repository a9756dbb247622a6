import { describe, expect, it } from 'vitest';
import { MAX_SAVED_TABS, readTabs, tabsKey, toSavedTabs, writeTabs } from './open-tabs';
import type { StorageLike } from './layout-persist';

function memory(): StorageLike & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => void data.set(k, v),
    removeItem: (k) => void data.delete(k),
  };
}

const buffers = {
  a: { skill: 'twin', skillDir: '/ws/skills/twin', path: 'SKILL.md' },
  b: { skill: 'twin', skillDir: '/ws/.claude/skills/twin', path: 'SKILL.md' },
  c: { skill: 'other', skillDir: '/ws/skills/other', path: 'scripts/run.mjs' },
};

describe('open tabs per workspace', () => {
  it('keeps each tab by folder and path, in order, with the active one', () => {
    const saved = toSavedTabs(['b', 'a', 'c', 'gone'], buffers, 'c');
    expect(saved.tabs.map((t) => t.dir)).toEqual([
      '/ws/.claude/skills/twin',
      '/ws/skills/twin',
      '/ws/skills/other',
    ]);
    expect(saved.active).toBe(2);

    const st = memory();
    writeTabs(st, '/ws', saved);
    expect(readTabs(st, '/ws')).toEqual(saved);
    // Another workspace has its own tabs.
    expect(readTabs(st, '/other')).toEqual({ tabs: [], active: -1 });
  });

  it('forgets the key when no tab is open, and survives junk', () => {
    const st = memory();
    writeTabs(st, null, toSavedTabs(['a'], buffers, 'a'));
    expect(st.data.has(tabsKey(null))).toBe(true);
    writeTabs(st, null, toSavedTabs([], buffers, null));
    expect(st.data.has(tabsKey(null))).toBe(false);

    st.setItem(tabsKey('/ws'), '{not json');
    expect(readTabs(st, '/ws')).toEqual({ tabs: [], active: -1 });
    st.setItem(
      tabsKey('/ws'),
      JSON.stringify({ tabs: [{ dir: '/x', name: 'x', path: 'SKILL.md' }, { dir: 3 }], active: 7 }),
    );
    expect(readTabs(st, '/ws')).toEqual({
      tabs: [{ dir: '/x', name: 'x', path: 'SKILL.md' }],
      active: -1,
    });
  });

  it('keeps at most a bounded number of tabs', () => {
    const many: Record<string, { skill: string; skillDir: string; path: string }> = {};
    const order: string[] = [];
    for (let i = 0; i < MAX_SAVED_TABS + 5; i++) {
      many[`t${i}`] = { skill: 's', skillDir: `/ws/s${i}`, path: 'SKILL.md' };
      order.push(`t${i}`);
    }
    expect(toSavedTabs(order, many, null).tabs).toHaveLength(MAX_SAVED_TABS);
  });
});
