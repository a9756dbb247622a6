/**
 * Live validation of a SKILL.md buffer with the shared validator — the same rules
 * the CLI and the registry apply, so the editor never disagrees with them.
 */
import { parseSkillMd, type ParsedSkillMd } from '../../../shared/skill/validate';
import type { Diagnostic } from '../../../shared/skill/diagnostics';

export const VALIDATE_DEBOUNCE_MS = 150;

export function validateSkillText(
  text: string,
  folderName: string,
  fileName = 'SKILL.md',
): Diagnostic[] {
  return parseSkillText(text, folderName, fileName).diagnostics;
}

export function parseSkillText(
  text: string,
  folderName: string,
  fileName = 'SKILL.md',
): ParsedSkillMd {
  try {
    return parseSkillMd(text, { profile: 'studio', folderName: folderName || undefined, fileName });
  } catch (err) {
    // The validator must not throw; if it ever does, say so in the Problems panel instead of crashing the editor.
    return {
      frontmatter: null,
      body: text,
      bodyStartLine: 1,
      topology: null,
      keyPositions: {},
      diagnostics: [
        {
          severity: 'error',
          code: 'FRONTMATTER_YAML',
          message: `${fileName} could not be checked: ${err instanceof Error ? err.message : String(err)}`,
          line: 1,
          column: 1,
          field: null,
        },
      ],
    };
  }
}
