import { useEditor } from '../../stores/editor-store';
import { restoreBackups, discardBackups } from '../../actions/backups';

/** Unsaved text from the last session, offered back until restored or discarded. */
export function RestoreBanner() {
  const entries = useEditor((s) => s.restorable);
  if (entries.length === 0) return null;
  const names = entries.map((e) => `${e.skill}/${e.path}`).join(', ');
  return (
    <div className="restore-banner" role="status" data-testid="restore-banner">
      <span>
        Unsaved changes from your last session: <strong>{names}</strong>
      </span>
      <button
        type="button"
        className="button"
        onClick={() => void restoreBackups()}
        data-testid="restore-backups"
      >
        Restore
      </button>
      <button
        type="button"
        className="button secondary"
        onClick={discardBackups}
        data-testid="discard-backups"
      >
        Discard
      </button>
    </div>
  );
}
