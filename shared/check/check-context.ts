/**
 * What the frontmatter checks share: the diagnostics being collected, the
 * profile, and helpers that find a key's or an item's position in the YAML.
 */
import { isAlias, isMap, isNode, isScalar, isSeq, type Document, type Node, type Pair } from 'yaml';
import type { Diagnostic, DiagnosticCode, Severity } from './diagnostics';
import type { Position, YamlSource } from './yaml-source';

export type ValidationProfile = 'studio' | 'spec';

/** One key of a YAML map, with its JS value and where key and value are written. */
export interface FieldRef {
  /** Dotted path of the key, e.g. `llm_config.provider_name`. */
  path: string;
  key: string;
  value: unknown;
  keyNode: Node | null;
  /** The value node, aliases resolved (for looking up nested positions). */
  valueNode: Node | null;
  keyPos: Position;
  /** Start of the value; the key's position when the value is empty. */
  valuePos: Position;
}

export function isPlainMap(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** "a number", "a list", … for messages. */
export function describeValue(v: unknown): string {
  if (v === null || v === undefined) return 'nothing (an empty value)';
  if (Array.isArray(v)) return 'a list';
  if (typeof v === 'object') return 'a map';
  if (typeof v === 'string') return v.trim() === '' ? 'a blank string' : 'a string';
  if (typeof v === 'number') return `the number ${v}`;
  if (typeof v === 'boolean') return `the boolean ${v}`;
  return `a ${typeof v}`;
}

export function keyString(keyNode: unknown): string {
  if (isScalar(keyNode)) return String(keyNode.value);
  if (isNode(keyNode)) return String(keyNode.toJSON());
  return String(keyNode);
}

export class Checker {
  readonly diagnostics: Diagnostic[] = [];

  constructor(
    readonly src: YamlSource,
    readonly doc: Document,
    readonly profile: ValidationProfile,
    /** Where to point when there is nothing better (the opening `---`). */
    readonly top: Position,
  ) {}

  add(
    severity: Severity,
    code: DiagnosticCode,
    message: string,
    pos: Position,
    field: string | null,
  ): void {
    this.diagnostics.push({ severity, code, message, line: pos.line, column: pos.column, field });
  }

  error(code: DiagnosticCode, message: string, pos: Position, field: string | null): void {
    this.add('error', code, message, pos, field);
  }

  /** Warning in the studio profile, error in the spec profile. */
  strictInSpec(code: DiagnosticCode, message: string, pos: Position, field: string | null): void {
    this.add(this.profile === 'spec' ? 'error' : 'warning', code, message, pos, field);
  }

  /** Follows an alias to the node it names, so nested keys can be found. */
  resolve(node: unknown): Node | null {
    if (isAlias(node)) return node.resolve(this.doc) ?? null;
    return isNode(node) ? node : null;
  }

  fieldFromPair(pair: Pair, path: string, value: unknown): FieldRef {
    const keyNode = isNode(pair.key) ? pair.key : null;
    const keyPos = this.src.node(keyNode, this.top);
    const rawValue = isNode(pair.value) ? pair.value : null;
    return {
      path,
      key: keyString(pair.key),
      value,
      keyNode,
      valueNode: this.resolve(rawValue),
      keyPos,
      valuePos: this.src.value(rawValue, keyPos),
    };
  }

  /** The entries of a map value, with positions; [] when the value is not a map. */
  entries(field: FieldRef): FieldRef[] {
    const node = field.valueNode;
    if (!isPlainMap(field.value)) return [];
    const obj = field.value;
    if (!isMap(node)) {
      // No source for the entries (should not happen for parsed YAML): point at the parent.
      return Object.keys(obj).map((k) => ({
        path: `${field.path}.${k}`,
        key: k,
        value: obj[k],
        keyNode: null,
        valueNode: null,
        keyPos: field.keyPos,
        valuePos: field.valuePos,
      }));
    }
    // A duplicated key counts once, at its last occurrence (the one whose value
    // the JS object holds); keys the JS object lacks (merge keys) are skipped.
    const pairs = new Map<string, Pair>();
    for (const pair of node.items) {
      const k = keyString(pair.key);
      if (Object.prototype.hasOwnProperty.call(obj, k)) pairs.set(k, pair);
    }
    return [...pairs].map(([k, pair]) => this.fieldFromPair(pair, `${field.path}.${k}`, obj[k]));
  }

  /** Position of item `i` of a list value (the list itself when unknown). */
  itemPos(field: FieldRef, i: number): Position {
    const node = field.valueNode;
    if (isSeq(node)) {
      const item = node.items[i];
      if (isNode(item)) return this.src.value(item, field.valuePos);
    }
    return field.valuePos;
  }
}
