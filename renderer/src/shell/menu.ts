/**
 * Native menu commands (desktop) run the same actions as the keyboard shortcuts: both
 * name them by the ids of the one command table (shared/commands.ts).
 * A shortcut pressed in the page may also fire its menu accelerator; the second
 * of the two within a short time is dropped so nothing toggles twice.
 */
import type { CommandId } from '../../../shared/commands';
import { onNativeMenu } from '../backend/native';

const recent = new Map<string, number>();
const ECHO_MS = 300;

/** Records that an action ran; true when the same action already ran just before. */
export function isEcho(action: string, now = Date.now()): boolean {
  const last = recent.get(action);
  recent.set(action, now);
  return last !== undefined && now - last < ECHO_MS;
}

/** Runs each command the native menu sends, with the same action its shortcut runs. */
export function bindNativeMenu(runCommand: (id: CommandId) => void): () => void {
  return onNativeMenu((command) => {
    if (!isEcho(command)) runCommand(command);
  });
}
