/**
 * The layer rule: a relative import may only point at a layer its own layer may use, in the
 * spirit of VS Code's code-layering rule. The layers and the data paths between them are
 * described in docs/architecture.md ("Layers").
 *
 *   shared/               ← everything (pure TypeScript: no Node, no DOM)
 *   electron/host/        ← the adapters: electron/server, electron/main, and the client
 *   electron/host/in-process/ ← electron/cli and electron/main: the typed in-process door to the
 *                           host; the CLI reaches the host (and the server `serve` starts)
 *                           through it alone
 *   electron/server/      ← electron/host/in-process only (`serve` starts it)
 *   electron/preload/     uses shared/ and the IPC channel names of electron/main, nothing else
 *   renderer/             uses shared/ only (it reaches the host through its Backend)
 *   electron/cli/         is imported by nobody but tests (the bin shim loads the built bundle)
 *
 * Tests and their support folders may reach across layers: an integration test starts a real
 * server or CLI on purpose. Files outside the map (e2e/, bench/, scripts/) may use any layer
 * except the CLI's internals.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

/** Which layers each layer may import from (its own layer is always allowed). */
const ALLOWED = {
  shared: [],
  renderer: ['shared'],
  'electron/host': ['shared'],
  'electron/host/in-process': ['shared', 'electron/host', 'electron/server'],
  'electron/server': ['shared', 'electron/host'],
  'electron/main': ['shared', 'electron/host', 'electron/host/in-process'],
  'electron/preload': ['shared'],
  'electron/cli': ['shared', 'electron/host/in-process'],
};

/** Single files a layer may use in a layer it otherwise may not (path relative to the root). */
const EXCEPTIONS = {
  // The channel names are the one thing the preload and the main process must agree on.
  'electron/preload': ['electron/main/ipc-channels.ts'],
};

/** The layer a repository-relative path belongs to, or null for files outside the map. */
export function layerOf(relPath) {
  const parts = relPath.split('/');
  if (parts[0] === 'shared' || parts[0] === 'renderer') return parts[0];
  // The client is a layer of its own inside the host's folder: above the host, below the CLI.
  if (
    parts[0] === 'electron' &&
    parts[1] === 'host' &&
    parts[2] === 'in-process' &&
    parts.length > 3
  )
    return 'electron/host/in-process';
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
  if (source === null || target === null || source === target) return null;
  if (ALLOWED[source].includes(target)) return null;
  const exceptions = EXCEPTIONS[source] ?? [];
  if (exceptions.some((file) => to === file || to === file.replace(/\.ts$/, ''))) return null;
  const allowed = [source, ...ALLOWED[source]].join(', ');
  return `${source} may import only from ${allowed}`;
}

const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'Keep relative imports inside the layer map (docs/architecture.md).' },
    schema: [],
    messages: { layer: "'{{spec}}' crosses a layer: {{why}}." },
  },
  create(context) {
    const file = context.filename ?? context.getFilename();
    const fromRel = path.relative(ROOT, file).split(path.sep).join('/');
    // Outside the repository: a whole `..` segment (a folder named `..x` is inside).
    if (fromRel === '..' || fromRel.startsWith('../') || path.isAbsolute(fromRel)) return {};
    const check = (node, source) => {
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return;
      const spec = source.value;
      if (!spec.startsWith('.')) return;
      const toAbs = path.resolve(path.dirname(file), spec);
      const toRel = path.relative(ROOT, toAbs).split(path.sep).join('/');
      const why = layerViolation(fromRel, toRel);
      if (why) context.report({ node, messageId: 'layer', data: { spec, why } });
    };
    return {
      ImportDeclaration: (node) => check(node, node.source),
      ExportNamedDeclaration: (node) => check(node, node.source),
      ExportAllDeclaration: (node) => check(node, node.source),
      ImportExpression: (node) => check(node, node.source),
      TSImportType: (node) => check(node, node.source ?? node.argument?.literal),
    };
  },
};

export default { rules: { imports: rule } };
