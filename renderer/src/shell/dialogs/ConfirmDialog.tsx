import { useUi } from '../../stores/ui-store';
import { Modal } from '../../ui/Modal';
import { DialogFooter } from '../../ui/DialogFooter';

export function ConfirmDialog() {
  const req = useUi((s) => s.confirm);
  if (!req) return null;
  return (
    <Modal title={req.title} onClose={() => req.resolve('cancel')} testId="confirm-dialog">
      <p className="dialog-text">{req.message}</p>
      <DialogFooter
        secondary={{
          label: 'Cancel',
          onClick: () => req.resolve('cancel'),
          testId: 'confirm-cancel',
        }}
        primary={{
          label: req.confirmLabel,
          danger: req.danger,
          onClick: () => req.resolve('confirm'),
          testId: 'confirm-ok',
        }}
      >
        {req.extra && (
          <>
            <button
              type="button"
              className={`button secondary${req.extra.danger ? ' danger' : ''}`}
              onClick={() => req.resolve('extra')}
              data-testid="confirm-extra"
            >
              {req.extra.label}
            </button>
            <span className="dialog-actions-spacer" />
          </>
        )}
      </DialogFooter>
    </Modal>
  );
}
