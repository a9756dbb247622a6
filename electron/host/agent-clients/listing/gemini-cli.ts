/**
 * Gemini CLI's skill listing (0.61.0, from its bundle's renderAgentSkills and as
 * recorded): "# Available Agent Skills", a paragraph naming the `activate_skill` tool,
 * then `<available_skills>` with one `<skill>` of name, description and location each.
 * Nothing is escaped, cut or counted: Gemini CLI sets no budget. Its built-in skills come
 * first, then ~/.gemini/skills, ~/.agents/skills, the project's .gemini/skills and
 * .agents/skills; a later skill of a name replaces the earlier one in its place. In one
 * folder the skills come in the order its glob finds them, mostly reverse name order (the
 * order predicted here) but not always the same from run to run, and `:\/<>*?"|` in a name
 * become `-`. For Gemini 3 models (and a model not named gemini-*) the paragraph says
 * "call the `activate_skill` tool"; for earlier ones "you can call".
 */
import path from 'node:path';
import type { CatalogEntry } from '../../../../shared/api/agent-catalog';
import { GEMINI_CLI_BUILTIN } from './client-builtins';
import { byName, LaterNameWins, type FolderSkills, type RenderedListing } from './types';

export const GEMINI_CLI_RENDERS = '0.61.0';

export interface GeminiListingOptions {
  /** The model the run asks for (the client's default, gemini-2.5-pro, when absent). */
  model?: string;
  /** The installed package's folder (`…/@google/gemini-cli`), where its built-in skills are; null: unknown. */
  packageDir?: string | null;
  /** `skills.disabled` of its settings, lower-cased: skills it finds but does not list. */
  disabled?: ReadonlySet<string>;
}

function modern(model: string): boolean {
  return /^gemini-3(\.|-|$)/.test(model) || !model.startsWith('gemini-');
}

interface Item {
  name: string;
  description: string;
  location: string;
  entry: CatalogEntry;
}

export function renderGeminiCli(
  folders: readonly FolderSkills[],
  opts: GeminiListingOptions = {},
): RenderedListing {
  const model = opts.model ?? 'gemini-2.5-pro';
  const skipped: RenderedListing['skipped'] = [];
  const named = new LaterNameWins<Item>();
  const add = (item: Item) => named.add(item);
  for (const b of GEMINI_CLI_BUILTIN) {
    const location = opts.packageDir
      ? path.join(opts.packageDir, 'bundle', 'builtin', b.name, 'SKILL.md')
      : `<gemini-cli>/bundle/builtin/${b.name}/SKILL.md`;
    add(
      item(b.name, b.description, location, { source: 'client', folder: 'built-in', path: null }),
    );
  }
  for (const { folder, skills } of folders) {
    const sorted = [...skills].sort(byName((s: (typeof skills)[number]) => s.folderName)).reverse();
    for (const skill of sorted) {
      if (skill.name === null || skill.description === null) {
        skipped.push({
          path: skill.path,
          reason: skill.name === null ? 'no name' : 'no description',
        });
        continue;
      }
      const name = skill.name.replace(/[:\\/<>*?"|]/g, '-');
      add(
        item(name, skill.description, skill.path, {
          source: folder.source,
          folder: folder.display,
          path: skill.path,
        }),
      );
    }
  }
  const disabled: CatalogEntry[] = [];
  const items = [...named.byName.values()].filter((it) => {
    if (!opts.disabled?.has(it.name.toLowerCase())) return true;
    disabled.push({
      ...it.entry,
      shown: 'dropped',
      listed: false,
      shown_chars: 0,
      reason: 'not listed: skills.disabled in its settings names it',
    });
    return false;
  });
  const blocks = items.map(
    (s) =>
      `  <skill>\n    <name>${s.name}</name>\n    <description>${s.description}</description>\n    <location>${s.location}</location>\n  </skill>`,
  );
  items.forEach((s, i) => (s.entry.chars = blocks[i].length));
  const xml = blocks.join('\n');
  const listing =
    items.length === 0
      ? ''
      : `# Available Agent Skills\n\nYou have access to the following specialized skills. To activate a skill and receive its detailed instructions, ${modern(model) ? 'call the `activate_skill` tool' : 'you can call the `activate_skill` tool'} with the skill's name.\n\n<available_skills>\n${xml}\n</available_skills>`;
  return {
    listing,
    budget: {
      limit: null,
      unit: 'characters',
      used: listing.length,
      basis: 'the whole section; Gemini CLI sets no budget and cuts nothing',
    },
    entries: [...items.map((s) => s.entry), ...disabled, ...named.replaced],
    skipped,
    ownTexts: new Map(GEMINI_CLI_BUILTIN.map((b) => [b.name, b.description])),
  };
}

function item(
  name: string,
  description: string,
  location: string,
  at: { source: CatalogEntry['source']; folder: string; path: string | null },
): Item {
  return {
    name,
    description,
    location,
    entry: {
      name,
      ...at,
      shown: 'whole',
      listed: true,
      chars: 0,
      description_chars: description.length,
      shown_chars: description.length,
      reason: null,
    },
  };
}
