/**
 * The renderer's order: inside renderer/src a relative import may only point at a unit below
 * its own, so every arrow runs down and no folders import each other in a loop. The order and
 * why it is so are described in docs/architecture.md ("renderer/src/").
 *
 *   main.tsx                              ← nothing (it boots the shell and mounts it)
 *   shell/                                the app shell: App, title and status bars, the bottom
 *     shell/sidebar/ shell/dialogs/         panel, keys and the command palette; below its root
 *     shell/right/                          the sidebar, the app's dialogs and the right panel
 *   agents/ evals/ playground/            the features, each above the ones it builds on
 *   topology/ editor/area/ editor/      (the editor area stands on the editor and its Form view)
 *   settings/
 *   ui/                                   the widget kit: knows no feature, may read a store
 *   actions/ stores/ backend/             state: what the user can do, the stores, the host door
 *   util/ platform.ts shortcuts.ts styles/   the base
 *
 * Tests and test support may reach any unit (a store's test drives fakes of the backend).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { lintedFile, relativeImports } from './relative-imports.js';

const ROOT = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const SRC = 'renderer/src/';

const BASE = ['util', 'platform', 'shortcuts', 'styles'];
const STATE = ['backend', 'stores', 'actions'];
const KIT = ['ui'];
/** Bottom to top: a feature may use the features before it, never one after it. */
const FEATURES = ['settings', 'editor', 'editor/area', 'topology', 'playground', 'evals', 'agents'];
const BELOW_SHELL = [...BASE, ...STATE, ...KIT, ...FEATURES];
const SHELL_PARTS = ['shell/right', 'shell/dialogs', 'shell/sidebar'];

/** Which units each unit may import from (its own unit is always allowed). */
const ALLOWED = {
  util: [],
  platform: ['shortcuts'],
  shortcuts: [],
  styles: [],
  backend: BASE,
  stores: [...BASE, 'backend'],
  actions: [...BASE, 'backend', 'stores'],
  // A widget may read a store (the maximize button reads the layout); it never calls the host.
  ui: [...BASE, 'stores'],
  ...Object.fromEntries(
    FEATURES.map((feature, i) => [feature, [...BASE, ...STATE, ...KIT, ...FEATURES.slice(0, i)]]),
  ),
  'shell/right': BELOW_SHELL,
  'shell/dialogs': BELOW_SHELL,
  'shell/sidebar': [...BELOW_SHELL, 'shell/right'],
  shell: [...BELOW_SHELL, ...SHELL_PARTS],
  main: [...BELOW_SHELL, ...SHELL_PARTS, 'shell'],
};

/** The unit a path inside renderer/src belongs to: `shell/right`, `editor`, `main` (main.tsx). */
export function unitOf(srcRelPath) {
  const parts = srcRelPath.split('/');
  // Every folder of the shell is a unit; of the editor's, the area is (form/ is the editor's).
  const part = parts[0] === 'shell' || (parts[0] === 'editor' && parts[1] === 'area');
  if (part && parts.length > 2) return `${parts[0]}/${parts[1]}`;
  // A file of the root is a unit by itself, named as an import names it: without extension.
  return parts.length === 1 ? parts[0].replace(/\..*$/, '') : parts[0];
}

function isTestFile(relPath) {
  return /\.test\.[cm]?[jt]sx?$/.test(relPath) || relPath.split('/').includes('test-support');
}

/** Why `from` may not import `to` (both repository-relative), or null when it may. */
export function orderViolation(from, to) {
  if (!from.startsWith(SRC) || !to.startsWith(SRC) || isTestFile(from)) return null;
  const source = unitOf(from.slice(SRC.length));
  const target = unitOf(to.slice(SRC.length));
  if (source === target) return null;
  for (const unit of [source, target]) {
    if (!(unit in ALLOWED)) return `${SRC}${unit} has no place in the renderer's order`;
  }
  if (ALLOWED[source].includes(target)) return null;
  return `${source} may import only from ${[source, ...ALLOWED[source]].join(', ')}`;
}

const rule = {
  meta: {
    type: 'problem',
    docs: { description: "Keep renderer imports pointing down the renderer's order." },
    schema: [],
    messages: { order: "'{{spec}}' runs up the renderer's order: {{why}}." },
  },
  create(context) {
    const { file, rel: fromRel } = lintedFile(context, ROOT);
    if (!fromRel.startsWith(SRC)) return {};
    return relativeImports(file, ROOT, (node, spec, toRel) => {
      const why = orderViolation(fromRel, toRel);
      if (why) context.report({ node, messageId: 'order', data: { spec, why } });
    });
  },
};

export default { rules: { imports: rule } };
