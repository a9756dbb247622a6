/**
 * One eval case as a form: its prompt, the output it should give, input files, and
 * its checks — judged ones (expectations, rubrics: the grader model answers each
 * with evidence) and deterministic ones (contains, regex, JSON schema, file exists,
 * tool called: decided by code). Every control has a label a screen reader reads.
 */
import { useState } from 'react';
import type { CheckKind, CheckSpec, EvalCaseInput } from '../../../shared/api/evals';
import { CHECK_KINDS, checkText, isJudged, makeCheck } from './cases-draft';

function CheckRow({
  check,
  label,
  onChange,
  onRemove,
}: {
  check: CheckSpec;
  label: string;
  onChange(next: CheckSpec): void;
  onRemove(): void;
}) {
  // Text typed that is not a valid check yet (a JSON schema being written) stays on
  // screen with its problem; otherwise the row shows the check itself.
  const [pending, setPending] = useState<{ text: string; problem: string } | null>(null);
  const text = pending?.text ?? checkText(check);
  const problem = pending?.problem ?? null;
  const flags = check.kind === 'regex' ? check.flags : '';
  const update = (kind: CheckKind, nextText: string, nextFlags = flags) => {
    const made = makeCheck(kind, nextText, nextFlags);
    if (typeof made === 'string') setPending({ text: nextText, problem: made });
    else {
      setPending(null);
      onChange(made);
    }
  };
  const hint = CHECK_KINDS.find((k) => k.kind === check.kind)?.hint ?? '';
  const multiline = isJudged(check.kind) || check.kind === 'json_schema';
  return (
    <li className="ev-check" data-testid="eval-check" data-kind={check.kind}>
      <select
        className="pg-input ev-check-kind"
        value={check.kind}
        aria-label={`${label}: kind`}
        onChange={(e) => update(e.target.value as CheckKind, text)}
        data-testid="eval-check-kind"
      >
        <optgroup label="Judged by the grader">
          {CHECK_KINDS.filter((k) => k.judged).map((k) => (
            <option key={k.kind} value={k.kind}>
              {k.label}
            </option>
          ))}
        </optgroup>
        <optgroup label="Decided by code">
          {CHECK_KINDS.filter((k) => !k.judged).map((k) => (
            <option key={k.kind} value={k.kind}>
              {k.label}
            </option>
          ))}
        </optgroup>
      </select>
      {multiline ? (
        <textarea
          className="pg-input pg-textarea ev-check-text"
          rows={check.kind === 'json_schema' ? 3 : 2}
          value={text}
          placeholder={hint}
          aria-label={`${label}: ${isJudged(check.kind) ? 'what the grader judges' : 'schema'}`}
          aria-invalid={problem !== null}
          onChange={(e) => update(check.kind, e.target.value)}
          data-testid="eval-check-text"
        />
      ) : (
        <input
          className="pg-input ev-check-text"
          value={text}
          placeholder={hint}
          aria-label={`${label}: value`}
          onChange={(e) => update(check.kind, e.target.value)}
          data-testid="eval-check-text"
        />
      )}
      {check.kind === 'regex' && (
        <input
          className="pg-input ev-check-flags"
          value={flags}
          maxLength={3}
          placeholder="ims"
          aria-label={`${label}: regex flags`}
          onChange={(e) => update('regex', text, e.target.value.replace(/[^ims]/g, ''))}
        />
      )}
      <button
        type="button"
        className="pg-icon-button"
        aria-label={`Remove ${label.toLowerCase()}`}
        title="Remove this check"
        onClick={onRemove}
      >
        ×
      </button>
      {problem && <div className="pg-field-error ev-check-problem">{problem}</div>}
    </li>
  );
}

export function CaseForm({
  value,
  index,
  onChange,
  onRemove,
}: {
  value: EvalCaseInput;
  index: number;
  onChange(next: EvalCaseInput): void;
  onRemove(): void;
}) {
  const n = index + 1;
  const id = (field: string) => `ev-case-${index}-${field}`;
  const checks = value.checks;
  const setChecks = (next: CheckSpec[]) => onChange({ ...value, checks: next });
  return (
    <fieldset className="pg-fieldset ev-case" data-testid="eval-case" data-index={index}>
      <legend>
        Case {n}
        {value.id !== undefined && <span className="pg-muted"> · id {value.id}</span>}
      </legend>
      <button
        type="button"
        className="link-button ev-case-remove"
        onClick={onRemove}
        aria-label={`Remove case ${n}`}
      >
        Remove
      </button>
      <label className="ev-field" htmlFor={id('prompt')}>
        Prompt
      </label>
      <textarea
        id={id('prompt')}
        className="pg-input pg-textarea"
        rows={2}
        required
        value={value.prompt}
        placeholder="What the user asks"
        onChange={(e) => onChange({ ...value, prompt: e.target.value })}
        data-testid="eval-case-prompt"
      />
      <label className="ev-field" htmlFor={id('expected')}>
        Expected output <span className="pg-muted">(shown to the grader)</span>
      </label>
      <textarea
        id={id('expected')}
        className="pg-input pg-textarea"
        rows={1}
        value={value.expected_output ?? ''}
        onChange={(e) =>
          onChange({ ...value, expected_output: e.target.value === '' ? null : e.target.value })
        }
        data-testid="eval-case-expected"
      />
      <div className="ev-row2">
        <span className="ev-col">
          <label className="ev-field" htmlFor={id('name')}>
            Name <span className="pg-muted">(optional)</span>
          </label>
          <input
            id={id('name')}
            className="pg-input"
            value={value.name ?? ''}
            onChange={(e) => {
              const { name: _old, ...rest } = value;
              onChange(e.target.value === '' ? rest : { ...rest, name: e.target.value });
            }}
          />
        </span>
        <span className="ev-col">
          <label className="ev-field" htmlFor={id('files')}>
            Input files <span className="pg-muted">(comma-separated)</span>
          </label>
          <input
            id={id('files')}
            className="pg-input"
            value={(value.files ?? []).join(', ')}
            placeholder="evals/files/form.pdf"
            onChange={(e) =>
              onChange({
                ...value,
                files: e.target.value
                  .split(',')
                  .map((f) => f.trim())
                  .filter(Boolean),
              })
            }
          />
        </span>
      </div>
      <div className="ev-field" id={id('checks')}>
        Checks
      </div>
      <ul className="ev-checks" aria-labelledby={id('checks')}>
        {checks.map((c, i) => (
          <CheckRow
            // A check's identity is its place in the list: a removal renumbers the rows.
            key={`${checks.length}:${i}`}
            check={c}
            label={`Case ${n} check ${i + 1}`}
            onChange={(next) => setChecks(checks.map((x, j) => (j === i ? next : x)))}
            onRemove={() => setChecks(checks.filter((_, j) => j !== i))}
          />
        ))}
      </ul>
      <div className="ev-actions-left">
        <button
          type="button"
          className="button secondary small"
          onClick={() => setChecks([...checks, { kind: 'expectation', text: '' }])}
          data-testid="eval-add-expectation"
        >
          + Expectation
        </button>
        <button
          type="button"
          className="button secondary small"
          onClick={() => setChecks([...checks, { kind: 'contains', value: '' }])}
          data-testid="eval-add-check"
        >
          + Check
        </button>
      </div>
    </fieldset>
  );
}
