/**
 * The layer rule: a relative import may only point at a layer its own layer may use, in the
 * spirit of VS Code's code-layering rule. The layers and the data paths between them are
 * described in docs/architecture.md ("Layers").
 *
 *   shared/               ← everything (pure TypeScript: no Node, no DOM)
 *   electron/host/        ← the adapters: electron/server, electron/main, and the in-process door
 *   electron/host/in-process/ ← electron/cli and electron/main: the typed in-process door to the
 *                           host; the CLI reaches the host (and the server `serve` starts)
 *                           through it alone
 *   electron/server/      ← electron/host/in-process only (`serve` starts it)
 *   electron/preload/     uses shared/ and the IPC channel names of electron/main, nothing else
 *   renderer/             uses shared/ only (it reaches the host through its Backend)
 *   electron/cli/         is imported by nobody but tests (the bin shim loads the built bundle)
 *
 * Inside electron/host every file stands on one floor (HOST_FLOORS, bottom first) and may
 * import only from its own floor or a lower one: base (files, log, paths) ← model (skills,
 * registry, workspace settings) ← runner (executors, sandbox, providers, agent clients) ←
 * domains (the Studio API's handler tables and the services behind them) ← router (router,
 * params, StudioHost, MCP).
 *
 * Tests and their support folders may reach across layers: an integration test starts a real
 * server or CLI on purpose. Files outside the map (e2e/, bench/, scripts/) may use any layer
 * except the CLI's internals.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { lintedFile, relativeImports } from './relative-imports.js';

const ROOT = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

/** The host's in-process door (its own layer inside the host's folder): one name to rename. */
const DOOR = 'electron/host/in-process';

/** Which layers each layer may import from (its own layer is always allowed). */
const ALLOWED = {
  shared: [],
  renderer: ['shared'],
  'electron/host': ['shared'],
  [DOOR]: ['shared', 'electron/host', 'electron/server'],
  'electron/server': ['shared', 'electron/host'],
  'electron/main': ['shared', 'electron/host', DOOR],
  'electron/preload': ['shared'],
  'electron/cli': ['shared', DOOR],
};

/**
 * The floors inside electron/host, bottom first, each with the paths (relative to
 * electron/host/; a folder ends in `/`) that stand on it. The longest path that matches a
 * file wins, so a file may stand above the rest of its folder. Every domain's handler table
 * (`handlers.ts`, `*-handlers.ts`) stands on the domains floor wherever its folder stands:
 * it is the Studio API's face of that folder.
 */
export const HOST_FLOORS = [
  {
    floor: 'base',
    paths: [
      'fs/',
      'log.ts',
      'lazy-crypto.ts',
      'app-paths.ts',
      'lifecycle/',
      'template-names.ts',
      'handler-table.ts',
      'lazy-handler-table.ts',
      'method-domains.ts',
      'local-method-domains.ts',
      'web/',
      'workers/worker-pool.ts',
    ],
  },
  {
    floor: 'model',
    paths: [
      'workspace/',
      'registry/',
      'workers/',
      'portability/',
      'skill-files.ts',
      'skill-templates.ts',
      'skills/skill-lookup.ts',
    ],
  },
  {
    floor: 'runner',
    paths: ['runner/', 'providers/', 'agent-clients/', 'remote/', 'workers/schema-'],
  },
  {
    floor: 'domains',
    paths: [
      'skills/',
      'files/',
      'bundle/',
      'skills-admin/',
      'install/',
      'history/',
      'evals/',
      'search/',
      'schema/',
      'workspace/folder-browse.ts',
      // Writing an MCP client's config stands below the MCP server beside it: its table serves it.
      'mcp/connect.ts',
    ],
  },
  { floor: 'router', paths: ['router.ts', 'params/', 'studio-host.ts', 'mcp/'] },
];

const HOST_PREFIX = 'electron/host/';
const HANDLER_TABLE = /(^|\/|-)handlers\.ts$/;

/**
 * The floor (its index in HOST_FLOORS) of a path inside electron/host, outside the door;
 * null elsewhere and for a path no floor names (a new top-level unit is placed on purpose).
 */
export function hostFloorOf(relPath) {
  if (!relPath.startsWith(HOST_PREFIX) || layerOf(relPath) !== 'electron/host') return null;
  const inHost = relPath.slice(HOST_PREFIX.length);
  // An import names `x`, `x.js` or a folder (its index.ts): each is the same file to a floor.
  const file = /\.[cm]?[jt]sx?$/.test(inHost)
    ? inHost.replace(/\.[cm]?js$/, '.ts')
    : HOST_FLOORS.some(({ paths }) => paths.includes(`${inHost}/`))
      ? `${inHost}/index.ts`
      : `${inHost}.ts`;
  if (HANDLER_TABLE.test(file)) return HOST_FLOORS.findIndex((f) => f.floor === 'domains');
  let best = null;
  let bestLength = -1;
  HOST_FLOORS.forEach(({ paths }, index) => {
    for (const p of paths) {
      const matches = p.endsWith('/') ? file.startsWith(p) : file === p || file.startsWith(p);
      if (matches && p.length > bestLength) {
        best = index;
        bestLength = p.length;
      }
    }
  });
  return best;
}

/** Single files a layer may use in a layer it otherwise may not (path relative to the root). */
const EXCEPTIONS = {
  // The channel names are the one thing the preload and the main process must agree on.
  'electron/preload': ['electron/main/ipc-channels.ts'],
};

/** The layer a repository-relative path belongs to, or null for files outside the map. */
export function layerOf(relPath) {
  const parts = relPath.split('/');
  if (parts[0] === 'shared' || parts[0] === 'renderer') return parts[0];
  // The door is a layer of its own inside the host's folder: above the host, below the CLI.
  if (relPath.startsWith(`${DOOR}/`)) return DOOR;
  if (parts[0] === 'electron' && parts.length > 2) {
    const layer = `electron/${parts[1]}`;
    return layer in ALLOWED ? layer : null;
  }
  return null;
}

function isTestFile(relPath) {
  return /\.test\.[cm]?[jt]sx?$/.test(relPath) || relPath.split('/').includes('test-support');
}

/** Why `from` may not import `to` (both repository-relative), or null when it may. */
export function layerViolation(from, to) {
  if (isTestFile(from)) return null;
  const source = layerOf(from);
  const target = layerOf(to);
  if (target === 'electron/cli' && source !== 'electron/cli') {
    return 'only tests import electron/cli (the bin shim runs the built bundle)';
  }
  if (source === 'electron/host' && target === 'electron/host') return hostFloorViolation(from, to);
  if (source === null || target === null || source === target) return null;
  if (ALLOWED[source].includes(target)) return null;
  const exceptions = EXCEPTIONS[source] ?? [];
  if (exceptions.some((file) => to === file || to === file.replace(/\.ts$/, ''))) return null;
  const allowed = [source, ...ALLOWED[source]].join(', ');
  return `${source} may import only from ${allowed}`;
}

/** Why a host file may not import another host file (an import up a floor), or null. */
function hostFloorViolation(from, to) {
  const source = hostFloorOf(from);
  const target = hostFloorOf(to);
  if (source === null) return `${from} stands on no floor of the host: add it to HOST_FLOORS`;
  if (target === null || target <= source) return null;
  const below = HOST_FLOORS.slice(0, source + 1)
    .map((f) => f.floor)
    .reverse()
    .join(', ');
  return `the host's ${HOST_FLOORS[source].floor} floor may import only from ${below} (this is ${HOST_FLOORS[target].floor})`;
}

const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'Keep relative imports inside the layer map (docs/architecture.md).' },
    schema: [],
    messages: { layer: "'{{spec}}' crosses a layer: {{why}}." },
  },
  create(context) {
    const { file, rel: fromRel } = lintedFile(context, ROOT);
    // Outside the repository: a whole `..` segment (a folder named `..x` is inside).
    if (fromRel === '..' || fromRel.startsWith('../') || path.isAbsolute(fromRel)) return {};
    return relativeImports(file, ROOT, (node, spec, toRel) => {
      const why = layerViolation(fromRel, toRel);
      if (why) context.report({ node, messageId: 'layer', data: { spec, why } });
    });
  },
};

export default { rules: { imports: rule } };
