/**
 * The params schemas of the remote A2E hosts (shared/api/remote-hosts.ts), spread into the
 * router's table (./studio-params.ts) and checked against `RemoteHostMethods` by `schemaTable`.
 */
import {
  REMOTE_HOST_ID_PATTERN,
  REMOTE_TOKEN_MAX_CHARS,
  type RemoteHostMethods,
} from '../../../shared/api/remote-hosts';
import * as s from './typed-schema';

type RemoteHostParamTypes = { [M in keyof RemoteHostMethods]: RemoteHostMethods[M][0] };

const hostId = s.string({ pattern: REMOTE_HOST_ID_PATTERN.source });

export const REMOTE_HOST_PARAM_SCHEMAS = s.schemaTable<RemoteHostParamTypes>()({
  'remoteHosts.list': s.empty(),
  'remoteHosts.save': s.object(
    {
      host: s.object(
        {
          id: hostId,
          name: s.string({ minLength: 1, maxLength: 200 }),
          url: s.string({ minLength: 1, maxLength: 2048 }),
          token: s.stringOrNull({ maxLength: REMOTE_TOKEN_MAX_CHARS }),
        },
        ['name', 'url'],
      ),
    },
    ['host'],
  ),
  'remoteHosts.remove': s.object({ id: hostId }, ['id']),
});
