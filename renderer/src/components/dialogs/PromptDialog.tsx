import { useState } from 'react';
import { useUi, type PromptRequest } from '../../stores/ui-store';
import { Modal } from './Modal';

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
        <div className="dialog-actions">
          <button type="button" className="button secondary" onClick={() => req.resolve(null)}>
            Cancel
          </button>
          <button type="submit" className="button" disabled={!value.trim()} data-testid="prompt-ok">
            {req.confirmLabel}
          </button>
        </div>
      </form>
    </Modal>
  );
}

/** A one-line question (new file name, rename), answered in the page rather than window.prompt. */
export function PromptDialog() {
  const req = useUi((s) => s.prompt);
  return req ? <PromptBody req={req} /> : null;
}
