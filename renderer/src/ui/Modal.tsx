import { useEffect, useRef, useState, type ReactNode } from 'react';

interface Props {
  title: string;
  onClose(): void;
  children: ReactNode;
  wide?: boolean;
  testId?: string;
  /**
   * The dialog's footer (its buttons). Given, the body scrolls between the title and the
   * footer, so the buttons stay in view however long the body is.
   */
  footer?: ReactNode;
}

/**
 * A dialog over the studio: Escape or the backdrop closes it; focus moves inside and comes
 * back. With a footer, only the body scrolls, so the footer's buttons stay in view.
 */
export function Modal({ title, onClose, children, wide, testId, footer }: Props) {
  const box = useRef<HTMLDivElement>(null);
  // Taken at the first render: by the time an effect runs, an autoFocus field inside has
  // the focus already, and giving the focus "back" to it would drop it on the page.
  const [before] = useState(() => document.activeElement as HTMLElement | null);
  useEffect(() => {
    const first = box.current?.querySelector<HTMLElement>(
      '[autofocus], input, select, button.button',
    );
    (first ?? box.current)?.focus();
    return () => before?.focus?.();
  }, [before]);
  return (
    <div
      className="modal-backdrop"
      onMouseDown={(e) => {
        if (e.target === e.currentTarget) onClose();
      }}
    >
      <div
        ref={box}
        className={`modal${wide ? ' wide' : ''}${footer ? ' with-footer' : ''}`}
        role="dialog"
        aria-modal="true"
        aria-label={title}
        tabIndex={-1}
        data-testid={testId}
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
            e.stopPropagation();
            onClose();
          }
        }}
      >
        <div className="modal-title">{title}</div>
        {footer ? (
          <>
            <div className="modal-body" data-testid={testId && `${testId}-body`}>
              {children}
            </div>
            {footer}
          </>
        ) : (
          children
        )}
      </div>
    </div>
  );
}
