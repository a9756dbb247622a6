/** Whether a file-level change list (installs, updates) holds any change: the host's own test. */
export { hasChanges } from '../fs/skill-tree';
