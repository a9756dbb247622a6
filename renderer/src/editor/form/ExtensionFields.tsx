/**
 * The Form's "Studio extensions" section: the keys the studio and its clients read beyond
 * the portable core (version, tags, when to use, status, limits, the entrypoint, tools),
 * open when the skill uses any of them.
 */
import { BUILTIN_TOOL_NAMES } from '../../../../shared/skill/builtin-tools';
import { SKILL_STATUSES } from '../../../../shared/protocol/a2e';
import { ChipsField, NumberField, SelectField, TextField } from './fields';
import { EXTENSION_FORM_KEYS, isStringList } from './form-model';
import type { FieldKit } from './field-kit';

/** A key as a label: "when_to_use" → "When to use". */
export function labelOf(key: string): string {
  const words = key.replace(/[_-]/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A list of names as chips; emptied, the key goes. */
function StringListField({
  kit,
  fieldKey,
  noun,
  suggestions,
}: {
  kit: FieldKit;
  fieldKey: string;
  noun: string;
  suggestions?: readonly string[];
}) {
  const v = kit.value(fieldKey);
  const entries = v === undefined || v === null ? [] : isStringList(v) ? v : null;
  return (
    <ChipsField
      {...kit.common(fieldKey, labelOf(fieldKey))}
      noun={noun}
      entries={entries}
      suggestions={suggestions}
      onChange={(next) => kit.write(fieldKey, next && next.length > 0 ? next : undefined)}
    />
  );
}

export function ExtensionFields({
  kit,
  files,
}: {
  kit: FieldKit;
  /** The skill's files (not folders), offered as entrypoints; undefined while unknown. */
  files: string[] | undefined;
}) {
  const { common, write, optionalText } = kit;
  const present = EXTENSION_FORM_KEYS.some((k) => kit.has(k));
  // Each spelling the skill uses is edited; a skill with neither gets the dashed one.
  const hintKeys = ['argument-hint', 'argument_hint'].filter((k) => kit.has(k));
  const argumentHintKeys = hintKeys.length > 0 ? hintKeys : ['argument-hint'];
  const entrypointFiles = files?.filter((f) => f !== 'SKILL.md');
  return (
    <details className="ff-section" open={present || undefined} data-testid="form-extensions">
      <summary>Studio extensions</summary>
      <TextField
        {...common('version', 'Version')}
        placeholder="1.0.0"
        onChange={optionalText('version')}
      />
      <StringListField kit={kit} fieldKey="tags" noun="tag" />
      <TextField {...common('category', 'Category')} onChange={optionalText('category')} />
      <StringListField kit={kit} fieldKey="triggers" noun="trigger" />
      <TextField
        {...common('when_to_use', 'When to use')}
        multiline
        rows={3}
        onChange={optionalText('when_to_use')}
      />
      {argumentHintKeys.map((k) => (
        <TextField key={k} {...common(k, 'Argument hint')} onChange={optionalText(k)} />
      ))}
      <SelectField
        {...common('status', 'Status')}
        options={SKILL_STATUSES}
        onChange={(next) => write('status', next)}
      />
      <NumberField
        {...common('timeout_seconds', 'Timeout (seconds)')}
        min={1}
        onChange={(next) => write('timeout_seconds', next)}
      />
      <NumberField
        {...common('max_turns', 'Max turns')}
        min={1}
        onChange={(next) => write('max_turns', next)}
      />
      {entrypointFiles && entrypointFiles.length > 0 ? (
        <SelectField
          {...common('entrypoint', 'Entrypoint')}
          options={entrypointFiles}
          onChange={(next) => write('entrypoint', next)}
        />
      ) : (
        <TextField {...common('entrypoint', 'Entrypoint')} onChange={optionalText('entrypoint')} />
      )}
      <StringListField kit={kit} fieldKey="tools" noun="tool" suggestions={BUILTIN_TOOL_NAMES} />
    </details>
  );
}
