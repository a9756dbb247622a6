/**
 * A labelled input of the schema builder's property details, with the note or warning
 * about it underneath (tied to the input by the caller's aria-describedby).
 */
import type { ReactNode } from 'react';

export function BuilderField({
  label,
  htmlFor,
  children,
  note,
  noteId,
  warn,
}: {
  label: string;
  htmlFor: string;
  children: ReactNode;
  note?: string | null;
  noteId?: string;
  warn?: boolean;
}) {
  return (
    <div className="sb-field">
      <label htmlFor={htmlFor}>{label}</label>
      {children}
      {note && (
        <div
          id={noteId}
          className={warn ? 'sb-warning' : 'sb-note'}
          role={warn ? 'alert' : undefined}
        >
          {note}
        </div>
      )}
    </div>
  );
}
