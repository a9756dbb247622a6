/**
 * The `runner:` studio key of a script skill (docs/contracts.md, Script ABI): `runner: {image: REF}`
 * names the container image the skill runs in when the container sandbox runs it. Whether the
 * workspace lets a skill choose its image is the workspace's call
 * (`runner.container.allow_skill_images` in skill-studio.json), judged by `skillImagePolicy`.
 */

/** The one key `runner:` has today. */
export const RUNNER_KEYS = ['image'] as const;

/**
 * A container image reference as the Docker Engine API takes it: an optional registry host
 * (with a port), a lowercase path, an optional tag and an optional sha256 digest.
 */
const IMAGE_REFERENCE =
  /^(?:[a-zA-Z0-9](?:[a-zA-Z0-9-]*[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]*[a-zA-Z0-9])?)*(?::[0-9]{1,5})?\/)?[a-z0-9]+(?:(?:[._]|__|-+)[a-z0-9]+)*(?:\/[a-z0-9]+(?:(?:[._]|__|-+)[a-z0-9]+)*)*(?::[A-Za-z0-9_][A-Za-z0-9_.-]{0,127})?(?:@sha256:[a-f0-9]{64})?$/;

export function isImageReference(value: string): boolean {
  return value.length <= 255 && IMAGE_REFERENCE.test(value);
}

/** The image a skill's frontmatter names under `runner.image`, or null (none, or not a string). */
export function skillRunnerImage(frontmatter: Record<string, unknown> | null): string | null {
  const runner = frontmatter?.runner;
  if (typeof runner !== 'object' || runner === null || Array.isArray(runner)) return null;
  const image = (runner as Record<string, unknown>).image;
  return typeof image === 'string' && image.trim() !== '' ? image.trim() : null;
}

/**
 * `allow_skill_images`: true (any image a skill names), false (none: the workspace's images
 * only), or patterns where `*` stands for any run of characters (`ghcr.io/acme/*`).
 */
export type SkillImagePolicy = boolean | string[];

/** Null when the workspace lets the skill run in `image`, else why not (naming the setting). */
export function skillImageRefusal(image: string, policy: SkillImagePolicy): string | null {
  if (!isImageReference(image))
    return `runner.image "${image}" is not a container image reference (for example "python:3.12-slim")`;
  if (policy === true) return null;
  const where = 'runner.container.allow_skill_images in skill-studio.json';
  if (policy === false)
    return `the skill names the image "${image}", and this workspace does not let skills choose their image (${where} is false)`;
  if (policy.some((p) => globMatches(p, image))) return null;
  return `the skill names the image "${image}", which no pattern of ${where} allows (${policy.map((p) => JSON.stringify(p)).join(', ') || 'none'})`;
}

function globMatches(pattern: string, value: string): boolean {
  const parts = pattern.split('*').map((s) => s.replace(/[.+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${parts.join('.*')}$`).test(value);
}
