/**
 * The Benchmark tab's cases: where they live (evals/evals.json, skill-creator's
 * format, or the `eval:` list inline in SKILL.md's frontmatter), edited as a form or
 * as JSON, with the validator's findings for that file, and a way to open the file
 * itself in the editor. Saving goes through the host (`evals.saveCases`), which
 * writes only the cases and refuses if the file changed meanwhile.
 */
import { useEffect, useState } from 'react';
import type { EvalCaseInput } from '../../../shared/api/evals';
import { openSkill, openFileOfSelected } from '../actions/skills';
import { DiagnosticList } from '../ui/DiagnosticList';
import { DialogFooter } from '../ui/DialogFooter';
import { useEditor } from '../stores/editor-store';
import { isDirty } from '../stores/buffer-logic';
import type { SkillRef } from '../stores/skills-store';
import { blankCase, draftProblem, type CaseSource } from './cases-draft';
import { CaseForm } from './CaseForm';
import { useEvals } from './evals-store';

const SOURCE_LABEL: Record<CaseSource, string> = {
  'evals-json': 'evals/evals.json',
  inline: 'SKILL.md (inline eval:)',
};

/** Whether SKILL.md of this folder has unsaved edits (saving inline cases would conflict). */
function useSkillMdDirty(dir: string): boolean {
  return useEditor((s) =>
    Object.values(s.buffers).some((b) => b.skillDir === dir && b.path === 'SKILL.md' && isDirty(b)),
  );
}

export function CasesEditor({ skill }: { skill: SkillRef }) {
  const dir = skill.dir;
  const draft = useEvals((s) => s.of(dir).draft);
  const sources = useEvals((s) => s.of(dir).sources);
  const busy = useEvals((s) => s.of(dir).busy);
  const view = useEvals((s) => s.casesView);
  const skillMdDirty = useSkillMdDirty(dir);
  // Folded by the user's choice; until then open while there is nothing (or an edit) to see.
  const [folded, setFolded] = useState<boolean | null>(null);
  const editing = draft?.dirty ?? false;
  // Once edited here, the cases stay open after a save: the author is working on them.
  useEffect(() => {
    if (editing) setFolded(false);
  }, [editing]);
  const st = useEvals.getState();
  if (!draft || !sources)
    return (
      <section className="ev-section" aria-label="Cases">
        <div className="pg-empty-line">Reading the evals…</div>
      </section>
    );
  const source = sources.sources.find((s) => s.kind === draft.source);
  const diagnostics = source?.diagnostics ?? [];
  const problem = draftProblem(draft);
  const inlineBlocked = draft.source === 'inline' && skillMdDirty;
  const setCases = (cases: EvalCaseInput[]) => st.editCases(dir, cases);
  const open = !(folded ?? (draft.cases.length > 0 && !draft.dirty));
  const openFile = () => {
    if (draft.source === 'inline') {
      const first = sources.cases.find((c) => c.source === 'inline');
      void openSkill(skill, first ? { line: first.line, column: 1 } : undefined);
    } else void openFileOfSelected('evals/evals.json');
  };

  return (
    <section className="ev-section" aria-labelledby="ev-cases-title" data-testid="eval-cases">
      <div className="ev-section-head">
        <h3 id="ev-cases-title">
          <button
            type="button"
            className="ev-fold"
            aria-expanded={open}
            aria-controls="ev-cases-body"
            onClick={() => setFolded(open)}
            data-testid="eval-cases-toggle"
          >
            <span className="ev-fold-mark" aria-hidden="true">
              {open ? '▾' : '▸'}
            </span>
            Cases
          </button>
        </h3>
        <span className="pg-muted" data-testid="eval-case-count">
          {draft.cases.length}
        </span>
        <span className="pg-spacer" />
        {open && (
          <div className="pg-seg" role="group" aria-label="Edit the cases as">
            {(['form', 'json'] as const).map((v) => (
              <button
                key={v}
                type="button"
                className={view === v ? 'active' : ''}
                aria-pressed={view === v}
                onClick={() => st.setCasesView(v)}
                data-testid={`eval-view-${v}`}
              >
                {v === 'form' ? 'Form' : 'JSON'}
              </button>
            ))}
          </div>
        )}
      </div>
      {diagnostics.length > 0 && <DiagnosticList items={diagnostics} testId="eval-diagnostics" />}
      {!open && draft.cases.length > 0 && (
        <ol className="ev-case-list" data-testid="eval-case-list">
          {draft.cases.map((c, i) => (
            <li key={i} title={c.prompt}>
              {c.name || c.prompt}
            </li>
          ))}
        </ol>
      )}
      <div id="ev-cases-body" className="ev-fold-body" hidden={!open}>
        <div className="ev-toolbar">
          <label className="pg-inline">
            In
            <select
              className="pg-input"
              value={draft.source}
              disabled={draft.dirty}
              title={draft.dirty ? 'Save or revert the edits first' : undefined}
              onChange={(e) => st.switchSource(dir, e.target.value as CaseSource)}
              data-testid="eval-source"
            >
              {(Object.keys(SOURCE_LABEL) as CaseSource[]).map((k) => (
                <option key={k} value={k}>
                  {SOURCE_LABEL[k]}
                </option>
              ))}
            </select>
          </label>
          {(draft.source === 'inline' || source?.exists) && (
            <button
              type="button"
              className="link-button"
              onClick={openFile}
              data-testid="eval-open-file"
            >
              Open in editor
            </button>
          )}
        </div>
        {view === 'json' ? (
          <>
            <textarea
              className="pg-input pg-textarea pg-mono ev-json"
              rows={12}
              spellCheck={false}
              aria-label="Cases as JSON"
              aria-invalid={draft.jsonError !== null}
              value={draft.json}
              onChange={(e) => st.editCasesJson(dir, e.target.value)}
              data-testid="eval-cases-json"
            />
            {draft.jsonError && (
              <div className="pg-field-error" data-testid="eval-json-error">
                {draft.jsonError}
              </div>
            )}
          </>
        ) : (
          <>
            {draft.cases.length === 0 && (
              <div className="pg-empty-line">
                No cases yet. A case is a prompt and what a good answer does: judged expectations
                (“cites its sources”) or checks decided by code (contains, regex, JSON schema).
              </div>
            )}
            {draft.cases.map((c, i) => (
              <CaseForm
                key={i}
                index={i}
                value={c}
                onChange={(next) => setCases(draft.cases.map((x, j) => (j === i ? next : x)))}
                onRemove={() => setCases(draft.cases.filter((_, j) => j !== i))}
              />
            ))}
          </>
        )}
        <DialogFooter
          className="ev-actions"
          small
          secondary={
            draft.dirty && {
              label: 'Revert',
              onClick: () => st.revertCases(dir),
              testId: 'eval-revert',
            }
          }
          primary={{
            label: 'Save cases',
            disabled: !draft.dirty || busy || problem !== null || inlineBlocked,
            title: inlineBlocked
              ? 'SKILL.md has unsaved edits: save it first'
              : (problem ?? `Write the cases to ${SOURCE_LABEL[draft.source]}`),
            onClick: () => void st.saveCases(dir),
            testId: 'eval-save-cases',
          }}
        >
          {view === 'form' && (
            <button
              type="button"
              className="button secondary small"
              onClick={() => setCases([...draft.cases, blankCase()])}
              data-testid="eval-add-case"
            >
              Add case
            </button>
          )}
          <span className="pg-spacer" />
        </DialogFooter>
        {draft.dirty && problem && (
          <div className="pg-hint" data-testid="eval-draft-problem">
            {problem}
          </div>
        )}
      </div>
    </section>
  );
}
