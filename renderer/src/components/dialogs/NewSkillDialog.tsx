import { useState } from 'react';
import type { TemplateName } from '../../../../shared/api/studio-api';
import { checkName } from '../../../../shared/skill/name-rules';
import { useUi } from '../../stores/ui-store';
import { useSkills } from '../../stores/skills-store';
import { createSkill } from '../../app/actions';
import { Modal } from './Modal';

const TEMPLATES: { id: TemplateName; label: string; hint: string }[] = [
  { id: 'basic', label: 'Basic', hint: 'Instructions only: an agent follows the SKILL.md body.' },
  {
    id: 'script',
    label: 'Script',
    hint: 'Runs a script (entrypoint) with JSON in and JSON lines out.',
  },
  {
    id: 'topology',
    label: 'Topology',
    hint: 'Several agents wired together (a >> b, a | b, loops).',
  },
];

/** The problems of a typed name under the same rules the validator applies. */
export function nameProblems(name: string): string[] {
  if (!name) return [];
  return checkName(name)
    .filter((p) => p.severity === 'error')
    .map((p) => p.message);
}

export function NewSkillDialog() {
  const close = useUi((s) => s.closeDialog);
  const listing = useSkills((s) => s.listing);
  const [name, setName] = useState('');
  const [template, setTemplate] = useState<TemplateName>('basic');
  const [busy, setBusy] = useState(false);
  const problems = nameProblems(name);
  const exists = !!listing?.skills.some(
    (s) => s.source === 'project' && s.name === name.normalize('NFKC'),
  );
  const ok = name.length > 0 && problems.length === 0 && !exists && !busy;

  const submit = async () => {
    if (!ok) return;
    setBusy(true);
    const created = await createSkill(name.normalize('NFKC'), template);
    setBusy(false);
    if (created) close();
  };

  return (
    <Modal title="New skill" onClose={close} testId="new-skill-dialog">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <label className="field">
          <span>Name</span>
          <input
            autoFocus
            value={name}
            onChange={(e) => setName(e.target.value)}
            placeholder="e.g. pdf-form-filler"
            spellCheck={false}
            aria-invalid={problems.length > 0 || exists}
            data-testid="new-skill-name"
          />
        </label>
        <div className="field-help" data-testid="new-skill-problems" aria-live="polite">
          {problems.map((p) => (
            <div key={p} className="error-text">
              {p}
            </div>
          ))}
          {exists && (
            <div className="error-text">A project skill named “{name}” already exists.</div>
          )}
          {!name && (
            <div>Lowercase letters, digits and single hyphens; it is also the folder name.</div>
          )}
        </div>
        <fieldset className="field templates">
          <legend>Template</legend>
          {TEMPLATES.map((t) => (
            <label key={t.id} className={`template-option${template === t.id ? ' selected' : ''}`}>
              <input
                type="radio"
                name="template"
                value={t.id}
                checked={template === t.id}
                onChange={() => setTemplate(t.id)}
                data-testid={`template-${t.id}`}
              />
              <span className="template-label">{t.label}</span>
              <span className="template-hint">{t.hint}</span>
            </label>
          ))}
        </fieldset>
        <div className="dialog-actions">
          <button type="button" className="button secondary" onClick={close}>
            Cancel
          </button>
          <button type="submit" className="button" disabled={!ok} data-testid="new-skill-create">
            {busy ? 'Creating…' : 'Create'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
