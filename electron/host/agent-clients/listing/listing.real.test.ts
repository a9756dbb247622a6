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
    // A name other than the folder's, and none at all: each client has its own way.
    [`${dir}/folder-name/SKILL.md`]: md(
      'front-name',
      'description: Named otherwise than its folder.',
    ),
    [`${dir}/no-name/SKILL.md`]: '---\ndescription: Has no name key.\n---\nBody\n',
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

/**
 * Gemini CLI lists one folder's skills in the order its glob finds them: mostly reverse
 * name order, but a run may find them otherwise. Its listings are compared with each
 * folder's run of `<skill>` blocks put in one order (the folders' order stays as sent).
 */
function inOneOrder(id: AgentClientId, text: string): string {
  if (id !== 'gemini-cli') return text;
  return text.replace(
    /(<available_skills>\n)([\s\S]*?)(\n<\/available_skills>)/,
    (_m, open, body: string, close) => {
      const blocks = body.split(/\n(?= {2}<skill>)/);
      const folderOf = (block: string) =>
        path.dirname(path.dirname(/<location>(.*)<\/location>/.exec(block)?.[1] ?? ''));
      const runs: string[][] = [];
      for (const block of blocks) {
        const last = runs.at(-1);
        if (last && folderOf(last[0]) === folderOf(block)) last.push(block);
        else runs.push([block]);
      }
      return open + runs.flatMap((run) => run.sort()).join('\n') + close;
    },
  );
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
  const predicted = inOneOrder(id, report.clients[0].listing);
  const sent = run.requests.flatMap((r) => stringsIn(r.json)).map((s) => inOneOrder(id, s));
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

/** Codex's listing lines as sent: each entry's name and the length of its description shown. */
function codexShown(sent: string[]): Map<string, number> {
  const block = sent.find((t) => t.startsWith('<skills_instructions>')) ?? '';
  const out = new Map<string, number>();
  for (const line of block.split('\n')) {
    const m = /^- ([^:]+): (.*) \(file: [^)]*\)$/.exec(line);
    if (m) out.set(m[1], m[2].length);
  }
  return out;
}

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

  (claude && process.env.CI !== 'true' ? it.skip : it)(
    "Claude Code follows its settings' listing budget and cut, as predicted",
    async () => {
      const client = await expectListingSent('claude-code', {
        files: {
          ...fillers('.claude/skills', 30),
          '.claude/settings.json': JSON.stringify({
            skillListingMaxDescChars: 60,
            skillListingBudgetFraction: 0.001,
          }),
        },
      });
      expect(client.budget.limit).toBe(3000);
      expect(client.budget.basis).toContain('skillListingMaxDescChars 60');
      expect(client.entries.find((e) => e.name === 'filler-000')).toMatchObject({
        shown: 'cut',
        shown_chars: 59,
      });
    },
    180_000,
  );

  const gemini = agentClientMissing('gemini-cli');
  (gemini && process.env.CI !== 'true' ? it.skip : it)(
    'Gemini CLI leaves out the skills its settings disable, as predicted',
    async () => {
      const client = await expectListingSent(
        'gemini-cli',
        {
          files: {
            '.gemini/settings.json': JSON.stringify({ skills: { disabled: ['CSV-Charts'] } }),
          },
        },
        {
          gemini: {
            model: 'gemini-2.5-flash',
            packageDir: path.resolve(realpathSync(agentClientPath('gemini-cli')), '..', '..'),
          },
        },
      );
      expect(client.listing).not.toContain('<name>csv-charts</name>');
      expect(client.entries.find((e) => e.name === 'csv-charts')).toMatchObject({
        listed: false,
        shown: 'dropped',
      });
    },
    180_000,
  );

  const codex = agentClientMissing('codex');
  (codex && process.env.CI !== 'true' ? it.skip : it)(
    'Codex cuts the same entries, each to within a few characters of the prediction',
    async () => {
      const files = Object.fromEntries(
        Array.from({ length: 20 }, (_, i) => {
          const name = `long-${String(i).padStart(2, '0')}`;
          const text = Array.from({ length: 300 }, (_, k) => `w${k}x`)
            .join(' ')
            .slice(0, 1000);
          return [`.agents/skills/${name}/SKILL.md`, md(name, `description: ${text}`)];
        }),
      );
      const run = await recordClient('codex', { files });
      runs.push(run);
      const texts = run.requests.flatMap((r) => stringsIn(r.json));
      const sent = codexShown(texts);
      expect(sent.size, run.stderr).toBeGreaterThan(20);
      // Its budget, as the catalog counts it: each entry line's bytes and line end over 4.
      const block = texts.find((t) => t.startsWith('<skills_instructions>')) ?? '';
      const tokens = block
        .split('\n')
        .filter((l) => /^- [^`].* \(file: [^)]*\)$/.test(l))
        .reduce((n, l) => n + Math.ceil((Buffer.byteLength(l) + 1) / 4), 0);
      expect(tokens).toBeLessThanOrEqual(5440);
      expect(tokens).toBeGreaterThan(5440 - 8);
      const [client] = (
        await buildCatalog({ home: run.homeDir, workspace: run.projectDir, client: 'codex' })
      ).clients;
      for (const e of client.entries) {
        const shown = sent.get(e.name);
        expect(shown, `${e.name} is not in what Codex sent`).toBeDefined();
        expect(e.shown === 'whole', e.name).toBe(shown === e.description_chars);
        // Codex hands the remainder to some entries: its cut point and ours may part a little.
        expect(Math.abs((shown as number) - e.shown_chars), e.name).toBeLessThanOrEqual(8);
      }
    },
    180_000,
  );
});
