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
/** A source to install from: a path (from the caller's folder) or a git URL. */
const src = s.string({ minLength: 1 });
/** Lockfiles the user approved, each by its real path and the hash of the bytes shown. */
const approved = s.array(s.object({ file: text, hash: text }, ['file', 'hash']));

/**
 * `install.skill`'s source the command line names (shared/api/install.ts `InstallFrom`):
 * a path or URL, opened as install-source.ts classifies it.
 */
export const INSTALL_FROM = s.object({ src, ref: text, pick: s.array(text) }, ['src']);

export const INSTALL_SOURCE_PARAM_SCHEMAS = s.schemaTable<ParamTypes>()({
  'install.inspect': s.object({ src, link: s.boolean(), ref: text }, ['src', 'link']),
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
