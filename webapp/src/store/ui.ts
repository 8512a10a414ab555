import { create } from 'zustand';
import type { DialogButton } from '../lib/errors';

/** UI state only (docs/architecture.md): the global message dialog, the error page and the snackbar. */

export type MessageDialog = {
  title: string;
  message: string;
  buttons: DialogButton[];
  after?: 'logout' | 'reload';
};

export type ErrorPageState = { status: number; title: string; message: string; hideHome: boolean };

export type Snackbar = { id: number; text: string; action?: { label: string; to: string } };

type UIState = {
  dialog: MessageDialog | null;
  errorPage: ErrorPageState | null;
  snackbar: Snackbar | null;
  showDialog: (d: MessageDialog) => void;
  closeDialog: () => void;
  showErrorPage: (p: ErrorPageState | null) => void;
  snack: (text: string, action?: Snackbar['action']) => void;
  closeSnack: () => void;
};

/** Snackbars stay 5 s (docs/product.md §9). */
export const SNACKBAR_MS = 5000;
let snackSeq = 0;

export const useUI = create<UIState>((set) => ({
  dialog: null,
  errorPage: null,
  snackbar: null,
  // The first dialog wins: a burst of failing calls must not stack the same dialog.
  showDialog: (d) => set((s) => (s.dialog ? s : { dialog: d })),
  closeDialog: () => set({ dialog: null }),
  showErrorPage: (p) => set({ errorPage: p }),
  snack: (text, action) => {
    const id = ++snackSeq;
    set({ snackbar: { id, text, action } });
    setTimeout(() => set((s) => (s.snackbar?.id === id ? { snackbar: null } : s)), SNACKBAR_MS);
  },
  closeSnack: () => set({ snackbar: null }),
}));
