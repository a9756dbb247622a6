/**
 * What one property's editor shows (PropertyEditor.tsx), as pure functions: which
 * builder warnings are its own and which lie in its nested properties, the constraints
 * its kind takes, and enum values as the lines of a text box.
 */
import * as build from '../../../../../shared/playground/schema-builder';
import type {
  BuilderWarning,
  ConstraintKey,
  PropertyKind,
} from '../../../../../shared/playground/schema-builder';

export function samePath(a: readonly string[] | null, b: readonly string[]): boolean {
  return !!a && a.length === b.length && a.every((s, i) => s === b[i]);
}

/** The warnings of a property: the text under its pattern and default, and how many in all. */
export interface PropertyWarnings {
  /** Every warning about the pattern, in one line ('' for none). */
  pattern: string;
  /** Every warning about the default, in one line ('' for none). */
  default: string;
  /** Its own warnings and those of the properties nested in it. */
  count: number;
}

export function propertyWarnings(
  warnings: readonly BuilderWarning[],
  path: readonly string[],
): PropertyWarnings {
  const mine = warnings.filter((w) => samePath(w.path, path));
  const nested = warnings.filter(
    (w) => w.path.length > path.length && samePath(w.path.slice(0, path.length), path),
  );
  const about = (keyword: BuilderWarning['keyword']) =>
    mine
      .filter((w) => w.keyword === keyword)
      .map((w) => w.message)
      .join(' ');
  return {
    pattern: about('pattern'),
    default: about('default'),
    count: mine.length + nested.length,
  };
}

/** The constraints a property of this kind takes, in the builder's order. */
export function constraintsOf(kind: PropertyKind | 'other'): ConstraintKey[] {
  return (Object.keys(build.CONSTRAINTS) as ConstraintKey[]).filter((c) =>
    (build.CONSTRAINTS[c] as readonly string[]).includes(kind),
  );
}

/** Enum values as lines: plain text when every value is a string, else JSON per line. */
export function enumLines(values: unknown[]): string {
  return values.every((v) => typeof v === 'string')
    ? values.join('\n')
    : values.map((v) => JSON.stringify(v)).join('\n');
}

export function parseEnumLines(text: string, asJson: boolean): unknown[] {
  return text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '')
    .map((l) => {
      if (!asJson) return l;
      try {
        return JSON.parse(l) as unknown;
      } catch {
        return l;
      }
    });
}
