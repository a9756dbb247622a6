import { readFileSync } from 'node:fs';
import { execSync } from 'node:child_process';
import { parseDocument, LineCounter } from 'yaml';
import { splitFrontmatter } from '../../shared/skill/frontmatter';
const files = execSync(`find ${process.argv[2]} -name SKILL.md`).toString().trim().split('\n');
const fms = files.map((f) => splitFrontmatter(readFileSync(f, 'utf8')).yaml);
const fns: Record<string, () => void> = {
  doc: () => { for (const y of fms) parseDocument(y, { uniqueKeys: false, prettyErrors: false }); },
  docLc: () => { for (const y of fms) parseDocument(y, { lineCounter: new LineCounter(), uniqueKeys: false, prettyErrors: false }); },
  docNaive: () => { for (const y of fms) { parseDocument(y, { uniqueKeys: false, prettyErrors: false }); const c = new LineCounter(); c.addNewLine(0); for (let i = y.indexOf('\n'); i !== -1; i = y.indexOf('\n', i + 1)) c.addNewLine(i + 1); } },
};
const res: Record<string, number[]> = {}; for (const k in fns) res[k] = [];
for (let r = 0; r < 40; r++) for (const k in fns) { const t0 = performance.now(); fns[k](); res[k].push(performance.now() - t0); }
for (const k in res) { const v = res[k].slice(5).sort((a, b) => a - b); console.log(k.padEnd(8), v[Math.floor(v.length / 2)].toFixed(2), 'min', v[0].toFixed(2)); }
