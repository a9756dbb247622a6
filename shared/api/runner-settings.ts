/**
 * The user's runner settings in the settings view (docs/contracts.md, Script ABI, "Sandboxes"):
 * which sandbox script skills run in, and the container engine and its images. Kept in the
 * user's settings.json; the workspace's skill-studio.json may tighten them (the view shows
 * what is in force).
 */

export const RUNNER_SANDBOXES = ['auto', 'bwrap', 'container', 'process'] as const;
export type RunnerSandbox = (typeof RUNNER_SANDBOXES)[number];
export const RUNNER_IMAGE_KINDS = ['node', 'python', 'bash'] as const;
export type RunnerImageKind = (typeof RUNNER_IMAGE_KINDS)[number];

export interface RunnerSettingsInfo {
  /** The user's settings file, or null when there is none to keep (no home). */
  file: string | null;
  /** What the user's file says (absent keys: the defaults). */
  user: {
    sandbox: RunnerSandbox | null;
    host: string | null;
    images: Partial<Record<RunnerImageKind, string>>;
  };
  /** What runs use now: the user's settings, then what the workspace changed. */
  effective: {
    sandbox: RunnerSandbox;
    host: string | null;
    images: Record<RunnerImageKind, string>;
  };
  /** What could not be used, in either file. */
  problems: string[];
}

export interface RunnerSettingsInput {
  /** `auto` is the default. */
  sandbox: RunnerSandbox;
  /** null: DOCKER_HOST, then the usual sockets. */
  host: string | null;
  /** A kind left out (or empty) uses the default image. */
  images: Partial<Record<RunnerImageKind, string>>;
}

export interface RunnerSettingsMethods {
  'runner.settings': [Record<string, never>, RunnerSettingsInfo];
  'runner.saveSettings': [{ settings: RunnerSettingsInput }, RunnerSettingsInfo];
}
