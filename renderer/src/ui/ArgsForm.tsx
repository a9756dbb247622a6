/**
 * The arguments form generated from a skill's input_schema (shared/playground/
 * schema-form.ts): nested objects, arrays with add/remove, selects for enums,
 * checkboxes, number and text inputs (a textarea for long text), required
 * marks, defaults, and the host's ajv errors under each field. Every edit goes
 * through the store, which rewrites the JSON view and re-checks.
 */
import { useEffect, useId, useState, type ReactNode } from 'react';
import type { FieldModel, ObjectField } from '../../../shared/playground/schema-form';
import { emptyValue } from '../../../shared/playground/schema-form';
import { isPlainObject, toPointer, type PathSegment } from '../../../shared/playground/json-path';
import type { FieldErrors } from '../../../shared/playground/field-errors';
import { errorMessage } from '../../../shared/errors';

interface FieldProps {
  field: FieldModel;
  path: PathSegment[];
  value: unknown;
  errors: FieldErrors;
  onChange(path: PathSegment[], value: unknown): void;
  onRemove(path: PathSegment[]): void;
  /** Label override (array items are numbered). */
  label?: string;
  /** Shown beside the label (an item's remove button). */
  extra?: ReactNode;
}

function FieldErrorsList({ messages, id }: { messages: string[] | undefined; id: string }) {
  if (!messages || messages.length === 0) return null;
  return (
    <div className="pg-field-error" id={id} role="alert" data-testid="field-error">
      {messages.join(' · ')}
    </div>
  );
}

function Label({
  field,
  htmlFor,
  label,
  extra,
}: {
  field: FieldModel;
  htmlFor?: string;
  label: string;
  extra?: ReactNode;
}) {
  return (
    <div className="pg-field-label">
      <label htmlFor={htmlFor}>
        {label}
        {field.required && (
          <span className="pg-required" aria-hidden="true" title="Required">
            *
          </span>
        )}
      </label>
      {field.key && label !== field.key && <code className="pg-field-key">{field.key}</code>}
      {extra}
    </div>
  );
}

function JsonValueInput({
  value,
  onChange,
  id,
  invalid,
  describedBy,
}: {
  value: unknown;
  onChange(v: unknown): void;
  id: string;
  invalid: boolean;
  describedBy?: string;
}) {
  const fromValue = value === undefined ? '' : JSON.stringify(value, null, 2);
  const [text, setText] = useState(fromValue);
  const [error, setError] = useState<string | null>(null);
  // Follow outside changes (the JSON view, a re-run) unless the text already says the same.
  useEffect(() => {
    setText((t) => {
      try {
        if (t.trim() !== '' && JSON.stringify(JSON.parse(t)) === JSON.stringify(value)) return t;
      } catch {
        // Keep what the user is typing.
        return t;
      }
      return fromValue;
    });
  }, [fromValue, value]);
  return (
    <>
      <textarea
        id={id}
        className="pg-input pg-textarea pg-mono"
        rows={Math.min(8, Math.max(2, text.split('\n').length))}
        value={text}
        aria-invalid={invalid || error !== null}
        aria-describedby={describedBy}
        spellCheck={false}
        onChange={(e) => {
          const t = e.target.value;
          setText(t);
          if (t.trim() === '') {
            setError(null);
            onChange(undefined);
            return;
          }
          try {
            onChange(JSON.parse(t));
            setError(null);
          } catch (err) {
            setError(errorMessage(err));
          }
        }}
      />
      {error && <div className="pg-field-error">Not JSON yet: {error}</div>}
    </>
  );
}

function FieldView({ field, path, value, errors, onChange, onRemove, label, extra }: FieldProps) {
  const id = useId();
  const pointer = toPointer(path);
  const messages = errors[pointer];
  const errId = `${id}-err`;
  const invalid = messages !== undefined && messages.length > 0;
  const shownLabel = label ?? field.label;
  const common = { 'aria-invalid': invalid, 'aria-describedby': invalid ? errId : undefined };
  const help = field.description ? <div className="pg-field-help">{field.description}</div> : null;
  const wrap = (control: ReactNode, kind = field.kind) => (
    <div
      className={`pg-field kind-${kind}${invalid ? ' invalid' : ''}`}
      data-testid="arg-field"
      data-pointer={pointer}
    >
      <Label field={field} htmlFor={id} label={shownLabel} extra={extra} />
      {control}
      {help}
      <FieldErrorsList messages={messages} id={errId} />
    </div>
  );
  // Objects and arrays: a fieldset whose legend is the label, then help and errors.
  const group = (className: string, children: ReactNode) => (
    <fieldset
      className={`pg-fieldset${className}${invalid ? ' invalid' : ''}`}
      data-testid="arg-field"
      data-pointer={pointer}
    >
      <legend>
        <Label field={field} label={shownLabel} extra={extra} />
      </legend>
      {help}
      <FieldErrorsList messages={messages} id={errId} />
      {children}
    </fieldset>
  );

  switch (field.kind) {
    case 'object': {
      const obj = isPlainObject(value) ? value : {};
      return group(
        '',
        <>
          {field.fields.map((f) => (
            <FieldView
              key={f.key}
              field={f}
              path={[...path, f.key]}
              value={obj[f.key]}
              errors={errors}
              onChange={onChange}
              onRemove={onRemove}
            />
          ))}
          {field.fields.length === 0 && (
            <div className="pg-muted">
              No properties declared: edit this object in the JSON view.
            </div>
          )}
        </>,
      );
    }
    case 'array': {
      const items = Array.isArray(value) ? value : [];
      const canAdd = field.maxItems === null || items.length < field.maxItems;
      const canRemove = field.minItems === null || items.length > field.minItems;
      return group(
        ' pg-array',
        <>
          {items.map((item, i) => (
            <div className="pg-array-item" key={i} data-testid="array-item">
              <FieldView
                field={field.item}
                path={[...path, i]}
                value={item}
                errors={errors}
                onChange={onChange}
                onRemove={onRemove}
                label={`${field.item.label === 'item' ? 'Item' : field.item.label} ${i + 1}`}
                extra={
                  <button
                    type="button"
                    className="pg-icon-button"
                    aria-label={`Remove item ${i + 1} of ${shownLabel}`}
                    title="Remove this item"
                    disabled={!canRemove}
                    onClick={() => onRemove([...path, i])}
                    data-testid="remove-item"
                  >
                    ✕
                  </button>
                }
              />
            </div>
          ))}
          <button
            type="button"
            className="button secondary small"
            disabled={!canAdd}
            onClick={() => onChange([...path, items.length], emptyValue(field.item))}
            data-testid="add-item"
          >
            + Add {field.item.label === 'item' ? 'item' : field.item.label}
          </button>
        </>,
      );
    }
    case 'boolean':
      return (
        <div
          className={`pg-field kind-boolean${invalid ? ' invalid' : ''}`}
          data-testid="arg-field"
          data-pointer={pointer}
        >
          <label className="pg-checkbox">
            <input
              id={id}
              type="checkbox"
              checked={value === true}
              onChange={(e) => onChange(path, e.target.checked)}
              {...common}
            />
            {shownLabel}
            {field.required && <span className="pg-required">*</span>}
            {field.key && shownLabel !== field.key && (
              <code className="pg-field-key">{field.key}</code>
            )}
            {extra}
          </label>
          {help}
          <FieldErrorsList messages={messages} id={errId} />
        </div>
      );
    case 'enum': {
      const at = field.options.findIndex((o) => JSON.stringify(o.value) === JSON.stringify(value));
      return wrap(
        <select
          id={id}
          className="pg-input"
          value={at < 0 ? '' : String(at)}
          onChange={(e) =>
            onChange(
              path,
              e.target.value === '' ? undefined : field.options[Number(e.target.value)].value,
            )
          }
          {...common}
        >
          <option value="">{field.required ? 'Choose…' : '— not set —'}</option>
          {field.options.map((o, i) => (
            <option key={i} value={String(i)}>
              {o.label}
            </option>
          ))}
        </select>,
      );
    }
    case 'number':
      return wrap(
        <input
          id={id}
          className="pg-input pg-number"
          type="number"
          step={field.integer ? 1 : 'any'}
          min={field.minimum ?? undefined}
          max={field.maximum ?? undefined}
          placeholder={
            field.default !== undefined ? `default ${JSON.stringify(field.default)}` : undefined
          }
          value={typeof value === 'number' ? String(value) : typeof value === 'string' ? value : ''}
          onChange={(e) => {
            const t = e.target.value;
            if (t === '') onChange(path, undefined);
            else {
              const n = Number(t);
              onChange(path, Number.isFinite(n) ? n : t);
            }
          }}
          {...common}
        />,
      );
    case 'string': {
      const text =
        typeof value === 'string'
          ? value
          : value === undefined || value === null
            ? ''
            : JSON.stringify(value);
      const multiline = field.multiline || text.includes('\n');
      const onText = (t: string) => onChange(path, t === '' ? undefined : t);
      const placeholder =
        field.placeholder ??
        (field.default !== undefined ? `default ${JSON.stringify(field.default)}` : undefined);
      return wrap(
        multiline ? (
          <textarea
            id={id}
            className="pg-input pg-textarea"
            rows={Math.min(10, Math.max(3, text.split('\n').length))}
            value={text}
            maxLength={field.maxLength ?? undefined}
            placeholder={placeholder}
            onChange={(e) => onText(e.target.value)}
            {...common}
          />
        ) : (
          <input
            id={id}
            className="pg-input"
            type={field.format === 'email' ? 'email' : field.format === 'uri' ? 'url' : 'text'}
            value={text}
            maxLength={field.maxLength ?? undefined}
            placeholder={placeholder}
            onChange={(e) => onText(e.target.value)}
            {...common}
          />
        ),
      );
    }
    case 'json':
      return wrap(
        <JsonValueInput
          id={id}
          value={value}
          invalid={invalid}
          describedBy={invalid ? errId : undefined}
          onChange={(v) => onChange(path, v)}
        />,
      );
  }
}

/** The whole form: the root object's fields (the root itself has no frame). */
export function ArgsForm({
  model,
  value,
  errors,
  onChange,
  onRemove,
}: {
  model: ObjectField;
  value: Record<string, unknown>;
  errors: FieldErrors;
  onChange(path: PathSegment[], value: unknown): void;
  onRemove(path: PathSegment[]): void;
}) {
  if (model.fields.length === 0) {
    return (
      <div className="pg-muted" data-testid="args-form-empty">
        This skill declares no input properties: its arguments are free-form — write them in the
        JSON view.
      </div>
    );
  }
  return (
    <div className="pg-form" data-testid="args-form">
      {model.fields.map((f) => (
        <FieldView
          key={f.key}
          field={f}
          path={[f.key]}
          value={value[f.key]}
          errors={errors}
          onChange={onChange}
          onRemove={onRemove}
        />
      ))}
    </div>
  );
}
