/**
 * Native dialogs and the native menu exist only in the desktop app. Components
 * ask for the capability, not for the kind of backend: null means "offer the
 * in-page alternative".
 */
import type { MenuCommand, StudioBridge } from '../../../shared/api/studio-api';

export interface NativeDialogs {
  pickFolder(): Promise<string | null>;
  pickSavePath(defaultName: string): Promise<string | null>;
}

let dialogs: NativeDialogs | null = null;
let menuSource: StudioBridge['onMenu'] | null = null;

export function setNativeDialogs(bridge: StudioBridge | undefined): void {
  dialogs = bridge
    ? { pickFolder: () => bridge.pickFolder(), pickSavePath: (name) => bridge.pickSavePath(name) }
    : null;
  menuSource =
    bridge && typeof bridge.onMenu === 'function' ? (listener) => bridge.onMenu(listener) : null;
}

export function nativeDialogs(): NativeDialogs | null {
  return dialogs;
}

/** Subscribes to native menu commands; a no-op where there is no native menu. */
export function onNativeMenu(listener: (command: MenuCommand) => void): () => void {
  return menuSource ? menuSource(listener) : () => undefined;
}
