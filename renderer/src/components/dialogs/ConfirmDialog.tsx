import { useUi } from '../../stores/ui-store';
import { Modal } from './Modal';

export function ConfirmDialog() {
  const req = useUi((s) => s.confirm);
  if (!req) return null;
  return (
    <Modal title={req.title} onClose={() => req.resolve(false)} testId="confirm-dialog">
      <p className="dialog-text">{req.message}</p>
      <div className="dialog-actions">
        <button
          type="button"
          className="button secondary"
          onClick={() => req.resolve(false)}
          data-testid="confirm-cancel"
        >
          Cancel
        </button>
        <button
          type="button"
          className={`button${req.danger ? ' danger' : ''}`}
          onClick={() => req.resolve(true)}
          data-testid="confirm-ok"
        >
          {req.confirmLabel}
        </button>
      </div>
    </Modal>
  );
}
