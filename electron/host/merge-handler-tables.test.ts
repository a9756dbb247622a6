/**
 * The Studio API's table refuses a method two domains both serve, at start-up: with object
 * spread the second table silently won, so a call reached the wrong domain with no sign.
 */
import { describe, expect, it } from 'vitest';
import { mergeHandlerTables } from './merge-handler-tables';
import { isolatedHost } from '../test-support/isolated-host';

describe('mergeHandlerTables', () => {
  it('keeps every method of every table, each with its own handler', async () => {
    const merged = mergeHandlerTables({
      a: { 'a.one': async () => 1 },
      b: { 'b.two': async () => 2, 'b.three': async () => 3 },
    });
    expect(Object.keys(merged).sort()).toEqual(['a.one', 'b.three', 'b.two']);
    expect(await merged['a.one']()).toBe(1);
    expect(await merged['b.two']()).toBe(2);
  });

  it('refuses a method two tables serve, naming the method and both tables', () => {
    const first = async () => 'first';
    const second = async () => 'second';
    expect(() =>
      mergeHandlerTables({
        skills: { 'skills.list': first, 'skills.get': first },
        catalog: { 'catalog.list': second },
        evals: { 'skills.list': second },
      }),
    ).toThrow(
      "the Studio API method 'skills.list' is served by two handler tables, 'skills' and 'evals': keep it in one",
    );
  });

  it('finds no method served twice in the host as it is built today', async () => {
    // The host merges its tables in its constructor: a duplicate would throw here.
    const host = await isolatedHost(null);
    try {
      const res = await host.call('workspace.info', {});
      expect(res.ok).toBe(true);
    } finally {
      await host.close();
    }
  });
});
