/**
 * Where the process keeps the compiled validators of calls' arguments between runs (the
 * CLI: `validators/` of its cache folder), for one build: electron/host/workers/
 * validator-cache-file.ts writes and reads them there. Unset (the desktop app, tests), every
 * process compiles each schema once, in a worker, as before.
 *
 * Found under a registered symbol rather than a module variable, because each of the CLI's
 * bundles carries its own copy of the modules it uses: the place the client sets must be
 * the one the runner's copy asks (as for schema-verdicts.ts).
 */
export interface ValidatorCachePlace {
  /** The folder of the kept validators (made, private to the user, when first written). */
  dir: string;
  /** The build they belong to: a validator kept by another build is never used. */
  buildId: string;
}

const PLACE = Symbol.for('skill-studio.validator-cache');
type Holder = { [PLACE]?: ValidatorCachePlace | null };

/** Makes `place` where this process keeps argument validators (null: nowhere). */
export function useValidatorCache(place: ValidatorCachePlace | null): void {
  (globalThis as Holder)[PLACE] = place;
}

/** Where this process keeps argument validators, or null. */
export function validatorCache(): ValidatorCachePlace | null {
  return (globalThis as Holder)[PLACE] ?? null;
}
