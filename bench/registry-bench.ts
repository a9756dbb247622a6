/**
 * Registry benchmarks (10,000 generated skills):
 *  (a) full scan + validate, against a floor: a bare synchronous loop that reads every SKILL.md
 *      and parses its YAML with the same library;
 *  (b) validating one 50 KB SKILL.md, against a bare YAML parse of its frontmatter;
 *  (c) watch latency from a file write to the registry's change event;
 *  (d) resident memory with the 10,000 skills loaded and watched;
 *  (e) validating a hostile 1 MB SKILL.md of 100,000 keys, against a bare YAML parse.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import { parseSkillMd } from '../shared/skill/validate';
import { SkillRegistry } from '../electron/host/registry/registry';
import { median, mib, ms, percentile, time, type Row } from './bench-util';

const COUNT = Number(process.env.BENCH_SKILLS ?? 10_000);

function skillText(i: number): string {
  return [
    '---',
    `name: skill-${i}`,
    `description: Generated skill number ${i}. Use it when the benchmark needs skill ${i}.`,
    'license: MIT',
    `version: "1.${i % 10}.0"`,
    `tags: [bench, group-${i % 50}]`,
    'metadata:',
    '  author: bench',
    `  index: "${i}"`,
    'allowed-tools: Read Grep',
    '---',
    '',
    `# Skill ${i}`,
    '',
    'Steps:',
    '1. Read the input.',
    '2. Do the work.',
    '3. Answer.',
    '',
  ].join('\n');
}

/** COUNT generated skills (SKILL.md and references/notes.md each) in root/skills. */
export async function generate(root: string, count = COUNT): Promise<void> {
  const skills = path.join(root, 'skills');
  await mkdir(skills, { recursive: true });
  const batch = 200;
  for (let start = 0; start < count; start += batch) {
    await Promise.all(
      Array.from({ length: Math.min(batch, count - start) }, async (_, k) => {
        const i = start + k;
        const dir = path.join(skills, `skill-${i}`);
        await mkdir(path.join(dir, 'references'), { recursive: true });
        await writeFile(path.join(dir, 'SKILL.md'), skillText(i));
        await writeFile(path.join(dir, 'references', 'notes.md'), `Notes for ${i}\n`);
      }),
    );
  }
}

/** `keys` frontmatter keys of about 10 bytes each (plus a duplicate): about 1 MB for 100,000. */
function manyKeysSkillMd(keys: number): string {
  const lines = ['---', 'name: many-keys', 'description: Many keys.', 'metadata:'];
  for (let i = 0; i < keys; i++) lines.push(`  k${i.toString(36)}: ${i % 10}`);
  lines.push('  k0: again', '---', '# Many keys', '');
  return lines.join('\n');
}

/**
 * The floor: read each SKILL.md and parse its YAML, nothing else, in a plain
 * synchronous loop — the fastest honest way to do that work.
 */
export function syncFloor(skillsDir: string): number {
  let parsed = 0;
  for (const name of readdirSync(skillsDir)) {
    const text = readFileSync(path.join(skillsDir, name, 'SKILL.md'), 'utf8');
    const end = text.indexOf('\n---', 3);
    if (parseYaml(text.slice(4, end))) parsed++;
  }
  return parsed;
}

/** The same work with 64 reads in flight: slower on small files (thread-pool round trips). */
async function asyncFloor(skillsDir: string): Promise<number> {
  let parsed = 0;
  const names = await readdir(skillsDir);
  const limit = 64;
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < names.length) {
        const name = names[next++];
        const text = await readFile(path.join(skillsDir, name, 'SKILL.md'), 'utf8');
        const end = text.indexOf('\n---', 3);
        if (parseYaml(text.slice(4, end))) parsed++;
      }
    }),
  );
  return parsed;
}

function registryFor(root: string): SkillRegistry {
  return new SkillRegistry({ workspace: root, home: null, frameworkDir: null, noUser: true });
}

function bigSkillMd(): string {
  const props = Array.from({ length: 120 }, (_, i) =>
    [
      `    field_${i}:`,
      '      type: string',
      `      title: Field ${i}`,
      `      description: The ${i}th field of a large input schema, with a sentence of prose to carry weight.`,
    ].join('\n'),
  ).join('\n');
  const meta = Array.from(
    { length: 60 },
    (_, i) => `  key_${i}: "value number ${i} of the metadata map"`,
  ).join('\n');
  const fm = [
    'name: big-skill',
    'description: A 50 KB SKILL.md with a large frontmatter and body.',
    'version: "1.0.0"',
    'tags: [bench, big]',
    'metadata:',
    meta,
    'input_schema:',
    '  type: object',
    '  properties:',
    props,
  ].join('\n');
  let body = '# Big skill\n\n';
  while (Buffer.byteLength(fm) + Buffer.byteLength(body) < 50 * 1024 - 200) {
    body += 'A line of instructions that an agent would follow, step by step, with care.\n';
  }
  return `---\n${fm}\n---\n${body}`;
}

export async function registryBench(): Promise<Row[]> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'skill-studio-bench-'));
  const rows: Row[] = [];
  try {
    process.stdout.write(`generating ${COUNT} skills… `);
    await generate(root);
    console.log('done');
    const skillsDir = path.join(root, 'skills');

    // (a) alternate floors and scan so all see the same cache state; medians of 3.
    const floors: number[] = [];
    const asyncFloors: number[] = [];
    const scans: number[] = [];
    for (let round = 0; round < 3; round++) {
      floors.push(await time(() => syncFloor(skillsDir)));
      asyncFloors.push(await time(() => asyncFloor(skillsDir)));
      scans.push(
        await time(async () => {
          const r = registryFor(root);
          await r.load();
          if (r.list().length !== COUNT)
            throw new Error(`scan found ${r.list().length} of ${COUNT}`);
          await r.close();
        }),
      );
    }
    const f = median(floors);
    const s = median(scans);
    rows.push({
      what: `(a) scan + validate ${COUNT} skills`,
      figure: ms(s),
      baseline: `${ms(f)} sync read + YAML parse loop (64-way async: ${ms(median(asyncFloors))})`,
      ratio: `${(s / f).toFixed(2)}×`,
      target: '≤ 1.5×',
    });

    // (b) one 50 KB SKILL.md.
    const big = bigSkillMd();
    const fmText = big.slice(4, big.indexOf('\n---\n', 4));
    for (let i = 0; i < 20; i++) parseSkillMd(big, { folderName: 'big-skill' }); // warm up
    const validate: number[] = [];
    const bare: number[] = [];
    for (let i = 0; i < 200; i++) {
      bare.push(await time(() => parseYaml(fmText)));
      validate.push(await time(() => parseSkillMd(big, { folderName: 'big-skill' })));
    }
    rows.push({
      what: `(b) validate one ${(Buffer.byteLength(big) / 1024).toFixed(0)} KB SKILL.md, median / p95`,
      figure: `${ms(median(validate))} / ${ms(percentile(validate, 95))}`,
      baseline: `${ms(median(bare))} / ${ms(percentile(bare, 95))} bare YAML parse`,
      ratio: `${(median(validate) / median(bare)).toFixed(2)}× / ${(percentile(validate, 95) / percentile(bare, 95)).toFixed(2)}×`,
      target: '≤ 2×',
    });

    // (e) a hostile SKILL.md: 1 MB of 100,000 frontmatter keys (once quadratic: minutes).
    const many = manyKeysSkillMd(100_000);
    const manyYaml = many.slice(4, many.indexOf('\n---\n', 4));
    const manyValidate: number[] = [];
    const manyBare: number[] = [];
    for (let i = 0; i < 3; i++) {
      manyBare.push(await time(() => parseYaml(manyYaml, { uniqueKeys: false })));
      manyValidate.push(await time(() => parseSkillMd(many, { folderName: 'many-keys' })));
    }
    rows.push({
      what: `(e) validate a ${(Buffer.byteLength(many) / 1e6).toFixed(1)} MB SKILL.md of 100,000 keys, median`,
      figure: ms(median(manyValidate)),
      baseline: `${ms(median(manyBare))} bare YAML parse`,
      ratio: `${(median(manyValidate) / median(manyBare)).toFixed(2)}×`,
      target: '< 1 s',
    });

    // (c) + (d): load and watch, then time write → change event.
    // Collected before each reading (npm run bench exposes gc), so the difference is
    // what the registry holds, not the garbage of generating the skills.
    const held = (): number => {
      global.gc?.();
      const m = process.memoryUsage();
      return m.heapUsed + m.external;
    };
    const heldBefore = held();
    const rssBefore = process.memoryUsage().rss;
    const reg = registryFor(root);
    await reg.load();
    await reg.watch();
    const heldAfter = held();
    const rss = process.memoryUsage().rss;
    const latencies: number[] = [];
    for (let i = 0; i < 25; i++) {
      const target = `skill-${(i * 397) % COUNT}`;
      const file = path.join(skillsDir, target, 'SKILL.md');
      const text = (await readFile(file, 'utf8')).replace(/^# .*$/m, `# Edited ${i}`);
      const seen = new Promise<number>((resolve) => {
        const t0 = performance.now();
        const off = reg.on('change', (e) => {
          if (e.changed.includes(target)) {
            off();
            resolve(performance.now() - t0);
          }
        });
      });
      await writeFile(file, text);
      latencies.push(await seen);
    }
    rows.push({
      what: '(c) watch latency, write → change event, p50 / p95',
      figure: `${ms(median(latencies))} / ${ms(percentile(latencies, 95))}`,
      baseline: '50 ms watcher batching + 50 ms debounce',
      ratio: '—',
      target: 'p95 ≤ 150 ms',
    });
    rows.push({
      what: `(d) memory, ${COUNT} skills loaded and watched: JS heap + external after GC (RSS)`,
      figure: `${mib(heldAfter)} (RSS ${mib(rss)})`,
      baseline: `${mib(heldBefore)} before loading (RSS ${mib(rssBefore)})`,
      ratio: `+${mib(heldAfter - heldBefore)}`,
      target: 'bounded',
    });
    await reg.close();
  } finally {
    await rm(root, { recursive: true, force: true });
  }
  return rows;
}
