/**
 * The new-skill wizard's draft: the chosen template's SKILL.md with the name filled in
 * and what the author set (description, license, inputs) written into its frontmatter
 * with the same key-path edits the Form uses, so the text the wizard validates and shows
 * is exactly the SKILL.md the host writes. A template's description is an instruction to
 * the author (the wizard shows it greyed, as the field's hint), never the skill's own: the
 * draft's description is only what the author typed, empty until then. Pure.
 */
import type { TemplateName } from '../../../../shared/api/studio-api';
import { fillTemplate } from '../../../../shared/skill/skill-template';
import { readFormFrontmatter } from '../../editor/form/form-model';
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
  /**
   * What the author set; a key left out keeps the template's value (but for the description,
   * which is then empty); null removes the key.
   */
  values: Partial<Record<WizardKey, FrontmatterValue | null>>;
}

export type DraftText = { ok: true; text: string } | { ok: false; error: string };

/** The SKILL.md the draft makes from its template's text (placeholders unfilled). */
export function draftText(templateSkillMd: string, draft: WizardDraft): DraftText {
  let text = fillTemplate(templateSkillMd, draft.name);
  const values = { ...draft.values, description: draft.values.description ?? '' };
  for (const key of WIZARD_KEYS) {
    if (!(key in values)) continue;
    const value = values[key];
    const result =
      value === null || value === undefined
        ? deleteFrontmatterValue(text, [key])
        : setFrontmatterValue(text, [key], value);
    if (!result.ok) return { ok: false, error: `${key}: ${result.error}` };
    text = applyTextEdits(text, result.edits);
  }
  return { ok: true, text };
}

/** The template's own description: the hint the wizard shows greyed in the empty field. */
export function templateDescription(templateSkillMd: string): string | undefined {
  const read = readFormFrontmatter(fillTemplate(templateSkillMd, 'new-skill'));
  const description = read.kind === 'ok' ? read.frontmatter.description : undefined;
  return typeof description === 'string' ? description : undefined;
}
