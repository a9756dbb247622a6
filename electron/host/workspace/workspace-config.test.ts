import { mkdtemp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Ajv from 'ajv';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  loadWorkspaceConfig,
  parseWorkspaceConfig,
  saveWorkspaceConfig,
  WORKSPACE_CONFIG_FILE,
  WORKSPACE_CONFIG_SCHEMA,
} from './workspace-config';
import { scanJson } from '../../../shared/json/json-position';

let root: string;
beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'ws-config-'));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

const configFile = (): string => path.join(root, WORKSPACE_CONFIG_FILE);

describe('loadWorkspaceConfig', () => {
  it('gives defaults and no diagnostic when the file is missing', async () => {
    const { config, diagnostics } = await loadWorkspaceConfig(root);
    expect(config).toEqual({ plugins: [], user_sources: {}, agents: [] });
    expect(diagnostics).toEqual([]);
  });

  it('reads a valid file', async () => {
    await writeFile(
      configFile(),
      JSON.stringify({
        plugins: ['vendor/skills', '/opt/skills'],
        user_sources: { claude: false, codex: true },
        agents: [{ id: 'ops', name: 'Ops', allowed_skills: ['deploy', 'logs'] }],
        providers: [{ id: 'claude', kind: 'anthropic', model: 'x' }],
        layout: { left: 240 },
      }),
    );
    const { config, diagnostics } = await loadWorkspaceConfig(root);
    expect(diagnostics).toEqual([]);
    expect(config).toEqual({
      plugins: ['vendor/skills', '/opt/skills'],
      user_sources: { claude: false, codex: true },
      agents: [{ id: 'ops', name: 'Ops', allowed_skills: ['deploy', 'logs'] }],
      providers: [{ id: 'claude', kind: 'anthropic', model: 'x' }],
    });
  });

  it('reports bad JSON with the line and column of the error, naming the file', async () => {
    await writeFile(configFile(), '{\n  "plugins": ["a",\n  ]\n}\n');
    const { config, diagnostics } = await loadWorkspaceConfig(root);
    expect(config.plugins).toEqual([]);
    expect(diagnostics).toHaveLength(1);
    expect(diagnostics[0]).toMatchObject({
      severity: 'error',
      code: 'WORKSPACE_CONFIG',
      line: 3,
      column: 3,
      file: configFile(),
    });
    expect(diagnostics[0].message).toMatch(/not valid JSON/);
  });

  it('reports a truncated file at its end', async () => {
    await writeFile(configFile(), '{\n  "agents": [\n');
    const { diagnostics } = await loadWorkspaceConfig(root);
    expect(diagnostics[0]).toMatchObject({ code: 'WORKSPACE_CONFIG', line: 3, column: 1 });
    expect(diagnostics[0].message).toMatch(/end of file/);
  });

  it('reports each wrongly shaped field where it is and keeps what is usable', async () => {
    const text = [
      '{',
      '  "plugins": ["ok", 3],',
      '  "user_sources": { "claude": "no", "dropbox": false, "codex": false },',
      '  "agents": [',
      '    { "id": "a", "name": "A", "allowed_skills": ["x"] },',
      '    { "id": "b", "name": "B", "allowed_skills": "x" },',
      '    { "name": "C", "allowed_skills": [] }',
      '  ]',
      '}',
    ].join('\n');
    await writeFile(configFile(), text);
    const { config, diagnostics } = await loadWorkspaceConfig(root);
    expect(config.plugins).toEqual(['ok']);
    expect(config.user_sources).toEqual({ codex: false });
    expect(config.agents.map((a) => a.id)).toEqual(['a']);

    const byField = new Map(diagnostics.map((d) => [d.field, d]));
    expect(byField.get('plugins.1')).toMatchObject({ severity: 'error', line: 2, column: 21 });
    expect(byField.get('user_sources.claude')).toMatchObject({ severity: 'error', line: 3 });
    expect(byField.get('user_sources.dropbox')).toMatchObject({ severity: 'warning', line: 3 });
    expect(byField.get('user_sources.dropbox')?.message).toMatch(/unknown user folder "dropbox"/);
    expect(byField.get('agents.1.allowed_skills')).toMatchObject({ severity: 'error', line: 6 });
    expect(byField.get('agents.2')).toMatchObject({ severity: 'error', line: 7, column: 5 });
    expect(byField.get('agents.2')?.message).toMatch(/agents\[2\] has no "id"/);
    for (const d of diagnostics) {
      expect(d.code).toBe('WORKSPACE_CONFIG');
      expect(d.file).toBe(configFile());
    }
  });

  it('reports a top level that is not an object', async () => {
    await writeFile(configFile(), '[1, 2]\n');
    const { config, diagnostics } = await loadWorkspaceConfig(root);
    expect(config.agents).toEqual([]);
    expect(diagnostics).toHaveLength(1);
    expect(diagnostics[0].message).toMatch(/top level must be object/);
  });

  it('reports duplicate agent ids on the repeat and keeps the first', async () => {
    const text = [
      '{ "agents": [',
      '  { "id": "ops", "name": "First", "allowed_skills": [] },',
      '  { "id": "ops", "name": "Second", "allowed_skills": ["x"] }',
      '] }',
    ].join('\n');
    await writeFile(configFile(), text);
    const { config, diagnostics } = await loadWorkspaceConfig(root);
    expect(config.agents).toEqual([{ id: 'ops', name: 'First', allowed_skills: [] }]);
    expect(diagnostics).toHaveLength(1);
    expect(diagnostics[0]).toMatchObject({
      severity: 'error',
      line: 3,
      column: 5,
      field: 'agents.1.id',
    });
    expect(diagnostics[0].message).toMatch(/"ops" is used twice/);
  });

  it('turns an unreadable config (a folder) into a diagnostic, not a crash', async () => {
    await mkdir(configFile());
    const { config, diagnostics } = await loadWorkspaceConfig(root);
    expect(config.plugins).toEqual([]);
    expect(diagnostics[0]).toMatchObject({ code: 'WORKSPACE_CONFIG', severity: 'error' });
  });

  it('accepts a BOM and an empty file', () => {
    expect(parseWorkspaceConfig('\uFEFF{"plugins":["p"]}', 'f').config.plugins).toEqual(['p']);
    expect(parseWorkspaceConfig('  \n', 'f').diagnostics).toEqual([]);
  });

  it('exports a schema that ajv compiles', () => {
    const ajv = new Ajv({ strict: false });
    const validate = ajv.compile(WORKSPACE_CONFIG_SCHEMA);
    expect(validate({ agents: [{ id: 'a', name: 'A', allowed_skills: [] }] })).toBe(true);
    expect(validate({ agents: [{ id: 'a' }] })).toBe(false);
  });
});

describe('saveWorkspaceConfig', () => {
  it('creates the file with 2-space indent and a trailing newline', async () => {
    await saveWorkspaceConfig(root, { agents: [{ id: 'a', name: 'A', allowed_skills: ['s'] }] });
    const text = await readFile(configFile(), 'utf8');
    expect(text).toBe(
      '{\n  "agents": [\n    {\n      "id": "a",\n      "name": "A",\n      "allowed_skills": [\n        "s"\n      ]\n    }\n  ]\n}\n',
    );
  });

  it('keeps the keys it does not change, in their order, and removes keys set to null', async () => {
    await writeFile(
      configFile(),
      JSON.stringify({
        $schema: 'x',
        layout: { left: 1 },
        plugins: ['p'],
        agents: [],
        providers: {},
      }),
    );
    const result = await saveWorkspaceConfig(root, {
      agents: [{ id: 'b', name: 'B', allowed_skills: [] }],
      providers: null,
    });
    const saved = JSON.parse(await readFile(configFile(), 'utf8')) as Record<string, unknown>;
    expect(Object.keys(saved)).toEqual(['$schema', 'layout', 'plugins', 'agents']);
    expect(saved.layout).toEqual({ left: 1 });
    expect(saved.agents).toEqual([{ id: 'b', name: 'B', allowed_skills: [] }]);
    expect(result.config.plugins).toEqual(['p']);
    expect(result.diagnostics).toEqual([]);
    const reloaded = await loadWorkspaceConfig(root);
    expect(reloaded.config.agents).toEqual([{ id: 'b', name: 'B', allowed_skills: [] }]);
  });

  it('refuses to overwrite a file that is not valid JSON, naming file and line', async () => {
    await writeFile(configFile(), '{\n  "plugins": [\n');
    await expect(saveWorkspaceConfig(root, { plugins: [] })).rejects.toThrow(
      /skill-studio\.json:3:1: not valid JSON/,
    );
    expect(await readFile(configFile(), 'utf8')).toBe('{\n  "plugins": [\n');
  });
});

describe('scanJson', () => {
  it('agrees with JSON.parse on valid documents', () => {
    for (const text of [
      '0',
      '-1.5e3',
      '"a\\u00e9\\n"',
      '[]',
      '{}',
      '{"a":[1,{"b":null}],"c":true}',
    ]) {
      const scan = scanJson(text);
      expect(scan.ok).toBe(true);
      if (scan.ok) expect(scan.value).toEqual(JSON.parse(text));
    }
  });

  it('refuses what JSON refuses', () => {
    for (const text of [
      '',
      '{a:1}',
      "{'a':1}",
      '[1,]',
      '{"a":1,}',
      '01',
      '"\\x"',
      '[1] 2',
      'tru',
    ]) {
      expect(scanJson(text).ok, text).toBe(false);
    }
  });

  it('refuses deep nesting without overflowing the stack', () => {
    const scan = scanJson('['.repeat(100_000));
    expect(scan).toMatchObject({ ok: false, message: 'nesting too deep' });
  });

  it('locates keys and values by path', () => {
    const scan = scanJson('{\n  "a": [10,\n    {"b": 2}]\n}');
    if (!scan.ok) throw new Error('expected valid');
    expect(scan.locate(['a'])).toEqual({ line: 2, column: 3 });
    expect(scan.locate(['a'], 'value')).toEqual({ line: 2, column: 8 });
    expect(scan.locate(['a', 1, 'b'])).toEqual({ line: 3, column: 6 });
    expect(scan.locate(['a', 1, 'zzz'])).toEqual({ line: 3, column: 5 });
  });
});
