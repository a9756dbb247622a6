/** SKILL.md (any case, at the skill root): the file the frontmatter tooling and validation read. */
export function isSkillMd(path: string): boolean {
  return path.toLowerCase() === 'skill.md';
}
