/// <reference types="vite/client" />
import type { StudioBridge } from '../../shared/api/studio-api';

declare global {
  interface Window {
    /** Present only in the desktop app (the preload's contextBridge). */
    studio?: StudioBridge;
  }
}

export {};
