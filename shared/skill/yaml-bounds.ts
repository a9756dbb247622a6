/**
 * Keeps the frontmatter's YAML work linear, whatever the file holds (a SKILL.md may come
 * from anyone, and the editor, the scan and every client validate it):
 *
 * - `duplicateKeys` finds repeated keys with one hash set per map, in one walk. yaml's own
 *   check (`uniqueKeys: true`) compares each new key with every earlier one: quadratic, and a
 *   536 KB file of 50,000 keys held the event loop for a minute. The parse runs with
 *   `uniqueKeys: false` and this check instead; it reports what yaml's did (scalar keys
 *   with equal values), at the same place (the repeated key).
 * - `frontmatterTooLarge` bounds the text and its node count before any parse, with one
 *   pass over the characters: yaml's parse is linear but not cheap (about 10 µs a key).
 */
import { isMap, isPair, isScalar, isSeq, type Document, type Node } from 'yaml';
import { groupThousands } from './count-text';

/** Frontmatter larger than this (UTF-16 units) is not parsed: 1 MiB is far past any real one. */
export const MAX_FRONTMATTER_CHARS = 1024 * 1024;
/**
 * Upper bound on the nodes the YAML may hold, counted as lines plus flow indicators
 * (`[`, `{`, `,`): every node needs one or the other. Real frontmatter holds tens to a
 * few thousand (a large input_schema); past this yaml's parse alone would take seconds,
 * so a file of 100,000 keys is refused before any parse.
 */
export const MAX_FRONTMATTER_NODES = 20_000;

/** Why the frontmatter is too large to parse, or null when it is not. */
export function frontmatterTooLarge(yaml: string): string | null {
  if (yaml.length > MAX_FRONTMATTER_CHARS) {
    return `the frontmatter is ${groupThousands(yaml.length)} characters long; at most ${groupThousands(MAX_FRONTMATTER_CHARS)} are read (move data into files of the skill)`;
  }
  let nodes = 0;
  for (let i = 0; i < yaml.length; i++) {
    const c = yaml.charCodeAt(i);
    // \n [ { ,
    if (c === 10 || c === 91 || c === 123 || c === 44) nodes++;
  }
  if (nodes > MAX_FRONTMATTER_NODES) {
    return `the frontmatter holds ${groupThousands(nodes)} lines and list or map items; at most ${groupThousands(MAX_FRONTMATTER_NODES)} are read (move data into files of the skill)`;
  }
  return null;
}

/**
 * The identity yaml's uniqueKeys compares (`a.value === b.value` for scalars), as a
 * string usable in a Set; null for keys only equal to themselves (collections, NaN).
 */
function keyIdentity(key: unknown): string | null {
  if (!isScalar(key)) return null;
  const v = key.value;
  switch (typeof v) {
    case 'string':
      return `s${v}`;
    case 'number':
      // NaN equals nothing; 0 and -0 are one key, as with ===.
      return Number.isNaN(v) ? null : `n${v === 0 ? 0 : v}`;
    case 'boolean':
      return `b${v}`;
    case 'bigint':
      return `n${v}`;
    case 'undefined':
      return 'null';
    case 'object':
      return v === null ? 'null' : null;
    default:
      return null;
  }
}

/**
 * Source offsets of every key that repeats an earlier key of the same map, in any map of
 * the document (nested ones and flow maps too). Linear in the number of keys.
 */
export function duplicateKeys(doc: Document): number[] {
  const offsets: number[] = [];
  // Every map, seq and pair (keys too: a map may be a key), with a stack rather than
  // yaml's generic visit(): this runs for every SKILL.md the CLI and the registry read.
  const stack: unknown[] = [doc.contents];
  while (stack.length > 0) {
    const node = stack.pop();
    if (isPair(node)) {
      stack.push(node.value, node.key);
    } else if (isSeq(node)) {
      for (let i = node.items.length - 1; i >= 0; i--) stack.push(node.items[i]);
    } else if (isMap(node)) {
      if (node.items.length >= 2) {
        const seen = new Set<string>();
        for (const pair of node.items) {
          const id = keyIdentity(pair.key);
          if (id === null) continue;
          if (seen.has(id)) {
            const start = (pair.key as Node).range?.[0];
            if (start !== undefined) offsets.push(start);
          } else {
            seen.add(id);
          }
        }
      }
      for (let i = node.items.length - 1; i >= 0; i--) stack.push(node.items[i]);
    }
  }
  return offsets;
}
