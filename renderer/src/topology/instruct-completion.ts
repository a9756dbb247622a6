/**
 * `{key}` completion in an agent's instruction: when the caret sits just after `{` and
 * a partial key, the state keys that start with it (then those that contain it), and the
 * text that choosing one makes. Pure, so the textarea's popup is a thin view over it.
 */

export interface PlaceholderCompletion {
  /** Offset of the `{`. */
  from: number;
  /** The partial key typed after `{`. */
  prefix: string;
  options: string[];
}

const KEY_CHARS = /[A-Za-z0-9_-]/;

/** The completion at `caret`, or null when the caret is not inside an open `{…`. */
export function completionAt(
  text: string,
  caret: number,
  keys: readonly string[],
): PlaceholderCompletion | null {
  let i = caret;
  while (i > 0 && KEY_CHARS.test(text[i - 1])) i--;
  if (i === 0 || text[i - 1] !== '{') return null;
  const prefix = text.slice(i, caret);
  const lower = prefix.toLowerCase();
  const starts = keys.filter((k) => k.toLowerCase().startsWith(lower));
  const contains = keys.filter((k) => !starts.includes(k) && k.toLowerCase().includes(lower));
  const options = [...starts, ...contains];
  return options.length === 0 ? null : { from: i - 1, prefix, options };
}

/** The text with the completion applied, and where the caret goes (after the `}`). */
export function applyCompletion(
  text: string,
  caret: number,
  completion: PlaceholderCompletion,
  key: string,
): { text: string; caret: number } {
  // A `}` already after the caret (typed, or auto-closed) is reused, not doubled.
  let end = caret;
  while (end < text.length && KEY_CHARS.test(text[end])) end++;
  const closes = text[end] === '}';
  const inserted = `{${key}}`;
  const next = text.slice(0, completion.from) + inserted + text.slice(closes ? end + 1 : end);
  return { text: next, caret: completion.from + inserted.length };
}
