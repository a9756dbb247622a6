import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveSources } from './sources';
import { defaultWorkspaceConfig, type WorkspaceConfig } from '../workspace/workspace-config';

// Pure path arithmetic: these folders are never created or read.
const ws = path.resolve('/virtual/ws');
const home = path.resolve('/virtual/home');
const fw = path.resolve('/virtual/app/resources/skills');

const config = (over: Partial<WorkspaceConfig> = {}): WorkspaceConfig => ({
  ...defaultWorkspaceConfig(),
  ...over,
});

describe('resolveSources', () => {
  it('lists project, user, framework and plugin folders in priority order', () => {
    const folders = resolveSources({
      workspace: ws,
      home,
      frameworkDir: fw,
      config: config({ plugins: ['vendor/skills', '/opt/more', '~/shared-skills'] }),
    });
    expect(folders.map((f) => [f.source, f.id, f.dir, f.priority])).toEqual([
      ['project', 'project:skills', path.join(ws, 'skills'), 0],
      ['project', 'project:agents', path.join(ws, '.agents/skills'), 0],
      ['project', 'project:claude', path.join(ws, '.claude/skills'), 0],
      ['project', 'project:github', path.join(ws, '.github/skills'), 0],
      ['project', 'project:cursor', path.join(ws, '.cursor/skills'), 0],
      ['project', 'project:gemini', path.join(ws, '.gemini/skills'), 0],
      ['project', 'project:opencode', path.join(ws, '.opencode/skills'), 0],
      ['project', 'project:windsurf', path.join(ws, '.windsurf/skills'), 0],
      ['user', 'user:agents', path.join(home, '.agents/skills'), 1],
      ['user', 'user:claude', path.join(home, '.claude/skills'), 1],
      ['user', 'user:codex', path.join(home, '.codex/skills'), 1],
      ['user', 'user:gemini', path.join(home, '.gemini/skills'), 1],
      ['user', 'user:copilot', path.join(home, '.copilot/skills'), 1],
      ['user', 'user:cursor', path.join(home, '.cursor/skills'), 1],
      ['user', 'user:opencode', path.join(home, '.config/opencode/skills'), 1],
      ['framework', 'framework', fw, 2],
      ['plugin', 'plugin:vendor/skills', path.join(ws, 'vendor/skills'), 3],
      ['plugin', 'plugin:/opt/more', path.resolve('/opt/more'), 3],
      ['plugin', 'plugin:~/shared-skills', path.join(home, 'shared-skills'), 3],
    ]);
  });

  it('switches user folders off one by one, or all with noUser, or when there is no home', () => {
    const some = resolveSources({
      workspace: null,
      home,
      frameworkDir: null,
      config: config({ user_sources: { claude: false, codex: false } }),
    });
    expect(some.map((f) => f.id)).toEqual([
      'user:agents',
      'user:gemini',
      'user:copilot',
      'user:cursor',
      'user:opencode',
    ]);
    expect(
      resolveSources({ workspace: null, home, frameworkDir: null, config: config(), noUser: true }),
    ).toEqual([]);
    expect(
      resolveSources({ workspace: null, home: null, frameworkDir: fw, config: config() }),
    ).toEqual([{ source: 'framework', id: 'framework', dir: fw, priority: 2 }]);
  });

  it('replaces the project folders with --root folders', () => {
    const folders = resolveSources({
      workspace: ws,
      home: null,
      frameworkDir: null,
      config: config(),
      roots: ['one', '/abs/two'],
    });
    expect(folders).toEqual([
      { source: 'project', id: 'root:0', dir: path.join(ws, 'one'), priority: 0 },
      { source: 'project', id: 'root:1', dir: path.resolve('/abs/two'), priority: 0 },
    ]);
  });

  it('lists a folder reached twice once, under the higher source', () => {
    const folders = resolveSources({
      workspace: home,
      home,
      frameworkDir: null,
      config: config({ plugins: ['skills', 'relative-without-workspace'] }),
    });
    const claude = folders.filter((f) => f.dir === path.join(home, '.claude/skills'));
    expect(claude).toEqual([
      {
        source: 'project',
        id: 'project:claude',
        dir: path.join(home, '.claude/skills'),
        priority: 0,
      },
    ]);
    expect(folders.filter((f) => f.source === 'plugin').map((f) => f.id)).toEqual([
      'plugin:relative-without-workspace',
    ]);
    // Without a workspace a relative plugin folder cannot be placed: it is left out.
    expect(
      resolveSources({
        workspace: null,
        home: null,
        frameworkDir: null,
        config: config({ plugins: ['x'] }),
      }),
    ).toEqual([]);
  });
});
