/**
 * The tools the studio provides to a model running a skill (the skill agent loop on
 * the host). The validator reads the names too, so that a `tools:` entry nobody
 * provides is a warning while the author types, not a surprise at run time.
 */
export const BUILTIN_TOOL_NAMES = ['skill', 'run_skill_script', 'time', 'calculator'] as const;
export type BuiltinToolName = (typeof BUILTIN_TOOL_NAMES)[number];

export function isBuiltinTool(name: string): name is BuiltinToolName {
  return (BUILTIN_TOOL_NAMES as readonly string[]).includes(name);
}

/** The name of one `tools:` entry: a string, or a `{name}` tool description. */
export function declaredToolName(entry: unknown): string | null {
  if (typeof entry === 'string') return entry;
  if (typeof entry === 'object' && entry !== null) {
    const name = (entry as { name?: unknown }).name;
    return typeof name === 'string' ? name : null;
  }
  return null;
}
