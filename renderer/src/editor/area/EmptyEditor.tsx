import { useWorkspace } from '../../stores/workspace-store';
import { useUi } from '../../stores/ui-store';
import { chooseWorkspace } from '../../actions/workspace';
import { SHORTCUTS, shortcutLabel } from '../../shortcuts';
import { IS_MAC } from '../../platform';

/** What the centre shows with no file open: how to start, and the shortcuts. */
export function EmptyEditor() {
  const root = useWorkspace((s) => s.info?.root ?? null);
  const loaded = useWorkspace((s) => s.loaded);
  const openDialog = useUi((s) => s.openDialog);
  return (
    <div className="empty-editor" data-testid="editor-empty">
      <h1>Skill Studio</h1>
      {loaded && root === null ? (
        <p>
          No workspace open — open a folder or start from a template. The bundled skills are listed
          on the left.
        </p>
      ) : (
        <p>Select a skill on the left to edit its SKILL.md and files.</p>
      )}
      <div className="row-actions">
        <button type="button" className="button" onClick={() => void chooseWorkspace()}>
          Open folder…
        </button>
        <button type="button" className="button secondary" onClick={() => openDialog('newSkill')}>
          New skill…
        </button>
      </div>
      <dl className="shortcut-list">
        {SHORTCUTS.map((s) => (
          <div key={s.id}>
            <dt>{s.title}</dt>
            <dd>
              <kbd>{shortcutLabel(s.id, IS_MAC)}</kbd>
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
