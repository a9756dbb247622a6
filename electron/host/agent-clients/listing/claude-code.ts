/**
 * Claude Code's skill listing (2.1.332, read from its bundled code and checked against
 * what it sent): "The following skills are available for use with the Skill tool:",
 * a blank line, then one line per skill, `- NAME: TEXT`, where TEXT is the description
 * and ` - ` + when_to_use, with < and > escaped, cut at 1,536 characters (1,535 and an
 * ellipsis). User skills come first, then project skills (each sorted by name; the first
 * of a name wins), then the client's own bundled skills.
 *
 * The budget is 1% of the model's context window at 3 characters per token for its
 * default model (claude-opus-5-5, 1M tokens: 30,000 characters; a 200k-token model gets
 * 8,000). The listing's size is the sum of its lines plus one per line break. Over the
 * budget, every entry but the bundled ones is first listed by name alone; then, in
 * listing order (the client puts the most used first; a fresh install has none), each
 * gets its description back while what it adds still fits. A skill with
 * `disable-model-invocation: true` is never listed.
 */
import type { CatalogEntry } from '../../../../shared/api/agent-catalog';
import { CLAUDE_CODE_LISTING_MAX } from '../../../../shared/skill/client-profiles';
import { CLAUDE_CODE_HEADER } from '../../../../shared/agent-clients/listing-marks';
import { CLAUDE_CODE_BUNDLED } from './client-builtins';
import { byName, joinLines, shadowedEntry, type FolderSkills, type RenderedListing } from './types';

export const CLAUDE_CODE_RENDERS = '2.1.332';
// The listing's marks are shared with the "Sent to the model" view, which reads them back.
export { CLAUDE_CODE_HEADER };
/** 1% of 1,000,000 tokens at 3 characters a token: the default model's budget. */
export const CLAUDE_CODE_DEFAULT_BUDGET = 30_000;

export interface ClaudeCodeListingOptions {
  /** The listing budget in characters (the default model's unless given). */
  budgetChars?: number;
  /** The per-entry cut (`skillListingMaxDescChars` of its settings; 1,536 unless given). */
  maxDescChars?: number;
  /** Where the budget or the cut came from when not the defaults (a settings file). */
  settingsNote?: string | null;
  /** Leave the bundled skills out (a test's comparison of the skills alone). */
  bundled?: boolean;
}

const escapeAngles = (s: string): string => s.replaceAll('<', '&lt;').replaceAll('>', '&gt;');

interface Line {
  entry: CatalogEntry;
  nameOnly: string;
  full: string;
  /** Bundled: always listed in full. */
  fixed: boolean;
  cut: boolean;
}

/**
 * How an entry is named: the folder's name, and `folder (name)` when the frontmatter names
 * it otherwise with a name of letters, digits, `_:.-` (at most 256) that no other skill's
 * folder has.
 */
function displayName(
  folderName: string,
  front: string | null,
  folders: readonly FolderSkills[],
): string {
  if (front === null || front === folderName || folderName.endsWith(`:${front}`)) return folderName;
  if (front.length > 256 || !/^[\p{L}\p{M}\p{N}_:.-]+$/u.test(front)) return folderName;
  const other = folders.some((f) => f.skills.some((s) => s.folderName === front));
  return other ? folderName : `${folderName} (${front})`;
}

/** `folders` in the client's order: user folders first, then the project's. */
export function renderClaudeCode(
  folders: readonly FolderSkills[],
  opts: ClaudeCodeListingOptions = {},
): RenderedListing {
  const limit = opts.budgetChars ?? CLAUDE_CODE_DEFAULT_BUDGET;
  const maxDesc = opts.maxDescChars ?? CLAUDE_CODE_LISTING_MAX;
  const lines: Line[] = [];
  const shadowed: CatalogEntry[] = [];
  const skipped: RenderedListing['skipped'] = [];
  const taken = new Map<string, string>();
  for (const { folder, skills } of folders) {
    for (const skill of [...skills].sort(byName((s) => s.folderName))) {
      // A skill is its folder's name; a different `name:` shows beside it, as Claude Code does.
      const name = skill.folderName;
      if (skill.disableModelInvocation) {
        skipped.push({ path: skill.path, reason: 'disable-model-invocation: true' });
        continue;
      }
      if (skill.description === null) {
        skipped.push({ path: skill.path, reason: 'no description' });
        continue;
      }
      const desc = escapeAngles(joinLines(skill.description));
      const text = skill.whenToUse ? `${desc} - ${escapeAngles(joinLines(skill.whenToUse))}` : desc;
      const by = taken.get(name);
      if (by !== undefined) {
        shadowed.push(shadowedEntry(skill, name, folder, by, text.length));
        continue;
      }
      taken.set(name, folder.display);
      const cut = text.length > maxDesc;
      const shownText = cut ? `${text.slice(0, maxDesc - 1)}…` : text;
      const shownName = displayName(name, skill.name, folders);
      lines.push({
        nameOnly: `- ${shownName}`,
        full: `- ${shownName}: ${shownText}`,
        fixed: false,
        cut,
        entry: {
          name,
          source: folder.source,
          folder: folder.display,
          path: skill.path,
          shown: cut ? 'cut' : 'whole',
          listed: true,
          chars: 0,
          description_chars: text.length,
          shown_chars: cut ? maxDesc - 1 : text.length,
          reason: cut
            ? `description and when_to_use are ${text.length} characters; Claude Code lists ${maxDesc - 1} and an ellipsis`
            : null,
        },
      });
    }
  }
  if (opts.bundled !== false) {
    for (const b of CLAUDE_CODE_BUNDLED) {
      if (taken.has(b.name)) continue;
      taken.set(b.name, 'built-in');
      // The bundled skills take the same cut (skillListingMaxDescChars applies to them too).
      const cut = b.text.length > maxDesc;
      const shownText = cut ? `${b.text.slice(0, maxDesc - 1)}…` : b.text;
      lines.push({
        nameOnly: `- ${b.name}`,
        full: `- ${b.name}: ${shownText}`,
        fixed: b.fixed,
        cut,
        entry: {
          name: b.name,
          source: 'client',
          folder: 'built-in',
          path: null,
          shown: cut ? 'cut' : 'whole',
          listed: true,
          chars: 0,
          description_chars: b.text.length,
          shown_chars: cut ? maxDesc - 1 : b.text.length,
          reason: cut
            ? `its text is ${b.text.length} characters; Claude Code lists ${maxDesc - 1} and an ellipsis`
            : null,
        },
      });
    }
  }

  const gaps = Math.max(0, lines.length - 1);
  const fullTotal = lines.reduce((n, l) => n + l.full.length, 0) + gaps;
  const keepFull = new Set<Line>(lines);
  if (fullTotal > limit) {
    // Name alone for all but the fixed; then descriptions back, in order, while they fit.
    const base = lines.reduce((n, l) => n + (l.fixed ? l.full : l.nameOnly).length, 0) + gaps;
    let room = limit - base;
    keepFull.clear();
    for (const l of lines) {
      if (l.fixed) {
        keepFull.add(l);
        continue;
      }
      const adds = l.full.length - l.nameOnly.length;
      if (adds <= room) {
        keepFull.add(l);
        room -= adds;
      }
    }
  }
  const shown = lines.map((l) => {
    const full = keepFull.has(l);
    const text = full ? l.full : l.nameOnly;
    l.entry.chars = text.length;
    if (!full) {
      l.entry.shown = 'dropped';
      l.entry.shown_chars = 0;
      l.entry.reason = `over the listing budget of ${limit} characters: listed by name alone`;
    }
    return text;
  });
  const body = shown.join('\n');
  return {
    listing: lines.length === 0 ? '' : CLAUDE_CODE_HEADER + body,
    budget: {
      limit,
      unit: 'characters',
      used: lines.length === 0 ? 0 : body.length,
      basis:
        'the entry lines and the line breaks between them, against 1% of the context window at 3 characters a token (the default model, 1M tokens); a 200k-token model gets 8,000' +
        (opts.settingsNote ? `; ${opts.settingsNote}` : ''),
    },
    entries: [...lines.map((l) => l.entry), ...shadowed],
    skipped,
    ownTexts: new Map(CLAUDE_CODE_BUNDLED.map((b) => [b.name, b.text])),
  };
}
