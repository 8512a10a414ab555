import type { ExportState } from '../api/exports';

/** The Exporting report dialog's cadence (docs/product.md §9): one status call a second, at most 60. */
export const EXPORT_POLL_MS = 1000;
export const EXPORT_MAX_TRIES = 60;

/** timeLeft is the dialog's "time left": Unknown while the server cannot tell yet. */
export function timeLeft(s: Pick<ExportState, 'eta_seconds' | 'status'> | null): string {
  if (!s || s.status === 'queued' || s.eta_seconds === null || s.eta_seconds === undefined) return 'Unknown';
  const sec = Math.max(0, Math.ceil(s.eta_seconds));
  if (sec < 60) return `${sec} s`;
  const min = Math.floor(sec / 60);
  return `${min} min ${sec % 60} s`;
}

/** percentText is the progress as a whole percent. */
export function percentText(s: Pick<ExportState, 'percent'> | null): string {
  return `${Math.floor(s?.percent ?? 0)}%`;
}
