/** Editor themes matching the studio's calm dark and light palettes (styles/theme.css). */
import type * as MonacoNs from 'monaco-editor';

export const THEME_IDS = { dark: 'studio-dark', light: 'studio-light' } as const;

export function defineStudioThemes(monaco: typeof MonacoNs): void {
  monaco.editor.defineTheme(THEME_IDS.dark, {
    base: 'vs-dark',
    inherit: true,
    rules: [
      { token: 'keyword.md', foreground: '569cd6' },
      { token: 'type.yaml', foreground: '9cdcfe' },
    ],
    colors: {
      'editor.background': '#1e1f22',
      'editor.lineHighlightBackground': '#26282c',
      'editorLineNumber.foreground': '#5c6067',
      'editorLineNumber.activeForeground': '#c5c8cc',
      'editorGutter.background': '#1e1f22',
      'editorWidget.background': '#25272b',
      'editorWidget.border': '#3a3d42',
    },
  });
  monaco.editor.defineTheme(THEME_IDS.light, {
    base: 'vs',
    inherit: true,
    rules: [{ token: 'type.yaml', foreground: '0451a5' }],
    colors: {
      'editor.background': '#ffffff',
      'editor.lineHighlightBackground': '#f5f6f8',
      'editorLineNumber.foreground': '#9ba1a8',
      'editorLineNumber.activeForeground': '#30343a',
      'editorWidget.background': '#f8f8f8',
      'editorWidget.border': '#d8dadd',
    },
  });
}
