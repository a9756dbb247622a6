/**
 * Rewrites the `name:` of a SKILL.md, changing nothing else in the file: renaming,
 * duplicating or importing a skill under another folder name keeps the name equal to
 * the folder (docs/contracts.md, SKILL.md) while comments, key order and the body stay as the
 * author wrote them. Pure: used by the host (rename, duplicate, import "keep both").
 */
import { isMap, isScalar, parseDocument } from 'yaml';
import { splitFrontmatter } from './frontmatter';

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
 * as it is, since there is no name to keep in step.
 */
export function withFrontmatterName(text: string, name: string): string {
  const split = splitFrontmatter(text);
  if (split.status !== 'ok') return text;
  const yamlOffset = text.indexOf('\n') + 1;
  const doc = parseDocument(split.yaml);
  if (doc.errors.length > 0 || !isMap(doc.contents)) return text;
  const pair = doc.contents.items.find((p) => isScalar(p.key) && p.key.value === 'name');
  const scalar = yamlScalar(name);
  if (!pair) {
    return `${text.slice(0, yamlOffset)}name: ${scalar}${split.eol}${text.slice(yamlOffset)}`;
  }
  const range = pair.value && 'range' in pair.value ? pair.value.range : undefined;
  if (!range) return text;
  // `name:` with nothing after it still has a (zero-width) value node to replace.
  const [start, end] = range;
  const gap = start > 0 && !/\s/.test(split.yaml[start - 1] ?? ' ') ? ' ' : '';
  // A block or flow value's range ends after its line break: keep that break.
  const lineBreak = /\r?\n$/.exec(split.yaml.slice(start, end))?.[0] ?? '';
  return (
    text.slice(0, yamlOffset + start) + gap + scalar + lineBreak + text.slice(yamlOffset + end)
  );
}
