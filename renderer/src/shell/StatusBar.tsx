import { useUi } from '../stores/ui-store';
import { useEditor, activeBuffer } from '../stores/editor-store';
import { useLayout } from '../stores/layout-store';
import { isDirty } from '../stores/buffer-logic';
import { languageForPath } from '../editor/language';
import { useProblems } from './right/use-problems';
import { shortcutLabel } from '../shortcuts';
import { IS_MAC } from '../platform';
import { Icon } from '../ui/Icon';

/** Bottom line: connection, problem counts (click → Problems), the active file's state. */
export function StatusBar() {
  const connected = useUi((s) => s.connected);
  const signedOut = useUi((s) => s.signedOut);
  const buffer = useEditor(activeBuffer);
  const unsaved = useEditor((s) => Object.values(s.buffers).filter(isDirty).length);
  const showTab = useLayout((s) => s.showRightTab);
  const cursor = useEditor((s) => s.cursor);
  const { counts } = useProblems();
  return (
    <footer className="statusbar" data-testid="statusbar">
      <button
        type="button"
        className="status-item"
        onClick={() => showTab('problems')}
        title={`Show problems (${shortcutLabel('showProblems', IS_MAC)})`}
        data-testid="status-problems"
      >
        <Icon name="error" size={13} /> {counts.errors}
        <Icon name="warning" size={13} /> {counts.warnings}
      </button>
      {!connected && !signedOut && (
        <span className="status-item status-warn" data-testid="status-disconnected">
          Reconnecting to the studio server…
        </span>
      )}
      <span className="status-spacer" />
      {unsaved > 0 && <span className="status-item">{unsaved} unsaved</span>}
      {buffer && (
        <>
          {buffer.kind === 'text' && cursor && (
            <span className="status-item" data-testid="status-cursor">
              Ln {cursor.line}, Col {cursor.column}
            </span>
          )}
          {buffer.kind === 'text' && !buffer.readOnly && (
            <span className="status-item" data-testid="status-save-state">
              {buffer.saving ? 'Saving…' : isDirty(buffer) ? 'Modified' : 'Saved'}
            </span>
          )}
          <span className="status-item">
            {buffer.kind === 'text' ? languageForPath(buffer.path) : buffer.kind}
          </span>
          {buffer.readOnly && <span className="status-item">read-only</span>}
        </>
      )}
    </footer>
  );
}
