/**
 * The params schemas of bundles written to and read from paths the command line names (shared/api/bundle-files.ts), spread into the router's table
 * (./studio-params.ts) and checked against `BundleFileMethods` by `schemaTable`.
 */
import type { BundleFileMethods } from '../../../shared/api/bundle-files';
import * as s from './typed-schema';

type ParamTypes = { [M in keyof BundleFileMethods]: BundleFileMethods[M][0] };

export const BUNDLE_FILE_PARAM_SCHEMAS = s.schemaTable<ParamTypes>()({});
