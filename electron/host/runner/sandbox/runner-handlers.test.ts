import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StudioHost } from '../../studio-host';

describe('runner.settings and runner.saveSettings', () => {
  let root: string;
  let file: string;
  let host: StudioHost;
  const before = process.env.SKILL_STUDIO_SETTINGS;

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'runner-settings-'));
    file = path.join(root, 'user', 'settings.json');
    process.env.SKILL_STUDIO_SETTINGS = file;
    await writeFile(
      path.join(root, 'skill-studio.json'),
      JSON.stringify({ runner: { container: { images: { python: 'python:3.13-slim' } } } }),
    );
    host = await StudioHost.create({
      workspace: root,
      home: null,
      stateDir: null,
      frameworkDir: null,
    });
  });

  afterAll(async () => {
    if (before === undefined) delete process.env.SKILL_STUDIO_SETTINGS;
    else process.env.SKILL_STUDIO_SETTINGS = before;
    await rm(root, { recursive: true, force: true });
  });

  it('keeps the engine and images in the user settings, keeping its other keys', async () => {
    await host.invoke('runner.saveSettings', {
      settings: { sandbox: 'container', host: 'unix:///run/e.sock', images: { node: 'node:22' } },
    });
    await writeFile(
      file,
      JSON.stringify({
        agentClients: { codex: { path: '/opt/codex' } },
        ...JSON.parse(await readFile(file, 'utf8')),
      }),
    );
    const info = await host.invoke('runner.saveSettings', {
      settings: {
        sandbox: 'container',
        host: 'unix:///run/e.sock',
        images: { node: 'node:22', bash: '' },
      },
    });
    const written = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
    expect(written.agentClients).toEqual({ codex: { path: '/opt/codex' } });
    expect(written.runner).toEqual({
      sandbox: 'container',
      container: { host: 'unix:///run/e.sock', images: { node: 'node:22' } },
    });
    // In force: the user's settings, then the workspace's image.
    expect(info.effective).toMatchObject({
      sandbox: 'container',
      host: 'unix:///run/e.sock',
      images: { node: 'node:22', python: 'python:3.13-slim', bash: 'bash:5' },
    });
    expect((await host.invoke('runner.settings', {})).effective.images.node).toBe('node:22');
  });

  it('refuses what the runner could not use, before writing', async () => {
    const text = await readFile(file, 'utf8');
    await expect(
      host.invoke('runner.saveSettings', {
        settings: { sandbox: 'auto', host: 'ssh://me@box', images: { node: 'Not An Image' } },
      }),
    ).rejects.toThrow(/runner.container.host must be .*images.node must be an image reference/);
    expect(await readFile(file, 'utf8')).toBe(text);
  });
});
