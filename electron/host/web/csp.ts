/**
 * The Content-Security-Policy of the studio page, one text for both adapters: the local
 * server sends it in browser mode and the desktop app sets it on its own scheme.
 *
 * `style-src 'unsafe-inline'` stays, on purpose: Monaco 0.54 (the editor) writes its
 * theme colours, decorations and sizes into `<style>` elements it creates at run
 * time (base/browser/domStylesheets.ts: createStyleSheet sets textContent) and takes
 * no nonce, no Trusted Types policy and no constructable stylesheet for them; their
 * text changes with every theme and decoration, so no hash can list them. Without it
 * the editor renders unthemed and broken. What it allows is CSS only: scripts stay
 * `'self'` (no inline script, no eval), so injected markup can restyle the page but
 * not run code, and connect-src/img-src 'self' keep CSS from sending data off the machine.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "worker-src 'self' blob:",
  "connect-src 'self'",
  "frame-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');
