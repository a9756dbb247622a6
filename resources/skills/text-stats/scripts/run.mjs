// text-stats: a script skill that streams its work as JSON lines on stdout.
import { readFileSync } from 'node:fs';

const input = JSON.parse(readFileSync(0, 'utf8') || '{}');
const args = input.arguments ?? {};
const text = String(args.text ?? '');
const top = Number.isInteger(args.top) ? args.top : 5;
const delay = Number.isInteger(args.delay_ms) ? args.delay_ms : 150;

const emit = (obj) => process.stdout.write(JSON.stringify(obj) + '\n');
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

emit({ type: 'status', message: `Analysing ${text.length} characters` });
emit({ type: 'progress', pct: 0, message: 'Splitting words' });
await sleep(delay);

const words = text.toLowerCase().match(/[\p{L}\p{N}']+/gu) ?? [];
emit({ type: 'log', level: 'info', message: `${words.length} words found` });
emit({ type: 'progress', pct: 30, message: 'Counting sentences' });
await sleep(delay);

const sentences = text.split(/[.!?]+/).filter((s) => s.trim().length > 0).length;
emit({ type: 'log', level: 'debug', message: `${sentences} sentences found` });
emit({ type: 'progress', pct: 60, message: 'Ranking terms' });
await sleep(delay);

const counts = new Map();
for (const w of words) counts.set(w, (counts.get(w) ?? 0) + 1);
const ranked = [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
const topTerms = ranked.slice(0, top).map(([term, count]) => ({ term, count }));
if (words.length === 0) emit({ type: 'log', level: 'warn', message: 'The text has no words' });

emit({ type: 'progress', pct: 80, message: 'Writing the report' });
const report = [
  '# Text stats',
  '',
  `- Words: **${words.length}**`,
  `- Sentences: **${sentences}**`,
  `- Distinct terms: **${counts.size}**`,
  '',
  '| term | count |',
  '| --- | --- |',
  ...topTerms.map((t) => `| ${t.term} | ${t.count} |`),
  '',
].join('\n');
// Stream the report in small chunks, as a long artifact would be.
for (let i = 0; i < report.length; i += 64) {
  const chunk = report.slice(i, i + 64);
  emit({ type: 'artifact', name: 'report.md', mime: 'text/markdown', chunk, final: i + 64 >= report.length });
  await sleep(Math.min(delay, 20));
}
const csv = ['term,count', ...topTerms.map((t) => `${t.term},${t.count}`)].join('\n') + '\n';
emit({ type: 'artifact', name: 'terms.csv', mime: 'text/csv', chunk: csv, final: true });

emit({ type: 'progress', pct: 100, message: 'Done' });
emit({
  type: 'result',
  data: { words: words.length, sentences, top_terms: topTerms },
  summary: `${words.length} words, ${sentences} sentences; top term: ${topTerms[0]?.term ?? '—'}`,
});
