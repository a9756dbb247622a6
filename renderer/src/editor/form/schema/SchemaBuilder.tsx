/**
 * The schema builder for `input_schema` or `output_schema`: the property list on one
 * side, and a live preview of what it produces on the other — the playground's own
 * arguments form (the same component and form model the playground uses, so the
 * preview is what a run will show) or the JSON Schema text. The builder never writes
 * by itself: `onChange` gets the next schema and the caller writes it (into the editor
 * buffer through frontmatter-edit, or into the new-skill wizard's draft). Pattern
 * warnings are found here at once; defaults are judged by the host (default-checker.ts).
 */
import { useEffect, useId, useMemo, useState } from 'react';
import {
  readSchema,
  schemaWarnings,
  type JsonSchema,
} from '../../../../../shared/playground/schema-builder';
import { buildFormModel } from '../../../../../shared/playground/schema-form';
import { isPlainObject, removeAt, setAt } from '../../../../../shared/playground/json-path';
import { ArgsForm } from '../../../ui/ArgsForm';
import { backend } from '../../../backend/current';
import { PropertyList } from './PropertyList';
import { DefaultChecker, type DefaultCheckState } from './default-checker';
import '../../../styles/playground.css';
import '../../../styles/form.css';
import './schema-builder.css';

export type SchemaField = 'input_schema' | 'output_schema';

export const SCHEMA_FIELD_LABELS: Record<SchemaField, string> = {
  input_schema: 'Inputs',
  output_schema: 'Output',
};

const PREVIEW_TABS = [
  { id: 'form', label: 'Playground form' },
  { id: 'json', label: 'JSON Schema' },
] as const;

/** The host's verdicts on the schema's defaults (schema.check), kept current as it changes. */
function useDefaultChecks(schema: unknown): DefaultCheckState {
  const [state, setState] = useState<DefaultCheckState>({ warnings: [], checking: false });
  const checker = useMemo(
    () =>
      new DefaultChecker({
        check: (s, value) => backend().call('schema.check', { schema: s, value }),
        onState: setState,
      }),
    [],
  );
  useEffect(() => {
    checker.update(schema);
    return () => checker.cancel();
  }, [checker, schema]);
  return state;
}

export interface SchemaBuilderProps {
  field: SchemaField;
  /** The schema as the frontmatter holds it (undefined when the key is absent). */
  schema: unknown;
  onChange(next: JsonSchema): void;
  readOnly?: boolean;
  /** Shown when the text cannot be edited here (say, YAML that does not parse). */
  readOnlyReason?: string | null;
}

export function SchemaBuilder({
  field,
  schema,
  onChange,
  readOnly = false,
  readOnlyReason = null,
}: SchemaBuilderProps) {
  const read = useMemo(() => readSchema(schema), [schema]);
  const patternWarnings = useMemo(() => schemaWarnings(schema), [schema]);
  const defaults = useDefaultChecks(schema);
  const warnings = useMemo(
    () => [...patternWarnings, ...defaults.warnings],
    [patternWarnings, defaults.warnings],
  );
  const [focusPath, setFocusPath] = useState<readonly string[] | null>(null);
  const [preview, setPreview] = useState<'form' | 'json'>('form');
  const [sample, setSample] = useState<Record<string, unknown>>({});
  const model = useMemo(() => buildFormModel(schema), [schema]);
  const label = SCHEMA_FIELD_LABELS[field];
  const object = isPlainObject(schema) ? schema : undefined;
  // The wizard's builder may sit over the Form's: ids unique per instance.
  const uid = useId();
  const headingId = `${uid}-heading`;
  const panelId = `${uid}-preview`;

  return (
    <section className="sb" aria-labelledby={headingId} data-testid={`schema-builder-${field}`}>
      <div className="sb-head">
        <h3 id={headingId}>
          {label} <code className="pg-field-key">{field}</code>
        </h3>
        {warnings.length > 0 && (
          <span className="sb-warning-count" data-testid="schema-warning-count">
            {warnings.length} warning{warnings.length === 1 ? '' : 's'}
          </span>
        )}
        <span className="sb-checking" role="status" data-testid="schema-checking">
          {defaults.checking ? 'checking defaults…' : ''}
        </span>
      </div>
      {readOnlyReason && <div className="pg-warning">{readOnlyReason}</div>}
      <div className="sb-body">
        <div className="sb-editor">
          {read.ok ? (
            <>
              <PropertyList
                scope={{
                  schema: object,
                  warnings,
                  readOnly,
                  focusPath,
                  onChange: (next, focus) => {
                    setFocusPath(focus ?? null);
                    onChange(next);
                  },
                }}
                parent={[]}
                properties={read.properties}
              />
              {read.otherKeys.length > 0 && (
                <div className="sb-note">
                  Also kept as written: <code>{read.otherKeys.join(', ')}</code>.
                </div>
              )}
            </>
          ) : (
            <div className="pg-warning" role="note">
              The builder cannot show this {field}: {read.reason}. Edit it in the text.
            </div>
          )}
        </div>
        <div
          className="sb-preview"
          aria-label={`Preview of ${label}`}
          role="region"
          onKeyDown={(e) => {
            // Trying the preview's inputs must not submit a form around it (the wizard's).
            if (e.key === 'Enter' && e.target instanceof HTMLInputElement) e.preventDefault();
          }}
        >
          <div className="pg-seg" role="tablist" aria-label="Preview">
            {PREVIEW_TABS.map((t) => (
              <button
                key={t.id}
                type="button"
                role="tab"
                aria-selected={preview === t.id}
                aria-controls={panelId}
                className={preview === t.id ? 'active' : ''}
                onClick={() => setPreview(t.id)}
                data-testid={`schema-preview-${t.id}-tab`}
              >
                {t.label}
              </button>
            ))}
          </div>
          {preview === 'form' ? (
            <div
              className="sb-preview-body"
              id={panelId}
              role="tabpanel"
              data-testid="schema-preview-form"
            >
              <ArgsForm
                model={model}
                value={sample}
                errors={{}}
                onChange={(path, v) =>
                  setSample((s) => {
                    const next = setAt(s, path, v);
                    return isPlainObject(next) ? next : {};
                  })
                }
                onRemove={(path) =>
                  setSample((s) => {
                    const next = removeAt(s, path);
                    return isPlainObject(next) ? next : {};
                  })
                }
              />
            </div>
          ) : (
            <pre
              id={panelId}
              role="tabpanel"
              aria-label="JSON Schema"
              className="sb-preview-body pg-pre sb-json"
              data-testid="schema-preview-json"
              tabIndex={0}
            >
              {schema === undefined ? '(not set)' : JSON.stringify(schema, null, 2)}
            </pre>
          )}
        </div>
      </div>
    </section>
  );
}
