import { useSkills } from '../stores/skills-store';
import { openSkill } from '../actions/skills';
import { Playground } from '../playground/Playground';
import { usePlayground } from '../playground/playground-store';

/** Selects the listed (winning) skill of that name, as Discover's "Try it" asks. */
function selectByName(name: string): void {
  const item = useSkills.getState().winner(name);
  if (item) void openSkill({ name: item.name, dir: item.dir });
}

/** The bottom panel: the playground for the selected skill (Ctrl/Cmd+J shows or hides it). */
export function BottomPanel() {
  const selected = useSkills((s) => s.selected);
  // Driving a remote A2E host, the playground runs the skill picked from its discovery.
  const remote = usePlayground((s) => (s.host === null ? undefined : s.remoteSkill));
  return (
    <section className="bottom-panel" aria-label="Playground" data-testid="bottom-panel">
      <Playground
        skill={remote === undefined ? (selected?.name ?? null) : remote}
        onSelectSkill={selectByName}
      />
    </section>
  );
}
