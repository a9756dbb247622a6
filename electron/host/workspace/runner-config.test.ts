import { describe, expect, it } from 'vitest';
import { DEFAULT_IMAGES, mergeRunnerConfig, readRunnerSection } from './runner-config';
import {
  defaultEngineSockets,
  engineCandidates,
  parseEngineHost,
} from '../runner/sandbox/container-engine';
import { parseWorkspaceConfig } from './workspace-config';

const read = (v: unknown, where = 'skill-studio.json') => readRunnerSection(v, where);

describe('the runner settings', () => {
  it('take the user settings, and a workspace may tighten but never loosen them', () => {
    const user = read(
      { sandbox: 'container', container: { host: 'tcp://10.0.0.5:2375' } },
      'settings.json',
    );
    // A cloned repository's settings try to switch the sandbox off, send runs elsewhere and
    // widen the images skills may name.
    const workspace = read({
      sandbox: 'process',
      container: { host: 'tcp://attacker.example:2375', allow_skill_images: true },
    });
    const { config, problems } = mergeRunnerConfig(user, workspace);
    expect(config.sandbox).toBe('container');
    expect(config.container.host).toBe('tcp://10.0.0.5:2375');
    expect(config.container.allow_skill_images).toBe(true);
    expect(problems.join('\n')).toMatch(/runner.sandbox "process" is ignored/);
    expect(problems.join('\n')).toMatch(/tcp:\/\/attacker.example:2375 is ignored/);

    const narrowed = mergeRunnerConfig(
      read({ container: { allow_skill_images: ['ghcr.io/a/*', 'ghcr.io/b/*'] } }),
      read({
        sandbox: 'container',
        container: { allow_skill_images: ['ghcr.io/b/*'], images: { python: 'python:3.13' } },
      }),
    ).config;
    expect(narrowed.sandbox).toBe('container');
    expect(narrowed.container.allow_skill_images).toEqual(['ghcr.io/b/*']);
    expect(narrowed.container.images).toEqual({ ...DEFAULT_IMAGES, python: 'python:3.13' });
    expect(
      mergeRunnerConfig(read(undefined), read({ container: { allow_skill_images: false } })).config
        .container.allow_skill_images,
    ).toBe(false);
  });

  it('name what is wrong and keep the rest', () => {
    const s = read({
      sandbox: 'docker',
      container: { host: 'ssh://x', images: { ruby: 'ruby:3', node: 'Node!' } },
    });
    expect(s.sandbox).toBeUndefined();
    expect(s.problems).toEqual([
      'skill-studio.json: runner.sandbox must be one of "auto", "bwrap", "container", "process"',
      'skill-studio.json: runner.container.host must be unix:///path, npipe:////./pipe/name or tcp://host:port',
      'skill-studio.json: runner.container.images has no kind "ruby" (known: node, python, bash)',
      'skill-studio.json: runner.container.images.node must be an image reference such as "node:20-slim"',
    ]);
  });

  it('are part of skill-studio.json, checked at their line', () => {
    const text = '{\n  "runner": {\n    "sandbox": "docker"\n  }\n}\n';
    const { config, diagnostics } = parseWorkspaceConfig(text, '/w/skill-studio.json');
    expect(config.runner).toEqual({ sandbox: 'docker' });
    expect(diagnostics.map((d) => `${d.line} ${d.message}`)).toEqual([
      '3 skill-studio.json: runner.sandbox must be one of "auto", "bwrap", "container", "process"',
    ]);
  });
});

describe('the engine address', () => {
  it('is the configured host, else DOCKER_HOST, else the usual sockets', () => {
    expect(engineCandidates('unix:///x.sock', { DOCKER_HOST: 'tcp://h:1' }).urls).toEqual([
      'unix:///x.sock',
    ]);
    expect(engineCandidates(null, { DOCKER_HOST: 'tcp://h:1' }).urls).toEqual(['tcp://h:1']);
    const linux = defaultEngineSockets({ XDG_RUNTIME_DIR: '/run/user/1000' }, 'linux', '/home/u');
    expect(linux).toEqual(
      expect.arrayContaining([
        'unix:///var/run/docker.sock',
        'unix:///run/user/1000/podman/podman.sock',
        'unix:///run/podman/podman.sock',
        'unix:///home/u/.docker/run/docker.sock',
      ]),
    );
    expect(defaultEngineSockets({}, 'win32', 'C:\\Users\\u')[0]).toBe(
      'npipe:////./pipe/docker_engine',
    );
  });

  it('parses unix, npipe and tcp addresses', () => {
    expect(parseEngineHost('unix:///var/run/docker.sock')).toMatchObject({
      socketPath: '/var/run/docker.sock',
    });
    expect(parseEngineHost('npipe:////./pipe/docker_engine')).toMatchObject({
      socketPath: '\\\\.\\pipe\\docker_engine',
    });
    expect(parseEngineHost('tcp://127.0.0.1:2375')).toMatchObject({
      host: '127.0.0.1',
      port: 2375,
    });
    expect(parseEngineHost('ssh://me@host')).toBeNull();
  });
});
