/**
 * Cycles in the graph of skills composing skills (the registry's index, and `validate` over
 * the folders it checks): which nodes lie on a cycle, and for each one a chain of nodes that
 * leads from it back to it, to name in its diagnostic. Iterative throughout: a workspace may
 * chain thousands of skills.
 */
import { nameKey } from './skill-name';

/** A skill as the cycle check sees it: its display name and the names it composes. */
export interface ComposingSkill {
  name: string;
  composes: readonly string[];
}

/**
 * The skills on a cycle of composition, by key, each with its chain of display names back
 * to itself. `skills` is keyed by name key (nameKey); a composed name calls the skill of
 * that key, and names that no skill here answers to lead nowhere. A skill composing itself
 * directly is left to the validator (it is visible in its own file).
 */
export function compositionCycles(
  skills: ReadonlyMap<string, ComposingSkill>,
): Map<string, string[]> {
  const edges = new Map<string, string[]>();
  for (const [key, skill] of skills) {
    const targets = skill.composes.map(nameKey).filter((t) => t !== key && skills.has(t));
    if (targets.length > 0) edges.set(key, targets);
  }
  const out = new Map<string, string[]>();
  for (const [key, chain] of findCycles(edges)) {
    out.set(
      key,
      chain.map((k) => skills.get(k)?.name ?? k),
    );
  }
  return out;
}

/** Strongly connected components (Tarjan, without recursion), in no particular order. */
export function stronglyConnected(edges: ReadonlyMap<string, readonly string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const out: string[][] = [];
  let next = 0;
  for (const start of edges.keys()) {
    if (index.has(start)) continue;
    // Each frame: a node and how many of its successors were visited.
    const frames: { node: string; i: number }[] = [{ node: start, i: 0 }];
    index.set(start, next);
    low.set(start, next++);
    stack.push(start);
    onStack.add(start);
    while (frames.length > 0) {
      const frame = frames[frames.length - 1];
      const succ = edges.get(frame.node) ?? [];
      if (frame.i < succ.length) {
        const w = succ[frame.i++];
        if (!index.has(w)) {
          index.set(w, next);
          low.set(w, next++);
          stack.push(w);
          onStack.add(w);
          frames.push({ node: w, i: 0 });
        } else if (onStack.has(w)) {
          low.set(frame.node, Math.min(low.get(frame.node)!, index.get(w)!));
        }
        continue;
      }
      frames.pop();
      const v = frame.node;
      if (frames.length > 0) {
        const parent = frames[frames.length - 1].node;
        low.set(parent, Math.min(low.get(parent)!, low.get(v)!));
      }
      if (low.get(v) === index.get(v)) {
        const component: string[] = [];
        let w: string;
        do {
          w = stack.pop()!;
          onStack.delete(w);
          component.push(w);
        } while (w !== v);
        out.push(component);
      }
    }
  }
  return out;
}

/** The shortest path from `from` to `to` inside `members` (both ends included), or null. */
function shortestPath(
  edges: ReadonlyMap<string, readonly string[]>,
  members: ReadonlySet<string>,
  from: string,
  to: string,
): string[] | null {
  const parent = new Map<string, string>();
  const queue = [from];
  for (let q = 0; q < queue.length; q++) {
    const v = queue[q];
    for (const w of edges.get(v) ?? []) {
      if (!members.has(w) || parent.has(w) || w === from) continue;
      parent.set(w, v);
      if (w === to) {
        const path = [to];
        for (let x = to; x !== from;) path.push((x = parent.get(x)!));
        return path.reverse();
      }
      queue.push(w);
    }
  }
  return null;
}

/**
 * Every node on a cycle of two or more nodes (a node whose only cycle is an edge to itself
 * is left out), with a chain from it back to it: [a, b, …, a]. In a component of up to
 * MAX_SHORTEST nodes the chain is the shortest such cycle. In a larger one (a hostile or
 * generated workspace) it is the node, a successor in the component and '…': finding and
 * printing thousands of full chains would cost the square of the component's size.
 */
export function findCycles(edges: ReadonlyMap<string, readonly string[]>): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const component of stronglyConnected(edges)) {
    if (component.length < 2) continue;
    const members = new Set(component);
    for (const v of [...component].sort()) {
      const inside = (edges.get(v) ?? []).filter((w) => members.has(w) && w !== v);
      if (component.length > MAX_SHORTEST) {
        out.set(v, [v, inside[0], '…', v]);
        continue;
      }
      let best: string[] | null = null;
      for (const w of inside) {
        const back = shortestPath(edges, members, w, v);
        if (back && (best === null || back.length + 1 < best.length)) best = [v, ...back];
      }
      if (best) out.set(v, best);
    }
  }
  return out;
}

/** Largest component whose nodes each get their own shortest cycle (quadratic in size). */
const MAX_SHORTEST = 64;
