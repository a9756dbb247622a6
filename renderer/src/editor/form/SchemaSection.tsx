/**
 * The Form view's section for a skill's `input_schema` and `output_schema`: a schema
 * builder for each, bound to the frontmatter the Form parsed (so typing in the text
 * updates it) and writing through the Form's writer (one undo step per action). The
 * validator's findings about either key are listed under its builder with their codes.
 */
import { useState } from 'react';
import type { SchemaSectionProps } from './form-types';
import { DiagnosticList } from '../../ui/DiagnosticList';
import { diagnosticsFor } from './form-model';
import { SchemaBuilder, type SchemaField } from './schema/SchemaBuilder';
import { writeSchema } from './schema/schema-write';

const FIELDS: readonly SchemaField[] = ['input_schema', 'output_schema'];

export function SchemaSection({
  frontmatter,
  writer,
  diagnostics,
  readOnly,
  readOnlyReason,
}: SchemaSectionProps) {
  const [failure, setFailure] = useState<string | null>(null);
  return (
    <div className="sb-section" data-testid="schema-section">
      {failure && (
        <div className="pg-warning" role="alert" data-testid="schema-write-error">
          Not written: {failure}
        </div>
      )}
      {frontmatter === null && (
        <div className="pg-warning" role="note">
          {readOnlyReason ?? 'The frontmatter does not parse: fix it in the text.'} The inputs and
          output show here again once it does.
        </div>
      )}
      {frontmatter !== null &&
        FIELDS.map((field) => {
          const value = frontmatter[field];
          const own = diagnosticsFor(diagnostics, field);
          return (
            <div key={field} className="sb-section-part">
              <SchemaBuilder
                field={field}
                schema={value}
                readOnly={readOnly}
                readOnlyReason={readOnly ? readOnlyReason : null}
                onChange={(next) => setFailure(writeSchema(writer, field, value, next))}
              />
              {own.length > 0 && (
                <DiagnosticList items={own} icons testId={`${field}-diagnostics`} />
              )}
            </div>
          );
        })}
    </div>
  );
}
