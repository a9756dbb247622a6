// The editor core without the bundled TypeScript/CSS/HTML language services
// (their workers are large and skills rarely need them); typed as the full API.
declare module 'monaco-editor/esm/vs/editor/edcore.main.js' {
  export * from 'monaco-editor';
}
