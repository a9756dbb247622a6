/**
 * The user turn of a model run, built from the call's arguments: a lone `question`,
 * `prompt`, `input` or `task` string goes in as written (what a person would type);
 * anything else goes in as JSON, with the skill's `argument_hint` saying what it means.
 */
const LONE_KEYS = new Set(['question', 'prompt', 'input', 'task']);

export function userTurn(
  args: Record<string, unknown>,
  argumentHint: string | null | undefined,
): string {
  const keys = Object.keys(args);
  if (keys.length === 1 && LONE_KEYS.has(keys[0]) && typeof args[keys[0]] === 'string') {
    const text = args[keys[0]] as string;
    if (text.trim() !== '') return text;
  }
  const hint = argumentHint?.trim() ? `\n\nWhat the arguments mean: ${argumentHint.trim()}` : '';
  if (keys.length === 0) return `Use the skill now. There are no arguments.${hint}`;
  return `Use the skill now with these arguments (JSON):\n\n\`\`\`json\n${JSON.stringify(args, null, 2)}\n\`\`\`${hint}`;
}
