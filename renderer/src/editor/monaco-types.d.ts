// The editor core without the bundled TypeScript/CSS/HTML language services
// (their workers are large and skills rarely need them); typed as the full API.
declare module 'monaco-editor/esm/vs/editor/edcore.main.js' {
  export * from 'monaco-editor';
}

// Monaco's own test for its cancellation errors (monaco-cancellation.ts).
declare module 'monaco-editor/esm/vs/base/common/errors.js' {
  export function isCancellationError(error: unknown): boolean;
  export class CancellationError extends Error {}
}
