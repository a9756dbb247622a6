/**
 * The params schemas of installs from a source the command line names (shared/api/install.ts), spread into the router's table
 * (./studio-params.ts) and checked against `InstallSourceMethods` by `schemaTable`.
 */
import type { InstallSourceMethods } from '../../../shared/api/install';
import { installClient, installScope } from './fragments';
import * as s from './typed-schema';

type ParamTypes = { [M in keyof InstallSourceMethods]: InstallSourceMethods[M][0] };

// Any text: the lockfile's reader and uninstall check a name as one plain folder name,
// and a path or URL as they open it, each saying what is wrong.
const text = s.string();
/** Lockfiles the user approved, each by its real path and the hash of the bytes shown. */
const approved = s.array(s.object({ file: text, hash: text }, ['file', 'hash']));

export const INSTALL_SOURCE_PARAM_SCHEMAS = s.schemaTable<ParamTypes>()({
  'install.inspect': s.object({ src: s.string({ minLength: 1 }), link: s.boolean(), ref: text }, [
    'src',
    'link',
  ]),
  'install.remove': s.object(
    { name: text, client: installClient, scope: installScope, force: s.boolean() },
    ['name', 'client', 'scope', 'force'],
  ),
  'install.outdated': s.object({ approved }, ['approved']),
  'install.update': s.object(
    { apply: s.boolean(), names: s.array(text), force: s.boolean(), approved },
    ['apply', 'names', 'force', 'approved'],
  ),
  'install.lockfiles': s.empty(),
  'install.trustLockfiles': s.object({ approved }, ['approved']),
});
