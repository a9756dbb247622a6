/**
 * Quick fixes that make a SKILL.md acceptable to a stricter client, applied to a
 * copy (an export), never to the source file. Today: for a client that refuses keys
 * outside the core six (claude.ai upload, the spec), move the others under
 * `metadata:`. Edits go through the yaml Document API so that comments, key order
 * and quoting of everything else survive.
 */
import { isMap, isScalar, parseDocument, Scalar, type Pair, YAMLMap } from 'yaml';
import { keyString } from '../check/check-context';
import { CLIENT_PROFILES, CORE_KEYS, type ClientId } from './client-profiles';
import { splitFrontmatter } from '../check/frontmatter';

export interface ClientFixResult {
  /** The whole SKILL.md, fixed. */
  text: string;
  /** The keys moved under metadata, in file order. */
  moved: string[];
}

/** metadata holds strings: a string stays, anything else becomes its JSON text. */
function asMetadataString(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/**
 * Moves the top-level keys `client` does not accept under `metadata:` (as strings).
 * Returns null when the client accepts any key, nothing needs to move, or the
 * frontmatter is missing or has YAML errors (a fix must never guess).
 */
export function moveKeysUnderMetadata(text: string, client: ClientId): ClientFixResult | null {
  if (CLIENT_PROFILES[client].unknownKeys !== 'rejected') return null;
  const split = splitFrontmatter(text);
  if (split.status !== 'ok') return null;
  const doc = parseDocument(split.yaml);
  if (doc.errors.length > 0 || !isMap(doc.contents)) return null;
  const root = doc.contents;
  const core = new Set<string>(CORE_KEYS);
  const moving: Pair[] = root.items.filter((p) => !core.has(keyString(p.key)));
  if (moving.length === 0) return null;

  const existing: unknown = root.get('metadata', true);
  if (existing !== undefined && !isMap(existing)) return null; // a broken metadata: not ours to guess
  let target: YAMLMap;
  if (isMap(existing)) target = existing;
  else {
    target = new YAMLMap();
    root.items.push(doc.createPair('metadata', target) as (typeof root.items)[number]);
  }
  const moved: string[] = [];
  for (const pair of moving) {
    const key = keyString(pair.key);
    const value: unknown = isScalar(pair.value)
      ? pair.value.value
      : pair.value && typeof pair.value === 'object' && 'toJSON' in pair.value
        ? (pair.value as { toJSON(): unknown }).toJSON()
        : pair.value;
    // An existing metadata entry of the same name wins: the author wrote it there.
    if (!target.has(key)) {
      const newKey = new Scalar(key);
      // A comment written above the key travels with it.
      if (isScalar(pair.key) && pair.key.commentBefore)
        newKey.commentBefore = pair.key.commentBefore;
      target.items.push(doc.createPair(newKey, new Scalar(asMetadataString(value))));
    }
    root.delete(key);
    moved.push(key);
  }
  const yamlText = doc.toString();
  const lines = text.split('\n');
  // Keep the opening fence (and BOM) and everything from the closing fence on.
  const head = lines.slice(0, split.yamlStartLine - 1).join('\n');
  const tail = lines.slice(split.bodyStartLine - 2).join('\n');
  return { text: `${head}\n${yamlText}${tail}`, moved };
}
