import { useState } from 'react';
import { useUi } from '../../stores/ui-store';
import { useWorkspace } from '../../stores/workspace-store';
import { openWorkspace } from '../../actions/workspace';
import { Modal } from '../../ui/Modal';
import { DialogFooter } from '../../ui/DialogFooter';
import { FolderBrowser } from './FolderBrowser';

const NO_RECENT: string[] = [];

/**
 * Browser mode has no native folder picker: browse the server's folders (under home and the
 * workspace's parent), type a path, or pick a recent one.
 */
export function OpenWorkspaceDialog() {
  const close = useUi((s) => s.closeDialog);
  const recent = useWorkspace((s) => s.info?.recent) ?? NO_RECENT;
  const current = useWorkspace((s) => s.info?.root ?? '');
  const [path, setPath] = useState(current);
  const [busy, setBusy] = useState(false);
  const open = async (root: string) => {
    if (!root.trim()) return;
    setBusy(true);
    const ok = await openWorkspace(root.trim());
    setBusy(false);
    if (ok) close();
  };
  return (
    <Modal title="Open workspace" onClose={close} testId="open-workspace-dialog">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void open(path);
        }}
      >
        <label className="field">
          <span>Folder (absolute path on the machine running the studio)</span>
          <input
            autoFocus
            value={path}
            onChange={(e) => setPath(e.target.value)}
            spellCheck={false}
            data-testid="workspace-path"
          />
        </label>
        <FolderBrowser start={current || null} onPick={setPath} />
        {recent.length > 0 && (
          <div className="recent-list">
            <div className="field-label">Recent</div>
            <ul>
              {recent.map((r) => (
                <li key={r}>
                  <button
                    type="button"
                    className="link-button"
                    onClick={() => void open(r)}
                    title={r}
                  >
                    {r}
                  </button>
                </li>
              ))}
            </ul>
          </div>
        )}
        <DialogFooter
          secondary={{ label: 'Cancel', onClick: close }}
          primary={{
            label: 'Open',
            submit: true,
            disabled: !path.trim() || busy,
            testId: 'workspace-open',
          }}
        />
      </form>
    </Modal>
  );
}
