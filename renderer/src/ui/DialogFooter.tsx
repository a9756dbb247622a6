/**
 * The row that ends a dialog or an editing section: an optional secondary action (Cancel,
 * Revert, Dismiss…) and the primary one, right-aligned, with whatever leads the row
 * (a note, a spacer) before them. One place for the buttons' classes and order.
 */
import type { ReactNode } from 'react';

export interface FooterAction {
  label: ReactNode;
  onClick?(): void;
  /** A submit button (of the form it sits in, or of the form with this id). */
  submit?: boolean;
  form?: string;
  disabled?: boolean;
  title?: string;
  danger?: boolean;
  testId?: string;
}

interface Props {
  secondary?: FooterAction | false | null;
  primary?: FooterAction | false | null;
  /** Small buttons, as in a panel's section rather than a dialog. */
  small?: boolean;
  /** The row's class: a dialog's by default. */
  className?: string;
  /** What comes before the buttons. */
  children?: ReactNode;
}

function ActionButton({
  action,
  kind,
  small,
}: {
  action: FooterAction;
  kind: 'primary' | 'secondary';
  small?: boolean;
}) {
  const classes = [
    'button',
    kind === 'secondary' && 'secondary',
    action.danger && 'danger',
    small && 'small',
  ].filter(Boolean);
  return (
    <button
      type={action.submit ? 'submit' : 'button'}
      form={action.form}
      className={classes.join(' ')}
      disabled={action.disabled}
      title={action.title}
      onClick={action.onClick}
      data-testid={action.testId}
    >
      {action.label}
    </button>
  );
}

export function DialogFooter({
  secondary,
  primary,
  small,
  className = 'dialog-actions',
  children,
}: Props) {
  return (
    <div className={className}>
      {children}
      {secondary && <ActionButton action={secondary} kind="secondary" small={small} />}
      {primary && <ActionButton action={primary} kind="primary" small={small} />}
    </div>
  );
}
