/**
 * The call's side of the playground: arguments as a form or as JSON (one value,
 * two views), the timeout and streaming options, and Run / Cancel.
 */
import { lazy, Suspense, useEffect, useMemo } from 'react';
import type { SkillDefinition } from '../../../shared/protocol/a2e';
import { buildFormModel } from '../../../shared/playground/schema-form';
import { unplacedErrors } from '../../../shared/playground/field-errors';
import { toPointer, type PathSegment } from '../../../shared/playground/json-path';
import type { FieldModel } from '../../../shared/playground/schema-form';
import { NO_PROVIDER_BLOCK, usePlayground } from './playground-store';
import { ModelPicker, NoProviderAction } from './ModelPicker';
import { RunInPicker } from './RunInPicker';
import { useProviders } from '../settings/providers-store';
import { ArgsForm } from '../ui/ArgsForm';
import { useLayout } from '../stores/layout-store';
import { useSkills } from '../stores/skills-store';
import { effectiveTheme } from '../stores/layout-persist';
import { IS_MAC } from '../platform';

const JsonArgsEditor = lazy(() => import('./JsonArgsEditor'));

/** Every pointer a form field shows, so errors elsewhere are listed above the form. */
function shownPointers(
  fields: FieldModel[],
  base: PathSegment[],
  value: unknown,
  out: Set<string>,
): Set<string> {
  for (const f of fields) {
    const path = [...base, f.key];
    out.add(toPointer(path));
    const v =
      value && typeof value === 'object' && !Array.isArray(value)
        ? (value as Record<string, unknown>)[f.key]
        : undefined;
    if (f.kind === 'object') shownPointers(f.fields, path, v, out);
    if (f.kind === 'array' && Array.isArray(v)) {
      v.forEach((item, i) => {
        out.add(toPointer([...path, i]));
        if (f.item.kind === 'object') shownPointers(f.item.fields, [...path, i], item, out);
      });
    }
  }
  return out;
}

export const RUN_SHORTCUT = IS_MAC ? '⌘↵' : 'Ctrl+Enter';

/** The timeout field's value for a skill that sets no timeout_seconds. */
export const DEFAULT_TIMEOUT_SECONDS = 60;

/**
 * The timeout to put in the field when the playground shows a skill: its own
 * `timeout_seconds`, else 60 s; null when the field was already set for this skill
 * (and this timeout_seconds), so a value the user typed stays until the skill changes.
 */
export function timeoutDefault(
  lastKey: string | null,
  skill: string,
  skillTimeout: number | null,
): { key: string; seconds: number } | null {
  const key = `${skill}\0${skillTimeout ?? ''}`;
  return key === lastKey ? null : { key, seconds: skillTimeout ?? DEFAULT_TIMEOUT_SECONDS };
}

/** The skill the timeout field was last set for (kept across remounts of the panel). */
let timeoutSetFor: string | null = null;

export function ArgsPanel({
  skill,
  definition,
}: {
  skill: string;
  definition: SkillDefinition | undefined;
}) {
  const args = usePlayground((s) => s.args[skill]) ?? usePlayground.getState().argsFor(skill);
  const check = usePlayground((s) => s.checks[skill]);
  const view = usePlayground((s) => s.argsView);
  const timeout = usePlayground((s) => s.timeout);
  const streaming = usePlayground((s) => s.streaming);
  const blockedBy = usePlayground((s) => s.runBlocked[skill] ?? null);
  // "No provider" no longer holds once one was added (Settings, or skill-studio.json).
  const hasProvider = useProviders((s) => (s.info?.providers.length ?? 0) > 0);
  const blocked = blockedBy === NO_PROVIDER_BLOCK && hasProvider ? null : blockedBy;
  // Only whether a run is going matters here, not each batch of its events.
  const running = usePlayground((s) => s.runs[skill]?.model.phase === 'running');
  const pg = usePlayground.getState();
  // Instruction skills run on a model: pick the provider and model (kept per skill).
  const onModel = useSkills(() => usePlayground.getState().runsOnModel(skill));
  // An agent client talks to a model whatever the skill's kind: it needs one picked too.
  const inClient = usePlayground((s) => s.runIn !== null);
  const theme = useLayout((s) => effectiveTheme(s.theme, s.systemDark));
  const model = useMemo(() => buildFormModel(definition?.input_schema), [definition]);
  const errors = check?.errors ?? {};
  const others = useMemo(
    () => unplacedErrors(errors, shownPointers(model.fields, [], args.value, new Set(['']))),
    [errors, model, args.value],
  );
  const rootErrors = errors[''] ?? [];
  const skillTimeout = definition?.timeout_seconds ?? null;
  useEffect(() => {
    const next = timeoutDefault(timeoutSetFor, skill, skillTimeout);
    if (!next) return;
    timeoutSetFor = next.key;
    usePlayground.getState().setTimeoutSeconds(next.seconds);
  }, [skill, skillTimeout]);

  return (
    <div className="pg-args" data-testid="args-panel">
      <div className="pg-toolbar">
        <div className="pg-seg" role="tablist" aria-label="Arguments view">
          <button
            type="button"
            role="tab"
            aria-selected={view === 'form'}
            className={view === 'form' ? 'active' : ''}
            onClick={() => pg.setArgsView('form')}
            data-testid="args-view-form"
          >
            Form
          </button>
          <button
            type="button"
            role="tab"
            aria-selected={view === 'json'}
            className={view === 'json' ? 'active' : ''}
            onClick={() => pg.setArgsView('json')}
            data-testid="args-view-json"
          >
            JSON
          </button>
        </div>
        <button
          type="button"
          className="link-button"
          onClick={() => pg.resetArgs(skill)}
          title="Back to the skill's defaults"
          data-testid="args-reset"
        >
          Reset
        </button>
        {check?.pending && <span className="pg-muted">checking…</span>}
        {!check?.pending &&
          check &&
          Object.keys(errors).length === 0 &&
          !check.message &&
          !args.jsonError && (
            <span className="pg-ok" data-testid="args-valid">
              ✓ valid
            </span>
          )}
      </div>
      {definition?.argument_hint && <div className="pg-hint">Hint: {definition.argument_hint}</div>}
      {(rootErrors.length > 0 || others.length > 0) && (
        <div className="pg-field-error block" data-testid="args-errors">
          {rootErrors.map((m) => (
            <div key={m}>{m}</div>
          ))}
          {others.map((e) => (
            <div key={e.pointer + e.message}>
              <code>{e.pointer}</code> {e.message}
            </div>
          ))}
        </div>
      )}
      <div className="pg-args-body">
        {view === 'form' ? (
          <>
            {args.jsonError && (
              <div className="pg-warning" data-testid="json-error">
                The JSON view has a syntax error (line {args.jsonError.line ?? '?'}): the form shows
                the last valid arguments.
              </div>
            )}
            <ArgsForm
              model={model}
              value={args.value}
              errors={errors}
              onChange={(path, v) => pg.editField(skill, path, v)}
              onRemove={(path) => pg.removeField(skill, path)}
            />
          </>
        ) : (
          <>
            <Suspense fallback={<div className="editor-loading">Loading editor…</div>}>
              <JsonArgsEditor
                skill={skill}
                schema={definition?.input_schema}
                text={args.text}
                theme={theme}
                onChange={(t) => pg.editJson(skill, t)}
                onRun={() => void pg.run(skill)}
              />
            </Suspense>
            {args.jsonError && (
              <div className="pg-field-error block" data-testid="json-error">
                Line {args.jsonError.line ?? '?'}, column {args.jsonError.column ?? '?'}:{' '}
                {args.jsonError.message}
              </div>
            )}
            {Object.entries(errors).length > 0 && (
              <div className="pg-field-error block" data-testid="json-schema-errors">
                {Object.entries(errors).map(([p, msgs]) => (
                  <div key={p}>
                    <code>{p || '(arguments)'}</code> {msgs.join(' · ')}
                  </div>
                ))}
              </div>
            )}
          </>
        )}
      </div>
      <RunInPicker />
      {(onModel || inClient) && <ModelPicker skill={skill} />}
      <div className="pg-run-bar">
        {running ? (
          <button
            type="button"
            className="button danger"
            onClick={() => pg.cancel(skill)}
            data-testid="cancel-button"
          >
            ■ Cancel
          </button>
        ) : (
          <button
            type="button"
            className="button"
            onClick={() => void pg.run(skill)}
            title={`Run (${RUN_SHORTCUT})`}
            data-testid="run-button"
          >
            ▶ Run
          </button>
        )}
        <label className="pg-inline">
          Timeout
          <input
            className="pg-input pg-number small"
            type="number"
            min={1}
            value={timeout}
            onChange={(e) => pg.setTimeoutSeconds(Number(e.target.value))}
            aria-label="Timeout in seconds"
            data-testid="run-timeout"
          />
          s
        </label>
        <label className="pg-inline">
          <input
            type="checkbox"
            checked={streaming}
            onChange={(e) => pg.setStreaming(e.target.checked)}
            data-testid="run-streaming"
          />
          Streaming
        </label>
        <span className="pg-muted pg-kbd" title="Runs from anywhere in the playground">
          {RUN_SHORTCUT}
          {skillTimeout !== null ? ` · skill max ${skillTimeout} s` : ''}
        </span>
      </div>
      {blocked && (
        <div className="pg-field-error block" role="alert" data-testid="run-blocked">
          Not run: {blocked}
          {blocked === NO_PROVIDER_BLOCK && <NoProviderAction compact />}
        </div>
      )}
    </div>
  );
}
