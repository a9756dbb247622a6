/**
 * The new-skill wizard: pick a template, fill the core fields with the Form's own field
 * components, define the inputs with the schema builder, and see the result validated
 * live by the same validator the editor runs — then create. What is validated and shown
 * is the exact SKILL.md the host writes (new-skill-draft.ts); the host checks it again.
 * The template's description is only the field's greyed hint: the author writes the real
 * one. Create stays disabled while the name is taken, the description is not written or
 * the draft has an error. The body scrolls and the buttons stay in view on a small window.
 */
import { useEffect, useMemo, useState } from 'react';
import type { TemplateName } from '../../../../shared/api/studio-api';
import { checkName } from '../../../../shared/skill/name-rules';
import type { Diagnostic } from '../../../../shared/check/diagnostics';
import { useUi } from '../../stores/ui-store';
import { useSkills } from '../../stores/skills-store';
import { createSkill } from '../../actions/skills';
import { backend } from '../../backend/current';
import { errorMessage } from '../../backend/studio-error';
import { parseSkillText } from '../../editor/skill-validation';
import { TextField } from '../../editor/form/fields';
import { SPDX_SUGGESTIONS, diagnosticsFor } from '../../editor/form/form-model';
import { SchemaBuilder } from '../../editor/form/schema/SchemaBuilder';
import { asFrontmatterValue } from '../../editor/form/schema/schema-write';
import { DiagnosticList } from '../../ui/DiagnosticList';
import { Modal } from '../../ui/Modal';
import { DialogFooter } from '../../ui/DialogFooter';
import {
  draftText,
  templateDescription,
  type WizardDraft,
  type WizardKey,
} from './new-skill-draft';
import '../../styles/form.css';
import './new-skill.css';

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

const DESCRIPTION_MAX = 1024;
const FORM_ID = 'new-skill-form';

/** The problems of a typed name under the same rules the validator applies. */
export function nameProblems(name: string): string[] {
  if (!name) return [];
  return checkName(name)
    .filter((p) => p.severity === 'error')
    .map((p) => p.message);
}

type Templates =
  | { state: 'loading' }
  | { state: 'ready'; skillMd: Record<string, string> }
  | {
      state: 'failed';
      error: string;
    };

export function NewSkillDialog() {
  const close = useUi((s) => s.closeDialog);
  const listing = useSkills((s) => s.listing);
  const [draft, setDraft] = useState<WizardDraft>({ template: 'basic', name: '', values: {} });
  const [templates, setTemplates] = useState<Templates>({ state: 'loading' });
  const [busy, setBusy] = useState(false);
  const { name, template } = draft;

  useEffect(() => {
    let live = true;
    backend()
      .call('skills.templates', {})
      .then(
        (list) => {
          if (live)
            setTemplates({
              state: 'ready',
              skillMd: Object.fromEntries(list.map((t) => [t.id, t.skillMd])),
            });
        },
        (err: unknown) => {
          if (live) setTemplates({ state: 'failed', error: errorMessage(err) });
        },
      );
    return () => {
      live = false;
    };
  }, []);

  const raw = templates.state === 'ready' ? templates.skillMd[template] : undefined;
  const made = useMemo(() => (raw === undefined ? null : draftText(raw, draft)), [raw, draft]);
  const descriptionHint = useMemo(
    () => (raw === undefined ? undefined : templateDescription(raw)),
    [raw],
  );
  /** What the author typed as the description (undefined until they touch the field). */
  const typedDescription = draft.values.description;
  const described = typeof typedDescription === 'string' && typedDescription.trim() !== '';
  const text = made?.ok ? made.text : null;
  const parsed = useMemo(
    () => (text === null ? null : parseSkillText(text, name.normalize('NFKC'))),
    [text, name],
  );
  const diagnostics: readonly Diagnostic[] = parsed?.diagnostics ?? [];
  const frontmatter = parsed?.frontmatter ?? null;
  const problems = nameProblems(name);
  const exists = !!listing?.skills.some(
    (s) => s.source === 'project' && s.name === name.normalize('NFKC'),
  );
  const errors = diagnostics.filter((d) => d.severity === 'error');
  // Findings of the fields shown above are listed under them; the rest here.
  const shownKeys = ['name', 'description', 'license', 'input_schema'];
  const elsewhere = diagnostics.filter(
    (d) => d.field === null || !shownKeys.some((k) => diagnosticsFor([d], k).length > 0),
  );
  const ok =
    name.length > 0 &&
    problems.length === 0 &&
    !exists &&
    !busy &&
    (templates.state === 'failed' || (text !== null && described && errors.length === 0));

  const setValue = (key: WizardKey, value: WizardDraft['values'][WizardKey]) =>
    setDraft((d) => ({ ...d, values: { ...d.values, [key]: value } }));

  const submit = async () => {
    if (!ok) return;
    setBusy(true);
    const created = await createSkill(name.normalize('NFKC'), template, text ?? undefined);
    setBusy(false);
    if (created) close();
  };

  return (
    <Modal
      title="New skill"
      onClose={close}
      testId="new-skill-dialog"
      wide
      footer={
        <DialogFooter
          secondary={{ label: 'Cancel', onClick: close }}
          primary={{
            label: busy ? 'Creating…' : 'Create',
            submit: true,
            form: FORM_ID,
            disabled: !ok,
            testId: 'new-skill-create',
          }}
        />
      }
    >
      <form
        id={FORM_ID}
        className="wizard"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <fieldset className="field templates">
          <legend>Template</legend>
          <div className="wizard-templates">
            {TEMPLATES.map((t) => (
              <label
                key={t.id}
                className={`template-option${template === t.id ? ' selected' : ''}`}
              >
                <input
                  type="radio"
                  name="template"
                  value={t.id}
                  checked={template === t.id}
                  onChange={() => setDraft((d) => ({ ...d, template: t.id }))}
                  data-testid={`template-${t.id}`}
                />
                <span className="template-label">{t.label}</span>
                <span className="template-hint">{t.hint}</span>
              </label>
            ))}
          </div>
        </fieldset>

        <div className="wizard-fields ff-body">
          <div data-testid="new-skill-problems" aria-live="polite">
            <TextField
              id="new-skill-name"
              fieldKey="name"
              label="Name"
              hint="Lowercase letters, digits and single hyphens; it is also the folder name."
              value={name}
              placeholder="e.g. pdf-form-filler"
              diagnostics={name ? diagnosticsFor(diagnostics, 'name') : []}
              onChange={(next) => setDraft((d) => ({ ...d, name: next ?? '' }))}
            />
            {/* The validator's name rules, also when the template cannot be read. */}
            {text === null &&
              problems.map((p) => (
                <div key={p} className="error-text">
                  {p}
                </div>
              ))}
            {exists && (
              <div className="error-text" role="alert">
                A project skill named “{name}” already exists.
              </div>
            )}
          </div>
          {frontmatter !== null && (
            <>
              <TextField
                id="new-skill-description"
                fieldKey="description"
                label="Description"
                hint="What the skill does and when an agent should use it: agents pick skills by it."
                multiline
                rows={3}
                value={typedDescription ?? ''}
                placeholder={descriptionHint}
                limits={[{ label: 'Characters', max: DESCRIPTION_MAX }]}
                diagnostics={
                  typedDescription === undefined ? [] : diagnosticsFor(diagnostics, 'description')
                }
                onChange={(next) => setValue('description', next ?? '')}
              />
              <TextField
                id="new-skill-license"
                fieldKey="license"
                label="License"
                suggestions={SPDX_SUGGESTIONS}
                value={frontmatter.license}
                diagnostics={diagnosticsFor(diagnostics, 'license')}
                onChange={(next) => setValue('license', next ? next : null)}
              />
            </>
          )}
        </div>

        {frontmatter !== null && (
          <div className="wizard-inputs">
            <SchemaBuilder
              field="input_schema"
              schema={frontmatter.input_schema}
              onChange={(next) => setValue('input_schema', asFrontmatterValue(next))}
            />
            {diagnosticsFor(diagnostics, 'input_schema').length > 0 && (
              <DiagnosticList items={diagnosticsFor(diagnostics, 'input_schema')} icons />
            )}
          </div>
        )}

        <section className="wizard-check" aria-label="Checks" data-testid="new-skill-checks">
          {templates.state === 'loading' && <div className="pg-muted">Loading templates…</div>}
          {templates.state === 'failed' && (
            <div className="pg-warning">
              The templates could not be read ({templates.error}): the skill is created from the
              template as it is.
            </div>
          )}
          {made && !made.ok && <div className="pg-warning">{made.error}</div>}
          {text !== null && name && (
            <div
              className={errors.length > 0 || exists || !described ? 'error-text' : 'pg-ok'}
              data-testid="new-skill-status"
              aria-live="polite"
            >
              {/* The template checks the SKILL.md alone; a taken name must not read as valid. */}
              {exists
                ? 'Pick another name: a project skill already has this one'
                : !described
                  ? 'Describe the skill: agents pick skills by their description'
                  : errors.length > 0
                    ? `${errors.length} error${errors.length === 1 ? '' : 's'} to fix before creating`
                    : diagnostics.length > 0
                      ? `✓ valid, with ${diagnostics.length} note${diagnostics.length === 1 ? '' : 's'}`
                      : '✓ valid'}
            </div>
          )}
          {name && elsewhere.length > 0 && <DiagnosticList items={elsewhere} icons />}
          {text !== null && (
            <details className="wizard-preview">
              <summary>SKILL.md to be created</summary>
              <pre className="pg-pre" data-testid="new-skill-preview" tabIndex={0}>
                {text}
              </pre>
            </details>
          )}
        </section>
      </form>
    </Modal>
  );
}
