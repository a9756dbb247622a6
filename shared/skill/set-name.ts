/**
 * Rewrites the `name:` of a SKILL.md, changing nothing else in the file: renaming,
 * duplicating or importing a skill under another folder name keeps the name equal to
 * the folder (docs/contracts.md, SKILL.md) while comments, key order and the body stay as the
 * author wrote them. Pure: used by the host (rename, duplicate, import "keep both").
 */
import { isMap, isScalar, parseDocument } from 'yaml';
import { splitFrontmatter } from '../check/frontmatter';

/** A name as a YAML scalar: plain when YAML reads it back as that string, else quoted. */
function yamlScalar(name: string): string {
  const plain = /^[\p{Ll}\p{Lo}\p{N}][\p{Ll}\p{Lo}\p{N}-]*$/u.test(name);
  if (plain) {
    const back: unknown = parseDocument(`k: ${name}`).toJS();
    if ((back as { k?: unknown }).k === name) return name;
  }
  return JSON.stringify(name);
}

/**
 * The text with its frontmatter `name` set to `name`. A missing `name:` key is added as
 * the first line of the frontmatter; a file without (readable) frontmatter is returned
 * as it is, since there is no name to keep in step. A `name:` written more than once is
 * set in every place: the studio reads the last one (as the validator and the registry
 * do), another tool may read the first, and after a rename both must say the new name.
 */
export function withFrontmatterName(text: string, name: string): string {
  const split = splitFrontmatter(text);
  if (split.status !== 'ok') return text;
  const yamlOffset = text.indexOf('\n') + 1;
  // The validator's parse options: a repeated key is not an error that hides the map.
  const doc = parseDocument(split.yaml, { uniqueKeys: false });
  if (doc.errors.length > 0 || !isMap(doc.contents)) return text;
  const pairs = doc.contents.items.filter((p) => isScalar(p.key) && p.key.value === 'name');
  const scalar = yamlScalar(name);
  if (pairs.length === 0) {
    return `${text.slice(0, yamlOffset)}name: ${scalar}${split.eol}${text.slice(yamlOffset)}`;
  }
  let yaml = split.yaml;
  // From the last to the first, so the earlier ranges still point where they did.
  for (const pair of [...pairs].reverse()) {
    const range = pair.value && 'range' in pair.value ? pair.value.range : undefined;
    if (!range) return text;
    // `name:` with nothing after it still has a (zero-width) value node to replace.
    const [start, end] = range;
    const gap = start > 0 && !/\s/.test(yaml[start - 1] ?? ' ') ? ' ' : '';
    // A block or flow value's range ends after its line break: keep that break.
    const lineBreak = /\r?\n$/.exec(yaml.slice(start, end))?.[0] ?? '';
    yaml = yaml.slice(0, start) + gap + scalar + lineBreak + yaml.slice(end);
  }
  return text.slice(0, yamlOffset) + yaml + text.slice(yamlOffset + split.yaml.length);
}
