import { useUi, dismissToast } from '../stores/ui-store';
import { Icon } from '../ui/Icon';

/** Results and the host's messages (e.g. why a file name was refused), in the corner. */
export function Toasts() {
  const toasts = useUi((s) => s.toasts);
  return (
    <div className="toasts" aria-live="polite" data-testid="toasts">
      {toasts.map((t) => (
        <div
          key={t.id}
          className={`toast toast-${t.kind}`}
          role={t.kind === 'error' ? 'alert' : 'status'}
          data-testid="toast"
          data-kind={t.kind}
        >
          <Icon
            name={t.kind === 'error' ? 'error' : t.kind === 'success' ? 'check' : 'info'}
            size={14}
          />
          <span className="toast-text">{t.text}</span>
          <button
            type="button"
            className="toast-close"
            aria-label="Dismiss"
            onClick={() => dismissToast(t.id)}
          >
            <Icon name="close" size={12} />
          </button>
        </div>
      ))}
    </div>
  );
}
