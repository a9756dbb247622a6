/**
 * The renderer's order as the lint run applies it: ESLint's own API with the repository's
 * config, on synthetic file contents placed in renderer/src's units.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { orderViolation, unitOf } from './eslint-renderer-order.js';

const ROOT = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const eslint = new ESLint({ cwd: ROOT });

async function orderErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  return result.messages.filter((m) => m.ruleId === 'order/imports').map((m) => m.message);
}

describe('renderer order through ESLint', () => {
  it('fails a widget of the kit importing the shell', async () => {
    const errors = await orderErrors(
      'renderer/src/ui/order-probe.tsx',
      "import { App } from '../shell/App';\nexport const x = App;\n",
    );
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain("'../shell/App' runs up the renderer's order");
    expect(errors[0]).toContain('ui may import only from ui, util, platform, shortcuts, styles');
  });

  it('fails a feature importing a feature above it, a type or a stylesheet just the same', async () => {
    const errors = await orderErrors(
      'renderer/src/editor/order-probe.ts',
      "import type { ActiveRun } from '../playground/playground-store';\n" +
        "export { useEvals } from '../evals/evals-store';\n" +
        "import '../agents/agents.css';\n" +
        'export type R = ActiveRun;\n',
    );
    expect(errors).toHaveLength(3);
  });

  it('fails a store importing a feature, and the backend importing a store', async () => {
    expect(
      await orderErrors(
        'renderer/src/stores/order-probe.ts',
        "import { languageForPath } from '../editor/language';\nexport const l = languageForPath;\n",
      ),
    ).toHaveLength(1);
    expect(
      await orderErrors(
        'renderer/src/backend/order-probe.ts',
        "import { useUi } from '../stores/ui-store';\nexport const u = useUi;\n",
      ),
    ).toHaveLength(1);
  });

  it('fails a part of the shell importing its root, and a folder outside the order', async () => {
    const fromPart = await orderErrors(
      'renderer/src/shell/dialogs/order-probe.tsx',
      "import { runCommand } from '../use-global-keys';\nexport const r = runCommand;\n",
    );
    expect(fromPart).toHaveLength(1);
    const fromNowhere = await orderErrors(
      'renderer/src/widgets/order-probe.tsx',
      "import { Icon } from '../ui/Icon';\nexport const i = Icon;\n",
    );
    expect(fromNowhere).toHaveLength(1);
    expect(fromNowhere[0]).toContain("renderer/src/widgets has no place in the renderer's order");
  });

  it('passes imports that run down, and any import of a test', async () => {
    expect(
      await orderErrors(
        'renderer/src/evals/order-probe.tsx',
        "import { ModelPicker } from '../playground/ModelPicker';\n" +
          "import { TabBar } from '../ui/TabBar';\n" +
          "import { openSkill } from '../actions/skills';\n" +
          "import '../styles/evals.css';\n" +
          'export const x = [ModelPicker, TabBar, openSkill];\n',
      ),
    ).toEqual([]);
    expect(
      await orderErrors(
        'renderer/src/stores/order-probe.test.ts',
        "import { App } from '../shell/App';\nexport const x = App;\n",
      ),
    ).toEqual([]);
  });
});

describe('renderer order', () => {
  it('names the units: the shell’s parts, the folders, the root files without extension', () => {
    expect(unitOf('shell/right/FilesPanel.tsx')).toBe('shell/right');
    expect(unitOf('shell/App.tsx')).toBe('shell');
    expect(unitOf('editor/form/FormView.tsx')).toBe('editor');
    expect(unitOf('editor/area/EditorArea.tsx')).toBe('editor/area');
    expect(unitOf('platform.ts')).toBe('platform');
    expect(unitOf('platform')).toBe('platform');
  });

  it('orders the features: each may use the ones below it only', () => {
    const src = (p: string) => `renderer/src/${p}`;
    expect(orderViolation(src('topology/A.tsx'), src('editor/language'))).toBeNull();
    expect(orderViolation(src('playground/A.tsx'), src('topology/run-state'))).toBeNull();
    expect(orderViolation(src('evals/A.tsx'), src('playground/run-in'))).toBeNull();
    expect(orderViolation(src('topology/A.tsx'), src('playground/playground-store'))).toContain(
      'topology may import only from',
    );
    expect(orderViolation(src('settings/A.tsx'), src('editor/markdown'))).not.toBeNull();
    expect(orderViolation(src('editor/area/A.tsx'), src('editor/form/FormView'))).toBeNull();
    expect(orderViolation(src('editor/form/A.tsx'), src('editor/area/CodeEditor'))).not.toBeNull();
    expect(orderViolation(src('agents/A.tsx'), src('shell/App'))).not.toBeNull();
  });

  it('lets the shell use everything below it, and only main.tsx use the shell', () => {
    const src = (p: string) => `renderer/src/${p}`;
    expect(orderViolation(src('shell/App.tsx'), src('shell/right/RightPanel'))).toBeNull();
    expect(orderViolation(src('shell/sidebar/A.tsx'), src('shell/right/use-problems'))).toBeNull();
    expect(orderViolation(src('shell/right/A.tsx'), src('shell/sidebar/Sidebar'))).not.toBeNull();
    expect(orderViolation(src('main.tsx'), src('shell/App'))).toBeNull();
    expect(orderViolation(src('shell/App.tsx'), src('main'))).not.toBeNull();
  });

  it('keeps to renderer/src: imports of shared/ are the layer rule’s business', () => {
    expect(orderViolation('renderer/src/ui/Icon.tsx', 'shared/commands')).toBeNull();
    expect(orderViolation('shared/commands.ts', 'renderer/src/shell/App')).toBeNull();
  });
});
