import tseslint from 'typescript-eslint';
import layers from './scripts/eslint-layers.js';
import rendererOrder from './scripts/eslint-renderer-order.js';

export default tseslint.config(
  {
    ignores: [
      'node_modules',
      'dist',
      'release',
      'resources/skills',
      'test-results',
      'playwright-report',
    ],
  },
  ...tseslint.configs.recommended,
  {
    // Plain CommonJS launchers (the bin shim) are meant to require().
    files: ['**/*.cjs'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  {
    // Folder-to-folder imports follow the layer map (docs/architecture.md, "Layers").
    files: ['**/*.{ts,tsx,js,mjs,cjs}'],
    plugins: { layers },
    rules: { 'layers/imports': 'error' },
  },
  // Inside renderer/src every import runs down (docs/architecture.md, "renderer/src/").
  {
    files: ['renderer/src/**'],
    plugins: { order: rendererOrder },
    rules: { 'order/imports': 'error' },
  },
  {
    // Code grouped by where it runs: only the Electron adapter may import 'electron'.
    files: [
      'shared/**',
      'renderer/**',
      'electron/host/**',
      'electron/server/**',
      'electron/cli/**',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'electron',
              message: 'Only electron/main and electron/preload may import electron.',
            },
          ],
        },
      ],
    },
  },
  {
    // One way in over IPC: trustedIpc (electron/main/trusted-ipc.ts) checks the sender of
    // every channel, so the raw ipcMain stays there (scripts/eslint-ipc.test.ts proves this
    // fires). The folders above may not import electron at all; these files are the rest.
    files: ['**/*.{ts,tsx,js,mjs,cjs}'],
    ignores: [
      'shared/**',
      'renderer/**',
      'electron/host/**',
      'electron/server/**',
      'electron/cli/**',
      'electron/main/trusted-ipc.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'electron',
              // A default or namespace import would reach ipcMain as a property.
              importNames: ['ipcMain', 'default'],
              message:
                'Register IPC channels through trustedIpc (electron/main/trusted-ipc.ts), which checks the sender.',
            },
          ],
        },
      ],
    },
  },
  {
    // One owner for path containment: `relativeInside` / `isInsideOrEqual` in
    // electron/host/fs/safe-path.ts. A hand-rolled `rel.startsWith('..')` counts a folder
    // named `..foo` as outside (scripts/eslint-layers.test.ts proves this fires).
    files: ['**/*.{ts,tsx,js,mjs,cjs}'],
    ignores: ['electron/host/fs/safe-path.ts', '**/*.test.ts', '**/*.test.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...[
          "[arguments.0.type='Literal'][arguments.0.value='..']",
          "[arguments.0.type='TemplateLiteral'][arguments.0.quasis.0.value.raw='..']",
          "[arguments.0.type='BinaryExpression'][arguments.0.left.value='..']",
        ].map((arg) => ({
          selector: `CallExpression[callee.property.name='startsWith']${arg}`,
          message:
            "A hand-rolled containment check: use relativeInside or isInsideOrEqual from electron/host/fs/safe-path.ts (a name such as '..foo' is inside).",
        })),
      ],
    },
  },
  {
    // shared/ is pure: no Node built-ins, so the editor can run it too.
    files: ['shared/**/*.ts'],
    // Tests and their support code run under Node only.
    ignores: ['shared/**/*.test.ts', 'shared/test-support/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['node:*', 'fs', 'path', 'os', 'child_process', 'electron'],
              message: 'shared/ must not use Node or Electron APIs.',
            },
          ],
        },
      ],
    },
  },
);
