/**
 * The fixes a form field offers under its problems (FormView.tsx): the editor's quick
 * fixes for the field's diagnostics, a version YAML read as a number written back as
 * the text it was, and a folder renamed to the skill's name. Pure: each fix says what it
 * does, and the form does it.
 */
import type { Diagnostic } from '../../../../shared/check/diagnostics';
import { quickFixesFor, type QuickFix } from '../frontmatter-assist';

export type FormFixAction =
  | { kind: 'edit'; edit: QuickFix['edit'] }
  | { kind: 'write-text'; key: string; text: string }
  | { kind: 'rename-folder'; name: string };

export interface FormFix {
  title: string;
  action: FormFixAction;
}

export interface FixContext {
  /** SKILL.md's text, the skill's folder name and its frontmatter as read. */
  text: string;
  folder: string;
  frontmatter: Record<string, unknown>;
  /** A key's value as written in the YAML. */
  sourceOf(key: string): string | undefined;
  /** The form cannot write (nothing is offered). */
  readOnly: boolean;
  /** The buffer's skill cannot be renamed. */
  bufferReadOnly: boolean;
}

/** The fixes offered for `key`, given its diagnostics, each title once. */
export function formFixes(list: readonly Diagnostic[], key: string, ctx: FixContext): FormFix[] {
  // Nothing is offered where nothing may be written.
  if (ctx.readOnly) return [];
  const { text, folder, frontmatter } = ctx;
  const fixes: FormFix[] = [];
  const seen = new Set<string>();
  for (const d of list) {
    for (const fix of quickFixesFor(text, d, folder)) {
      if (seen.has(fix.title)) continue;
      // Renaming onto a key that is already there would break the YAML: not offered.
      const onto = /^Rename the key to "(.+)"$/.exec(fix.title)?.[1];
      if (onto !== undefined && onto in frontmatter) continue;
      seen.add(fix.title);
      fixes.push({ title: fix.title, action: { kind: 'edit', edit: fix.edit } });
    }
    if (
      d.code === 'FIELD_TYPE' &&
      typeof ctx.sourceOf(key) === 'string' &&
      typeof frontmatter[key] === 'number'
    ) {
      // YAML read a version such as 1.0 as a number: offer the text as written, explicitly.
      const raw = ctx.sourceOf(key) ?? '';
      const title = `Write it as the text "${raw}"`;
      if (!seen.has(title)) {
        seen.add(title);
        fixes.push({ title, action: { kind: 'write-text', key, text: raw } });
      }
    }
  }
  const name = frontmatter.name;
  if (
    key === 'name' &&
    typeof name === 'string' &&
    list.some((d) => d.code === 'NAME_DIR_MISMATCH') &&
    !list.some((d) => d.code.startsWith('NAME_') && d.code !== 'NAME_DIR_MISMATCH') &&
    !ctx.bufferReadOnly
  ) {
    fixes.push({
      title: `Rename the folder to "${name}"`,
      action: { kind: 'rename-folder', name },
    });
  }
  return fixes;
}
