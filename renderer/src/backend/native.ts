/**
 * Native dialogs and the native menu exist only in the desktop app. Components
 * ask for the capability, not for the kind of backend: null means "offer the
 * in-page alternative".
 */
import type {
  MenuCommand,
  ParamsOf,
  ResultOf,
  StudioBridge,
  StudioMethod,
} from '../../../shared/api/studio-api';
import { resultOfReply } from './ipc-backend';

export interface NativeDialogs {
  pickFolder(): Promise<string | null>;
  pickSavePath(defaultName: string): Promise<string | null>;
  /**
   * A Studio API call whose bytes the desktop app saves where `pickSavePath` just said
   * (once): the result comes back with its `path`, and no bytes.
   */
  callAndSave<M extends StudioMethod>(
    method: M,
    params: ParamsOf<M>,
    savePath: string,
  ): Promise<ResultOf<M>>;
}

let dialogs: NativeDialogs | null = null;
let menuSource: StudioBridge['onMenu'] | null = null;

export function setNativeDialogs(bridge: StudioBridge | undefined): void {
  dialogs = bridge
    ? {
        pickFolder: () => bridge.pickFolder(),
        pickSavePath: (name) => bridge.pickSavePath(name),
        callAndSave: (method, params, savePath) =>
          resultOfReply(method, () => bridge.callAndSave(method, params, savePath)),
      }
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
