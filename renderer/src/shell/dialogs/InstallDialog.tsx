/**
 * "Install to…": puts the current skill into an agent client's skills folder. The user
 * picks the client (those found on this machine or in the workspace come first), the
 * scope (project or user) and copy or link; the dialog shows where it goes and that
 * client's portability verdict. A skill of that name already there stops the install
 * with what differs (files, and SKILL.md side by side) and a choice: replace, keep the
 * existing one, or install under another name. Nothing is written before Install.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { create } from 'zustand';
import type {
  DetectedClient,
  InstallConflictChoice,
  InstallMode,
  InstallOutcome,
  InstallScope,
  ResultOf,
} from '../../../../shared/api/studio-api';
import type { ClientId } from '../../../../shared/skill/client-profiles';
import { backend } from '../../backend/current';
import { errorMessage } from '../../backend/studio-error';
import { useLayout } from '../../stores/layout-store';
import { effectiveTheme } from '../../stores/layout-persist';
import { useSkills } from '../../stores/skills-store';
import { notify } from '../../stores/ui-store';
import { Icon } from '../../ui/Icon';
import { Modal } from '../../ui/Modal';
import { DialogFooter } from '../../ui/DialogFooter';
import { DiagnosticList } from '../../ui/DiagnosticList';

const ConflictDiff = lazy(() => import('../../editor/area/ConflictDiff'));

interface InstallTarget {
  name: string;
  dir: string;
}

/** Which skill the dialog is open for (null: closed). */
export const useInstallDialog = create<{
  target: InstallTarget | null;
  open(target: InstallTarget): void;
  close(): void;
}>((set) => ({
  target: null,
  open: (target) => set({ target: { name: target.name, dir: target.dir } }),
  close: () => set({ target: null }),
}));

type Preview = ResultOf<'install.preview'>;

/** Found clients first, Claude Code first among equals. */
function byPresence(a: DetectedClient, b: DetectedClient): number {
  const found = (c: DetectedClient) => (c.projectFound || c.userFound ? 0 : 1);
  return found(a) - found(b) || Number(b.id === 'claude-code') - Number(a.id === 'claude-code');
}

const VERDICT_TEXT = {
  ok: 'works there as it is',
  warn: 'works there, with warnings',
  fail: 'refused there unless you install anyway',
} as const;

function Verdict({ preview, label }: { preview: Preview; label: string }) {
  const { check } = preview;
  const reasons = check.diagnostics.filter((d) => d.severity !== 'info');
  return (
    <div className="install-verdict" data-testid="install-verdict" data-status={check.status}>
      <p
        className={
          check.status === 'fail'
            ? 'error-text'
            : check.status === 'warn'
              ? 'warning-text'
              : 'ok-text'
        }
      >
        <Icon
          name={check.status === 'fail' ? 'error' : check.status === 'warn' ? 'warning' : 'check'}
          size={14}
        />{' '}
        {label}: {VERDICT_TEXT[check.status]}
      </p>
      {reasons.length > 0 && <DiagnosticList items={reasons} />}
    </div>
  );
}

const CONFLICT_CHOICES: { value: InstallConflictChoice; label: (o: InstallOutcome) => string }[] = [
  { value: 'replace', label: () => 'Replace it' },
  { value: 'keep', label: () => 'Keep the existing one (install nothing)' },
  { value: 'rename', label: (o) => `Install as ${o.conflict?.renameAs ?? 'another name'}` },
];

function Conflict({
  outcome,
  choice,
  onChoose,
}: {
  outcome: InstallOutcome;
  choice: InstallConflictChoice | null;
  onChoose(c: InstallConflictChoice): void;
}) {
  const theme = useLayout((s) => effectiveTheme(s.theme, s.systemDark));
  const conflict = outcome.conflict;
  if (!conflict) return null;
  const { added, removed, changed } = conflict.changes;
  return (
    <div className="install-conflict" data-testid="install-conflict">
      <p className="warning-text">
        {conflict.existingIsLink ? 'A link' : 'A skill'} named {outcome.installedAs} is already
        there: <code>{conflict.path}</code>
      </p>
      <ul className="entry-list" data-testid="install-conflict-files">
        {added.map((f) => (
          <li key={`+${f}`}>+ {f} (new)</li>
        ))}
        {removed.map((f) => (
          <li key={`-${f}`}>− {f} (only in the existing one)</li>
        ))}
        {changed.map((f) => (
          <li key={`~${f}`}>~ {f} (differs)</li>
        ))}
        {added.length + removed.length + changed.length === 0 && <li>No file differs.</li>}
      </ul>
      {conflict.existingSkillMd !== null &&
        conflict.incomingSkillMd !== null &&
        changed.includes('SKILL.md') && (
          <div className="install-diff">
            <Suspense fallback={<div className="editor-loading">Loading diff…</div>}>
              <ConflictDiff
                path="SKILL.md"
                theirs={conflict.existingSkillMd}
                mine={conflict.incomingSkillMd}
                theme={theme}
              />
            </Suspense>
          </div>
        )}
      <fieldset className="field">
        <legend>What should happen?</legend>
        {CONFLICT_CHOICES.map((c) => (
          <label key={c.value}>
            <input
              type="radio"
              name="install-conflict"
              checked={choice === c.value}
              onChange={() => onChoose(c.value)}
              data-testid={`install-choice-${c.value}`}
            />
            {c.label(outcome)}
          </label>
        ))}
      </fieldset>
    </div>
  );
}

export function InstallDialog() {
  const target = useInstallDialog((s) => s.target);
  const close = useInstallDialog((s) => s.close);
  const reload = useSkills((s) => s.refresh);
  const [clients, setClients] = useState<DetectedClient[] | null>(null);
  const [client, setClient] = useState<ClientId>('claude-code');
  const [scope, setScope] = useState<InstallScope>('project');
  const [mode, setMode] = useState<InstallMode>('copy');
  const [force, setForce] = useState(false);
  const [preview, setPreview] = useState<Preview | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [conflict, setConflict] = useState<InstallOutcome | null>(null);
  const [choice, setChoice] = useState<InstallConflictChoice | null>(null);
  const [done, setDone] = useState<InstallOutcome | null>(null);

  useEffect(() => {
    if (!target) return;
    setClients(null);
    setDone(null);
    setConflict(null);
    backend()
      .call('install.clients', {})
      .then((res) => {
        const sorted = [...res.clients].sort(byPresence);
        setClients(sorted);
        const first = sorted[0];
        if (first) {
          setClient(first.id);
          setScope(first.projectFolder ? 'project' : 'user');
        }
      })
      .catch((err: unknown) => setError(errorMessage(err)));
  }, [target]);

  useEffect(() => {
    if (!target || !clients) return;
    let live = true;
    setPreview(null);
    setError(null);
    setConflict(null);
    setChoice(null);
    setForce(false);
    backend()
      .call('install.preview', { skill: target.dir, client, scope })
      .then((p) => live && setPreview(p))
      .catch((err: unknown) => live && setError(errorMessage(err)));
    return () => {
      live = false;
    };
  }, [target, clients, client, scope]);

  if (!target) return null;
  const current = clients?.find((c) => c.id === client);
  const label = current?.label ?? client;
  const blocked =
    busy ||
    !preview ||
    preview.problem !== null ||
    (preview.check.status === 'fail' && !force) ||
    (conflict !== null && choice === null);

  const install = async () => {
    setBusy(true);
    setError(null);
    try {
      const report = await backend().call('install.skill', {
        skill: target.dir,
        client,
        scope,
        mode,
        force,
        ...(conflict && choice ? { onConflict: choice } : {}),
      });
      const outcome = report.skills[0];
      if (outcome.result === 'conflict') {
        setConflict(outcome);
        setChoice(null);
      } else if (outcome.result === 'refused') {
        setError(outcome.reason ?? 'refused');
      } else {
        setDone(outcome);
        await reload();
        notify(
          'success',
          outcome.result === 'kept'
            ? `Kept the existing ${outcome.installedAs}`
            : `Installed ${outcome.installedAs} for ${label}`,
        );
      }
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal title={`Install ${target.name}`} onClose={close} testId="install-dialog" wide>
      {!clients && !error && <p className="dialog-text">Looking for agent clients…</p>}
      {clients && !done && (
        <>
          <label className="field">
            <span>Client</span>
            <select
              value={client}
              onChange={(e) => setClient(e.target.value as ClientId)}
              data-testid="install-client"
            >
              {clients.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.label}
                  {c.projectFound || c.userFound
                    ? ` (found: ${[c.projectFound, c.userFound].filter(Boolean).join(', ')})`
                    : ''}
                </option>
              ))}
            </select>
          </label>
          <fieldset className="field">
            <legend>Where</legend>
            {(['project', 'user'] as const).map((s) => {
              const folder = s === 'project' ? current?.projectFolder : current?.userFolder;
              return (
                <label key={s}>
                  <input
                    type="radio"
                    name="install-scope"
                    checked={scope === s}
                    disabled={!folder}
                    onChange={() => setScope(s)}
                    data-testid={`install-scope-${s}`}
                  />
                  {s === 'project' ? 'This project' : 'All my projects (user)'}{' '}
                  <code className="muted">{folder ?? 'none'}</code>
                </label>
              );
            })}
          </fieldset>
          <fieldset className="field">
            <legend>How</legend>
            <label>
              <input
                type="radio"
                name="install-mode"
                checked={mode === 'copy'}
                onChange={() => setMode('copy')}
                data-testid="install-mode-copy"
              />
              Copy (the client keeps this version)
            </label>
            <label>
              <input
                type="radio"
                name="install-mode"
                checked={mode === 'link'}
                onChange={() => setMode('link')}
                data-testid="install-mode-link"
              />
              Link (the client sees every edit you save: live development)
            </label>
          </fieldset>
          {preview && <Verdict preview={preview} label={label} />}
          {preview?.problem && <p className="error-text">{preview.problem}</p>}
          {preview?.check.status === 'fail' && (
            <label className="checkbox">
              <input
                type="checkbox"
                checked={force}
                onChange={(e) => setForce(e.target.checked)}
                data-testid="install-force"
              />
              Install anyway
            </label>
          )}
          {conflict && <Conflict outcome={conflict} choice={choice} onChoose={setChoice} />}
        </>
      )}
      {error && (
        <p className="error-text" data-testid="install-error">
          {error}
        </p>
      )}
      {done && (
        <p className="ok-text" data-testid="install-done">
          {done.result === 'kept' ? 'Kept' : 'Installed'} <code>{done.path}</code>
          {done.mode === 'link' ? ' (a link)' : ''}. Remove it again with{' '}
          <code>
            skill-studio uninstall {done.installedAs} --from {client} --scope {scope}
          </code>
          .
        </p>
      )}
      <DialogFooter
        secondary={{ label: done ? 'Done' : 'Cancel', onClick: close }}
        primary={
          !done && {
            label: busy ? 'Installing…' : `Install to ${label} (${scope})`,
            disabled: blocked,
            onClick: () => void install(),
            testId: 'install-run',
          }
        }
      />
    </Modal>
  );
}
