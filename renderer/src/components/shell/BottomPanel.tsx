import { useSkills } from '../../stores/skills-store';
import { useLayout } from '../../stores/layout-store';
import { withShortcut } from '../../shortcuts';
import { IS_MAC } from '../../platform';
import { IconButton } from '../IconButton';
import { Icon } from '../Icon';

/** The playground's place: running a skill with arguments and watching its events arrives in a later version. */
export function BottomPanel() {
  const selected = useSkills((s) => s.selected);
  const toggle = useLayout((s) => s.toggleBottom);
  return (
    <section className="bottom-panel" aria-label="Playground" data-testid="bottom-panel">
      <div className="panel-header">
        <span className="panel-title">Playground</span>
        <span className="panel-actions">
          <IconButton
            icon="close"
            label={withShortcut('Hide panel', 'toggleBottom', IS_MAC)}
            onClick={toggle}
          />
        </span>
      </div>
      <div className="panel-empty playground-empty" data-testid="playground-empty">
        <Icon name="play" size={20} />
        <div>
          <strong>The playground is not available yet.</strong>
          <p>
            It will run {selected ? <code>{selected.name}</code> : 'the selected skill'} with
            arguments (form or JSON) and show its progress, logs, artifacts and result as they
            stream in.
          </p>
        </div>
      </div>
    </section>
  );
}
