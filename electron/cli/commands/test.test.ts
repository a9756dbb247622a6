import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cp, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { tempWorkspace, type TempWorkspace } from '../../test-support/temp-workspace';
import { runCliIn } from '../../test-support/run-cli';
import { serializeCase } from '../../../shared/playground/cases';

const FIXTURE = fileURLToPath(new URL('../../host/history/fixtures/fx-count', import.meta.url));

const cli = runCliIn;

describe('skill-studio test', () => {
  let ws: TempWorkspace;
  let cases: string;
  beforeEach(async () => {
    ws = tempWorkspace('skill-studio-testcmd-');
    await cp(FIXTURE, path.join(ws.root, 'skills', 'fx-count'), { recursive: true });
    cases = path.join(ws.root, 'skills', 'fx-count', 'tests', 'cases');
    ws.write(
      'skills/fx-count/tests/cases/three.json',
      serializeCase({
        name: 'three',
        arguments: { text: 'a b c' },
        expect: { success: true, data: { words: 3 } },
      }),
    );
    ws.write(
      'skills/fx-count/tests/cases/fails-on-purpose.json',
      serializeCase({
        name: 'fails-on-purpose',
        arguments: { text: 'x', fail: true },
        expect: { success: false },
      }),
    );
    ws.addSkill('no-cases', 'name: no-cases\ndescription: Has no saved cases.');
  });
  afterEach(() => ws.cleanup());

  it('exits 0 when every case passes, printing one line per case', async () => {
    const r = await cli(ws.root, ['test', 'fx-count']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/fx-count: 2 cases/);
    expect(r.stdout).toMatch(/✓ fails-on-purpose \(\d+ ms\)/);
    expect(r.stdout).toMatch(/✓ three \(\d+ ms\)/);
    expect(r.stdout.trim().split('\n').pop()).toBe('2 passed, 0 failed');
  });

  it('exits 1 when a case fails, saying why; --json has the report', async () => {
    await writeFile(
      path.join(cases, 'wrong.json'),
      serializeCase({
        name: 'wrong',
        arguments: { text: 'a' },
        expect: { success: true, summary_contains: 'zebra' },
      }),
    );
    const r = await cli(ws.root, ['test', 'fx-count']);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/✗ wrong/);
    expect(r.stdout).toContain('summary: expected it to contain "zebra", got "1 words"');
    expect(r.stdout).toMatch(/2 passed, 1 failed/);

    const j = await cli(ws.root, ['test', 'fx-count', '--json']);
    expect(j.code).toBe(1);
    const report = JSON.parse(j.stdout);
    expect(report).toMatchObject({ skill: 'fx-count', passed: 2, failed: 1 });
    expect(report.cases.map((c: { name: string; pass: boolean }) => [c.name, c.pass])).toEqual([
      ['fails-on-purpose', true],
      ['three', true],
      ['wrong', false],
    ]);

    const one = await cli(ws.root, ['test', 'fx-count', '--case', 'three']);
    expect(one.code).toBe(0);
    expect(one.stdout).toMatch(/fx-count: 1 case\n/);
  });

  it('exits 2 on usage mistakes, unknown skills and skills without cases', async () => {
    expect((await cli(ws.root, ['test'])).code).toBe(2);
    const unknown = await cli(ws.root, ['test', 'nope']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/no skill named 'nope'/);
    const none = await cli(ws.root, ['test', 'no-cases']);
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/no-cases has no saved cases/);
    expect((await cli(ws.root, ['test', 'fx-count', '--case', 'missing'])).code).toBe(2);
    expect((await cli(ws.root, ['test', 'fx-count', '--agent', 'ghost'])).code).toBe(2);
  });
});
