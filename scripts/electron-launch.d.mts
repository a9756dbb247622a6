// Types for electron-launch.mjs (plain JavaScript so that `npm start` needs no compiler).
export function executableInDist(platform: NodeJS.Platform | 'mas'): string;
export function hasDisplay(env: NodeJS.ProcessEnv, platform: NodeJS.Platform): boolean;
export function electronVersion(electronDir: string): string | null;

export interface ElectronPlace {
  /** The `electron` package's folder (node_modules/electron). */
  electronDir: string;
  env: NodeJS.ProcessEnv;
  platform: NodeJS.Platform;
}

export type FoundElectron = { exe: string } | { exe: null; downloadable: boolean; reason: string };

export function findElectron(place: ElectronPlace): FoundElectron;

export interface DownloadOptions {
  electronDir: string;
  env: NodeJS.ProcessEnv;
  stallMs?: number;
  totalMs?: number;
  pollMs?: number;
  onProgress?: (bytes: number) => void;
}

export function downloadElectron(
  options: DownloadOptions,
): Promise<{ ok: true } | { ok: false; reason: string }>;
