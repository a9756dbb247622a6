/**
 * Saved cases and the playground's Studio API methods on a real StudioHost over a
 * temp workspace, with real runs of a fixture script skill.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cp, readFile, writeFile, mkdir } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { StudioHost } from '../studio-host';
import { tempWorkspace, type TempWorkspace } from '../../test-support/temp-workspace';
import { listCases, runCases, saveCase } from './case-runner';
import { makeEvent } from '../../../shared/protocol/messages';
import { summarizeEvents } from '../../../shared/playground/history';
import type { RouterResult } from '../router';
import { isolatedHost } from '../../test-support/isolated-host';

const FIXTURE = fileURLToPath(new URL('./fixtures/fx-count', import.meta.url));

function ok(r: RouterResult): unknown {
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.result;
}

describe('saved cases and the playground API', () => {
  let ws: TempWorkspace;
  let host: StudioHost;
  let skillDir: string;

  beforeEach(async () => {
    ws = tempWorkspace('skill-studio-cases-');
    skillDir = path.join(ws.root, 'skills', 'fx-count');
    await cp(FIXTURE, skillDir, { recursive: true });
    ws.write(
      'skill-studio.json',
      JSON.stringify({ agents: [{ id: 'bot', name: 'Bot', allowed_skills: [] }] }),
    );
    host = await isolatedHost(ws.root);
  });
  afterEach(async () => {
    await host.close();
    ws.cleanup();
  });

  it('saves a case into tests/cases through the safe file service, never over another unless asked', async () => {
    const c = {
      name: 'four-words',
      arguments: { text: 'one two three four' },
      expect: { success: true, data: { words: 4 } },
    };
    const res = await saveCase(skillDir, c);
    expect(res.file).toBe('tests/cases/four-words.json');
    const text = await readFile(path.join(skillDir, 'tests', 'cases', 'four-words.json'), 'utf8');
    expect(JSON.parse(text)).toEqual(c);
    await expect(saveCase(skillDir, c)).rejects.toMatchObject({ code: 'exists' });
    await saveCase(skillDir, { ...c, expect: { success: true } }, { overwrite: true });
    expect(
      JSON.parse(await readFile(path.join(skillDir, 'tests/cases/four-words.json'), 'utf8')).expect,
    ).toEqual({ success: true });
    await expect(saveCase(skillDir, { ...c, name: '../escape' })).rejects.toMatchObject({
      code: 'invalid_params',
    });
    expect(existsSync(path.join(skillDir, 'tests', 'escape.json'))).toBe(false);
  });

  it('runs every case through the A2E host and checks each', async () => {
    await saveCase(skillDir, {
      name: 'pass',
      arguments: { text: 'a b c' },
      expect: { success: true, data: { words: 3 }, summary_contains: '3 words' },
    });
    await saveCase(skillDir, {
      name: 'wrong-count',
      arguments: { text: 'a b' },
      expect: { success: true, data: { words: 3 } },
    });
    await saveCase(skillDir, {
      name: 'expected-failure',
      arguments: { text: 'x', fail: true },
      expect: { success: false },
    });
    await writeFile(
      path.join(skillDir, 'tests/cases/zz-broken.json'),
      '{"name": "broken",\n "expect": ',
    );

    const listed = await listCases(skillDir);
    expect(listed.map((f) => [f.name, f.error === null])).toEqual([
      ['expected-failure', true],
      ['pass', true],
      ['wrong-count', true],
      ['zz-broken', false],
    ]);
    expect(listed[3].error).toMatch(/^tests\/cases\/zz-broken\.json:2:\d+: not valid JSON/);

    const seen: string[] = [];
    const report = await runCases(host.callSkill.bind(host), 'fx-count', skillDir, {
      onCase: (r) => seen.push(r.name),
    });
    expect(seen).toEqual(['expected-failure', 'pass', 'wrong-count', 'zz-broken']);
    expect(report.passed).toBe(2);
    expect(report.failed).toBe(2);
    const by = Object.fromEntries(report.cases.map((r) => [r.name, r]));
    expect(by.pass).toMatchObject({ pass: true, success: true, summary: '3 words', failures: [] });
    expect(by['wrong-count'].failures).toEqual(['data/words: expected 3, got 2']);
    expect(by['expected-failure']).toMatchObject({
      pass: true,
      success: false,
      error_code: 'skill_error',
    });
    expect(by['zz-broken'].failures[0]).toMatch(/zz-broken\.json/);

    // Acting as an agent that may not use the skill: refused by its allowlist (unauthorized).
    const asBot = await runCases(host.callSkill.bind(host), 'fx-count', skillDir, {
      names: ['pass'],
      agent: 'bot',
    });
    expect(asBot.cases[0]).toMatchObject({ pass: false, error_code: 'unauthorized' });
  });

  it('serves validate, history and cases over the router', async () => {
    const missing = ok(
      await host.call('playground.validate', { skill: 'fx-count', arguments: {} }),
    ) as { ok: boolean; errors: { keyword: string }[] };
    expect(missing.ok).toBe(false);
    expect(missing.errors[0]).toMatchObject({
      keyword: 'required',
      params: { missingProperty: 'text' },
    });
    const good = ok(
      await host.call('playground.validate', { skill: 'fx-count', arguments: { text: 'hi' } }),
    ) as { ok: boolean };
    expect(good.ok).toBe(true);
    const bad = await host.call('playground.validate', { skill: 'fx-count' });
    expect(bad.ok).toBe(false);

    const events = [makeEvent('r', 0, 'log', { level: 'info', message: 'x' })];
    const entry = {
      skill: 'fx-count',
      agent: null,
      started_at: Date.now(),
      finished_at: Date.now() + 5,
      arguments: { text: 'hi', password: 'pw-1234' },
      timeout: 30,
      streaming: true,
      outcome: 'success',
      result: { success: true, summary: '1 words', duration_ms: 5 },
      error: null,
      summary: summarizeEvents(events),
      events,
      events_truncated: false,
    };
    const added = ok(await host.call('history.add', { entry })) as { id: string };
    const listed = ok(await host.call('history.list', { skill: 'fx-count' })) as {
      entries: { id: string }[];
      persisted: boolean;
    };
    expect(listed.persisted).toBe(true);
    expect(listed.entries.map((e) => e.id)).toEqual([added.id]);
    const got = ok(await host.call('history.get', { id: added.id })) as {
      arguments: Record<string, unknown>;
    };
    expect(got.arguments).toEqual({ text: 'hi', password: '[redacted]' });
    expect(existsSync(path.join(ws.root, '.skill-studio', 'history', `${added.id}.json`))).toBe(
      true,
    );
    expect((await host.call('history.add', { entry: { ...entry, outcome: 'great' } })).ok).toBe(
      false,
    );
    ok(await host.call('history.delete', { id: added.id }));
    expect((ok(await host.call('history.list', {})) as { entries: unknown[] }).entries).toEqual([]);

    const saved = ok(
      await host.call('cases.save', {
        skill: 'fx-count',
        case: {
          name: 'hi',
          arguments: { text: 'hi there' },
          expect: { success: true, data: { words: 2 } },
        },
      }),
    ) as { file: string };
    expect(saved.file).toBe('tests/cases/hi.json');
    const cases = ok(await host.call('cases.list', { skill: 'fx-count' })) as { name: string }[];
    expect(cases.map((c) => c.name)).toEqual(['hi']);
    const report = ok(await host.call('cases.run', { skill: 'fx-count' })) as {
      passed: number;
      failed: number;
    };
    expect(report).toMatchObject({ passed: 1, failed: 0 });
    const unknownAgent = await host.call('cases.run', { skill: 'fx-count', agent: 'nobody' });
    expect(unknownAgent.ok).toBe(false);
  });

  it('refuses to save cases into a read-only bundled skill', async () => {
    const bundled = tempWorkspace('skill-studio-bundled-');
    try {
      await mkdir(path.join(bundled.root, 'fx-count'), { recursive: true });
      await cp(FIXTURE, path.join(bundled.root, 'fx-count'), { recursive: true });
      const h = await isolatedHost(null, { frameworkDir: bundled.root });
      try {
        const r = await h.call('cases.save', {
          skill: 'fx-count',
          case: { name: 'x', arguments: {}, expect: { success: true } },
        });
        expect(r.ok).toBe(false);
        if (!r.ok) expect(r.error.code).toBe('read_only');
        // With no workspace, the history is kept for the session only.
        const listed = ok(await h.call('history.list', {})) as { persisted: boolean };
        expect(listed.persisted).toBe(false);
      } finally {
        await h.close();
      }
    } finally {
      bundled.cleanup();
    }
  });
});
