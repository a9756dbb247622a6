/**
 * Where script skills run (docs/contracts.md, Script ABI): the `runner` section of the user's
 * settings (`settings.json` beside providers.json) and of the workspace's skill-studio.json:
 *
 *   "runner": {"sandbox": "auto" | "bwrap" | "container" | "process",
 *              "container": {"host": "unix:///…" | "npipe://…" | "tcp://…",
 *                            "images": {"node": IMAGE, "python": IMAGE, "bash": IMAGE},
 *                            "allow_skill_images": true | false | ["ghcr.io/acme/*", …]}}
 *
 * The user's settings come first; a workspace (possibly a repository someone else wrote) may
 * make things stricter but never looser: it cannot switch the sandbox off (`process`), nor
 * send runs to an engine over the network (`tcp://`), nor widen which images skills may name.
 * Reading never throws: what cannot be used is a problem string, and the rest still counts.
 */
import type { SkillImagePolicy } from '../../../shared/skill/runner-image';
import { isImageReference } from '../../../shared/skill/runner-image';
import { RUNNER_SANDBOXES, type RunnerSandbox } from '../../../shared/api/runner-settings';

/** The sandboxes a user may ask for, as the Studio API names them. */
export const SANDBOX_PREFERENCES = RUNNER_SANDBOXES;

/** The sandbox a run asks for: one by name, or `auto` (the first that works here). */
export type SandboxPreference = RunnerSandbox;

export function isSandboxPreference(value: unknown): value is SandboxPreference {
  return (SANDBOX_PREFERENCES as readonly unknown[]).includes(value);
}
export const IMAGE_KINDS = ['node', 'python', 'bash'] as const;
export type ImageKind = (typeof IMAGE_KINDS)[number];

export interface ContainerConfig {
  /** The engine's address; null: DOCKER_HOST, then the usual sockets (container-engine.ts). */
  host: string | null;
  /** The image per interpreter; a kind not named uses DEFAULT_IMAGES. */
  images: Record<ImageKind, string>;
  allow_skill_images: SkillImagePolicy;
}

export interface RunnerConfig {
  sandbox: SandboxPreference;
  container: ContainerConfig;
}

/** Official images with each interpreter (pulled by the user, never by the studio). */
export const DEFAULT_IMAGES: Record<ImageKind, string> = {
  node: 'node:20-slim',
  python: 'python:3.12-slim',
  bash: 'bash:5',
};

export function defaultRunnerConfig(): RunnerConfig {
  return {
    sandbox: 'auto',
    container: { host: null, images: { ...DEFAULT_IMAGES }, allow_skill_images: true },
  };
}

/** JSON Schema of the `runner` section (skill-studio.json's schema embeds it). */
export const RUNNER_SCHEMA = {
  description: 'Where script skills run: the sandbox, and the container engine and its images.',
  type: 'object',
  additionalProperties: false,
  properties: {
    sandbox: { enum: [...SANDBOX_PREFERENCES] },
    container: {
      type: 'object',
      additionalProperties: false,
      properties: {
        host: { type: 'string', pattern: '^(unix|npipe|tcp)://' },
        images: {
          type: 'object',
          additionalProperties: false,
          properties: Object.fromEntries(
            IMAGE_KINDS.map((k) => [k, { type: 'string', minLength: 1 }]),
          ),
        },
        allow_skill_images: {
          anyOf: [{ type: 'boolean' }, { type: 'array', items: { type: 'string', minLength: 1 } }],
        },
      },
    },
  },
} as const;

/** A `runner` section as written, reduced to what can be used; problems name the key. */
export interface RunnerSection {
  sandbox?: SandboxPreference;
  host?: string;
  images?: Partial<Record<ImageKind, string>>;
  allow_skill_images?: SkillImagePolicy;
  problems: string[];
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Reads a `runner` value (either file); `where` prefixes the problems. */
export function readRunnerSection(value: unknown, where: string): RunnerSection {
  const out: RunnerSection = { problems: [] };
  if (value === undefined) return out;
  if (!isRecord(value)) {
    out.problems.push(`${where}: "runner" must be an object`);
    return out;
  }
  const sandbox = value.sandbox;
  if (sandbox !== undefined) {
    if (isSandboxPreference(sandbox)) out.sandbox = sandbox;
    else
      out.problems.push(
        `${where}: runner.sandbox must be one of ${SANDBOX_PREFERENCES.map((s) => `"${s}"`).join(', ')}`,
      );
  }
  const container = value.container;
  if (container === undefined) return out;
  if (!isRecord(container)) {
    out.problems.push(`${where}: runner.container must be an object`);
    return out;
  }
  if (container.host !== undefined) {
    if (typeof container.host === 'string' && /^(unix|npipe|tcp):\/\/./.test(container.host))
      out.host = container.host;
    else
      out.problems.push(
        `${where}: runner.container.host must be unix:///path, npipe:////./pipe/name or tcp://host:port`,
      );
  }
  if (container.images !== undefined) {
    if (!isRecord(container.images)) {
      out.problems.push(`${where}: runner.container.images must be an object`);
    } else {
      out.images = {};
      for (const [kind, image] of Object.entries(container.images)) {
        if (!(IMAGE_KINDS as readonly string[]).includes(kind)) {
          out.problems.push(
            `${where}: runner.container.images has no kind "${kind}" (known: ${IMAGE_KINDS.join(', ')})`,
          );
        } else if (typeof image !== 'string' || !isImageReference(image)) {
          out.problems.push(
            `${where}: runner.container.images.${kind} must be an image reference such as "${DEFAULT_IMAGES[kind as ImageKind]}"`,
          );
        } else {
          out.images[kind as ImageKind] = image;
        }
      }
    }
  }
  const allow = container.allow_skill_images;
  if (allow !== undefined) {
    if (typeof allow === 'boolean') out.allow_skill_images = allow;
    else if (Array.isArray(allow) && allow.every((p) => typeof p === 'string' && p !== ''))
      out.allow_skill_images = allow as string[];
    else
      out.problems.push(
        `${where}: runner.container.allow_skill_images must be true, false or a list of image patterns`,
      );
  }
  return out;
}

/** The narrower of two image policies: a workspace can only take away. */
function narrower(user: SkillImagePolicy, workspace: SkillImagePolicy): SkillImagePolicy {
  if (user === false || workspace === false) return false;
  if (user === true) return workspace;
  if (workspace === true) return user;
  // Both lists: only the user's patterns the workspace lists too.
  return user.filter((p) => workspace.includes(p));
}

/**
 * The runner configuration in force: defaults, then the user's settings, then what the
 * workspace may change. Returns the problems of both, including what the workspace was
 * refused.
 */
export function mergeRunnerConfig(
  user: RunnerSection,
  workspace: RunnerSection,
): { config: RunnerConfig; problems: string[] } {
  const config = defaultRunnerConfig();
  const problems = [...user.problems, ...workspace.problems];
  if (user.sandbox) config.sandbox = user.sandbox;
  if (user.host) config.container.host = user.host;
  Object.assign(config.container.images, user.images ?? {});
  if (user.allow_skill_images !== undefined)
    config.container.allow_skill_images = user.allow_skill_images;

  if (workspace.sandbox === 'process' && config.sandbox !== 'process') {
    problems.push(
      'skill-studio.json: runner.sandbox "process" is ignored: a workspace cannot switch the sandbox off (set it in your own settings)',
    );
  } else if (workspace.sandbox) {
    config.sandbox = workspace.sandbox;
  }
  if (workspace.host?.startsWith('tcp://')) {
    problems.push(
      `skill-studio.json: runner.container.host ${workspace.host} is ignored: a workspace may name only a local engine socket (set a tcp:// engine in your own settings)`,
    );
  } else if (workspace.host) {
    config.container.host = workspace.host;
  }
  Object.assign(config.container.images, workspace.images ?? {});
  if (workspace.allow_skill_images !== undefined)
    config.container.allow_skill_images = narrower(
      config.container.allow_skill_images,
      workspace.allow_skill_images,
    );
  return { config, problems };
}
