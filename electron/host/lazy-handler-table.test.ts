/**
 * The Studio API's table loads a domain when one of its methods is first asked for, and
 * refuses a table that serves another domain's method: with object spread the second
 * table silently won, so a call reached the wrong domain with no sign.
 */
import { describe, expect, it } from 'vitest';
import { lazyHandlerTable } from './lazy-handler-table';
import { METHOD_DOMAINS } from './method-domains';
import { isolatedHost } from '../test-support/isolated-host';

/** Params that pass the schema, for one method of each domain that takes some. */
const PARAMS_THAT_PASS: Record<string, unknown> = {
  'files.read': { skill: 'no-such-skill', path: 'SKILL.md' },
  'bundles.inspect': { base64: 'UEs=', fileName: 'a.zip' },
  'search.contents': { query: 'a' },
  'schema.check': { schema: {}, value: 1 },
  'evals.list': { skill: 'no-such-skill' },
};

describe('lazyHandlerTable', () => {
  it('loads a domain when one of its methods is first asked for, and once', async () => {
    const loads: string[] = [];
    const table = lazyHandlerTable(
      { 'a.one': 'a', 'b.two': 'b', 'b.three': 'b' },
      {
        a: async () => (loads.push('a'), { 'a.one': async () => 1 }),
        b: async () => (loads.push('b'), { 'b.two': async () => 2, 'b.three': async () => 3 }),
      },
    );
    expect(table.serves('b.two')).toBe(true);
    expect(table.serves('c.four')).toBe(false);
    expect(loads).toEqual([]);
    expect(await (await table.handlerFor('b.two'))({})).toBe(2);
    expect(await (await table.handlerFor('b.three'))({})).toBe(3);
    expect(loads).toEqual(['b']);
  });

  it('refuses a table serving a method of another domain, naming the method and both tables', async () => {
    const table = lazyHandlerTable(
      { 'skills.list': 'skills', 'catalog.get': 'catalog' },
      {
        skills: async () => ({ 'skills.list': async () => [] }),
        catalog: async () => ({ 'catalog.get': async () => 1, 'skills.list': async () => [] }),
      },
    );
    await expect(table.handlerFor('catalog.get')).rejects.toThrow(
      "the Studio API method 'skills.list' is served by two handler tables, 'skills' and 'catalog': keep it in one",
    );
  });

  it('refuses a table that misses a method of its own', async () => {
    const table = lazyHandlerTable(
      { 'a.one': 'a', 'a.two': 'a' },
      { a: async () => ({ 'a.one': async () => 1 }) },
    );
    await expect(table.handlerFor('a.one')).rejects.toThrow(
      "the 'a' handler table does not serve its method 'a.two'",
    );
  });

  it('every domain of the host as it is built today serves exactly its methods', async () => {
    const host = await isolatedHost(null);
    try {
      // Every method called with no params: each one that takes none reaches its domain,
      // which loads and checks its table then (a wrong table answers with its message).
      const reached = new Set<string>();
      const wrongTables: string[] = [];
      for (const [method, domain] of Object.entries(METHOD_DOMAINS)) {
        const res = await host.call(method, PARAMS_THAT_PASS[method] ?? {}, 'local-process');
        if (!res.ok && res.error.code === 'invalid_params') continue;
        reached.add(domain);
        if (!res.ok && res.error.message.includes('handler table'))
          wrongTables.push(res.error.message);
      }
      expect(wrongTables).toEqual([]);
      expect([...reached].sort()).toEqual([...new Set(Object.values(METHOD_DOMAINS))].sort());
    } finally {
      await host.close();
    }
  });
});
