import { readFileSync } from 'node:fs';
import { execSync } from 'node:child_process';
import { parseDocument, LineCounter } from 'yaml';
import { splitFrontmatter } from '../../shared/skill/frontmatter';
function naive(y: string): number[] { const out = [0]; for (let i = y.indexOf('\n'); i !== -1; i = y.indexOf('\n', i + 1)) out.push(i + 1); return out; }
let lastErr = 0; let lastWarn = 0;
function lc(y: string): number[] { const c = new LineCounter(); const d = parseDocument(y, { lineCounter: c, uniqueKeys: false, prettyErrors: false }); lastErr = d.errors.length; lastWarn = d.warnings.length; return c.lineStarts; }
let bad = 0, n = 0;
const check = (y: string) => { n++; const a = lc(y), b = naive(y); const A = a.join(','), B = b.join(','); if (A !== B && lastErr === 0) { bad++; if (bad <= 8) console.log('DIFF', JSON.stringify(y).slice(0, 200), '\n  lc   ', A.slice(0, 120), '\n  naive', B.slice(0, 120)); } };
const files = execSync(`find /work/shared/corpus -name SKILL.md`).toString().trim().split('\n');
for (const f of files) check(splitFrontmatter(readFileSync(f, 'utf8')).yaml);
console.log('corpus', n, 'diffs', bad);
const frags = ['a: 1', 'b:', ' ', '  ', '\n', '\r\n', '\r', '"', "'", '[', ']', '{', '}', ',', '|', '>', '|-', '- ', '#c', '---', '...', '%YAML 1.2', '&x', '*x', '!!str', '? ', ': ', 'k: "multi', 'line"', '\t', 'x: |\n  blk\n  more\n', '@', '`', 'key: [a,\n b]', '\\', '\n\n'];
let seed = 12345; const rnd = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
bad = 0; n = 0;
for (let k = 0; k < 400000; k++) { let y = ''; const len = 1 + Math.floor(rnd() * 14); for (let j = 0; j < len; j++) y += frags[Math.floor(rnd() * frags.length)]; check(y); }
console.log('fuzz', n, 'diffs', bad);
