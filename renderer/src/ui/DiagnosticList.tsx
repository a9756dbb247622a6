/**
 * The validator's findings as a dialog shows them (export, import, install): each
 * message with its code and line:column, coloured by severity, optionally with the
 * severity icon.
 */
import type { Diagnostic } from '../../../shared/check/diagnostics';
import { Icon } from './Icon';

type Shown = Pick<Diagnostic, 'severity' | 'message' | 'code' | 'line' | 'column'>;

export function DiagnosticList({
  items,
  icons = false,
  testId,
}: {
  items: readonly Shown[];
  /** Show the severity icon before each message. */
  icons?: boolean;
  testId?: string;
}) {
  return (
    <ul className={`diag-list${icons ? ' with-icons' : ''}`} data-testid={testId}>
      {items.map((d, i) => (
        <li key={i} className={`severity-${d.severity}`}>
          {icons && (
            <Icon
              name={
                d.severity === 'error' ? 'error' : d.severity === 'warning' ? 'warning' : 'info'
              }
              size={14}
              className="sev-icon"
            />
          )}
          <span>{d.message}</span>
          <span className="problem-where">
            {d.code} [{d.line}:{d.column}]
          </span>
        </li>
      ))}
    </ul>
  );
}
