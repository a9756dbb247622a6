/**
 * Filling a new-skill template (resources/templates/<template>/): `{{name}}` and
 * `{{title}}` in every file. Shared by the host, which writes the new folder, and the
 * new-skill wizard, which shows and validates the SKILL.md it is about to create.
 */

/** `pdf-form-filler` → `Pdf Form Filler` (the template's heading). */
export function titleFromName(name: string): string {
  return name
    .split('-')
    .filter(Boolean)
    .map((w) => w[0].toUpperCase() + w.slice(1))
    .join(' ');
}

/** The template's text with `{{name}}` and `{{title}}` filled; unknown `{{…}}` stay as written. */
export function fillTemplate(text: string, name: string): string {
  const vars: Record<string, string> = { name, title: titleFromName(name) };
  return text.replace(/\{\{(\w+)\}\}/g, (m, key: string) => vars[key] ?? m);
}
