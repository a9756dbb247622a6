/**
 * What an agent's model sees of its skills (stage 1 of progressive disclosure):
 * the `<available_skills>` XML index, and the short `{name, description}` list.
 */

export interface IndexedSkill {
  name: string;
  description: string;
  location?: string | null;
}

const XML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

export function escapeXml(text: string): string {
  // Control characters other than tab/newline are not allowed in XML 1.0 at all.
  const clean = text.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '');
  return clean.replace(/[&<>"']/g, (c) => XML_ESCAPES[c]);
}

/** The `<available_skills>` block, in the form agent clients put in their system prompt. */
export function toPromptXml(skills: readonly IndexedSkill[]): string {
  const lines = ['<available_skills>'];
  for (const s of skills) {
    lines.push('  <skill>');
    lines.push(`    <name>${escapeXml(s.name)}</name>`);
    lines.push(`    <description>${escapeXml(s.description)}</description>`);
    if (s.location) lines.push(`    <location>${escapeXml(s.location)}</location>`);
    lines.push('  </skill>');
  }
  lines.push('</available_skills>');
  return lines.join('\n') + '\n';
}

/** Cuts a description to about `max` characters on a word boundary, with an ellipsis. */
export function shortDescription(description: string, max = 80): string {
  const flat = description.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return (space > max / 2 ? cut.slice(0, space) : cut).trimEnd() + '…';
}

/** Rough token estimate (≈ 4 characters a token for English prose). */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}
