/**
 * The agentskills.io name rules (docs/contracts.md, SKILL.md), shared by the validator, the
 * "new skill" dialog and the CLI, and the one function that suggests a valid name.
 */
import type { DiagnosticCode, Severity } from '../check/diagnostics';

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
// Their ASCII twins, which answer alike for ASCII text: V8 builds a Unicode property
// class's tables on its first use, milliseconds that a short CLI run whose names are all
// ASCII (nearly every name) does without.
const ALLOWED_ASCII = /^[a-z0-9-]$/;
const UPPER_ASCII = /[A-Z]/;

export function normalizeName(name: string): string {
  return name.normalize('NFKC');
}

const COMBINING_MARK = /\p{M}/gu;
const NOT_ALLOWED_RUN = /[^\p{Ll}\p{Lo}\p{Lm}\p{Nd}]+/gu;

/**
 * The nearest valid name to a text (a typed name, a folder name, a title): NFKC,
 * lowercase, every run of other characters (`_`, spaces, dots, `--`…) becomes one
 * `-`, no `-` at either end, at most 64 characters. `Brand_Guidelines` →
 * `brand-guidelines`. '' when nothing usable is left (e.g. `___`). The one place a
 * name is suggested: quick fixes, the new-skill flow and the validator's messages.
 */
export function suggestName(text: string): string {
  // Lowercasing can add a combining mark (İ → i + U+0307): drop marks, keep the letter.
  const lower = normalizeName(text).toLowerCase().normalize('NFKC').replace(COMBINING_MARK, '');
  const hyphenated = lower.replace(NOT_ALLOWED_RUN, '-').replace(/^-+|-+$/g, '');
  const chars = Array.from(hyphenated);
  if (chars.length <= NAME_MAX_LENGTH) return hyphenated;
  return chars.slice(0, NAME_MAX_LENGTH).join('').replace(/-+$/, '');
}

/** `; use "x"` when a valid name can be made from `raw`. */
function useInstead(raw: string): string {
  const suggestion = suggestName(raw);
  return suggestion && suggestion !== raw ? `; use "${suggestion}"` : '';
}

/** A name every rule accepts as it is: lowercase ASCII letters and digits, single hyphens inside. */
const PLAIN_NAME = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * Checks a (non-blank) name string. Each code appears at most once; the
 * NAME_NOT_ASCII warning only when the name itself is otherwise valid.
 */
export function checkName(rawName: string, folderName?: string): NameProblem[] {
  // Most names are plain ASCII words joined by single hyphens: NFKC leaves them as they are
  // and no rule below finds anything in them, so only the folder is left to compare.
  if (rawName.length <= NAME_MAX_LENGTH && PLAIN_NAME.test(rawName)) {
    if (folderName === undefined || folderName === rawName) return [];
  }
  return checkNameByEveryRule(rawName, folderName);
}

/** checkName without its shortcut for plain names (exported for the test that compares them). */
export function checkNameByEveryRule(rawName: string, folderName?: string): NameProblem[] {
  const name = normalizeName(rawName);
  const ascii = !NON_ASCII.test(name);
  const upper = ascii ? UPPER_ASCII : UPPER_CHAR;
  const allowed = ascii ? ALLOWED_ASCII : ALLOWED_CHAR;
  const problems: NameProblem[] = [];
  // Lengths count code points, as the reference validator (Python len) does.
  const chars = Array.from(name);
  if (chars.length > NAME_MAX_LENGTH) {
    problems.push({
      code: 'NAME_TOO_LONG',
      severity: 'error',
      message: `name is ${chars.length} characters long; the limit is ${NAME_MAX_LENGTH}${useInstead(rawName)}`,
    });
  }
  if (upper.test(name)) {
    problems.push({
      code: 'NAME_NOT_LOWERCASE',
      severity: 'error',
      message: `name "${rawName}" has uppercase letters${useInstead(rawName)}`,
    });
  }
  if (name.startsWith('-') || name.endsWith('-')) {
    problems.push({
      code: 'NAME_HYPHEN_EDGE',
      severity: 'error',
      message: `name "${rawName}" must not start or end with "-"${useInstead(rawName)}`,
    });
  }
  if (name.includes('--')) {
    problems.push({
      code: 'NAME_CONSECUTIVE_HYPHENS',
      severity: 'error',
      message: `name "${rawName}" must not contain "--"${useInstead(rawName)}`,
    });
  }
  const bad = new Set<string>();
  for (const ch of chars) {
    if (!allowed.test(ch) && !upper.test(ch)) bad.add(ch);
  }
  if (bad.size > 0) {
    const shown = [...bad].map((c) => JSON.stringify(c)).join(', ');
    problems.push({
      code: 'NAME_INVALID_CHARS',
      severity: 'error',
      message: `name "${rawName}" may hold only lowercase letters, digits and "-"; found ${shown}${useInstead(rawName)}`,
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
