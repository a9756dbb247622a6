import type { SkillListItem } from '../../../../shared/api/studio-api';
import { countBySeverity, type Diagnostic } from '../../../../shared/check/diagnostics';
import { Icon } from '../../ui/Icon';
import { openSkillMenu } from './SkillMenu';

interface Props {
  skill: SkillListItem;
  /** The skill's problems: live ones while its SKILL.md is open with edits. */
  diagnostics: readonly Diagnostic[];
  selected: boolean;
  /** The folder holding the skill, shown when another listed skill has its name. */
  where: string | null;
  /** The tree's one Tab stop (arrow keys move between rows, SkillList). */
  tabbable: boolean;
  onOpen(): void;
}

/** One skill in the sidebar, with badges for what needs attention. */
export function SkillRow({ skill, diagnostics, selected, where, tabbable, onOpen }: Props) {
  const { errors: errorCount, warnings: warningCount } = countBySeverity(diagnostics);
  const title = [
    skill.name,
    skill.description,
    skill.shadowed_by ? `Shadowed by ${skill.shadowed_by}` : null,
    skill.dir,
  ]
    .filter(Boolean)
    .join('\n');
  return (
    <li role="none">
      <button
        type="button"
        role="treeitem"
        aria-selected={selected}
        tabIndex={tabbable ? 0 : -1}
        className={`skill-row${selected ? ' selected' : ''}${skill.shadowed_by ? ' shadowed' : ''}`}
        data-testid="skill-item"
        data-skill={skill.name}
        data-dir={skill.dir}
        data-source={skill.source}
        title={title}
        onClick={onOpen}
        onContextMenu={(e) => openSkillMenu(e, skill)}
      >
        <Icon name="skill" className="skill-icon" />
        <span className="skill-name">{skill.name}</span>
        {where !== null && (
          <span className="skill-where" data-testid="skill-where">
            {where}
          </span>
        )}
        <span className="badges">
          {skill.conflict && (
            <span
              className="badge badge-error"
              data-testid="badge-conflict"
              title="Another skill of the same source has this name"
            >
              conflict
            </span>
          )}
          {skill.shadowed_by && (
            <span
              className="badge badge-muted"
              data-testid="badge-shadowed"
              title={`Shadowed by ${skill.shadowed_by}`}
            >
              shadowed
            </span>
          )}
          {skill.status !== 'Published' && (
            <span
              className={`badge badge-status status-${skill.status.toLowerCase()}`}
              data-testid="badge-status"
            >
              {skill.status}
            </span>
          )}
          {errorCount > 0 && (
            <span
              className="count count-error"
              data-testid="badge-errors"
              title={`${errorCount} error${errorCount === 1 ? '' : 's'}`}
            >
              <Icon name="error" size={12} />
              {errorCount}
            </span>
          )}
          {warningCount > 0 && (
            <span
              className="count count-warning"
              data-testid="badge-warnings"
              title={`${warningCount} warning${warningCount === 1 ? '' : 's'}`}
            >
              <Icon name="warning" size={12} />
              {warningCount}
            </span>
          )}
        </span>
      </button>
    </li>
  );
}
