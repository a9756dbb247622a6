/**
 * Small browser helpers of the playground: saving a file the user asked for
 * (a Blob behind an <a download>, so nothing leaves the machine), copying text,
 * and the theme in effect (the shell sets it on <html data-theme>).
 */
import { useEffect, useState } from 'react';
import { downloadBlob } from './download';
import { base64ToBytes } from './base64';

export function downloadFile(
  name: string,
  content: { text: string | null; base64: string | null },
  mime: string,
): void {
  let blob: Blob;
  if (content.base64 !== null) {
    blob = new Blob([base64ToBytes(content.base64)], { type: mime });
  } else {
    blob = new Blob([content.text ?? ''], { type: mime || 'text/plain' });
  }
  downloadBlob(name, blob);
}

export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // Clipboard API refused (no permission, not focused): the old way still works in most places.
    const area = document.createElement('textarea');
    area.value = text;
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.appendChild(area);
    area.select();
    let ok = false;
    try {
      ok = document.execCommand('copy');
    } catch {
      ok = false;
    }
    area.remove();
    return ok;
  }
}

/** Re-renders every `ms` while `on` (elapsed-time displays). */
export function useNow(on: boolean, ms = 200): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!on) return;
    const t = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(t);
  }, [on, ms]);
  return on ? now : Date.now();
}

export function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  const m = Math.floor(ms / 60_000);
  const s = Math.round((ms % 60_000) / 1000);
  return `${m} min ${s} s`;
}
