/**
 * Live validation of a SKILL.md buffer with the shared validator — the same rules
 * the CLI and the registry apply, so the editor never disagrees with them. Given the
 * skill's file listing (the Files panel's), the body's links are checked too.
 */
import { parseSkillMd, type ParsedSkillMd } from '../../../shared/skill/validate';
import type { Diagnostic } from '../../../shared/check/diagnostics';
import { listDirFromPaths, type ListDir } from '../../../shared/skill/links';
import { errorMessage } from '../../../shared/errors';

export const VALIDATE_DEBOUNCE_MS = 150;

/** A file of the skill as the Files panel lists it (FileEntry). */
export interface ListedFile {
  path: string;
  dir?: boolean;
}

// One folder index per listing: a listing is replaced, never mutated, when files change.
const listers = new WeakMap<readonly ListedFile[], ListDir>();

function listerFor(files: readonly ListedFile[] | undefined): ListDir | undefined {
  if (!files) return undefined;
  let lister = listers.get(files);
  if (!lister) {
    lister = listDirFromPaths(files.map((f) => (f.dir ? `${f.path}/` : f.path)));
    listers.set(files, lister);
  }
  return lister;
}

export function validateSkillText(
  text: string,
  folderName: string,
  fileName = 'SKILL.md',
  files?: readonly ListedFile[],
): Diagnostic[] {
  return parseSkillText(text, folderName, fileName, files).diagnostics;
}

export function parseSkillText(
  text: string,
  folderName: string,
  fileName = 'SKILL.md',
  files?: readonly ListedFile[],
): ParsedSkillMd {
  try {
    return parseSkillMd(text, {
      profile: 'studio',
      folderName: folderName || undefined,
      fileName,
      listDir: listerFor(files),
    });
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
          message: `${fileName} could not be checked: ${errorMessage(err)}`,
          line: 1,
          column: 1,
          field: null,
        },
      ],
    };
  }
}
