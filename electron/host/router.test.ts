/**
 * The router on its own, over recording handlers: params are checked at the boundary
 * (every params object closed, so a key the API does not name never reaches a handler),
 * unknown methods are refused, and a handler's failure keeps its code.
 */
import { describe, expect, it } from 'vitest';
import type { StudioMethod } from '../../shared/api/studio-api';
import { StudioError as SharedStudioError } from '../../shared/errors';
import { createRouter } from './router';
import { PARAM_SCHEMAS } from './params/studio-params';
import type { Handlers } from './handler-table';
import { eagerTable } from './lazy-handler-table';
import { StudioError } from '../../shared/errors';

function recordingHandlers(calls: string[], impl?: (m: string) => Promise<unknown>): Handlers {
  const h: Record<string, (p: unknown) => Promise<unknown>> = {};
  for (const m of Object.keys(PARAM_SCHEMAS)) {
    h[m] = async () => {
      calls.push(m);
      return impl ? impl(m) : { ok: true };
    };
  }
  return h as unknown as Handlers;
}

/** The router as the studio server calls it. */
function overTheNetwork(handlers: Handlers) {
  const route = createRouter(eagerTable(handlers));
  return (method: string, params: unknown) => route(method, params, 'network');
}

/** Every object schema below `schema` that names its properties (open `{type:'object'}` maps are data). */
function namedObjectSchemas(schema: unknown, at: string, out: [string, Record<string, unknown>][]) {
  if (!schema || typeof schema !== 'object') return;
  const s = schema as Record<string, unknown>;
  // A `oneOf` branch that only says which key is there (each of its properties the empty
  // schema: s.objectWithOneOf) has no shape of its own; the closed object around it has.
  const marksKeysOnly =
    !!s.properties &&
    typeof s.properties === 'object' &&
    Object.values(s.properties).every((p) => p && typeof p === 'object' && !Object.keys(p).length);
  if (s.properties && typeof s.properties === 'object' && !marksKeysOnly) out.push([at, s]);
  for (const [k, v] of Object.entries(s)) {
    if (k === 'properties' && v && typeof v === 'object') {
      for (const [p, sub] of Object.entries(v)) namedObjectSchemas(sub, `${at}.${p}`, out);
    } else if (k === 'items' || k === 'additionalProperties') {
      namedObjectSchemas(v, `${at}[${k}]`, out);
    } else if (k === 'oneOf' && Array.isArray(v)) {
      v.forEach((variant, i) => namedObjectSchemas(variant, `${at}[${k}:${i}]`, out));
    }
  }
}

describe('router', () => {
  it('closes the top-level params of every method (each form, where there are several)', () => {
    for (const [method, schema] of Object.entries(PARAM_SCHEMAS)) {
      // One closed object (its `oneOf` only says which key it holds), or one closed object
      // per form.
      const s = schema as { oneOf?: unknown[]; additionalProperties?: unknown };
      const forms = s.additionalProperties === false ? [s] : (s.oneOf ?? [s]);
      for (const form of forms) {
        expect(
          (form as { additionalProperties?: unknown }).additionalProperties,
          `${method} params must be closed`,
        ).toBe(false);
      }
    }
  });

  it('closes every nested object whose properties it names, except the history summary it only samples', () => {
    const open: string[] = [];
    for (const [method, schema] of Object.entries(PARAM_SCHEMAS)) {
      const found: [string, Record<string, unknown>][] = [];
      namedObjectSchemas(schema, method, found);
      for (const [at, s] of found) {
        if (s.additionalProperties !== false && !at.endsWith('.summary')) open.push(at);
      }
    }
    expect(open).toEqual([]);
  });

  it("compiles every method's params schema (strict), each when it is first asked for", async () => {
    const route = createRouter(eagerTable(recordingHandlers([])));
    for (const method of Object.keys(PARAM_SCHEMAS)) {
      const answer = await route(method, { 'not-a-param': 1 }, 'local-process');
      expect(answer, method).toMatchObject({ ok: false, error: { code: 'invalid_params' } });
    }
  });

  it('refuses a key the API does not name before any handler runs', async () => {
    const calls: string[] = [];
    const route = overTheNetwork(recordingHandlers(calls));
    const res = await route('skills.get', { skill: '/w/skills/a', smuggled: true });
    expect(res).toMatchObject({ ok: false, error: { code: 'invalid_params' } });
    const res2 = await route('workspace.info', { root: '/' });
    expect(res2).toMatchObject({ ok: false, error: { code: 'invalid_params' } });
    expect(calls).toEqual([]);
  });

  it('refuses unknown methods and wrong types, and passes valid params through', async () => {
    const calls: string[] = [];
    const route = overTheNetwork(recordingHandlers(calls));
    expect(await route('skills.nuke', {})).toMatchObject({
      ok: false,
      error: { code: 'invalid_params', message: "unknown method 'skills.nuke'" },
    });
    expect(await route('skills.get', { skill: 42 })).toMatchObject({ ok: false });
    expect(await route('__proto__', {})).toMatchObject({ ok: false });
    expect(await route('skills.get', { skill: '/w/skills/a' })).toEqual({
      ok: true,
      result: { ok: true },
    });
    expect(calls).toEqual(['skills.get' satisfies StudioMethod]);
  });

  it('refuses a method for local processes to a window or a request, before checking its params', async () => {
    const calls: string[] = [];
    const route = createRouter(eagerTable(recordingHandlers(calls)));
    const params = { dir: '/home/someone/.ssh', records: [] };
    for (const caller of ['window', 'network'] as const) {
      for (const p of [params, { smuggled: true }]) {
        expect(await route('agentClients.writeRecords', p, caller)).toMatchObject({
          ok: false,
          error: {
            code: 'forbidden_path',
            message: expect.stringContaining("'agentClients.writeRecords' is for the command line"),
          },
        });
      }
    }
    expect(calls).toEqual([]);
    expect(await route('agentClients.writeRecords', params, 'local-process')).toMatchObject({
      ok: true,
    });
    // Any caller may call the rest.
    expect(await route('skills.list', {}, 'window')).toMatchObject({ ok: true });
    expect(calls).toEqual(['agentClients.writeRecords', 'skills.list']);
  });

  it('checks the installs from a source as the command line sends them, for a local process only', async () => {
    const calls: string[] = [];
    const route = createRouter(eagerTable(recordingHandlers(calls)));
    const approved = [{ file: '/w/.claude/skills/skills-lock.json', hash: 'sha256-ab' }];
    const asSent: [string, unknown][] = [
      ['install.inspect', { src: '../repo', link: false, ref: undefined }],
      ['install.remove', { name: 'alpha', client: 'claude-code', scope: 'user', force: false }],
      ['install.outdated', { approved }],
      ['install.update', { apply: true, names: ['alpha'], force: false, approved }],
      ['install.lockfiles', {}],
      ['install.trustLockfiles', { approved }],
    ];
    for (const [method, params] of asSent) {
      for (const caller of ['window', 'network'] as const)
        expect(await route(method, params, caller), method).toMatchObject({
          ok: false,
          error: { code: 'forbidden_path' },
        });
      expect(await route(method, params, 'local-process'), method).toMatchObject({ ok: true });
    }
    expect(calls).toEqual(asSent.map(([m]) => m));
    const refused: [string, unknown, string][] = [
      ['install.inspect', { src: '', link: false }, '/src'],
      ['install.remove', { name: 'a', client: 'spec', scope: 'user', force: true }, '/client'],
      ['install.outdated', { approved: [{ file: '/w/x' }] }, '/approved/0'],
      ['install.trustLockfiles', { approved: [{ ...approved[0], extra: 1 }] }, '/approved/0'],
    ];
    for (const [method, params, where] of refused)
      expect(await route(method, params, 'local-process'), method).toMatchObject({
        ok: false,
        error: { code: 'invalid_params', message: expect.stringContaining(where) },
      });
  });

  it('installs from a source (`from`) for a local process only, and from exactly one of skill and from', async () => {
    const calls: string[] = [];
    const route = createRouter(eagerTable(recordingHandlers(calls)));
    const into = { client: 'claude-code', scope: 'project', mode: 'copy' };
    const fromSource = { ...into, from: { src: '/home/someone/repo', pick: ['a'] } };
    for (const caller of ['window', 'network'] as const) {
      expect(await route('install.skill', fromSource, caller)).toMatchObject({
        ok: false,
        error: {
          code: 'forbidden_path',
          message: expect.stringContaining("'install.skill' is for the command line"),
        },
      });
      // Refused before its params are read: even a malformed `from`.
      expect(await route('install.skill', { ...into, from: 42 }, caller)).toMatchObject({
        ok: false,
        error: { code: 'forbidden_path' },
      });
      // A skill of the workspace stays any caller's to install.
      expect(await route('install.skill', { ...into, skill: '/w/skills/a' }, caller)).toEqual({
        ok: true,
        result: { ok: true },
      });
    }
    expect(await route('install.skill', fromSource, 'local-process')).toMatchObject({ ok: true });
    expect(calls).toEqual(['install.skill', 'install.skill', 'install.skill']);
    for (const [params, message] of [
      [{ ...fromSource, skill: '/w/skills/a' }, 'must match exactly one schema in oneOf'],
      [into, "must have required property 'skill'"],
      [{ ...into, from: { src: '' } }, '/from/src'],
      [{ ...into, from: { src: 'x', smuggled: 1 } }, '/from must NOT have additional properties'],
      [{ ...fromSource, link: true }, 'must NOT have additional properties'],
    ] as const)
      expect(await route('install.skill', params, 'local-process')).toMatchObject({
        ok: false,
        error: { code: 'invalid_params', message: expect.stringContaining(message) },
      });
    expect(calls).toHaveLength(3);
  });

  it('refuses NaN and ±Infinity where a number is asked for (IPC and in-process callers can send them)', async () => {
    const calls: string[] = [];
    const route = overTheNetwork(recordingHandlers(calls));
    for (const limit of [NaN, Infinity, -Infinity]) {
      expect(await route('history.list', { skill: '/w/skills/a', limit })).toMatchObject({
        ok: false,
        error: { code: 'invalid_params', message: expect.stringContaining('/limit') },
      });
    }
    expect(calls).toEqual([]);
    expect(await route('history.list', { skill: '/w/skills/a', limit: 5 })).toMatchObject({
      ok: true,
    });
  });

  it("keeps a host refusal's code and hides nothing else as a code", async () => {
    const route = overTheNetwork(
      recordingHandlers([], async (m) => {
        if (m === 'files.read') throw new StudioError('not_found', 'no such file: a.md');
        throw new Error('disk on fire');
      }),
    );
    expect(await route('files.read', { skill: 'a', path: 'a.md' })).toEqual({
      ok: false,
      error: { code: 'not_found', message: 'no such file: a.md' },
    });
    expect(await route('skills.list', {})).toEqual({
      ok: false,
      error: { code: 'internal', message: 'disk on fire' },
    });
  });

  it('keeps the code of the shared StudioError too, not only of the file service', async () => {
    const route = overTheNetwork(
      recordingHandlers([], async () => {
        throw new SharedStudioError('not_found', "no remote host 'nope'");
      }),
    );
    expect(await route('skills.list', {})).toEqual({
      ok: false,
      error: { code: 'not_found', message: "no remote host 'nope'" },
    });
  });
});

describe('bundles written to and read from paths', () => {
  it('serves what an export would be to a local process only, before checking its params', async () => {
    const calls: string[] = [];
    const route = createRouter(eagerTable(recordingHandlers(calls)));
    for (const caller of ['window', 'network'] as const) {
      for (const params of [{ folder: '/home/someone/skill' }, { skill: 'a' }, { smuggled: 1 }]) {
        expect(await route('export.check', params, caller)).toMatchObject({
          ok: false,
          error: { code: 'forbidden_path' },
        });
      }
    }
    expect(calls).toEqual([]);
    for (const params of [{ folder: '/home/someone/skill', force: true }, { skill: 'a' }])
      expect(await route('export.check', params, 'local-process')).toMatchObject({ ok: true });
    // One skill: by the workspace or by its folder, never both, never neither.
    for (const params of [{ skill: 'a', folder: '/x' }, {}, { force: true }])
      expect(await route('export.check', params, 'local-process')).toMatchObject({
        ok: false,
        error: { code: 'invalid_params' },
      });
    expect(calls).toEqual(['export.check', 'export.check']);
  });

  it('refuses a folder to export to a window or a request, and any path to write to', async () => {
    const calls: string[] = [];
    const route = createRouter(eagerTable(recordingHandlers(calls)));
    const byFolder = { folder: '/home/someone/.ssh', format: 'zip' };
    for (const caller of ['window', 'network'] as const) {
      expect(await route('bundles.export', byFolder, caller)).toMatchObject({
        ok: false,
        error: { code: 'forbidden_path' },
      });
      expect(
        await route('bundles.export', { skill: 'a', format: 'zip', fixFor: 'codex' }, caller),
      ).toMatchObject({ ok: true });
    }
    expect(await route('bundles.export', byFolder, 'local-process')).toMatchObject({ ok: true });
    // No caller names where a bundle is written: the host returns its bytes.
    for (const caller of ['window', 'local-process'] as const)
      expect(
        await route('bundles.export', { skill: 'a', format: 'zip', outPath: '/tmp/x' }, caller),
      ).toMatchObject({ ok: false, error: { code: 'invalid_params' } });
    expect(calls).toEqual(['bundles.export', 'bundles.export', 'bundles.export']);
  });

  it('refuses a folder to unpack into to a window or a request; bytes or base64, never both', async () => {
    const calls: string[] = [];
    const route = createRouter(eagerTable(recordingHandlers(calls)));
    const into = { base64: 'UEs=', fileName: 'a.zip', into: '/home/someone/.config' };
    for (const caller of ['window', 'network'] as const) {
      expect(await route('bundles.import', into, caller)).toMatchObject({
        ok: false,
        error: { code: 'forbidden_path' },
      });
      expect(
        await route('bundles.import', { base64: 'UEs=', fileName: 'a.zip' }, caller),
      ).toMatchObject({ ok: true });
    }
    const bytes = new Uint8Array([80, 75]);
    expect(await route('bundles.import', into, 'local-process')).toMatchObject({ ok: true });
    expect(
      await route('bundles.import', { bytes, fileName: 'a.zip', into: '/x' }, 'local-process'),
    ).toMatchObject({ ok: true });
    for (const params of [
      { bytes, base64: 'UEs=', fileName: 'a.zip' },
      { fileName: 'a.zip' },
      { bytes: 'UEs=', fileName: 'a.zip' },
    ])
      expect(await route('bundles.import', params, 'local-process')).toMatchObject({
        ok: false,
        error: { code: 'invalid_params' },
      });
    expect(calls).toHaveLength(4);
  });

  it('refuses a folder to create a skill in to a window or a request', async () => {
    const calls: string[] = [];
    const route = createRouter(eagerTable(recordingHandlers(calls)));
    const into = { name: 'a', template: 'basic', into: '/home/someone/.config' };
    for (const caller of ['window', 'network'] as const) {
      expect(await route('skills.new', into, caller)).toMatchObject({
        ok: false,
        error: { code: 'forbidden_path' },
      });
      expect(await route('skills.new', { name: 'a', template: 'basic' }, caller)).toMatchObject({
        ok: true,
      });
    }
    expect(await route('skills.new', into, 'local-process')).toMatchObject({ ok: true });
    // A long name reaches the naming rules, which say how long it is and what the limit is.
    const long = { name: 'a'.repeat(300), template: 'basic' };
    expect(await route('skills.new', long, 'window')).toMatchObject({ ok: true });
    expect(calls).toHaveLength(4);
  });
});
