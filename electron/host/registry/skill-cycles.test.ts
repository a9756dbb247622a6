import { describe, expect, it } from 'vitest';
import { findCycles, stronglyConnected } from './skill-cycles';

const graph = (spec: Record<string, string[]>): Map<string, string[]> =>
  new Map(Object.entries(spec));

describe('stronglyConnected', () => {
  it('groups the nodes that reach each other, and leaves the rest alone', () => {
    const parts = stronglyConnected(
      graph({ a: ['b'], b: ['c', 'd'], c: ['a'], d: ['e'], e: ['d'], f: [] }),
    );
    expect(parts.map((p) => [...p].sort().join('')).sort()).toEqual(['abc', 'de', 'f']);
  });

  it('follows a chain of 20,000 nodes without recursion', () => {
    const spec: Record<string, string[]> = {};
    for (let i = 0; i < 20_000; i++) spec[`n${i}`] = [`n${(i + 1) % 20_000}`];
    const parts = stronglyConnected(graph(spec));
    expect(parts).toHaveLength(1);
    expect(parts[0]).toHaveLength(20_000);
  });
});

describe('findCycles', () => {
  it('gives each node on a cycle the shortest way back to it', () => {
    const cycles = findCycles(graph({ a: ['b'], b: ['c', 'a'], c: ['a'], d: ['a'] }));
    expect(Object.fromEntries(cycles)).toEqual({
      a: ['a', 'b', 'a'],
      b: ['b', 'a', 'b'],
      c: ['c', 'a', 'b', 'c'],
    });
  });

  it('leaves out a node whose only cycle is itself, and nodes that only lead into a cycle', () => {
    expect(findCycles(graph({ a: ['a'], b: ['c'], c: ['b'], d: ['b'] })).has('a')).toBe(false);
    expect(
      [...findCycles(graph({ a: ['a'], b: ['c'], c: ['b'], d: ['b'] })).keys()].sort(),
    ).toEqual(['b', 'c']);
  });

  it('names a successor and elides the rest in a very large cycle, in linear time', () => {
    const spec: Record<string, string[]> = {};
    for (let i = 0; i < 5_000; i++) spec[`n${i}`] = [`n${(i + 1) % 5_000}`];
    const cycles = findCycles(graph(spec));
    expect(cycles.size).toBe(5_000);
    expect(cycles.get('n7')).toEqual(['n7', 'n8', '…', 'n7']);
  });
});
