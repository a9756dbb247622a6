/**
 * The params schemas of installs from a source the command line names (shared/api/install.ts), spread into the router's table
 * (./studio-params.ts) and checked against `InstallSourceMethods` by `schemaTable`.
 */
import type { InstallSourceMethods } from '../../../shared/api/install';
import * as s from './typed-schema';

type ParamTypes = { [M in keyof InstallSourceMethods]: InstallSourceMethods[M][0] };

export const INSTALL_SOURCE_PARAM_SCHEMAS = s.schemaTable<ParamTypes>()({});
