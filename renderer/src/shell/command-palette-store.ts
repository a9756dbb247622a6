/** Whether the command palette (Ctrl/Cmd+Shift+P) is open. */
import { create } from 'zustand';

export const useCommandPalette = create<{ open: boolean }>(() => ({ open: false }));

export function showCommandPalette(): void {
  useCommandPalette.setState({ open: true });
}

export function hideCommandPalette(): void {
  useCommandPalette.setState({ open: false });
}
