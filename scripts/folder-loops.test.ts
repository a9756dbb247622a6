/**
 * No folder loop: no two folders of the host, shared/ or the renderer import each other,
 * directly or round a longer way (docs/architecture.md, "Layers"). The layer rule sees one
 * import at a time and cannot see a loop, so this builds the relative-import graph from the
 * files on disk (scripts/import-graph.ts). Files of one folder may still import each other:
 * that is natural recursion, not a loop between parts.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { describeLoop, unitGraph, unitLoops } from './import-graph';

const ROOT = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

/**
 * The renderer's folders still import each other in a loop; its order is being made. Turn
 * this on once `renderer/src` is free of them, so lint holds the order from then on.
 */
const CHECK_RENDERER = true;

/**
 * Loops not cut yet, each as its units sorted: the test passes them and fails on any other
 * (a new loop, or one of these grown). Remove an entry when its loop is gone.
 */
const LOOPS_NOT_CUT_YET: readonly string[] = [];

function loopsIn(roots: readonly string[]): string[] {
  return unitLoops(unitGraph(ROOT, roots))
    .filter((loop) => !LOOPS_NOT_CUT_YET.includes(loop.units.join(', ')))
    .map(describeLoop);
}

describe('folder loops in the source tree', () => {
  it('has none in electron/host', () => {
    expect(loopsIn(['electron/host']).join('\n\n')).toBe('');
  });

  it('has none in shared/', () => {
    expect(loopsIn(['shared']).join('\n\n')).toBe('');
  });

  it.skipIf(!CHECK_RENDERER)('has none in renderer/src', () => {
    expect(loopsIn(['renderer/src']).join('\n\n')).toBe('');
  });
});

describe('the loop finder', () => {
  let dir: string;

  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'folder-loops-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  async function tree(files: Record<string, string>): Promise<void> {
    for (const [rel, text] of Object.entries(files)) {
      await mkdir(path.dirname(path.join(dir, rel)), { recursive: true });
      await writeFile(path.join(dir, rel), text);
    }
  }

  it('names a loop round three folders, with the imports that close it', async () => {
    await tree({
      'src/fs/walk.ts': "import { IGNORED } from '../bundle/ignore';\nexport const w = IGNORED;\n",
      'src/bundle/ignore.ts':
        "import type { Rec } from '../registry/record';\nexport const IGNORED = 1;\nexport type R = Rec;\n",
      'src/registry/record.ts': "import { w } from '../fs/walk.js';\nexport type Rec = typeof w;\n",
      'src/registry/record.test.ts': "import '../bundle/ignore';\n",
    });
    const loops = unitLoops(unitGraph(dir, ['src']));
    expect(loops.map((l) => l.units)).toEqual([['src/bundle', 'src/fs', 'src/registry']]);
    const text = describeLoop(loops[0]);
    expect(text).toContain('src/fs -> src/bundle (src/fs/walk.ts imports src/bundle/ignore.ts)');
    expect(text).toContain(
      'src/registry -> src/fs (src/registry/record.ts imports src/fs/walk.ts)',
    );
  });

  it('counts a parent folder and its child as two folders', async () => {
    await tree({
      'src/runner/types.ts': 'export type Outcome = { ok: boolean };\n',
      'src/runner/executor.ts': "export { sandbox } from './sandbox/plain';\n",
      'src/runner/sandbox/plain.ts':
        "import type { Outcome } from '../types';\nexport const sandbox = (o: Outcome) => o;\n",
    });
    const loops = unitLoops(unitGraph(dir, ['src']));
    expect(loops.map((l) => l.units)).toEqual([['src/runner', 'src/runner/sandbox']]);
  });

  it('lets files of one folder import each other (natural recursion)', async () => {
    await tree({
      'src/schema/PropertyEditor.tsx':
        "import { PropertyList } from './PropertyList';\nexport const PropertyEditor = PropertyList;\n",
      'src/schema/PropertyList.tsx':
        "import { PropertyEditor } from './PropertyEditor';\nexport const PropertyList = PropertyEditor;\n",
      'src/app.ts':
        "import { PropertyList } from './schema/PropertyList';\nexport const app = PropertyList;\n",
    });
    expect(unitLoops(unitGraph(dir, ['src']))).toEqual([]);
  });

  it('counts each file at a root as a unit of its own', async () => {
    await tree({
      'src/router.ts': "import { table } from './domain/handlers';\nexport const route = table;\n",
      'src/log.ts': 'export const log = () => {};\n',
      'src/domain/handlers.ts': "import { log } from '../log';\nexport const table = log;\n",
    });
    expect(unitLoops(unitGraph(dir, ['src']))).toEqual([]);
  });
});
