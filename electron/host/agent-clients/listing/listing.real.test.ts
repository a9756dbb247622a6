/**
 * The listing the catalog predicts is the one the real client sends. Each installed client
 * (at the versions of scripts/agent-clients.json) runs headless against a recording
 * server on 127.0.0.1, with skills in the project and in the run's own HOME (one with a
 * long description, one with when_to_use, one with XML characters, a folded YAML
 * description, one in Unicode), and the prediction must appear in what it sent, whole
 * and exactly. When a new version renders differently, this test says where.
 */
import { realpathSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { agentClientMissing, agentClientPath } from '../../../test-support/agent-clients';
import { buildCatalog, type CatalogOptions } from '../catalog';
import { AGENT_CLIENT_IDS, type AgentClientId } from '../ids';
import { recordClient, stringsIn, type RecordedRun } from './test-support/record-client';

const md = (name: string, fm: string) => `---\nname: ${name}\n${fm}\n---\n\n# ${name}\n\nDo it.\n`;
const LONG = 'Checks every clause of a contract against the house style. '.repeat(30).trim();

/** The same skills wherever the client reads them: `dir` is its project folder. */
function skillFiles(dir: string, user: string): Record<string, string> {
  return {
    [`${dir}/csv-charts/SKILL.md`]: md(
      'csv-charts',
      'description: Turns CSV files into charts. Use when the user has a CSV.',
    ),
    [`${dir}/pr-review/SKILL.md`]: md(
      'pr-review',
      'description: Reviews pull requests for style.\nwhen_to_use: When asked to review a PR.',
    ),
    [`${dir}/contract-check/SKILL.md`]: md('contract-check', `description: ${LONG}`),
    [`${dir}/xml-chars/SKILL.md`]: md(
      'xml-chars',
      'description: "Handles <tags> & \\"quotes\\" in text; a > b"',
    ),
    [`${dir}/folded/SKILL.md`]: md(
      'folded',
      'description: >\n  Folded line one,\n  line two.\n\n  Next   paragraph.',
    ),
    [`${dir}/unicode/SKILL.md`]: md('unicode', 'description: "Résumé ✓ 日本語 🎉 text."'),
    [`${user}/user-notes/SKILL.md`]: md(
      'user-notes',
      "description: Keeps the user's notes in order.",
    ),
  };
}

const SETUP: Record<
  AgentClientId,
  { files: Record<string, string>; opts?: Partial<CatalogOptions> }
> = {
  'claude-code': { files: skillFiles('.claude/skills', '~/.claude/skills') },
  codex: { files: skillFiles('.agents/skills', '~/.agents/skills') },
  'gemini-cli': { files: skillFiles('.gemini/skills', '~/.agents/skills') },
  opencode: { files: skillFiles('.opencode/skills', '~/.agents/skills') },
};

/** Where the recorded text and the prediction part: the line and both versions of it. */
function whereTheyPart(recorded: string, predicted: string): string {
  const head = predicted.slice(0, 40);
  const at = recorded.indexOf(head);
  if (at < 0) return `the listing's start ${JSON.stringify(head)} is not in what was sent`;
  const r = recorded.slice(at).split('\n');
  const p = predicted.split('\n');
  for (let i = 0; i < p.length; i++)
    if (r[i] !== p[i])
      return `line ${i + 1}:\n  sent:      ${JSON.stringify(r[i])}\n  predicted: ${JSON.stringify(p[i])}`;
  return 'the same lines';
}

const runs: RecordedRun[] = [];
afterAll(async () => {
  await Promise.all(runs.map((r) => rm(r.root, { recursive: true, force: true })));
});

async function expectListingSent(
  id: AgentClientId,
  extra: { model?: string; files?: Record<string, string> } = {},
  opts: Partial<CatalogOptions> = {},
) {
  const run = await recordClient(id, {
    files: { ...SETUP[id].files, ...extra.files },
    model: extra.model,
  });
  runs.push(run);
  expect(run.requests.length, `${id} sent nothing; its stderr:\n${run.stderr}`).toBeGreaterThan(0);
  const report = await buildCatalog({
    home: run.homeDir,
    workspace: run.projectDir,
    client: id,
    ...opts,
  });
  const predicted = report.clients[0].listing;
  const sent = run.requests.flatMap((r) => stringsIn(r.json));
  const holder = sent.find((s) => s.includes(predicted));
  if (!holder) {
    const near = sent.find((s) => s.includes(predicted.slice(0, 40))) ?? '';
    expect.fail(
      `${id}: the predicted listing is not what the client sent; ${whereTheyPart(near, predicted)}`,
    );
  }
  // Whole: no further entry follows the predicted ones.
  const after = holder.slice(holder.indexOf(predicted) + predicted.length);
  expect(
    after.startsWith('\n- '),
    `${id} listed more entries than predicted: ${after.slice(0, 200)}`,
  ).toBe(false);
  return report.clients[0];
}

describe.each(AGENT_CLIENT_IDS)('the listing %s sends', (id) => {
  const missing = agentClientMissing(id);
  const run = missing && process.env.CI !== 'true' ? it.skip : it;
  run(
    `is the one the catalog predicts${missing ? ` (skipped: ${missing})` : ''}`,
    async () => {
      const opts: Partial<CatalogOptions> =
        id === 'gemini-cli'
          ? {
              gemini: {
                model: 'gemini-2.5-flash',
                packageDir: path.resolve(realpathSync(agentClientPath(id)), '..', '..'),
              },
            }
          : {};
      const client = await expectListingSent(id, {}, opts);
      const byName = new Map(client.entries.map((e) => [e.name, e]));
      expect(byName.get('user-notes')?.source).toBe('user');
      expect(byName.get('csv-charts')?.shown).toBe('whole');
      if (id === 'claude-code' || id === 'codex')
        expect(byName.get('contract-check')?.shown).toBe('cut');
      else expect(byName.get('contract-check')?.shown).toBe('whole');
    },
    180_000,
  );
});

describe('over the budget', () => {
  const fillers = (dir: string, n: number) =>
    Object.fromEntries(
      Array.from({ length: n }, (_, i) => [
        `${dir}/filler-${String(i).padStart(3, '0')}/SKILL.md`,
        md(
          `filler-${String(i).padStart(3, '0')}`,
          `description: Filler number ${i} that files data and tidies folders for the listing budget.`,
        ),
      ]),
    );
  const claude = agentClientMissing('claude-code');
  (claude && process.env.CI !== 'true' ? it.skip : it)(
    'Claude Code lists the skills past its budget by name alone, as predicted',
    async () => {
      const client = await expectListingSent(
        'claude-code',
        { model: 'claude-sonnet-4-5', files: fillers('.claude/skills', 60) },
        { claudeCode: { budgetChars: 8000 } },
      );
      expect(client.entries.some((e) => e.shown === 'dropped' && e.listed)).toBe(true);
      expect(client.budget.used).toBeLessThanOrEqual(8000);
    },
    180_000,
  );
});
