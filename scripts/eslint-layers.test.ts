/**
 * The layer rule as the lint run applies it: ESLint's own API with the repository's config,
 * on synthetic file contents placed in each layer.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { layerViolation } from './eslint-layers.js';

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
