/**
 * What every domain module of the host proxy (host-proxy.ts) is given: the folder the caller works
 * in, the home folder and the source flags, and where problems with skill-studio.json are
 * told. Also the state one proxy keeps between calls (the whole host, once opened).
 */
import type { Diagnostic } from '../../../shared/check/diagnostics';
import type { ResolveSourcesOptions } from '../registry/sources';
import type { StudioHost } from '../studio-host';
import type { VerdictCacheOptions } from '../registry/verdict-cache';
import type { SchemaVerdictFileOptions } from './schema-verdict-file';
import type { ValidatorCachePlace } from '../../../shared/json/validator-cache';

export interface HostProxyOptions {
  /** The workspace: the caller's current folder. */
  cwd: string;
  env: NodeJS.ProcessEnv;
  /** The user's home folder (installs and MCP configs live there even with `noUser`). */
  userHome: string;
  /** Absolute folders scanned as the project source instead of the workspace's (`--root`). */
  roots: string[];
  /** Skip the user's skill folders (and the user's providers file). */
  noUser: boolean;
  /**
   * Where verdicts on skills' schemas are kept between runs and what the build found
   * (schema-verdict-file.ts), for the build `buildId`; absent: every schema is compiled.
   */
  schemaVerdicts?: SchemaVerdictFileOptions;
  /** Where calls' argument validators are kept between runs; absent: each run compiles. */
  validatorCache?: ValidatorCachePlace;
  /**
   * Where the verdicts of `validate DIR` and `list` are kept between runs
   * (registry/verdict-cache.ts); absent or null (`--no-cache`): every skill is read.
   */
  verdicts?: VerdictCacheOptions | null;
  /**
   * Told once, when the workspace settings are read, of the problems of skill-studio.json
   * (`file`): a broken file is left out, never fatal, but never silent either.
   */
  onConfigDiagnostics?: (file: string, diagnostics: Diagnostic[]) => void;
}

export interface ProxyContext extends HostProxyOptions {
  /** The whole host, once a method needed it (studio.ts opens it; the proxy closes it). */
  studio: Promise<StudioHost> | null;
  /** The workspace's sources, read once by the first domain that reads skills (workspace-sources.ts). */
  sources: Promise<ResolveSourcesOptions> | null;
}

/** The home folder the user's skill sources come from, or null (`noUser`). */
export function sourceHome(ctx: HostProxyOptions): string | null {
  return ctx.noUser ? null : ctx.userHome;
}
