/**
 * The catalog (issue: the truth from the clients): every agent client's listing, budget,
 * cut and dropped entries and confusable pairs for 1,000 installed skills (600 in the
 * project's .agents/skills, read by Codex, Gemini CLI and OpenCode; 400 in .claude/skills,
 * read by Claude Code and OpenCode), descriptions of 20–60 words from a 400-word vocabulary
 * with some near-duplicates. Baseline: the bare cost of listing the same folders and
 * reading the same 1,000 SKILL.md files. Target: under 200 ms (median of the runs).
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildCatalog } from '../electron/host/agent-clients/catalog';
import { median, ms, time, type Row } from './bench-util';

const RUNS = 9;
const TARGET_MS = 200;

/** A deterministic generator (mulberry32), so every run reads the same skills. */
function rng(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function makeWorkspace(): { root: string; folders: string[] } {
  const root = mkdtempSync(path.join(os.tmpdir(), 'catalog-bench-'));
  const rand = rng(7);
  const vocab = Array.from({ length: 400 }, (_, i) => `term${i.toString(36)}word`);
  const folders = ['.agents/skills', '.claude/skills'];
  let prev = '';
  for (let i = 0; i < 1000; i++) {
    const folder = i < 600 ? folders[0] : folders[1];
    const words = Array.from(
      { length: 20 + Math.floor(rand() * 40) },
      () => vocab[Math.floor(rand() * vocab.length)],
    );
    // One in twenty says what the one before said, nearly: the pairs to find.
    const description = i % 20 === 1 ? `${prev} again` : words.join(' ');
    prev = description;
    const name = `skill-${String(i).padStart(4, '0')}`;
    const dir = path.join(root, folder, name);
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      path.join(dir, 'SKILL.md'),
      `---\nname: ${name}\ndescription: ${description}\n---\n\n# ${name}\n\nSteps.\n`,
    );
  }
  return { root, folders };
}

export async function catalogBench(): Promise<Row[]> {
  const { root, folders } = makeWorkspace();
  try {
    // The same reads the catalog makes (synchronous, one folder listing and one read each).
    const read = () => {
      for (const f of folders) {
        const dir = path.join(root, f);
        for (const n of readdirSync(dir)) readFileSync(path.join(dir, n, 'SKILL.md'), 'utf8');
      }
    };
    const catalog = () => buildCatalog({ home: null, workspace: root });
    const pairs = (await catalog()).clients.reduce((n, c) => n + c.confusable.length, 0);
    read();
    const base: number[] = [];
    const runs: number[] = [];
    // CPU time besides the wall clock: on a shared machine the wall clock also counts the
    // time other processes had the cores.
    const cpu: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      base.push(await time(read));
      const before = process.cpuUsage();
      runs.push(await time(catalog));
      const used = process.cpuUsage(before);
      cpu.push((used.user + used.system) / 1000);
    }
    const b = median(base);
    const r = median(runs);
    return [
      {
        what: `catalog of 1,000 installed skills, 4 clients (${pairs} confusable pairs found)`,
        figure: `${ms(r)} (CPU ${ms(median(cpu))})`,
        baseline: `${ms(b)} (reading the 1,000 SKILL.md files)`,
        ratio: `${(r / b).toFixed(1)}×`,
        target: `< ${TARGET_MS} ms`,
      },
    ];
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
