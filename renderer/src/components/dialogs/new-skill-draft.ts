/**
 * The new-skill wizard's draft: the chosen template's SKILL.md with the name filled in
 * and what the author set (description, license, inputs) written into its frontmatter
 * with the same key-path edits the Form uses, so the text the wizard validates and shows
 * is exactly the SKILL.md the host writes. Pure.
 */
import type { TemplateName } from '../../../../shared/api/studio-api';
import { fillTemplate } from '../../../../shared/skill/skill-template';
import {
  applyTextEdits,
  deleteFrontmatterValue,
  setFrontmatterValue,
  type FrontmatterValue,
} from '../../../../shared/skill/frontmatter-edit';

/** The frontmatter keys the wizard sets itself (the name comes from the template's `{{name}}`). */
export const WIZARD_KEYS = ['description', 'license', 'input_schema'] as const;
export type WizardKey = (typeof WIZARD_KEYS)[number];

export interface WizardDraft {
  template: TemplateName;
  name: string;
  /** What the author set; a key left out keeps the template's value; null removes the key. */
  values: Partial<Record<WizardKey, FrontmatterValue | null>>;
}

export type DraftText = { ok: true; text: string } | { ok: false; error: string };

/** The SKILL.md the draft makes from its template's text (placeholders unfilled). */
export function draftText(templateSkillMd: string, draft: WizardDraft): DraftText {
  let text = fillTemplate(templateSkillMd, draft.name);
  for (const key of WIZARD_KEYS) {
    if (!(key in draft.values)) continue;
    const value = draft.values[key];
    const result =
      value === null || value === undefined
        ? deleteFrontmatterValue(text, [key])
        : setFrontmatterValue(text, [key], value);
    if (!result.ok) return { ok: false, error: `${key}: ${result.error}` };
    text = applyTextEdits(text, result.edits);
  }
  return { ok: true, text };
}
