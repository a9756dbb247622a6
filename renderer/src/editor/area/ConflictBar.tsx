import { lazy, Suspense, useState } from 'react';
import { useEditor } from '../../stores/editor-store';
import type { EditorBuffer } from '../../stores/buffer-logic';
import { Modal } from '../../ui/Modal';

const ConflictDiff = lazy(() => import('./ConflictDiff'));

/**
 * Shown when a file changed on disk while it had unsaved edits. Nothing is lost:
 * "Keep mine" overwrites the disk on the next save, "Take theirs" drops the edits.
 */
export function ConflictBar({ buffer, theme }: { buffer: EditorBuffer; theme: 'dark' | 'light' }) {
  const keepMine = useEditor((s) => s.keepMine);
  const takeTheirs = useEditor((s) => s.takeTheirs);
  const [comparing, setComparing] = useState(false);
  const conflict = buffer.conflict;
  if (!conflict) return null;
  const deleted = conflict.theirsText === null;
  const keep = () => {
    setComparing(false);
    keepMine(buffer.id);
  };
  const take = () => {
    setComparing(false);
    takeTheirs(buffer.id);
  };
  return (
    <div className="conflict-bar" role="alert" data-testid="conflict-bar">
      <span className="conflict-text">
        {deleted
          ? `${buffer.path} was deleted on disk while you had unsaved changes.`
          : `${buffer.path} changed on disk while you had unsaved changes.`}
      </span>
      {!deleted && (
        <button
          type="button"
          className="button secondary"
          onClick={() => setComparing(true)}
          data-testid="conflict-compare"
        >
          Compare…
        </button>
      )}
      <button
        type="button"
        className="button"
        onClick={keep}
        data-testid="conflict-keep-mine"
        title="Keep your text; the next save overwrites the file on disk"
      >
        Keep mine
      </button>
      <button
        type="button"
        className="button secondary"
        onClick={take}
        data-testid="conflict-take-theirs"
        title="Drop your edits and load the file from disk"
      >
        {deleted ? 'Close my edits' : 'Take theirs'}
      </button>
      {comparing && !deleted && (
        <Modal
          title={`Compare ${buffer.skill}/${buffer.path}`}
          onClose={() => setComparing(false)}
          wide
          testId="conflict-dialog"
        >
          <Suspense fallback={<div className="editor-loading">Loading diff…</div>}>
            <ConflictDiff
              path={buffer.path}
              theirs={conflict.theirsText ?? ''}
              mine={buffer.text}
              theme={theme}
            />
          </Suspense>
          <div className="dialog-actions">
            <button type="button" className="button secondary" onClick={() => setComparing(false)}>
              Close
            </button>
            <button type="button" className="button secondary" onClick={take}>
              Take theirs
            </button>
            <button type="button" className="button" onClick={keep}>
              Keep mine
            </button>
          </div>
        </Modal>
      )}
    </div>
  );
}
