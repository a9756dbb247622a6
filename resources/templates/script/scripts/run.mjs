import { readFileSync } from 'node:fs';

const { arguments: args = {} } = JSON.parse(readFileSync(0, 'utf8') || '{}');
const emit = (obj) => process.stdout.write(JSON.stringify(obj) + '\n');

emit({ type: 'progress', pct: 50, message: 'Working' });
emit({ type: 'log', level: 'info', message: `Got: ${args.message}` });
emit({ type: 'progress', pct: 100, message: 'Done' });
emit({
  type: 'result',
  data: { echo: args.message },
  summary: `Echoed ${String(args.message).length} characters`,
});
