/**
 * The params schemas of bundles written to and read from paths the command line names
 * (shared/api/bundle-files.ts), spread into the router's table (./studio-params.ts) and
 * checked against `BundleFileMethods` by `schemaTable`; and the pieces the bundle methods
 * every host serves take from them.
 */
import type { BundleFileMethods } from '../../../shared/api/bundle-files';
import { skillRef } from './fragments';
import * as s from './typed-schema';

type ParamTypes = { [M in keyof BundleFileMethods]: BundleFileMethods[M][0] };

/**
 * A folder of this machine, absolute, as a local process names it (refused to every other
 * caller before any check: ./method-callers.ts). Any length: the file system says what is
 * wrong with a path, as it does for the command line's own.
 */
export const localFolder = s.string({ minLength: 1 });

type Properties = Readonly<Record<string, s.Schema<unknown>>>;

/**
 * The skill a bundle is made of (`BundleSource`: by the workspace, or a folder) with the
 * properties `more`, `required` among them: one closed form for each.
 */
export function bundleSource<
  P extends Properties,
  const R extends readonly (keyof P & string)[] = [],
>(more: P, required?: R) {
  const rest = required ?? [];
  return s.oneOf(
    s.object<{ skill: typeof skillRef } & P, readonly ('skill' | R[number])[]>(
      { skill: skillRef, ...more },
      ['skill', ...rest],
    ),
    s.object<{ folder: typeof localFolder } & P, readonly ('folder' | R[number])[]>(
      { folder: localFolder, ...more },
      ['folder', ...rest],
    ),
  );
}

export const BUNDLE_FILE_PARAM_SCHEMAS = s.schemaTable<ParamTypes>()({
  'export.check': bundleSource({ force: s.boolean() }),
});
