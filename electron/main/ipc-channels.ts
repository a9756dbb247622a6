/** IPC channel names shared by the main process and the preload. */
export const IPC = {
  call: 'studio:call',
  callAndSave: 'studio:call-and-save',
  event: 'studio:event',
  a2eOpen: 'studio:a2e-open',
  a2eSend: 'studio:a2e-send',
  a2eClose: 'studio:a2e-close',
  a2eFrame: 'studio:a2e-frame',
  pickFolder: 'studio:pick-folder',
  pickSavePath: 'studio:pick-save-path',
  menu: 'studio:menu',
} as const;
