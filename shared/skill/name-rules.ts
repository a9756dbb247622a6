/**
 * The agentskills.io name rules (DESIGN §4), shared by the validator, the
 * "new skill" dialog and the CLI.
 */
import type { DiagnosticCode, Severity } from './diagnostics';

export const NAME_MAX_LENGTH = 64;

export interface NameProblem {
  code: DiagnosticCode;
  severity: Severity;
  message: string;
}

/** Letters that are lowercase or have no case at all, decimal digits, and `-`. */
const ALLOWED_CHAR = /^[\p{Ll}\p{Lo}\p{Lm}\p{Nd}-]$/u;
const UPPER_CHAR = /[\p{Lu}\p{Lt}]/u;
const NON_ASCII = /[^\x00-\x7f]/;

export function normalizeName(name: string): string {
  return name.normalize('NFKC');
}

/**
 * Checks a (non-blank) name string. Each code appears at most once; the
 * NAME_NOT_ASCII warning only when the name itself is otherwise valid.
 */
export function checkName(rawName: string, folderName?: string): NameProblem[] {
  const name = normalizeName(rawName);
  const problems: NameProblem[] = [];
  // Lengths count code points, as the reference validator (Python len) does.
  const chars = Array.from(name);
  if (chars.length > NAME_MAX_LENGTH) {
    problems.push({
      code: 'NAME_TOO_LONG',
      severity: 'error',
      message: `name is ${chars.length} characters long; the limit is ${NAME_MAX_LENGTH}`,
    });
  }
  if (UPPER_CHAR.test(name)) {
    problems.push({
      code: 'NAME_NOT_LOWERCASE',
      severity: 'error',
      message: `name "${rawName}" has uppercase letters; use "${name.toLowerCase()}"`,
    });
  }
  if (name.startsWith('-') || name.endsWith('-')) {
    problems.push({
      code: 'NAME_HYPHEN_EDGE',
      severity: 'error',
      message: `name "${rawName}" must not start or end with "-"`,
    });
  }
  if (name.includes('--')) {
    problems.push({
      code: 'NAME_CONSECUTIVE_HYPHENS',
      severity: 'error',
      message: `name "${rawName}" must not contain "--"`,
    });
  }
  const bad = new Set<string>();
  for (const ch of chars) {
    if (!ALLOWED_CHAR.test(ch) && !UPPER_CHAR.test(ch)) bad.add(ch);
  }
  if (bad.size > 0) {
    const shown = [...bad].map((c) => JSON.stringify(c)).join(', ');
    problems.push({
      code: 'NAME_INVALID_CHARS',
      severity: 'error',
      message: `name "${rawName}" may hold only lowercase letters, digits and "-"; found ${shown}`,
    });
  }
  // "Valid" is about the name itself; a folder mismatch does not hide this warning.
  // The raw text counts: "ａｂｃ" is "abc" after NFKC, but a client that compares bytes
  // sees neither an ASCII name nor the folder's.
  if (problems.length === 0 && NON_ASCII.test(rawName)) {
    problems.push({
      code: 'NAME_NOT_ASCII',
      severity: 'warning',
      message: `name "${rawName}" is valid, but some clients accept ASCII names only`,
    });
  }
  if (folderName !== undefined && name !== normalizeName(folderName)) {
    problems.push({
      code: 'NAME_DIR_MISMATCH',
      severity: 'error',
      message: `name "${rawName}" does not match the folder name "${folderName}"`,
    });
  }
  return problems;
}
