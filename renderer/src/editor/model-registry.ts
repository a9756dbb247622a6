/**
 * Which Monaco model belongs to which open buffer. Providers (hover, completion,
 * quick fixes) only act on SKILL.md models and need the skill's folder name.
 */
import type { EditorBuffer } from '../stores/buffer-logic';

/** A URI per buffer: the buffer id, percent-encoded so any file name is safe. */
export function modelPath(buffer: Pick<EditorBuffer, 'id'>): string {
  return `skill-studio:/${buffer.id.split('/').map(encodeURIComponent).join('/')}`;
}

interface ModelInfo {
  bufferId: string;
  skillMd: boolean;
  folderName: string;
}

const byUri = new Map<string, ModelInfo>();

export function registerModel(uri: string, info: ModelInfo): void {
  byUri.set(uri, info);
}

export function modelInfo(uri: string): ModelInfo | undefined {
  return byUri.get(uri);
}
