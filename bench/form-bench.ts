/**
 * Form view benchmarks (issue: visual editing), on 50 KB SKILL.md files: a typical one
 * (2 KB frontmatter, the rest body) and a stress one (25 KB frontmatter: 300 metadata
 * rows with comments, lists):
 *  (f1) a form edit written back: `setFrontmatterValue` (parse, find the key, render only
 *       its node) plus applying the edit to the text; baseline: a bare `yaml`
 *       parse-and-stringify of the same frontmatter (what rewriting the whole YAML would
 *       cost at the least). Target p95 ≤ 16 ms (one frame).
 *  (f2) the model → form derivation after a keystroke in the text (what the Form computes
 *       before React renders): `readFormFrontmatter` on the text with one more character;
 *       baseline: the same bare parse. Target p95 ≤ 16 ms.
 * React's render of the form itself is not measured here (no DOM in this process).
 */
import { performance } from 'node:perf_hooks';
import { parseDocument } from 'yaml';
import { splitFrontmatter } from '../shared/check/frontmatter';
import { applyTextEdits, setFrontmatterValue } from '../shared/skill/frontmatter-edit';
import { readFormFrontmatter } from '../renderer/src/editor/form/form-model';
import { ms, percentile, type Row } from './bench-util';

const RUNS = 300;
const FRAME_MS = 16;

/**
 * A SKILL.md of about `bytes` bytes whose frontmatter is about `frontmatterBytes`
 * (comments, metadata rows, lists); the rest is Markdown body.
 */
export function bigSkillMd(bytes: number, frontmatterBytes: number): string {
  const lines = [
    '---',
    '# A large skill, as a generated one can be.',
    'name: big-form-skill',
    `description: ${'Reads invoices and totals them by customer and month. '.repeat(15).trim()}`,
    'license: MIT # the licence',
    'allowed-tools: Read Grep Bash(git add:*)',
    'tags: [pdf, forms, invoices, accounting]',
    'metadata:',
  ];
  let i = 0;
  while (lines.join('\n').length < frontmatterBytes) {
    lines.push(`  # row ${i}`, `  key-${i}: "value number ${i} of the metadata map"`);
    i++;
  }
  lines.push('triggers:', '  - total the invoices', '  - sum by customer', '---');
  const head = lines.join('\n');
  let body = '\n# Big form skill\n\n';
  let n = 0;
  while (head.length + body.length < bytes) body += `${++n}. Step ${n}: read, add, check.\n`;
  return head + body;
}

function timeRuns(fn: (i: number) => void): number[] {
  const out: number[] = [];
  for (let i = 0; i < 20; i++) fn(i); // warm-up
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    fn(i);
    out.push(performance.now() - t0);
  }
  return out;
}

function row(what: string, figures: number[], baseline: number[], target: string): Row {
  const p95 = percentile(figures, 95);
  const base = percentile(baseline, 95);
  return {
    what,
    figure: `p95 ${ms(p95)} (p50 ${ms(percentile(figures, 50))})`,
    baseline: `p95 ${ms(base)}`,
    ratio: `${(p95 / base).toFixed(2)}×`,
    target,
  };
}

export async function formBench(): Promise<Row[]> {
  const rows: Row[] = [];
  // A real skill's frontmatter is a few KB at most; the second file stresses a huge one.
  const files = [
    { label: 'typical', text: bigSkillMd(50 * 1024, 2 * 1024) },
    { label: 'stress', text: bigSkillMd(50 * 1024, 25 * 1024) },
  ];
  for (const { label, text } of files) {
    const yaml = splitFrontmatter(text).yaml;
    const size = `${(text.length / 1024).toFixed(0)} KB SKILL.md, ${(yaml.length / 1024).toFixed(0)} KB frontmatter`;
    const bare = timeRuns(() => parseDocument(yaml).toString());
    const edit = timeRuns((i) => {
      const r = setFrontmatterValue(text, ['description'], `Edited description ${i}.`);
      if (!r.ok) throw new Error(r.error);
      applyTextEdits(text, r.edits);
    });
    const nameAt = text.indexOf('big-form-skill') + 'big-form-skill'.length;
    const derive = timeRuns((i) => {
      // The text after one keystroke in the name: what the Form re-reads.
      const typed = `${text.slice(0, nameAt)}${i % 10}${text.slice(nameAt)}`;
      const r = readFormFrontmatter(typed);
      if (r.kind !== 'ok') throw new Error('the bench skill does not parse');
    });
    rows.push(
      row(`form edit written back (${label}: ${size})`, edit, bare, `≤ ${FRAME_MS} ms p95`),
      row(
        `model → form derivation after a keystroke (${label})`,
        derive,
        bare,
        `≤ ${FRAME_MS} ms p95`,
      ),
    );
  }
  return rows;
}
