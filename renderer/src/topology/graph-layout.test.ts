import { describe, expect, it } from 'vitest';
import { parseTopology } from '../../../shared/skill/topology';
import { buildTopologyGraph } from '../../../shared/skill/topology-graph';
import { edgePath, layoutTopology } from './graph-layout';

function laid(expr: string) {
  const { ast } = parseTopology(expr);
  if (!ast) throw new Error(`no AST for ${expr}`);
  return layoutTopology(buildTopologyGraph(ast));
}

const node = (l: ReturnType<typeof laid>, id: string) => {
  const n = l.nodes.find((x) => x.id === id);
  if (!n) throw new Error(`no node ${id}`);
  return n;
};

describe('layoutTopology', () => {
  it('runs left to right and stacks | branches in source order', () => {
    const l = laid('researcher >> (fact_checker | style_checker) >> writer');
    const r = node(l, 'researcher@1');
    const f = node(l, 'fact_checker@16');
    const s = node(l, 'style_checker@31');
    const w = node(l, 'writer@49');
    expect(node(l, 'start').x).toBeLessThan(r.x);
    expect(r.x).toBeLessThan(f.x);
    expect(f.x).toBe(s.x);
    expect(f.y).toBeLessThan(s.y);
    expect(w.x).toBeGreaterThan(f.x);
    expect(node(l, 'end').x).toBeGreaterThan(w.x);
    // Every node inside the drawing.
    for (const n of l.nodes) {
      expect(n.x - n.width / 2).toBeGreaterThanOrEqual(0);
      expect(n.x + n.width / 2).toBeLessThanOrEqual(l.width);
      expect(n.y + n.height / 2).toBeLessThanOrEqual(l.height);
    }
  });

  it('routes every edge, back edges and self loops included, and places loop labels', () => {
    const l = laid('(draft >> critic) * until(verdict == "ok", max=3) >> (a * 2)');
    for (const e of l.edges) expect(e.points.length).toBeGreaterThanOrEqual(2);
    const back = l.edges.filter((e) => e.kind === 'loop');
    expect(back.map((e) => [e.from, e.to])).toEqual([
      ['critic@11', 'draft@2'],
      ['a@55', 'a@55'],
    ]);
    for (const e of back) expect(e.labelAt).not.toBeNull();
  });

  it('gives a longer agent name a wider box', () => {
    const l = laid('a >> a_much_longer_agent_name');
    expect(node(l, 'a_much_longer_agent_name@6').width).toBeGreaterThan(node(l, 'a@1').width);
  });
});

describe('edgePath', () => {
  it('draws a straight segment for two points and smooth joins for more', () => {
    expect(edgePath([])).toBe('');
    expect(
      edgePath([
        { x: 0, y: 0 },
        { x: 10, y: 5 },
      ]),
    ).toBe('M0,0 L10,5');
    expect(
      edgePath([
        { x: 0, y: 0 },
        { x: 10, y: 0 },
        { x: 10, y: 10 },
      ]),
    ).toBe('M0,0 Q10,0 10,5 L10,10');
  });
});
