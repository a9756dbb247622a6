/**
 * The keys the Form has no field for, listed as written: known keys (a client or the
 * studio defines them) and unknown ones, each with its diagnostics, their fixes, and a
 * way to the text. Nothing here writes: the Form never rewrites what it does not edit.
 */
import type { Diagnostic } from '../../../../shared/check/diagnostics';
import { FieldProblems } from './fields';
import { diagnosticsFor, keyKind, type FormKey } from './form-model';
import type { FieldFix } from './form-types';

interface KeyListProps {
  keys: readonly FormKey[];
  diagnostics: readonly Diagnostic[];
  fixesFor(list: readonly Diagnostic[], key: string): FieldFix[];
  onShowText(line: number, column: number): void;
}

/** The "Other keys" and "Unknown keys" sections, each shown only when it has a key. */
export function KeySections({ keys, ...list }: KeyListProps) {
  const others = keys.filter((k) => keyKind(k.key) === 'other-known');
  const unknown = keys.filter((k) => keyKind(k.key) === 'unknown');
  return (
    <>
      {others.length > 0 && (
        <section className="ff-section" aria-labelledby="ff-others" data-testid="form-other-keys">
          <h3 id="ff-others">Other keys</h3>
          <p className="ff-hint">Known keys this form has no field for: edit them in the text.</p>
          <KeyList keys={others} {...list} />
        </section>
      )}

      {unknown.length > 0 && (
        <section
          className="ff-section"
          aria-labelledby="ff-unknown"
          data-testid="form-unknown-keys"
        >
          <h3 id="ff-unknown">Unknown keys</h3>
          <p className="ff-hint">
            No client or studio feature defines these keys. They are kept as written.
          </p>
          <KeyList keys={unknown} {...list} />
        </section>
      )}
    </>
  );
}

/** Keys shown as written, with their diagnostics and a way to the text. */
function KeyList({ keys, diagnostics, fixesFor, onShowText }: KeyListProps) {
  return (
    <ul className="ff-keylist">
      {keys.map((k) => {
        const list = diagnosticsFor(diagnostics, k.key);
        const id = `ff-key-${k.key.replace(/[^\w-]/g, '_')}`;
        return (
          <li key={k.key} data-testid="form-listed-key" data-key={k.key}>
            <div className="ff-keylist-head">
              <code id={`${id}-name`}>{k.key}</code>
              <button
                type="button"
                className="link-button"
                aria-label={`Show ${k.key} in the text`}
                onClick={() => onShowText(k.line, 1)}
              >
                Show in text
              </button>
            </div>
            <pre
              className="ff-raw-source"
              tabIndex={0}
              aria-labelledby={`${id}-name`}
              aria-describedby={list.length > 0 ? `${id}-problems` : undefined}
            >
              {k.source || '(empty)'}
            </pre>
            <FieldProblems id={`${id}-problems`} diagnostics={list} fixes={fixesFor(list, k.key)} />
          </li>
        );
      })}
    </ul>
  );
}
