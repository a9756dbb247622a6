/**
 * The contracts between the Form view and the parts mounted in it or reusing it:
 * the schema builder section (form/schema), the new-skill wizard (which reuses the
 * field components over its own draft), and the agents editor of topology skills.
 * Every write goes through a FrontmatterWriter, so the Form decides how a change
 * reaches the text (one undoable Monaco edit) and the parts never touch the text.
 */
import type { Diagnostic } from '../../../../shared/check/diagnostics';
import type { FrontmatterPath, FrontmatterValue } from '../../../../shared/skill/frontmatter-edit';

export type { FrontmatterPath, FrontmatterValue };

import type { FrontmatterWriter } from '../frontmatter-writer';

export type { FrontmatterWriter };

/** What a section of the Form gets (the schema builder section among them). */
export interface FormSectionProps {
  /** The frontmatter as parsed now (it follows typing in the text); null when it does not parse. */
  frontmatter: Readonly<Record<string, unknown>> | null;
  writer: FrontmatterWriter;
  /** Live diagnostics of the SKILL.md (the Problems panel's); filter on `field`. */
  diagnostics: readonly Diagnostic[];
  /** True when nothing may be written (a bundled skill, or YAML that does not parse). */
  readOnly: boolean;
  /** Why it is read-only, shown by the section when it has room. */
  readOnlyReason: string | null;
}

/** Props of `SchemaSection` (form/SchemaSection.tsx): input_schema and output_schema. */
export type SchemaSectionProps = FormSectionProps;

/** A button that fixes one diagnostic of a field (the editor's quick fix, made a button). */
export interface FieldFix {
  title: string;
  apply(): void;
}

/**
 * What every field component of the Form takes, so the new-skill wizard can reuse them
 * over its own draft: the value as the frontmatter holds it (unknown: a wrong-typed
 * value is shown raw, never coerced), how to change it, and its diagnostics and fixes.
 */
export interface FieldProps<T> {
  /** DOM id of the input; the label and the diagnostics hang off it. */
  id: string;
  /** The frontmatter key (or dotted path) the field edits, shown beside the label. */
  fieldKey: string;
  label: string;
  value: unknown;
  onChange(next: T | undefined): void;
  diagnostics?: readonly Diagnostic[];
  fixes?: readonly FieldFix[];
  readOnly?: boolean;
  /** A short help line under the label. */
  hint?: string;
  /** The user started / stopped editing the field (focus, blur): one undo step per visit. */
  onEditStart?(): void;
  onEditEnd?(): void;
}
