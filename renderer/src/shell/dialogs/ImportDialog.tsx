import type { BundleSkillPreview, ImportConflictChoice } from '../../../../shared/api/studio-api';
import { countBySeverity } from '../../../../shared/check/diagnostics';
import { runImport, useImport } from '../../actions/import-flow';
import { formatBytes } from '../../util/format-bytes';
import { Icon } from '../../ui/Icon';
import { Modal } from '../../ui/Modal';
import { DialogFooter } from '../../ui/DialogFooter';
import { DiagnosticList } from '../../ui/DiagnosticList';

const CHOICES: { value: ImportConflictChoice; label: (s: BundleSkillPreview) => string }[] = [
  { value: 'replace', label: () => 'Replace it' },
  { value: 'keep-both', label: (s) => `Keep both (import as ${s.keepBothAs})` },
  { value: 'skip', label: () => 'Skip this one' },
];

function SkillPreview({ skill }: { skill: BundleSkillPreview }) {
  const choice = useImport((s) => s.choices[skill.folder]);
  const choose = useImport((s) => s.choose);
  const { errors, warnings } = countBySeverity(skill.diagnostics);
  return (
    <li className="import-skill" data-testid="import-skill" data-folder={skill.folder}>
      <div className="import-skill-head">
        <Icon name="skill" size={14} />
        <strong>{skill.folder}</strong>
      </div>
      {/* Each skill with its files: what lands in the folder, one line each. */}
      <details className="import-files" data-testid="import-files">
        <summary className="muted">
          {skill.files.length} file{skill.files.length === 1 ? '' : 's'}, {formatBytes(skill.bytes)}
        </summary>
        <ul className="entry-list">
          {skill.files.map((f) => (
            <li key={f} data-testid="import-file">
              {f}
            </li>
          ))}
        </ul>
      </details>
      <p
        className={errors > 0 ? 'error-text' : warnings > 0 ? 'warning-text' : 'ok-text'}
        data-testid="import-validation"
      >
        {errors === 0 && warnings === 0
          ? 'Valid: no errors, no warnings.'
          : `${errors} error${errors === 1 ? '' : 's'}, ${warnings} warning${warnings === 1 ? '' : 's'}${errors > 0 ? ': you can fix them after the import.' : '.'}`}
      </p>
      {skill.diagnostics.length > 0 && <DiagnosticList items={skill.diagnostics} />}
      {skill.skipped.length > 0 && (
        <p className="muted" data-testid="import-skipped">
          Left out (export never writes these): {skill.skipped.join(', ')}
        </p>
      )}
      {skill.exists && (
        <fieldset className="field import-conflict" data-testid="import-conflict">
          <legend>A skill folder named {skill.folder} already exists in your workspace.</legend>
          {CHOICES.map((c) => (
            <label key={c.value}>
              <input
                type="radio"
                name={`conflict-${skill.folder}`}
                checked={choice === c.value}
                onChange={() => choose(skill.folder, c.value)}
                data-testid={`import-choice-${c.value}`}
              />
              {c.label(skill)}
            </label>
          ))}
        </fieldset>
      )}
    </li>
  );
}

/**
 * Import, step by step: what the bundle holds and what the validator says of each skill,
 * a choice for each skill that exists already, then Import (or Cancel: nothing written).
 */
export function ImportDialog() {
  const fileName = useImport((s) => s.fileName);
  const preview = useImport((s) => s.preview);
  const error = useImport((s) => s.error);
  const busy = useImport((s) => s.busy);
  const choices = useImport((s) => s.choices);
  const cancel = useImport((s) => s.cancel);
  if (fileName === null) return null;
  const writes = preview?.skills.filter((k) => !k.exists || choices[k.folder] !== 'skip') ?? [];
  return (
    <Modal title={`Import ${fileName}`} onClose={cancel} testId="import-dialog" wide>
      {busy && !preview && <p className="dialog-text">Reading the bundle…</p>}
      {error && (
        <p className="error-text" data-testid="import-error">
          This bundle cannot be imported: {error}
        </p>
      )}
      {preview && (
        <>
          <p className="dialog-text">
            {preview.skills.length === 1
              ? 'The bundle holds one skill.'
              : `The bundle holds ${preview.skills.length} skills.`}{' '}
            They go into <code>{preview.into}</code>.
          </p>
          <ul className="import-skills" data-testid="import-skills">
            {preview.skills.map((k) => (
              <SkillPreview key={k.folder} skill={k} />
            ))}
          </ul>
        </>
      )}
      <DialogFooter
        secondary={{ label: 'Cancel', onClick: cancel, testId: 'import-cancel' }}
        primary={
          preview && {
            label: busy
              ? 'Importing…'
              : writes.length === 1
                ? 'Import 1 skill'
                : `Import ${writes.length} skills`,
            disabled: busy,
            onClick: () => void runImport(),
            testId: 'import-run',
          }
        }
      />
    </Modal>
  );
}
