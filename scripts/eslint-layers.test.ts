/**
 * The layer rule as the lint run applies it: ESLint's own API with the repository's config,
 * on synthetic file contents placed in each layer.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { HOST_FLOORS, hostFloorOf, layerOf, layerViolation } from './eslint-layers.js';
import { sourceFiles } from './import-graph';

const ROOT = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const eslint = new ESLint({ cwd: ROOT });

async function layerErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  return result.messages.filter((m) => m.ruleId === 'layers/imports').map((m) => m.message);
}

describe('layer rule through ESLint', () => {
  it('fails a renderer import of electron/', async () => {
    const errors = await layerErrors(
      'renderer/src/stores/layer-probe.ts',
      "import { StudioHost } from '../../../electron/host/studio-host';\nexport const x = StudioHost;\n",
    );
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('renderer may import only from renderer, shared');
  });

  it('fails a type-only or re-exporting import just the same', async () => {
    const errors = await layerErrors(
      'renderer/src/stores/layer-probe.ts',
      "import type { RunningServer } from '../../../electron/server/server';\n" +
        "export * from '../../../electron/host/studio-host';\n" +
        'export type S = RunningServer;\n',
    );
    expect(errors).toHaveLength(2);
  });

  it('passes a renderer import of shared/', async () => {
    const errors = await layerErrors(
      'renderer/src/stores/layer-probe.ts',
      "import { parseSkillMd } from '../../../shared/skill/validate';\nexport const v = parseSkillMd;\n",
    );
    expect(errors).toEqual([]);
  });

  it('fails a CLI import of the host other than its client', async () => {
    const errors = await layerErrors(
      'electron/cli/commands/layer-probe.ts',
      "import { findSkill } from '../../host/registry/find-skill';\n" +
        "import { createHostProxy } from '../../host/in-process/host-proxy';\n" +
        'export const x = [findSkill, createHostProxy];\n',
    );
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain("'../../host/registry/find-skill'");
    expect(errors[0]).toContain(
      'electron/cli may import only from electron/cli, shared, electron/host/in-process',
    );
  });

  it('fails the desktop app importing the server', async () => {
    const errors = await layerErrors(
      'electron/main/layer-probe.ts',
      "import { startServer } from '../server/server';\nexport const s = startServer;\n",
    );
    expect(errors).toHaveLength(1);
  });
});

describe('layer map', () => {
  it('lets adapters use the host and the host use shared only', () => {
    expect(layerViolation('electron/server/server.ts', 'electron/host/studio-host')).toBeNull();
    expect(layerViolation('electron/main/main.ts', 'electron/host/web/csp')).toBeNull();
    expect(layerViolation('electron/host/router.ts', 'shared/api/studio-api')).toBeNull();
    expect(layerViolation('electron/host/router.ts', 'electron/server/server')).not.toBeNull();
    expect(layerViolation('shared/skill/validate.ts', 'electron/host/fs/safe-path')).not.toBeNull();
  });

  it('lets the CLI reach the host and the server only through the client', () => {
    expect(
      layerViolation('electron/cli/commands/list.ts', 'electron/host/in-process/host-proxy'),
    ).toBeNull();
    expect(
      layerViolation('electron/cli/commands/list.ts', 'electron/host/registry/registry'),
    ).not.toBeNull();
    expect(
      layerViolation('electron/cli/commands/serve.ts', 'electron/server/server'),
    ).not.toBeNull();
    expect(
      layerViolation('electron/host/in-process/serve.ts', 'electron/server/server'),
    ).toBeNull();
    expect(
      layerViolation('electron/host/in-process/catalog.ts', 'electron/host/registry/registry'),
    ).toBeNull();
    expect(
      layerViolation('electron/host/studio-host.ts', 'electron/host/in-process/host-proxy'),
    ).not.toBeNull();
    expect(
      layerViolation('electron/host/in-process/host-proxy.ts', 'electron/cli/io'),
    ).not.toBeNull();
  });

  it('keeps the CLI to itself and its tests', () => {
    expect(layerViolation('electron/host/studio-host.ts', 'electron/cli/main')).not.toBeNull();
    expect(layerViolation('bench/run.ts', 'electron/cli/main')).not.toBeNull();
    expect(layerViolation('electron/cli/commands/list.ts', 'electron/cli/format')).toBeNull();
    expect(layerViolation('electron/test-support/run-cli.ts', 'electron/cli/main')).toBeNull();
    expect(layerViolation('electron/cli/cli.test.ts', 'electron/cli/main')).toBeNull();
  });

  it('lets the preload take the IPC channel names from main, and nothing else', () => {
    expect(layerViolation('electron/preload/preload.ts', 'electron/main/ipc-channels')).toBeNull();
    expect(layerViolation('electron/preload/preload.ts', 'electron/main/main')).not.toBeNull();
    expect(layerViolation('electron/preload/preload.ts', 'electron/host/router')).not.toBeNull();
  });
});

describe('the floors inside the host through ESLint', () => {
  it('fails an import up a floor: the tree walker reaching into bundles', async () => {
    const errors = await layerErrors(
      'electron/host/fs/layer-probe.ts',
      "import { isListIgnored } from '../bundle/export-bundle';\nexport const x = isListIgnored;\n",
    );
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain("'../bundle/export-bundle' crosses a layer");
    expect(errors[0]).toContain(
      "the host's base floor may import only from base (this is domains)",
    );
  });

  it('fails a domain importing the router, and the registry importing an eval domain file', async () => {
    const domain = await layerErrors(
      'electron/host/search/layer-probe.ts',
      "import type { RouterResult } from '../router';\nexport type R = RouterResult;\n",
    );
    expect(domain).toHaveLength(1);
    expect(domain[0]).toContain('domains floor may import only from domains, runner, model, base');
    const model = await layerErrors(
      'electron/host/registry/layer-probe.ts',
      "export { runBenchmark } from '../evals/benchmark';\nexport type T = typeof import('../runner/a2e-host');\n",
    );
    expect(model).toHaveLength(2);
    const viaIndex = await layerErrors(
      'electron/host/workspace/layer-probe.ts',
      "import { createChatApi } from '../providers';\nexport const c = createChatApi;\n",
    );
    expect(viaIndex).toHaveLength(1);
  });

  it('passes imports down a floor or along one', async () => {
    const errors = await layerErrors(
      'electron/host/evals/layer-probe.ts',
      "import { StudioError } from '../../../shared/errors';\n" +
        "import type { Handlers } from '../handler-table';\n" +
        "import { SkillRegistry } from '../registry/registry';\n" +
        "import { findSkill } from '../registry/find-skill';\n" +
        "import { writeFileAtomic } from '../fs/atomic-write';\n" +
        "import { openStream } from '../providers/open-stream';\n" +
        "import { historyHandlers } from '../history/handlers';\n" +
        'export const x = [StudioError, SkillRegistry, findSkill, writeFileAtomic, openStream, historyHandlers];\n' +
        'export type H = Handlers;\n',
    );
    expect(errors).toEqual([]);
  });
});

describe('the host floor map', () => {
  const floor = (file: string) => {
    const index = hostFloorOf(file);
    return index === null ? null : HOST_FLOORS[index].floor;
  };

  it('places files by their longest matching path, and every handler table on the domains floor', () => {
    expect(floor('electron/host/fs/walk-tree.ts')).toBe('base');
    expect(floor('electron/host/log')).toBe('base');
    expect(floor('electron/host/registry/registry.ts')).toBe('model');
    expect(floor('electron/host/skills/skill-lookup.ts')).toBe('model');
    expect(floor('electron/host/skills/handlers.ts')).toBe('domains');
    expect(floor('electron/host/runner/sandbox/detect.ts')).toBe('runner');
    expect(floor('electron/host/runner/sandbox/runner-handlers.ts')).toBe('domains');
    expect(floor('electron/host/agent-clients/catalog-handlers.ts')).toBe('domains');
    expect(floor('electron/host/workers/worker-pool.ts')).toBe('base');
    expect(floor('electron/host/workers/schema-jobs.ts')).toBe('runner');
    expect(floor('electron/host/router.ts')).toBe('router');
    expect(floor('electron/host/providers')).toBe('runner');
    expect(floor('electron/host/runner/sandbox/detect.js')).toBe('runner');
    expect(floor('electron/host/log.js')).toBe('base');
    expect(floor('electron/host/in-process/host-proxy.ts')).toBeNull();
    expect(floor('shared/errors.ts')).toBeNull();
  });

  it('stands every source file of the host on a floor', () => {
    const unplaced = sourceFiles(ROOT, ['electron/host']).filter(
      (file) => layerOf(file) === 'electron/host' && hostFloorOf(file) === null,
    );
    expect(unplaced).toEqual([]);
  });

  it('refuses a host file that stands on no floor', () => {
    expect(layerViolation('electron/host/new-thing.ts', 'electron/host/log')).toContain(
      'stands on no floor of the host',
    );
  });

  it('lets tests reach any floor', () => {
    expect(
      layerViolation('electron/host/fs/walk-tree.test.ts', 'electron/host/studio-host'),
    ).toBeNull();
  });
});

describe('containment rule through ESLint', () => {
  async function containmentErrors(file: string, code: string): Promise<string[]> {
    const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
    return result.messages.filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.message);
  }

  it("fails a hand-rolled rel.startsWith('..') check, in every spelling", async () => {
    const errors = await containmentErrors(
      'electron/host/runner/containment-probe.ts',
      "import path from 'node:path';\n" +
        'export const a = (r: string) => r.startsWith("..");\n' +
        'export const b = (r: string) => r.startsWith(`..${path.sep}`);\n' +
        "export const c = (r: string) => r.startsWith('..' + path.sep);\n",
    );
    expect(errors).toHaveLength(3);
    expect(errors[0]).toContain('relativeInside or isInsideOrEqual');
  });

  it('passes the one helper, and a dot check that is not about climbing out', async () => {
    const errors = await containmentErrors(
      'electron/host/runner/containment-probe.ts',
      "import { relativeInside } from '../fs/safe-path';\n" +
        "export const a = (p: string, c: string) => relativeInside(p, c) !== null || c.startsWith('.');\n",
    );
    expect(errors).toEqual([]);
  });
});
