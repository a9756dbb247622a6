/**
 * The evals' result tables (a benchmark's cases by configuration, a trigger eval's
 * queries): one wrapper that scrolls sideways in a narrow panel, one table style, the
 * header row given as cells and the body (and footer) as children.
 */
import type { ReactNode } from 'react';

export function EvalTable({
  label,
  testId,
  head,
  children,
}: {
  /** The table's accessible name. */
  label: string;
  testId: string;
  /** The cells of the header row. */
  head: ReactNode;
  /** `<tbody>` and, when there is one, `<tfoot>`. */
  children: ReactNode;
}) {
  return (
    <div className="ev-table-wrap">
      <table className="ev-table" data-testid={testId} aria-label={label}>
        <thead>
          <tr>{head}</tr>
        </thead>
        {children}
      </table>
    </div>
  );
}
