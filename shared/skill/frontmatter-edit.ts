/**
 * Sets or deletes one key path in the YAML frontmatter of a SKILL.md and returns the
 * minimal text edit(s) that do it, so an editor can apply a form change as one undo step
 * and the file keeps everything the author wrote around that key: comments, key order,
 * quoting style, the other keys and the Markdown body.
 *
 * How: the frontmatter is read with the `yaml` Document API to find the node at the path
 * and its source range; only that node (or, for a new key, one new line block) is
 * re-rendered. A scalar replaced by a scalar keeps its style (plain, quoted, block) where
 * YAML can still read the value back as written; a same-line comment after a value is
 * kept. Replacing a whole collection re-renders that collection (its inner comments go
 * with the old value), so callers edit at the finest path they can (`metadata.author`,
 * `tags.2`) rather than the whole value.
 *
 * Refuses (returns an error, no edit) when the frontmatter is missing or does not parse,
 * when the path crosses a value that is not a collection (a wrong-typed value is never
 * coerced), or when a key is duplicated. Pure; no I/O.
 */
import {
  Document,
  isCollection,
  isMap,
  isScalar,
  isSeq,
  parseDocument,
  type Node,
  type Pair,
  type Scalar,
  type YAMLMap,
  type YAMLSeq,
} from 'yaml';
import { splitFrontmatter } from '../check/frontmatter';

/** A JSON-like value the form can write. */
export type FrontmatterValue =
  string | number | boolean | null | FrontmatterValue[] | { [key: string]: FrontmatterValue };

/** Keys (maps) and indexes (sequences) from the frontmatter root. */
export type FrontmatterPath = readonly (string | number)[];

/** Replace `length` characters at `offset` (UTF-16, in the whole SKILL.md text) with `text`. */
export interface TextEdit {
  offset: number;
  length: number;
  text: string;
}

export type FrontmatterEditResult = { ok: true; edits: TextEdit[] } | { ok: false; error: string };

/** Applies non-overlapping edits (offsets in the original text) and returns the new text. */
export function applyTextEdits(text: string, edits: readonly TextEdit[]): string {
  const sorted = [...edits].sort((a, b) => b.offset - a.offset);
  let out = text;
  for (const e of sorted) out = out.slice(0, e.offset) + e.text + out.slice(e.offset + e.length);
  return out;
}

/** The parsed frontmatter with where its YAML starts in the file. */
interface Parsed {
  yaml: string;
  /** Offset of the YAML's first character in the whole text. */
  base: number;
  doc: Document.Parsed;
  eol: string;
}

function parse(text: string): Parsed | string {
  const split = splitFrontmatter(text);
  if (split.status === 'missing') return 'The file has no frontmatter.';
  if (split.status === 'unclosed') return 'The frontmatter has no closing --- line.';
  // The YAML starts on the line after the opening fence (a BOM is before that fence).
  const base = text.indexOf('\n') + 1;
  const doc = parseDocument(split.yaml, { keepSourceTokens: true, prettyErrors: false });
  if (doc.errors.length > 0) return `The frontmatter YAML does not parse: ${doc.errors[0].message}`;
  if (doc.contents !== null && !isMap(doc.contents)) return 'The frontmatter is not a YAML map.';
  return { yaml: split.yaml, base, doc, eol: split.eol };
}

function keyText(pair: Pair): string | undefined {
  const k = pair.key;
  if (isScalar(k)) return String(k.value);
  return undefined;
}

function findPair(map: YAMLMap, key: string): Pair<Node, Node | null> | undefined {
  return map.items.find((p) => keyText(p) === key) as Pair<Node, Node | null> | undefined;
}

/** Start of the line holding `offset`. */
function lineStart(src: string, offset: number): number {
  return src.lastIndexOf('\n', offset - 1) + 1;
}

/** Just after the line break that ends the line holding `offset` (or the end). */
function afterLineEnd(src: string, offset: number): number {
  const nl = src.indexOf('\n', offset);
  return nl === -1 ? src.length : nl + 1;
}

function columnOf(src: string, offset: number): number {
  return offset - lineStart(src, offset);
}

/** True when only spaces precede `offset` on its line. */
function startsItsLine(src: string, offset: number): boolean {
  return /^[ \t]*$/.test(src.slice(lineStart(src, offset), offset));
}

interface RenderStyle {
  scalarType?: Scalar.Type;
  flow?: boolean;
  /** Spaces per nesting level for new block content. */
  indent: number;
}

const STRINGIFY = { lineWidth: 0, flowCollectionPadding: false, indentSeq: true } as const;

/** Whether `value` would be written without quotes (a plain scalar that reads back as itself). */
function writesPlain(value: unknown): boolean {
  if (typeof value !== 'string') return true;
  const out = new Document(value).toString(STRINGIFY).trimEnd();
  return out === value;
}

/**
 * The style a replaced scalar hands on. Quotes the author chose (around a value that needs
 * none) are kept; quotes the value itself needed are not: typing `K-Dense Inc. (edited)` in
 * the form passes through `K-Dense Inc. ` (a trailing space needs quotes), and those forced
 * quotes must not stay once the value no longer needs them.
 */
function keptScalarType(old: Scalar): Scalar.Type | undefined {
  if (old.type !== 'QUOTE_DOUBLE' && old.type !== 'QUOTE_SINGLE') return old.type;
  return writesPlain(old.value) ? old.type : undefined;
}

/** A node for `value` carrying the style of the node it replaces. */
function styledNode(doc: Document, value: FrontmatterValue, style: RenderStyle): Node {
  const node = doc.createNode(value) as Node;
  if (isScalar(node) && typeof value === 'string') {
    const block = style.scalarType === 'BLOCK_LITERAL' || style.scalarType === 'BLOCK_FOLDED';
    if (value.includes('\n')) {
      // Line breaks read best as a block (`|`), whatever style the old one-line value had.
      node.type = block ? style.scalarType : 'BLOCK_LITERAL';
    } else if (style.scalarType) {
      // A block style only suits a value with line breaks; others fall back to plain.
      node.type = block ? 'PLAIN' : style.scalarType;
    }
  }
  if (isCollection(node) && style.flow) node.flow = true;
  return node;
}

/**
 * What follows `key:` for the value (" foo", " |-\n  a", "\n  - a"), re-indented to sit
 * under a key at `column`; no final line break.
 */
function renderAfterKey(value: FrontmatterValue, style: RenderStyle, column: number): string {
  const doc = new Document({ k: null });
  doc.set('k', styledNode(doc, value, style));
  const s = doc.toString({ ...STRINGIFY, indent: style.indent });
  return reindent(s.slice(2).replace(/\n$/, ''), column);
}

/** What follows `-` for a sequence item, re-indented for an item dash at `column`. */
function renderAfterDash(value: FrontmatterValue, style: RenderStyle, column: number): string {
  const doc = new Document([null]);
  doc.set(0, styledNode(doc, value, style));
  const s = doc.toString({ ...STRINGIFY, indent: style.indent });
  return reindent(s.slice(1).replace(/\n$/, ''), column);
}

/** A whole collection rendered on its own (for flow collections rewritten in place). */
function renderStandalone(value: FrontmatterValue, style: RenderStyle): string {
  const doc = new Document();
  doc.contents = styledNode(doc, value, style) as Document['contents'];
  return doc.toString({ ...STRINGIFY, indent: style.indent }).replace(/\n$/, '');
}

function reindent(fragment: string, column: number): string {
  if (column === 0) return fragment;
  const pad = ' '.repeat(column);
  return fragment
    .split('\n')
    .map((line, i) => (i === 0 || line === '' ? line : pad + line))
    .join('\n');
}

/** The indentation step the file uses (2 unless a nested block says otherwise). */
function indentUnit(yaml: string): number {
  const m = /^( +)\S/m.exec(yaml);
  const n = m ? m[1].length : 2;
  return n >= 2 && n <= 8 ? n : 2;
}

/** The same-line comment after a flow value (` # note`), or ''. */
function trailingComment(yaml: string, node: Node): string {
  const range = node.range;
  if (!range) return '';
  const tail = yaml.slice(range[1], range[2]).replace(/\r?\n$/, '');
  return /^[ \t]+#/.test(tail) ? tail : '';
}

function isBlockValue(node: Node): boolean {
  if (isScalar(node)) return node.type === 'BLOCK_LITERAL' || node.type === 'BLOCK_FOLDED';
  return isCollection(node) && !node.flow;
}

function sameValue(node: Node | null, value: FrontmatterValue): boolean {
  if (!node) return value === null;
  if (isScalar(node) && typeof value !== 'object') return node.value === value;
  return JSON.stringify(node.toJSON()) === JSON.stringify(value);
}

function edit(p: Parsed, start: number, end: number, text: string): TextEdit {
  return { offset: p.base + start, length: end - start, text: text.replace(/\n/g, p.eol) };
}

/**
 * Replaces the value that follows an indicator (`:` of a pair or `-` of a block sequence
 * item) ending at `indicatorEnd`. `column` is the column of the key or dash.
 */
function replaceAfterIndicator(
  p: Parsed,
  indicatorEnd: number,
  old: Node | null,
  value: FrontmatterValue,
  column: number,
  dash: boolean,
): TextEdit {
  const { yaml } = p;
  const style: RenderStyle = {
    scalarType: old && isScalar(old) ? keptScalarType(old) : undefined,
    flow: old !== null && isCollection(old) ? old.flow : undefined,
    indent: indentUnit(yaml),
  };
  const rendered = dash
    ? renderAfterDash(value, style, column)
    : renderAfterKey(value, style, column);
  const multiLine = rendered.includes('\n');
  const range = old?.range ?? undefined;
  const hasSource = range !== undefined && range[1] > range[0];
  if (
    old &&
    range &&
    hasSource &&
    !isBlockValue(old) &&
    !multiLine &&
    startsSameLine(yaml, indicatorEnd, range[0])
  ) {
    // The common case: a one-line value replaced by a one-line value, node only.
    return edit(p, range[0], range[1], rendered.replace(/^ /, ''));
  }
  // Otherwise rewrite from the indicator to the end of the value's last line, keeping a
  // same-line comment (after the indicator or after a one-line value) on the first line.
  let end: number;
  let comment = '';
  if (old && range && hasSource) {
    const between = yaml.slice(indicatorEnd, range[0]);
    const m = /^([ \t]+#[^\n]*)\n/.exec(between);
    if (m) comment = m[1].replace(/\r$/, '');
    if (isBlockValue(old)) end = range[1];
    else {
      comment = comment || trailingComment(yaml, old);
      end = afterLineEnd(yaml, range[1]);
    }
  } else {
    const m = /^([ \t]+#[^\n]*)?/.exec(yaml.slice(indicatorEnd));
    comment = (m?.[1] ?? '').replace(/\r$/, '');
    end = afterLineEnd(yaml, indicatorEnd);
  }
  const endsLine = end > 0 && yaml[end - 1] === '\n';
  const lines = rendered.split('\n');
  lines[0] += comment;
  const text = lines.join('\n') + (endsLine ? '\n' : '');
  return edit(p, indicatorEnd, end, text);
}

function startsSameLine(yaml: string, a: number, b: number): boolean {
  return !yaml.slice(a, b).includes('\n');
}

/** Offset just after the `:` that follows a pair's key. */
function afterColon(yaml: string, pair: Pair<Node, Node | null>): number {
  const keyEnd = pair.key.range?.[1] ?? 0;
  return yaml.indexOf(':', keyEnd) + 1;
}

/** Offset just after the `-` of a block sequence item. */
function afterDash(yaml: string, item: Node): number | undefined {
  const start = item.range?.[0];
  if (start === undefined) return undefined;
  const before = yaml.slice(lineStart(yaml, start), start);
  const i = before.lastIndexOf('-');
  if (i === -1) return undefined;
  return lineStart(yaml, start) + i + 1;
}

/** Where a new line goes after the last item of a block collection (or at `fallback`). */
function afterLastItem(yaml: string, coll: YAMLMap | YAMLSeq, fallback: number): number {
  const last = coll.items[coll.items.length - 1] as Pair<Node, Node | null> | Node | undefined;
  if (!last) return fallback;
  const node = isMap(coll)
    ? ((last as Pair<Node, Node | null>).value ?? (last as Pair<Node>).key)
    : (last as Node);
  if (!node?.range) return fallback;
  return pairEnd(yaml, node);
}

/** Column of the items of a block collection. */
function itemColumn(yaml: string, coll: YAMLMap | YAMLSeq): number {
  const first = coll.items[0] as Pair<Node> | Node | undefined;
  const node = isMap(coll) ? (first as Pair<Node> | undefined)?.key : (first as Node | undefined);
  const start = node?.range?.[0];
  if (start === undefined) return 0;
  if (isSeq(coll)) {
    const dash = afterDash(yaml, node as Node);
    return dash === undefined ? 0 : columnOf(yaml, dash - 1);
  }
  return columnOf(yaml, start);
}

function renderKey(key: string): string {
  const doc = new Document({ [key]: null });
  return doc.toString(STRINGIFY).replace(/:\s*(null)?\s*$/, '');
}

/** Rewrites a whole flow collection (its inner comments are rare and go). */
function rewriteFlow(
  p: Parsed,
  coll: YAMLMap | YAMLSeq,
  value: FrontmatterValue,
): TextEdit | string {
  const range = coll.range;
  if (!range) return 'The collection has no source to rewrite.';
  const text = renderStandalone(value, { flow: true, indent: indentUnit(p.yaml) });
  return edit(p, range[0], range[1], text);
}

/** The value at `path` under `node`, built from the existing value with `leaf` set there. */
function nestedValue(path: FrontmatterPath, leaf: FrontmatterValue): FrontmatterValue {
  let v = leaf;
  for (let i = path.length - 1; i >= 0; i--) {
    const seg = path[i];
    if (typeof seg === 'number') return v; // unreachable: callers create maps only
    v = { [seg]: v };
  }
  return v;
}

function describe(path: FrontmatterPath): string {
  return path.map(String).join('.');
}

/** Sets the value at `path` (creating missing maps on the way). Empty edits: no change. */
export function setFrontmatterValue(
  text: string,
  path: FrontmatterPath,
  value: FrontmatterValue,
): FrontmatterEditResult {
  if (path.length === 0) return { ok: false, error: 'An empty path names no key.' };
  const p = parse(text);
  if (typeof p === 'string') return { ok: false, error: p };
  const result = setIn(p, p.doc.contents as YAMLMap | null, path, value, 0);
  if (typeof result === 'string') return { ok: false, error: result };
  return { ok: true, edits: result ? [result] : [] };
}

function setIn(
  p: Parsed,
  coll: YAMLMap | YAMLSeq | null,
  path: FrontmatterPath,
  value: FrontmatterValue,
  depth: number,
): TextEdit | null | string {
  const { yaml } = p;
  const seg = path[depth];
  const rest = path.slice(depth + 1);
  const here = describe(path.slice(0, depth + 1));
  if (coll === null) {
    // An empty frontmatter: the first key.
    if (typeof seg !== 'string') return `${here}: the frontmatter is not a list.`;
    const line = `${renderKey(seg)}:${renderAfterKey(nestedValue(rest, value), { indent: 2 }, 0)}\n`;
    // (The YAML may hold only comments; the key goes after them.)
    const lead = yaml.length > 0 && !yaml.endsWith('\n') ? '\n' : '';
    return edit(p, yaml.length, yaml.length, lead + line);
  }
  if (isMap(coll)) {
    if (typeof seg !== 'string')
      return `${describe(path.slice(0, depth)) || 'frontmatter'} is a map, not a list.`;
    const pair = findPair(coll, seg);
    if (!pair) {
      const full = nestedValue(rest, value);
      if (coll.flow) {
        const js = { ...(coll.toJSON() as Record<string, FrontmatterValue>), [seg]: full };
        return rewriteFlow(p, coll, js);
      }
      const column = coll.items.length > 0 ? itemColumn(yaml, coll) : 0;
      const at = afterLastItem(yaml, coll, yaml.length);
      const lead = at > 0 && yaml[at - 1] !== '\n' ? '\n' : '';
      const line = `${' '.repeat(column)}${renderKey(seg)}:${renderAfterKey(full, { indent: indentUnit(yaml) }, column)}\n`;
      return edit(p, at, at, lead + line);
    }
    const node = pair.value;
    if (rest.length > 0) {
      if (node && (isMap(node) || isSeq(node))) return setIn(p, node, path, value, depth + 1);
      if (node === null || (isScalar(node) && node.value === null && !node.range?.[1])) {
        return setPairValue(p, pair, nestedValue(rest, value));
      }
      return `${here} is not a map or a list; fix it in the text first.`;
    }
    if (sameValue(node, value)) return null;
    if (coll.flow) {
      const js = { ...(coll.toJSON() as Record<string, FrontmatterValue>), [seg]: value };
      if (node && isScalar(node) && typeof value !== 'object' && node.range) {
        return replaceFlowScalar(p, node, value);
      }
      return rewriteFlow(p, coll, js);
    }
    return setPairValue(p, pair, value);
  }
  // A sequence.
  if (typeof seg !== 'number') return `${describe(path.slice(0, depth))} is a list, not a map.`;
  if (seg < 0 || seg > coll.items.length) return `${here}: no such item.`;
  const item = (coll.items[seg] as Node | undefined) ?? null;
  if (rest.length > 0) {
    if (item && (isMap(item) || isSeq(item))) return setIn(p, item, path, value, depth + 1);
    return `${here} is not a map or a list; fix it in the text first.`;
  }
  if (item && sameValue(item, value)) return null;
  if (coll.flow) {
    if (item && isScalar(item) && typeof value !== 'object' && item.range) {
      return replaceFlowScalar(p, item, value);
    }
    const js = [...(coll.toJSON() as FrontmatterValue[])];
    js[seg] = value;
    return rewriteFlow(p, coll, js);
  }
  const column = itemColumn(yaml, coll);
  if (!item) {
    const at = afterLastItem(yaml, coll, yaml.length);
    const style = { indent: indentUnit(yaml) };
    return edit(p, at, at, `${' '.repeat(column)}-${renderAfterDash(value, style, column)}\n`);
  }
  const dash = afterDash(yaml, item);
  if (dash === undefined) return `${here} has no source to rewrite.`;
  return replaceAfterIndicator(p, dash, item, value, column, true);
}

function setPairValue(
  p: Parsed,
  pair: Pair<Node, Node | null>,
  value: FrontmatterValue,
): TextEdit | string {
  const keyStart = pair.key.range?.[0];
  if (keyStart === undefined) return 'The key has no source to rewrite.';
  const column = columnOf(p.yaml, keyStart);
  return replaceAfterIndicator(p, afterColon(p.yaml, pair), pair.value, value, column, false);
}

/** A scalar inside a flow collection: replaced by a flow-safe scalar in place. */
function replaceFlowScalar(
  p: Parsed,
  node: Scalar,
  value: string | number | boolean | null,
): TextEdit {
  const doc = new Document();
  const s = doc.createNode(value) as Scalar;
  if (node.type === 'QUOTE_DOUBLE' || node.type === 'QUOTE_SINGLE') s.type = node.type;
  doc.contents = doc.createNode([s]) as Document['contents'];
  (doc.contents as YAMLSeq).flow = true;
  const text = doc.toString(STRINGIFY).trim().slice(1, -1);
  const range = node.range ?? [0, 0, 0];
  return edit(p, range[0], range[1], text);
}

/** Deletes the key or item at `path`; a missing path is no change (empty edits). */
export function deleteFrontmatterValue(text: string, path: FrontmatterPath): FrontmatterEditResult {
  if (path.length === 0) return { ok: false, error: 'An empty path names no key.' };
  const p = parse(text);
  if (typeof p === 'string') return { ok: false, error: p };
  let coll: Node | null = p.doc.contents as YAMLMap | null;
  for (let i = 0; i < path.length - 1; i++) {
    const seg = path[i];
    if (coll === null) return { ok: true, edits: [] };
    if (isMap(coll) && typeof seg === 'string') coll = findPair(coll, seg)?.value ?? null;
    else if (isSeq(coll) && typeof seg === 'number')
      coll = (coll.items[seg] as Node | undefined) ?? null;
    else if (isScalar(coll) && coll.value === null) return { ok: true, edits: [] };
    else return { ok: false, error: `${describe(path.slice(0, i + 1))} is not a map or a list.` };
  }
  if (coll === null) return { ok: true, edits: [] };
  const seg = path[path.length - 1];
  const result = deleteIn(p, coll, seg, path);
  if (typeof result === 'string') return { ok: false, error: result };
  return { ok: true, edits: result ? [result] : [] };
}

function deleteIn(
  p: Parsed,
  coll: Node,
  seg: string | number,
  path: FrontmatterPath,
): TextEdit | null | string {
  const { yaml } = p;
  const parentPath = path.slice(0, -1);
  if (isMap(coll) && typeof seg === 'string') {
    const pair = findPair(coll, seg);
    if (!pair) return null;
    const js = { ...(coll.toJSON() as Record<string, FrontmatterValue>) };
    delete js[seg];
    if (coll.flow) return rewriteFlow(p, coll, js);
    if (coll.items.length === 1 && parentPath.length > 0)
      return setIn(p, p.doc.contents as YAMLMap, parentPath, {}, 0);
    const keyStart = pair.key.range?.[0];
    if (keyStart === undefined || !startsItsLine(yaml, keyStart)) {
      return parentPath.length > 0
        ? setIn(p, p.doc.contents as YAMLMap, parentPath, js, 0)
        : 'The key cannot be removed on its own.';
    }
    const end =
      pair.value && pair.value.range ? pairEnd(yaml, pair.value) : afterLineEnd(yaml, keyStart);
    return edit(p, lineStart(yaml, keyStart), end, '');
  }
  if (isSeq(coll) && typeof seg === 'number') {
    const item = coll.items[seg] as Node | undefined;
    if (!item) return null;
    const js = (coll.toJSON() as FrontmatterValue[]).filter((_, i) => i !== seg);
    if (coll.flow) return rewriteFlow(p, coll, js);
    if (coll.items.length === 1) return setIn(p, p.doc.contents as YAMLMap, parentPath, [], 0);
    const dash = afterDash(yaml, item);
    if (dash === undefined || !startsItsLine(yaml, dash - 1))
      return setIn(p, p.doc.contents as YAMLMap, parentPath, js, 0);
    return edit(p, lineStart(yaml, dash - 1), pairEnd(yaml, item), '');
  }
  return `${describe(parentPath)} is not a map or a list.`;
}

/** End of a value's last line, after its line break. */
function pairEnd(yaml: string, node: Node): number {
  const range = node.range ?? [0, 0, 0];
  if (isBlockValue(node)) return range[1];
  return afterLineEnd(yaml, Math.max(range[1], range[2] - 1));
}

/**
 * Renames the key at `path` (its last segment) to `to`, rewriting only the key token:
 * the value, its comments and the key's place stay. Refuses when `to` is already a key
 * of the same map (YAML would then not parse).
 */
export function renameFrontmatterKey(
  text: string,
  path: FrontmatterPath,
  to: string,
): FrontmatterEditResult {
  const p = parse(text);
  if (typeof p === 'string') return { ok: false, error: p };
  const from = path[path.length - 1];
  if (typeof from !== 'string') return { ok: false, error: 'Only a map key can be renamed.' };
  if (to === from) return { ok: true, edits: [] };
  if (to.trim() === '') return { ok: false, error: 'A key cannot be empty.' };
  let node: Node | null = p.doc.contents as YAMLMap | null;
  for (const seg of path.slice(0, -1)) {
    if (node && isMap(node) && typeof seg === 'string') node = findPair(node, seg)?.value ?? null;
    else if (node && isSeq(node) && typeof seg === 'number')
      node = (node.items[seg] as Node | undefined) ?? null;
    else node = null;
  }
  if (!node || !isMap(node)) return { ok: false, error: `${describe(path)}: no such key.` };
  const pair = findPair(node, from);
  const range = pair?.key.range;
  if (!pair || !range) return { ok: false, error: `${describe(path)}: no such key.` };
  if (findPair(node, to)) return { ok: false, error: `"${to}" is already a key here.` };
  return { ok: true, edits: [edit(p, range[0], range[1], renderKey(to))] };
}
