/**
 * A property's default in the schema builder, with the widget its kind needs (text, a
 * number, one of the choices, or JSON for the rest); empty means none. A default its own
 * schema refuses, or JSON that does not parse, is told under the input.
 */
import { useState } from 'react';
import type { PropertyView } from '../../../../../shared/playground/schema-builder';
import { BuilderField } from './BuilderField';
import { DraftInput } from './DraftInput';

const NOT_JSON = 'Not JSON: write the default as JSON ([1, 2], {"a": 1}).';

function jsonText(v: unknown): string {
  return v === undefined ? '' : JSON.stringify(v);
}

/** A text default as shown: the text itself, another value as JSON, none as empty. */
export function textDefault(p: Pick<PropertyView, 'default' | 'hasDefault'>): string {
  return typeof p.default === 'string' ? p.default : p.hasDefault ? jsonText(p.default) : '';
}

/**
 * The choices of a boolean or enum default, and which is selected: '' for none, the
 * choice's index, or 'other' for a default that is none of them.
 */
export function defaultChoices(
  p: Pick<PropertyView, 'kind' | 'enumValues' | 'default' | 'hasDefault'>,
): {
  options: readonly unknown[];
  selected: string;
} {
  const options = p.kind === 'boolean' ? [true, false] : p.enumValues;
  const at = options.findIndex((o) => JSON.stringify(o) === JSON.stringify(p.default));
  return { options, selected: p.hasDefault ? (at < 0 ? 'other' : String(at)) : '' };
}

/** What every default control takes: its id, its warning tie, and where the value goes. */
interface ControlProps {
  common: {
    id: string;
    'aria-invalid': boolean;
    'aria-describedby': string | undefined;
    'data-testid': string;
  };
  property: PropertyView;
  readOnly: boolean;
  onValue(v: unknown): void;
}

export function DefaultEditor({
  property: p,
  inputId,
  warnId,
  warning,
  readOnly,
  onValue,
}: {
  property: PropertyView;
  inputId: string;
  warnId: string;
  warning: string;
  readOnly: boolean;
  onValue(v: unknown): void;
}) {
  const [jsonError, setJsonError] = useState<string | null>(null);
  const note = jsonError ?? (warning || null);
  const control: ControlProps = {
    common: {
      id: inputId,
      'aria-invalid': note !== null,
      'aria-describedby': note ? warnId : undefined,
      'data-testid': 'schema-property-default',
    },
    property: p,
    readOnly,
    onValue,
  };
  return (
    <BuilderField label="Default" htmlFor={inputId} note={note} noteId={warnId} warn>
      {p.kind === 'string' || p.kind === 'multiline' ? (
        <TextDefault {...control} />
      ) : p.kind === 'number' || p.kind === 'integer' ? (
        <NumberDefault {...control} />
      ) : p.kind === 'boolean' || p.kind === 'enum' ? (
        <ChoiceDefault {...control} />
      ) : (
        <JsonDefault {...control} onJsonError={setJsonError} />
      )}
    </BuilderField>
  );
}

function TextDefault({ common, property: p, readOnly, onValue }: ControlProps) {
  return (
    <DraftInput
      {...common}
      className="pg-input"
      readOnly={readOnly}
      placeholder="none"
      value={textDefault(p)}
      onCommit={(v) => onValue(v === '' ? undefined : v)}
    />
  );
}

function NumberDefault({ common, property: p, readOnly, onValue }: ControlProps) {
  return (
    <DraftInput
      {...common}
      className="pg-input pg-number"
      type="number"
      readOnly={readOnly}
      placeholder="none"
      step={p.kind === 'integer' ? 1 : 'any'}
      value={typeof p.default === 'number' ? String(p.default) : ''}
      onCommit={(v) => onValue(v.trim() === '' ? undefined : Number(v))}
    />
  );
}

/** A boolean's or an enum's default: one of its choices; a default outside them is shown, not offered. */
function ChoiceDefault({ common, property: p, readOnly, onValue }: ControlProps) {
  const { options, selected } = defaultChoices(p);
  return (
    <select
      {...common}
      className="pg-input"
      disabled={readOnly}
      value={selected}
      onChange={(e) => onValue(e.target.value === '' ? undefined : options[Number(e.target.value)])}
    >
      <option value="">— none —</option>
      {selected === 'other' && (
        <option value="other" disabled>
          {jsonText(p.default)}
        </option>
      )}
      {options.map((o, i) => (
        <option key={i} value={String(i)}>
          {typeof o === 'string' ? o : JSON.stringify(o)}
        </option>
      ))}
    </select>
  );
}

/** Any other default, as JSON: what does not parse is told and not written. */
function JsonDefault({
  common,
  property: p,
  readOnly,
  onValue,
  onJsonError,
}: ControlProps & { onJsonError(error: string | null): void }) {
  return (
    <DraftInput
      {...common}
      className="pg-input sb-mono"
      readOnly={readOnly}
      placeholder="none (JSON)"
      spellCheck={false}
      value={jsonText(p.default)}
      onDraft={() => onJsonError(null)}
      onCommit={(v) => {
        if (v.trim() === '') {
          onValue(undefined);
          return;
        }
        try {
          onValue(JSON.parse(v));
        } catch {
          onJsonError(NOT_JSON);
        }
      }}
    />
  );
}
