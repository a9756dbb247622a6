/**
 * The finer options of an eval run, each a labelled native control (so keyboard and
 * screen reader work as for any form field, and the theme's input styles apply):
 *
 * - the grader model that judges free-text expectations and rubrics (a benchmark),
 *   "Same as the run" by default, or any model of a configured provider;
 * - the trigger threshold, the trigger rate at which a query counts as triggering
 *   (trigger eval and improve description; default 0.5, as skill-creator);
 * - the held-out share of each class of queries the description writer never sees
 *   (improve description; default 0.4);
 * - the whole-number settings of any run (how many runs, how many calls at once).
 */
import { useState, type InputHTMLAttributes } from 'react';
import { useProviders } from '../settings/providers-store';
import { useEvals, type RunModel } from './evals-store';
import { graderChoices, rateIn } from './run-options';

/** A labelled number input of the run settings row. */
function NumberSetting({
  label,
  title,
  ...input
}: { label: string; title?: string } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <label className="pg-inline" title={title}>
      {label}
      <input type="number" className="pg-input pg-number small" {...input} />
    </label>
  );
}

function clampInt(value: string, min: number, max: number, fallback: number): number {
  const n = Math.round(Number(value));
  return Number.isFinite(n) && value !== '' ? Math.min(max, Math.max(min, n)) : fallback;
}

/** A whole-number setting: what is typed is kept within min..max (empty: the fallback). */
export function CountField(props: {
  label: string;
  title?: string;
  value: number;
  min: number;
  max: number;
  fallback: number;
  onChange(n: number): void;
  testId: string;
}) {
  return (
    <NumberSetting
      label={props.label}
      title={props.title}
      min={props.min}
      max={props.max}
      value={props.value}
      onChange={(e) =>
        props.onChange(clampInt(e.target.value, props.min, props.max, props.fallback))
      }
      data-testid={props.testId}
    />
  );
}

/**
 * A fraction field that lets the user type freely ("0." on the way to "0.75"): a value
 * within range is taken at once, anything else is marked invalid and, on leaving the
 * field, replaced by the last value taken.
 */
function RateField(props: {
  label: string;
  title: string;
  value: number;
  min: number;
  max: number;
  onChange: (n: number) => void;
  testId: string;
}) {
  const [text, setText] = useState(String(props.value));
  const valid = rateIn(text, props.min, props.max) !== null;
  return (
    <NumberSetting
      label={props.label}
      title={props.title}
      min={props.min}
      max={props.max}
      step={0.05}
      value={text}
      aria-invalid={!valid}
      onChange={(e) => {
        setText(e.target.value);
        const n = rateIn(e.target.value, props.min, props.max);
        if (n !== null) props.onChange(n);
      }}
      onBlur={() => setText(String(props.value))}
      data-testid={props.testId}
    />
  );
}

const SAME = '';
const valueOf = (m: RunModel): string => JSON.stringify([m.provider, m.model]);

export function GraderPicker() {
  const grader = useEvals((s) => s.settings.grader);
  const providers = useProviders((s) => s.info?.providers ?? null);
  if (!providers || providers.length === 0) return null;
  const choices = graderChoices(providers);
  // A pick whose provider went away still shows, so the select never lies about it.
  if (grader && !choices.some((c) => valueOf(c) === valueOf(grader))) choices.unshift(grader);
  return (
    <label
      className="pg-inline"
      title="The model that judges free-text expectations and rubrics (the grader)"
    >
      Grader
      <select
        className="pg-input"
        value={grader ? valueOf(grader) : SAME}
        onChange={(e) => {
          const pick = choices.find((c) => valueOf(c) === e.target.value) ?? null;
          useEvals.getState().setSettings({ grader: pick });
        }}
        data-testid="eval-grader"
      >
        <option value={SAME}>Same as the run</option>
        {choices.map((c) => (
          <option key={valueOf(c)} value={valueOf(c)}>
            {c.provider} / {c.model}
          </option>
        ))}
      </select>
    </label>
  );
}

/** A fraction of the eval settings, read from and written to the store. */
function RateSetting({
  setting,
  ...field
}: { setting: 'threshold' | 'holdout' } & Omit<
  Parameters<typeof RateField>[0],
  'value' | 'onChange'
>) {
  const value = useEvals((s) => s.settings[setting]);
  return (
    <RateField
      {...field}
      value={value}
      onChange={(n) => useEvals.getState().setSettings({ [setting]: n })}
    />
  );
}

export function ThresholdInput() {
  return (
    <RateSetting
      setting="threshold"
      label="Trigger threshold"
      title="A query counts as triggering when the model picks the skill in at least this share of its runs (0.05 to 1)"
      min={0.05}
      max={1}
      testId="eval-threshold"
    />
  );
}

export function HoldoutInput() {
  return (
    <RateSetting
      setting="holdout"
      label="Held out"
      title="Share of the queries that should and should not trigger kept from the model that writes the description, to score it fairly (0.1 to 0.9)"
      min={0.1}
      max={0.9}
      testId="eval-holdout"
    />
  );
}
