import { defineConfig } from 'vite';

/**
 * The renderer: one static bundle served by `skill-studio serve` and loaded by the
 * desktop window. Everything is local (Monaco and its workers included): no CDN.
 */
export default defineConfig({
  root: 'renderer',
  base: './',
  // Vite transforms TSX itself; the React automatic runtime avoids importing React everywhere.
  oxc: { jsx: { runtime: 'automatic' } },
  build: {
    outDir: '../dist/renderer',
    emptyOutDir: true,
    target: 'es2022',
    // Monaco alone is several MB; that is expected for a desktop-class editor.
    chunkSizeWarningLimit: 6000,
    sourcemap: false,
  },
  worker: { format: 'es' },
  server: { host: '127.0.0.1', strictPort: false },
});
