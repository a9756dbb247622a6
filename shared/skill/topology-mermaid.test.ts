import { describe, expect, it } from 'vitest';
import { parseTopology, type TopologyNode } from './topology';
import { buildTopologyGraph } from './topology-graph';
import { mermaidLabel, topologyMermaid } from './topology-mermaid';

function ast(expr: string): TopologyNode {
  const r = parseTopology(expr);
  expect(r.errors).toEqual([]);
  return r.ast as TopologyNode;
}

const edgesOf = (expr: string): string[] =>
  buildTopologyGraph(ast(expr)).edges.map(
    (e) =>
      `${e.from} ${e.kind === 'flow' ? '->' : e.kind === 'loop' ? '~>' : '..>'} ${e.to}${e.label ? ` [${e.label}]` : ''}`,
  );

describe('buildTopologyGraph', () => {
  it('fans out to every branch of a | and back in', () => {
    expect(edgesOf('researcher >> (fact_checker | style_checker) >> writer')).toEqual([
      'start -> researcher@1',
      'researcher@1 -> fact_checker@16',
      'researcher@1 -> style_checker@31',
      'fact_checker@16 -> writer@49',
      'style_checker@31 -> writer@49',
      'writer@49 -> end',
    ]);
  });

  it('gives the same agent used twice two nodes', () => {
    const g = buildTopologyGraph(ast('draft >> review >> draft'));
    expect(g.nodes.map((n) => n.id)).toEqual(['start', 'draft@1', 'review@10', 'draft@20', 'end']);
  });

  it("draws a loop as one labelled back edge from the body's last exit to its first entry", () => {
    expect(edgesOf('(draft >> critic) * 3')).toEqual([
      'start -> draft@2',
      'draft@2 -> critic@11',
      'critic@11 ~> draft@2 [× 3]',
      'critic@11 -> end',
    ]);
    expect(edgesOf('a * until(verdict == "ok", max=4)')).toEqual([
      'start -> a@1',
      'a@1 ~> a@1 [until verdict == "ok" (max 4)]',
      'a@1 -> end',
    ]);
  });

  it('draws a fallback as dashed alternatives, any of which leads on', () => {
    expect(edgesOf('(fast // slow) >> done')).toEqual([
      'start -> fast@2',
      'fast@2 ..> slow@10 [on failure]',
      'fast@2 -> done@19',
      'slow@10 -> done@19',
      'done@19 -> end',
    ]);
  });

  it('draws one back edge for a loop over a |', () => {
    expect(edgesOf('(p | q) * 2')).toEqual([
      'start -> p@2',
      'start -> q@6',
      'q@6 ~> p@2 [× 2]',
      'p@2 -> end',
      'q@6 -> end',
    ]);
  });

  it('keeps both back edges of nested loops over one agent', () => {
    expect(edgesOf('(a * 2) * 3')).toEqual([
      'start -> a@2',
      'a@2 ~> a@2 [× 2]',
      'a@2 ~> a@2 [× 3]',
      'a@2 -> end',
    ]);
  });
});

describe('topologyMermaid', () => {
  it('writes a flowchart of the research-brief wiring', () => {
    expect(topologyMermaid(ast('researcher >> (fact_checker | style_checker) >> writer'))).toBe(
      [
        'flowchart LR',
        '  topology_start(("start"))',
        '  n1["researcher"]',
        '  n16["fact_checker"]',
        '  n31["style_checker"]',
        '  n49["writer"]',
        '  topology_end(("end"))',
        '  topology_start --> n1',
        '  n1 --> n16',
        '  n1 --> n31',
        '  n16 --> n49',
        '  n31 --> n49',
        '  n49 --> topology_end',
        '',
      ].join('\n'),
    );
  });

  it('dashes fallbacks, labels loops and escapes what Mermaid would read', () => {
    const text = topologyMermaid(ast('(a // b) * until(v == "a|\\"b", max=2)'), {
      direction: 'TD',
      describe: (agent) => (agent === 'a' ? '→ out[0]' : undefined),
    });
    expect(text.split('\n')[0]).toBe('flowchart TD');
    expect(text).toContain('  n2["a<br/>→ out#91;0#93;"]');
    expect(text).toContain('  n7["b"]');
    expect(text).toContain('  n2 -.->|"on failure"| n7');
    expect(text).toContain('  n7 -->|"until v == #quot;a#124;\\#quot;b#quot; (max 2)"| n2');
  });

  it('never uses the reserved id end for an agent called end', () => {
    const text = topologyMermaid(ast('start >> end'));
    expect(text).toContain('  n1["start"]');
    expect(text).toContain('  n10["end"]');
    expect(text).toContain('  n1 --> n10');
    expect(text).not.toMatch(/^\s+end\b/m);
  });
});

describe('mermaidLabel', () => {
  it('leaves plain text alone and encodes the characters with a meaning', () => {
    expect(mermaidLabel('fact_checker')).toBe('fact_checker');
    expect(mermaidLabel('a"b|c(d)<e>')).toBe('a#quot;b#124;c(d)#60;e#62;');
  });
});
