import { useState } from 'react';
import type { BundleFormat, ExportResult } from '../../../../shared/api/studio-api';
import { countBySeverity } from '../../../../shared/check/diagnostics';
import { useUi } from '../../stores/ui-store';
import { useSkills } from '../../stores/skills-store';
import { useEditor } from '../../stores/editor-store';
import { isDirty } from '../../stores/buffer-logic';
import { exportBundle } from '../../actions/export-bundle';
import { errorMessage } from '../../backend/studio-error';
import { formatBytes } from '../../util/format-bytes';
import { Modal } from '../../ui/Modal';
import { DialogFooter } from '../../ui/DialogFooter';
import { DiagnosticList } from '../../ui/DiagnosticList';
import { Icon } from '../../ui/Icon';

/** Validation summary first (errors refuse unless "Export anyway"), then the bundle is saved or downloaded. */
export function ExportDialog() {
  const close = useUi((s) => s.closeDialog);
  const target = useUi((s) => s.exportSkill);
  const item = useSkills((s) => (target ? s.find(target) : undefined));
  const unsaved = useEditor((s) =>
    Object.values(s.buffers).some((b) => b.skillDir === target?.dir && isDirty(b)),
  );
  const [format, setFormat] = useState<BundleFormat>('skill');
  const [force, setForce] = useState(false);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{
    res: ExportResult | null;
    savedTo: string | null;
    error: string | null;
  } | null>(null);

  if (!target || !item) return null;
  const { errors, warnings } = countBySeverity(item.diagnostics);
  const blocked = errors > 0 && !force;

  const run = async () => {
    setBusy(true);
    try {
      const out = await exportBundle(item, format, force);
      if (!out.cancelled) setResult({ res: out.result, savedTo: out.savedTo, error: null });
    } catch (err) {
      setResult({ res: null, savedTo: null, error: errorMessage(err) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal title={`Export ${item.name}`} onClose={close} testId="export-dialog">
      <div className="export-summary" data-testid="export-summary">
        {errors === 0 && warnings === 0 ? (
          <p className="ok-text">
            <Icon name="check" size={14} /> Valid: no errors, no warnings.
          </p>
        ) : (
          <p className={errors > 0 ? 'error-text' : 'warning-text'}>
            {errors} error{errors === 1 ? '' : 's'}, {warnings} warning{warnings === 1 ? '' : 's'}
            {errors > 0 ? ' — other tools may refuse this skill.' : '.'}
          </p>
        )}
        {item.diagnostics.length > 0 && (
          <DiagnosticList items={item.diagnostics} icons testId="export-diagnostics" />
        )}
        {unsaved && (
          <p className="warning-text">
            This skill has unsaved changes; the bundle holds what is saved on disk.
          </p>
        )}
      </div>
      {(!result || result.error || result.res?.refused) && (
        <>
          <fieldset className="field formats">
            <legend>Format</legend>
            <label>
              <input
                type="radio"
                name="format"
                checked={format === 'skill'}
                onChange={() => setFormat('skill')}
                data-testid="export-format-skill"
              />
              .skill
            </label>
            <label>
              <input
                type="radio"
                name="format"
                checked={format === 'zip'}
                onChange={() => setFormat('zip')}
                data-testid="export-format-zip"
              />
              .zip
            </label>
          </fieldset>
          {errors > 0 && (
            <label className="checkbox">
              <input
                type="checkbox"
                checked={force}
                onChange={(e) => setForce(e.target.checked)}
                data-testid="export-force"
              />
              Export anyway
            </label>
          )}
        </>
      )}
      {result && (
        <div className="export-result" data-testid="export-result">
          {result.error && <p className="error-text">Export failed: {result.error}</p>}
          {result.res?.refused && (
            <>
              <p className="error-text">The export was refused because the skill has errors.</p>
              <DiagnosticList items={result.res.diagnostics} icons testId="export-diagnostics" />
            </>
          )}
          {result.res && !result.res.refused && (
            <>
              <p className="ok-text">
                {result.savedTo ? (
                  <>
                    Saved to <code data-testid="export-saved-path">{result.savedTo}</code>
                  </>
                ) : (
                  <>Downloaded {result.res.fileName}</>
                )}{' '}
                ({formatBytes(result.res.bytes)}, {result.res.entries.length} entries)
              </p>
              <ul className="entry-list">
                {result.res.entries.map((e) => (
                  <li key={e}>{e}</li>
                ))}
              </ul>
            </>
          )}
        </div>
      )}
      <DialogFooter
        secondary={{
          label: result && !result.error && !result.res?.refused ? 'Done' : 'Cancel',
          onClick: close,
        }}
        primary={
          (!result || !!result.error || !!result.res?.refused) && {
            label: busy ? 'Exporting…' : `Export .${format}`,
            disabled: blocked || busy,
            onClick: () => void run(),
            testId: 'export-run',
          }
        }
      />
    </Modal>
  );
}
