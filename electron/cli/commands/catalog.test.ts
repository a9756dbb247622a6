/** `skill-studio catalog`: each agent client's listing, budget, cut and dropped entries, confusable pairs. */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CatalogReport } from '../../../shared/api/agent-catalog';
import { tempWorkspace, type TempWorkspace } from '../../test-support/temp-workspace';
import { runCliIn as cli } from '../../test-support/run-cli';

const skill = (ws: TempWorkspace, rel: string, fm: string) =>
  ws.write(`${rel}/SKILL.md`, `---\n${fm}\n---\n# Body\n`);

/** Every file under `dir` with its bytes and mtime: a catalog must change none of them. */
function snapshot(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const n of readdirSync(d)) {
      const p = path.join(d, n);
      const st = statSync(p);
      if (st.isDirectory()) walk(p);
      else out.push(`${p} ${st.mtimeMs} ${readFileSync(p).toString('base64')}`);
    }
  };
  walk(dir);
  return out.sort();
}

describe('skill-studio catalog', () => {
  let ws: TempWorkspace;
  beforeEach(() => {
    ws = tempWorkspace();
    skill(
      ws,
      '.claude/skills/contract-check',
      `name: contract-check\ndescription: ${'Checks contracts. '.repeat(100).trim()}`,
    );
    skill(
      ws,
      '.claude/skills/csv-charts',
      'name: csv-charts\ndescription: Turns CSV files into charts.',
    );
    skill(
      ws,
      '.agents/skills/pdf-extract',
      'name: pdf-extract\ndescription: Extract text and tables from PDF files and scanned pages.',
    );
    skill(
      ws,
      '.agents/skills/pdf-reader',
      'name: pdf-reader\ndescription: Extracts the text and the tables of PDF files, scanned pages too.',
    );
    skill(
      ws,
      '.agents/skills/term-title',
      'name: term-title\ndescription: "Sets the \\e]0;owned\\a title."',
    );
  });
  afterEach(() => ws.cleanup());

  it('--json gives per client the budget, the listing and each entry shown whole, cut or dropped', async () => {
    const r = await cli(ws.root, ['catalog', '--json']);
    expect(r.code, r.stderr).toBe(0);
    const report = JSON.parse(r.stdout) as CatalogReport;
    expect(report.clients.map((c) => c.id)).toEqual([
      'claude-code',
      'codex',
      'gemini-cli',
      'opencode',
    ]);
    const claude = report.clients[0];
    expect(claude.budget).toMatchObject({ limit: 30000, unit: 'characters' });
    expect(claude.budget.used).toBeGreaterThan(0);
    const cut = claude.entries.find((e) => e.name === 'contract-check');
    expect(cut).toMatchObject({ source: 'project', shown: 'cut', listed: true, shown_chars: 1535 });
    expect(cut?.path).toBe(path.join(ws.root, '.claude/skills/contract-check/SKILL.md'));
    expect(claude.listing).toContain('- csv-charts: Turns CSV files into charts.\n');
    expect(claude.listing).toContain('…');
    // Claude Code does not read .agents/skills; Codex does, and finds the two PDF skills alike.
    expect(claude.entries.some((e) => e.name === 'pdf-reader')).toBe(false);
    const codex = report.clients[1];
    expect(codex.budget).toMatchObject({ limit: 5440, unit: 'tokens' });
    expect(codex.entries.find((e) => e.name === 'pdf-reader')).toMatchObject({
      shown: 'whole',
      chars: expect.any(Number),
    });
    const pair = codex.confusable.find(
      (p) => [p.a, p.b].sort().join() === 'pdf-extract,pdf-reader',
    );
    expect(pair?.score).toBeGreaterThanOrEqual(report.confusable_threshold);
    expect(pair?.shared_terms).toEqual(expect.arrayContaining(['pdf', 'tabl']));
    const gemini = report.clients[2];
    expect(gemini.budget.limit).toBeNull();
    expect(gemini.listing).toContain('<name>pdf-reader</name>');
  });

  it('--client ID gives that client alone; an unknown id is a usage error naming the ids', async () => {
    const one = JSON.parse(
      (await cli(ws.root, ['catalog', '--client', 'opencode', '--json'])).stdout,
    ) as CatalogReport;
    expect(one.clients.map((c) => c.id)).toEqual(['opencode']);
    const bad = await cli(ws.root, ['catalog', '--client', 'vim']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('claude-code, codex, gemini-cli, opencode');
  });

  it('text mode shows the budget, the cut entries and the listing, with control characters escaped', async () => {
    const r = await cli(ws.root, ['catalog', '--client', 'codex']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Codex (codex)');
    expect(r.stdout).toMatch(/budget: [\d,]+ \/ 5,440 tokens/);
    expect(r.stdout).toContain('pdf-extract ~ pdf-reader');
    expect(r.stdout).toContain('\\x1b]0;owned\\x07');
    expect(r.stdout).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f]/);
  });

  it('reads and never writes: no file of the workspace changes', async () => {
    const before = snapshot(ws.root);
    expect((await cli(ws.root, ['catalog', '--json'])).code).toBe(0);
    expect(snapshot(ws.root)).toEqual(before);
  });
});
