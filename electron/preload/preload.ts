/**
 * The only bridge between the sandboxed renderer and the host: exposes the typed
 * Studio API as `window.studio` and nothing else (no ipcRenderer, no Node).
 */
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import type { MenuCommand, StudioBridge, StudioEvent } from '../../shared/api/studio-api';
import { IPC } from '../main/ipc-channels';

function subscribe<A extends unknown[]>(
  channel: string,
  listener: (...args: A) => void,
): () => void {
  const wrapped = (_event: IpcRendererEvent, ...args: unknown[]) => listener(...(args as A));
  ipcRenderer.on(channel, wrapped);
  return () => ipcRenderer.removeListener(channel, wrapped);
}

const bridge: StudioBridge = {
  call: (method, params) => ipcRenderer.invoke(IPC.call, method, params),
  callAndSave: (method, params, savePath) =>
    ipcRenderer.invoke(IPC.callAndSave, method, params, savePath),
  onEvent: (listener) => subscribe<[StudioEvent]>(IPC.event, listener),
  a2eOpen: (agent, host) => ipcRenderer.invoke(IPC.a2eOpen, agent, host ?? null),
  a2eSend: (id, frame) => ipcRenderer.send(IPC.a2eSend, id, frame),
  a2eClose: (id) => ipcRenderer.send(IPC.a2eClose, id),
  onA2E: (listener) => subscribe<[string, string]>(IPC.a2eFrame, listener),
  pickFolder: () => ipcRenderer.invoke(IPC.pickFolder),
  pickSavePath: (defaultName) => ipcRenderer.invoke(IPC.pickSavePath, defaultName),
  onMenu: (listener) => subscribe<[MenuCommand]>(IPC.menu, listener),
};

contextBridge.exposeInMainWorld('studio', bridge);
