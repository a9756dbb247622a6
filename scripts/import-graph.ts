/**
 * The relative-import graph of the source tree, folder by folder, and the folder loops in it.
 * The layer rule (scripts/eslint-layers.js) sees one import at a time and so cannot see a loop;
 * scripts/folder-loops.test.ts builds this graph from the files on disk and fails on a loop.
 *
 * A unit is the folder a file stands in; a file directly in a root (`electron/host/router.ts`)
 * is a unit of its own, so the files at a root's top are not one big folder. Files of one
 * folder may import each other in a loop (natural recursion: a property editor that shows a
 * property list that shows property editors), so a folder's imports of itself are not drawn.
 * Tests, their support code and fixtures are no units: a test may reach anywhere.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const SOURCE = /\.(ts|tsx|mts|cts)$/;
const NOT_SOURCE = /(\.test\.[cm]?[jt]sx?|\.d\.ts)$/;
const NOT_SOURCE_FOLDERS = new Set(['test-support', 'fixtures', 'node_modules', 'vendor']);

/** An import from one unit to another, and one file-to-file import that draws it. */
export interface UnitEdge {
  readonly from: string;
  readonly to: string;
  readonly via: { readonly file: string; readonly imports: string };
}

/** Every source file under `roots` (repository-relative, `/`-separated). */
export function sourceFiles(repoRoot: string, roots: readonly string[]): string[] {
  const files: string[] = [];
  const walk = (rel: string): void => {
    for (const entry of fs.readdirSync(path.join(repoRoot, rel), { withFileTypes: true })) {
      const child = `${rel}/${entry.name}`;
      if (entry.isDirectory()) {
        if (!NOT_SOURCE_FOLDERS.has(entry.name)) walk(child);
      } else if (SOURCE.test(entry.name) && !NOT_SOURCE.test(entry.name)) {
        files.push(child);
      }
    }
  };
  for (const root of roots) walk(root);
  return files.sort();
}

/** The file among `files` that a relative specifier names, as the bundler resolves it, or null. */
function resolveSpecifier(
  files: ReadonlySet<string>,
  fromFile: string,
  spec: string,
): string | null {
  const base = path.posix.join(path.posix.dirname(fromFile), spec);
  const stem = base.replace(/\.[cm]?js$/, '');
  const candidates = [
    base,
    `${stem}.ts`,
    `${stem}.tsx`,
    `${stem}.mts`,
    `${base}/index.ts`,
    `${base}/index.tsx`,
  ];
  return candidates.find((candidate) => files.has(candidate)) ?? null;
}

/** The files among `files` that `file` imports by a relative path (types and re-exports too). */
export function relativeImports(
  repoRoot: string,
  file: string,
  files: ReadonlySet<string>,
): string[] {
  const text = fs.readFileSync(path.join(repoRoot, file), 'utf8');
  const { importedFiles } = ts.preProcessFile(text, true, true);
  return importedFiles
    .filter(({ fileName }) => fileName.startsWith('.'))
    .map(({ fileName }) => resolveSpecifier(files, file, fileName))
    .filter((target): target is string => target !== null);
}

/** The unit a file belongs to: its folder, or the file itself when it stands in a root. */
export function unitOf(file: string, roots: readonly string[]): string {
  const root = roots.find((r) => file.startsWith(`${r}/`));
  const folder = path.posix.dirname(file);
  return root !== undefined && folder === root ? file : folder;
}

/** The imports between units under `roots`, one edge per ordered pair of units. */
export function unitGraph(repoRoot: string, roots: readonly string[]): UnitEdge[] {
  const files = sourceFiles(repoRoot, roots);
  const known = new Set(files);
  const edges = new Map<string, UnitEdge>();
  for (const file of files) {
    const from = unitOf(file, roots);
    for (const target of relativeImports(repoRoot, file, known)) {
      const to = unitOf(target, roots);
      const key = `${from}\0${to}`;
      if (from !== to && !edges.has(key))
        edges.set(key, { from, to, via: { file, imports: target } });
    }
  }
  return [...edges.values()];
}

/** Units that import each other, transitively, and one way round them through their imports. */
export interface UnitLoop {
  readonly units: readonly string[];
  readonly wayRound: readonly UnitEdge[];
}

/**
 * The loops of a graph: its strongly connected parts of two units or more (Tarjan), each with
 * one way round it, so a failure can say which imports to cut.
 */
export function unitLoops(edges: readonly UnitEdge[]): UnitLoop[] {
  const out = new Map<string, UnitEdge[]>();
  for (const edge of edges) out.set(edge.from, [...(out.get(edge.from) ?? []), edge]);
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const parts: string[][] = [];
  const connect = (unit: string): void => {
    index.set(unit, index.size);
    low.set(unit, index.get(unit)!);
    stack.push(unit);
    onStack.add(unit);
    for (const { to } of out.get(unit) ?? []) {
      if (!index.has(to)) {
        connect(to);
        low.set(unit, Math.min(low.get(unit)!, low.get(to)!));
      } else if (onStack.has(to)) {
        low.set(unit, Math.min(low.get(unit)!, index.get(to)!));
      }
    }
    if (low.get(unit) !== index.get(unit)) return;
    const part: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      part.push(member);
    } while (member !== unit);
    if (part.length > 1) parts.push(part.sort());
  };
  for (const unit of new Set(edges.flatMap((e) => [e.from, e.to]))) {
    if (!index.has(unit)) connect(unit);
  }
  return parts.map((units) => ({ units, wayRound: wayRound(units, out) }));
}

/** The shortest path from the part's first unit back to itself, inside the part. */
function wayRound(part: readonly string[], out: ReadonlyMap<string, UnitEdge[]>): UnitEdge[] {
  const inside = new Set(part);
  const start = part[0];
  const cameBy = new Map<string, UnitEdge>();
  const queue = [start];
  while (queue.length > 0) {
    const unit = queue.shift()!;
    for (const edge of out.get(unit) ?? []) {
      if (!inside.has(edge.to)) continue;
      if (edge.to === start) {
        const path: UnitEdge[] = [edge];
        for (let at = unit; at !== start; at = cameBy.get(at)!.from) path.unshift(cameBy.get(at)!);
        return path;
      }
      if (!cameBy.has(edge.to)) {
        cameBy.set(edge.to, edge);
        queue.push(edge.to);
      }
    }
  }
  throw new Error(`no way round ${part.join(', ')}`);
}

/** A loop as its units, then one line per import of a way round: `a -> b (a/x.ts imports b/y.ts)`. */
export function describeLoop(loop: UnitLoop): string {
  const steps = loop.wayRound.map(
    (e) => `  ${e.from} -> ${e.to} (${e.via.file} imports ${e.via.imports})`,
  );
  return [`loop of ${loop.units.length}: ${loop.units.join(', ')}`, ...steps].join('\n');
}
