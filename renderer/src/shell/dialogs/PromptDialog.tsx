import { useState } from 'react';
import { useUi, type PromptRequest } from '../../stores/ui-store';
import { Modal } from '../../ui/Modal';
import { DialogFooter } from '../../ui/DialogFooter';

function PromptBody({ req }: { req: PromptRequest }) {
  const [value, setValue] = useState(req.initial);
  const submit = () => {
    const v = value.trim();
    req.resolve(v ? v : null);
  };
  return (
    <Modal title={req.title} onClose={() => req.resolve(null)} testId="prompt-dialog">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <label className="field">
          <span>{req.label}</span>
          <input
            autoFocus
            value={value}
            onChange={(e) => setValue(e.target.value)}
            data-testid="prompt-input"
            spellCheck={false}
          />
        </label>
        <DialogFooter
          secondary={{ label: 'Cancel', onClick: () => req.resolve(null) }}
          primary={{
            label: req.confirmLabel,
            submit: true,
            disabled: !value.trim(),
            testId: 'prompt-ok',
          }}
        />
      </form>
    </Modal>
  );
}

/** A one-line question (new file name, rename), answered in the page rather than window.prompt. */
export function PromptDialog() {
  const req = useUi((s) => s.prompt);
  return req ? <PromptBody req={req} /> : null;
}
