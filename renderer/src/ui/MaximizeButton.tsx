import { useLayout, type Maximized } from '../stores/layout-store';
import { IconButton } from './IconButton';
import { IS_MAC } from '../platform';
import { withShortcut } from '../shortcuts';

const NAMES: Record<Exclude<Maximized, null>, string> = {
  run: 'the run view',
  evals: 'the Evals panel',
};

/**
 * Gives the run view (or the Evals panel) the whole workbench, and gives the layout back:
 * the container does it (App), so the view inside keeps its tab, its scroll and its run.
 */
export function MaximizeButton({ which }: { which: Exclude<Maximized, null> }) {
  const maximized = useLayout((s) => s.maximized === which);
  const title = maximized ? `Restore the layout` : `Maximize ${NAMES[which]}`;
  return (
    <IconButton
      icon={maximized ? 'restore' : 'maximize'}
      label={which === 'run' ? withShortcut(title, 'maximizeRun', IS_MAC) : title}
      active={maximized}
      onClick={() => useLayout.getState().toggleMaximized(which)}
      data-testid={`maximize-${which}`}
    />
  );
}
