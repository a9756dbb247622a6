import { useUi } from '../../stores/ui-store';
import { Modal } from './Modal';
import { DialogFooter } from './DialogFooter';

export function ConfirmDialog() {
  const req = useUi((s) => s.confirm);
  if (!req) return null;
  return (
    <Modal title={req.title} onClose={() => req.resolve(false)} testId="confirm-dialog">
      <p className="dialog-text">{req.message}</p>
      <DialogFooter
        secondary={{ label: 'Cancel', onClick: () => req.resolve(false), testId: 'confirm-cancel' }}
        primary={{
          label: req.confirmLabel,
          danger: req.danger,
          onClick: () => req.resolve(true),
          testId: 'confirm-ok',
        }}
      />
    </Modal>
  );
}
