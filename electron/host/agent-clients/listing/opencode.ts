/**
 * OpenCode's skill listing (1.18.33, from its bundled code and as recorded): two lines
 * on the skill tool, then `<available_skills>` with one `<skill>` of name, description
 * and location each, sorted by name (localeCompare), its built-in customize-opencode
 * among them. Only the location is XML-escaped; nothing is cut or counted: OpenCode sets
 * no budget. A skill without a description is not listed. It reads ~/.claude/skills,
 * ~/.agents/skills, the project's .claude/skills and .agents/skills, then its own config
 * folders (~/.config/opencode/skills, the project's .opencode/skills); a later skill of a
 * name replaces the earlier one.
 */
import type { CatalogEntry } from '../../../../shared/api/agent-catalog';
import { OPENCODE_BUILTIN } from './client-builtins';
import { LaterNameWins, type FolderSkills, type RenderedListing } from './types';

export const OPENCODE_RENDERS = '1.18.33';
export const OPENCODE_HEADER =
  'Skills provide specialized instructions and workflows for specific tasks.\nUse the skill tool to load a skill when a task matches its description.\n';

const escapeXml = (s: string): string =>
  s
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');

interface Item {
  name: string;
  description: string;
  location: string;
  entry: CatalogEntry;
}

/** `folders` in the order OpenCode reads them (see the header). */
export function renderOpenCode(folders: readonly FolderSkills[]): RenderedListing {
  const skipped: RenderedListing['skipped'] = [];
  const named = new LaterNameWins<Item>();
  const add = (item: Item) => named.add(item);
  add(
    item(
      OPENCODE_BUILTIN.name,
      OPENCODE_BUILTIN.description,
      '<built-in>',
      'client',
      'built-in',
      null,
    ),
  );
  for (const { folder, skills } of folders)
    for (const skill of skills) {
      if (skill.name === null) {
        skipped.push({ path: skill.path, reason: 'no name' });
        continue;
      }
      if (skill.description === null) {
        skipped.push({ path: skill.path, reason: 'no description: OpenCode does not list it' });
        continue;
      }
      add(
        item(skill.name, skill.description, skill.path, folder.source, folder.display, skill.path),
      );
    }
  const items = [...named.byName.values()].sort((a, b) => a.name.localeCompare(b.name));
  const blocks = items.map(
    (s) =>
      `  <skill>\n    <name>${s.name}</name>\n    <description>${s.description}</description>\n    <location>${escapeXml(s.location)}</location>\n  </skill>`,
  );
  items.forEach((s, i) => (s.entry.chars = blocks[i].length));
  const listing =
    OPENCODE_HEADER +
    (items.length === 0
      ? 'No skills are currently available.'
      : ['<available_skills>', ...blocks, '</available_skills>'].join('\n'));
  return {
    listing,
    budget: {
      limit: null,
      unit: 'characters',
      used: listing.length,
      basis: 'the whole section; OpenCode sets no budget and cuts nothing',
    },
    entries: [...items.map((s) => s.entry), ...named.replaced],
    skipped,
    ownTexts: new Map([[OPENCODE_BUILTIN.name, OPENCODE_BUILTIN.description]]),
  };
}

function item(
  name: string,
  description: string,
  location: string,
  source: CatalogEntry['source'],
  folder: string,
  path: string | null,
): Item {
  return {
    name,
    description,
    location,
    entry: {
      name,
      source,
      folder,
      path,
      shown: 'whole',
      listed: true,
      chars: 0,
      description_chars: description.length,
      shown_chars: description.length,
      reason: null,
    },
  };
}
