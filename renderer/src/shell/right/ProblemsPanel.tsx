import { useProblems } from './use-problems';
import { openSkill } from '../../actions/skills';
import { useSkills } from '../../stores/skills-store';
import { useEditor } from '../../stores/editor-store';
import { notify } from '../../stores/ui-store';
import type { Diagnostic } from '../../../../shared/check/diagnostics';
import type { ProblemGroup } from '../../stores/problems';
import { Icon } from '../../ui/Icon';

async function jump(group: ProblemGroup, d: Diagnostic): Promise<void> {
  if (!group.skill || !group.dir) {
    notify('info', `${group.label}, line ${d.line}: ${d.message}`);
    return;
  }
  const at = { line: d.line, column: d.column };
  const ref = { name: group.skill, dir: group.dir };
  if (d.file) {
    const item = useSkills.getState().find(ref);
    if (item) await useEditor.getState().open(item, d.file, at);
    return;
  }
  await openSkill(ref, at);
}

/** Every problem, grouped by skill; click one to jump to its line and column. */
export function ProblemsPanel() {
  const { groups } = useProblems();
  if (groups.length === 0) {
    return (
      <div className="panel-empty" data-testid="problems-empty">
        <Icon name="check" /> No problems.
      </div>
    );
  }
  return (
    <div className="problems" data-testid="problems-panel">
      {groups.map((g) => (
        <section key={`${g.label}|${g.dir ?? ''}`} className="problem-group">
          <div className="problem-group-header" title={g.dir ?? g.label}>
            <span>{g.label}</span>
            {g.unsaved && (
              <span className="badge badge-muted" data-testid="problems-unsaved">
                unsaved
              </span>
            )}
            <span className="group-count">{g.items.length}</span>
          </div>
          <ul>
            {g.items.map((d, i) => (
              <li key={`${d.code}-${d.line}-${d.column}-${i}`}>
                <button
                  type="button"
                  className={`problem-item severity-${d.severity}`}
                  data-testid="problem-item"
                  data-code={d.code}
                  data-skill={g.skill ?? ''}
                  onClick={() => void jump(g, d)}
                  title={`${d.code} — click to go to line ${d.line}, column ${d.column}`}
                >
                  <Icon
                    name={
                      d.severity === 'error'
                        ? 'error'
                        : d.severity === 'warning'
                          ? 'warning'
                          : 'info'
                    }
                    size={14}
                    className="sev-icon"
                  />
                  <span className="problem-message">{d.message}</span>
                  <span className="problem-where">
                    {d.file ? `${d.file} ` : ''}
                    {d.code} [{d.line}:{d.column}]
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
