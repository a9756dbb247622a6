// {{title}}: the script that runs this skill (its `entrypoint`).
//
// Input: one JSON object on stdin:
//   {"arguments": {…the call's arguments, checked against input_schema…},
//    "context": {"req_id", "correlation_id", "metadata", "skill": {"name", "root"}}}
// The working directory is a fresh scratch folder; the skill folder (SKILL_ROOT) is
// read-only; the environment holds PATH, HOME, LANG and SKILL_ROOT, nothing else.
//
// Output: one JSON object per line on stdout. Fields:
//   {"type":"progress", "pct": 0–100 (number, rounded), "message": text}
//   {"type":"log", "level": "debug"|"info"|"warn"|"error" (default info), "message": text}
//   {"type":"status", "message": text}
//   {"type":"artifact", "name": text (default "artifact"), "mime": type (default text/plain),
//    "chunk": text (required: the next piece of the artifact), "final": true on the last piece}
//   {"type":"result", "data": any JSON value (checked against output_schema), "summary": text}
//   {"type":"error", "message": text, "code": text (optional)}
// Any other line (plain text, JSON without "type") becomes a `log` info event, and is
// the summary when no result line comes; stderr lines become `log` warn events.
// The studio warns, naming the stdout line, about an unknown "type", an artifact
// without "chunk" (dropped), a result line that is not valid JSON (NaN and Infinity are
// not JSON; a cut-short line is not either), a result without "data", and a second
// result (the last one wins).
// Exit 0 after a result line: success. An error line or a non-zero exit: skill_error.
import { readFileSync } from 'node:fs';

const { arguments: args = {} } = JSON.parse(readFileSync(0, 'utf8') || '{}');
const emit = (obj) => process.stdout.write(JSON.stringify(obj) + '\n');

emit({ type: 'progress', pct: 50, message: 'Working' });
emit({ type: 'log', level: 'info', message: `Got: ${args.message}` });
emit({
  type: 'artifact',
  name: 'echo.txt',
  mime: 'text/plain',
  chunk: String(args.message),
  final: true,
});
emit({ type: 'progress', pct: 100, message: 'Done' });
emit({
  type: 'result',
  data: { echo: args.message },
  summary: `Echoed ${String(args.message).length} characters`,
});
