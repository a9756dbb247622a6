/**
 * Transient UI state: which dialog is open, confirmations and prompts awaiting an
 * answer, and the toasts that report results and the host's error messages.
 */
import { create } from 'zustand';

export type ToastKind = 'info' | 'success' | 'error';

export interface Toast {
  id: number;
  kind: ToastKind;
  text: string;
}

/** How a confirm dialog was answered: its button, its extra button, or Cancel (Escape). */
export type ConfirmAnswer = 'confirm' | 'extra' | 'cancel';

export interface ConfirmRequest {
  title: string;
  message: string;
  confirmLabel: string;
  danger: boolean;
  /** A third choice beside Cancel and the confirm button (e.g. Close without saving). */
  extra?: { label: string; danger: boolean };
  resolve: (answer: ConfirmAnswer) => void;
}

export interface PromptRequest {
  title: string;
  label: string;
  initial: string;
  confirmLabel: string;
  resolve: (value: string | null) => void;
}

export type DialogName = 'newSkill' | 'openWorkspace' | 'export' | null;

/** A skill by folder (its identity) with its name for display. */
export interface ExportTarget {
  name: string;
  dir: string;
}

interface UiState {
  dialog: DialogName;
  /** The skill the export dialog is for (the current skill when it was opened). */
  exportSkill: ExportTarget | null;
  confirm: ConfirmRequest | null;
  prompt: PromptRequest | null;
  toasts: Toast[];
  connected: boolean;
  /** Browser mode: the server no longer knows this tab's session (it restarted). */
  signedOut: boolean;
  searchFocusNonce: number;
  openDialog(dialog: Exclude<DialogName, null>, exportSkill?: ExportTarget | null): void;
  closeDialog(): void;
  focusSearch(): void;
}

let nextToast = 1;

export const useUi = create<UiState>((set) => ({
  dialog: null,
  exportSkill: null,
  confirm: null,
  prompt: null,
  toasts: [],
  connected: true,
  signedOut: false,
  searchFocusNonce: 0,
  openDialog: (dialog, exportSkill = null) =>
    set({ dialog, exportSkill: exportSkill && { name: exportSkill.name, dir: exportSkill.dir } }),
  closeDialog: () => set({ dialog: null, exportSkill: null }),
  focusSearch: () => set((s) => ({ searchFocusNonce: s.searchFocusNonce + 1 })),
}));

export function notify(kind: ToastKind, text: string, ms = kind === 'error' ? 8000 : 3500): void {
  const id = nextToast++;
  useUi.setState((s) => ({ toasts: [...s.toasts.slice(-4), { id, kind, text }] }));
  setTimeout(() => dismissToast(id), ms);
}

export function dismissToast(id: number): void {
  useUi.setState((s) => ({ toasts: s.toasts.filter((t) => t.id !== id) }));
}

export async function askConfirm(opts: {
  title: string;
  message: string;
  confirmLabel?: string;
  danger?: boolean;
}): Promise<boolean> {
  return (await askChoice(opts)) === 'confirm';
}

/** A confirm dialog with a third button (`extra`) beside Cancel and the confirm button. */
export function askChoice(opts: {
  title: string;
  message: string;
  confirmLabel?: string;
  danger?: boolean;
  extra?: { label: string; danger?: boolean };
}): Promise<ConfirmAnswer> {
  return new Promise((resolve) => {
    useUi.setState({
      confirm: {
        title: opts.title,
        message: opts.message,
        confirmLabel: opts.confirmLabel ?? 'OK',
        danger: opts.danger ?? false,
        extra: opts.extra && { label: opts.extra.label, danger: opts.extra.danger ?? false },
        resolve: (answer) => {
          useUi.setState({ confirm: null });
          resolve(answer);
        },
      },
    });
  });
}

export function askText(opts: {
  title: string;
  label: string;
  initial?: string;
  confirmLabel?: string;
}): Promise<string | null> {
  return new Promise((resolve) => {
    useUi.setState({
      prompt: {
        title: opts.title,
        label: opts.label,
        initial: opts.initial ?? '',
        confirmLabel: opts.confirmLabel ?? 'OK',
        resolve: (value) => {
          useUi.setState({ prompt: null });
          resolve(value);
        },
      },
    });
  });
}
