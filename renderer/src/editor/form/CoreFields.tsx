/**
 * The Form's "Skill" section: the portable core of a SKILL.md (agentskills.io) — name,
 * description, license, compatibility, allowed tools and metadata — with the counts a
 * description is held to (its own length, and the Claude Code listing with when_to_use).
 */
import { BUILTIN_TOOL_NAMES } from '../../../../shared/skill/builtin-tools';
import { CLAUDE_CODE_LISTING_MAX } from '../../../../shared/skill/client-profiles';
import { ChipsField, KeyValueField, TextField } from './fields';
import {
  CLIENT_TOOL_NAMES,
  SPDX_SUGGESTIONS,
  charCount,
  isStringMap,
  toolEntries,
} from './form-model';
import type { FieldKit } from './field-kit';

const DESCRIPTION_MAX = 1024;
const COMPATIBILITY_MAX = 500;

/** A key's value when it is text; anything else counts as empty. */
function textOf(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

export function CoreFields({ kit, folder }: { kit: FieldKit; folder: string }) {
  const { common, write, optionalText, value } = kit;
  const listingCount =
    charCount(textOf(value('description')).trim()) + charCount(textOf(value('when_to_use')).trim());
  const allowedTools = value('allowed-tools');
  return (
    <fieldset className="ff-section" data-testid="form-core">
      <legend>Skill</legend>
      <TextField
        {...common(
          'name',
          'Name',
          'Lowercase letters, digits and single hyphens; equal to the folder name.',
        )}
        placeholder={folder}
        onChange={(next) => write('name', next ?? '')}
      />
      <TextField
        {...common('description', 'Description')}
        multiline
        rows={5}
        limits={[
          { label: 'Characters', max: DESCRIPTION_MAX },
          {
            label: 'Claude Code listing (with when_to_use)',
            max: CLAUDE_CODE_LISTING_MAX,
            count: listingCount,
          },
        ]}
        onChange={(next) => write('description', next ?? '')}
      />
      <TextField
        {...common('license', 'License')}
        suggestions={SPDX_SUGGESTIONS}
        onChange={optionalText('license')}
      />
      <TextField
        {...common('compatibility', 'Compatibility')}
        multiline
        rows={2}
        limits={[{ label: 'Characters', max: COMPATIBILITY_MAX }]}
        onChange={optionalText('compatibility')}
      />
      <ChipsField
        {...common('allowed-tools', 'Allowed tools')}
        noun="tool"
        entries={toolEntries(allowedTools)}
        suggestions={[...CLIENT_TOOL_NAMES, ...BUILTIN_TOOL_NAMES]}
        onChange={(next) => {
          if (!next || next.length === 0) write('allowed-tools', undefined);
          // The spec's form is one space-separated string; a list stays a list.
          else write('allowed-tools', Array.isArray(allowedTools) ? next : next.join(' '));
        }}
      />
      <MetadataField kit={kit} />
    </fieldset>
  );
}

/** `metadata` as key/value rows: each entry written on its own, the last one removed with the map. */
function MetadataField({ kit }: { kit: FieldKit }) {
  const { common, write, report, writer } = kit;
  const metadata = kit.value('metadata');
  return (
    <KeyValueField
      {...common('metadata', 'Metadata')}
      entries={
        metadata === undefined || metadata === null ? {} : isStringMap(metadata) ? metadata : null
      }
      onChange={(next) => write('metadata', next)}
      setEntry={(k, v) => report(writer.set(['metadata', k], v))}
      removeEntry={(k) =>
        report(
          Object.keys(metadata ?? {}).length <= 1
            ? writer.remove(['metadata'])
            : writer.remove(['metadata', k]),
        )
      }
      renameEntry={(from, to) => writer.rename(['metadata', from], to)}
      addEntry={() => {
        const taken = new Set(Object.keys(isStringMap(metadata) ? metadata : {}));
        let k = 'key';
        for (let i = 2; taken.has(k); i++) k = `key-${i}`;
        report(writer.set(['metadata', k], ''));
      }}
    />
  );
}
