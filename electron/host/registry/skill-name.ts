/**
 * A skill's name as the registry knows it, without validating the skill, for commands
 * that only look a skill up (`read`, `files`: find-skill.ts). The rule is the scan's: the
 * frontmatter's `name` when the frontmatter reads cleanly (the map the validator keeps,
 * shared/skill/validate.ts), else the folder's name (shared/skill/definition.ts).
 */
import { isMap, isNode, parseDocument } from 'yaml';
import { keyString } from '../../../shared/check/check-context';
import { toSkillDefinition } from '../../../shared/skill/definition';
import { splitFrontmatter } from '../../../shared/check/frontmatter';
import { normalizeName } from '../../../shared/skill/name-rules';
import { frontmatterTooLarge } from '../../../shared/skill/yaml-bounds';

/** NFKC (as the name rules compare); ASCII, the usual case, is its own NFKC form. */
export function nameKey(name: string): string {
  return /^[\x00-\x7f]*$/.test(name) ? name : normalizeName(name);
}

/**
 * The frontmatter map of a SKILL.md text when the validator would keep it (parseSkillMd's
 * `frontmatter`): fenced, small enough to parse, free of YAML errors, a map, and every
 * value readable (aliases resolve). Null otherwise.
 */
export function readableFrontmatter(text: string): Record<string, unknown> | null {
  const split = splitFrontmatter(text);
  if (split.status !== 'ok' || frontmatterTooLarge(split.yaml) !== null) return null;
  try {
    // The validator's parse options; uniqueKeys off only finds duplicates later, which
    // leaves the map usable (the last value counts).
    const doc = parseDocument(split.yaml, { prettyErrors: false, uniqueKeys: false });
    const root = doc.contents;
    if (doc.errors.length > 0 || !isMap(root)) return null;
    const fm: Record<string, unknown> = {};
    for (const pair of root.items) {
      const value = isNode(pair.value) ? pair.value.toJS(doc) : (pair.value ?? null);
      // defineProperty: a key named __proto__ must stay a plain key.
      Object.defineProperty(fm, keyString(pair.key), {
        value,
        writable: true,
        enumerable: true,
        configurable: true,
      });
    }
    return fm;
  } catch {
    return null; // an alias that does not resolve, nesting too deep: unreadable
  }
}

/** The name a skill folder `dirName` lists under, given its SKILL.md text (null: unreadable). */
export function skillNameOf(text: string | null, dirName: string): string {
  const fm = text === null ? null : readableFrontmatter(text);
  return toSkillDefinition(fm, '', { source: 'project', filePath: null, dirName }).name;
}
