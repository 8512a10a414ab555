/**
 * The upload dialog's rules (docs/product.md §4 Upload dialog, §5 CSV upload, §8
 * Upload rows, §9 limits) as pure functions: the file checks made before anything is
 * sent, the dialog's state machine, and what a server answer means for the dialog.
 * The server makes the same file checks (api/upload); these spare a 200 MB round trip.
 */

/** The specification's upload messages, verbatim (docs/product.md §5, §8). */
export const UPLOAD_MSG = {
  type: 'File type is incorrect. Please upload csv file.',
  nameLong: 'File name is too long. Please enter a max of 100 characters',
  tooBig: "File size can't be bigger than 200M",
  other: "can't upload this file",
  failed: 'an error occurred, please try again',
} as const;

/** docs/product.md §9: at most 209715200 bytes and a name of at most 100 characters. */
export const MAX_UPLOAD_BYTES = 209715200;
export const MAX_UPLOAD_NAME = 100;

/** checkUploadFile is the message a chosen file is refused with, or null. accept lists extensions ('.csv'). */
export function checkUploadFile(file: { name: string; size: number }, accept: readonly string[] = ['.csv']): string | null {
  const name = file.name.toLowerCase();
  if (!accept.some((ext) => name.endsWith(ext.toLowerCase()))) return UPLOAD_MSG.type;
  if (file.name.length > MAX_UPLOAD_NAME) return UPLOAD_MSG.nameLong;
  if (file.size > MAX_UPLOAD_BYTES) return UPLOAD_MSG.tooBig;
  return null;
}

/** UploadResult is a server's answer to an upload: its status and body text. */
export type UploadResult = { status: number; text: string };

/**
 * uploadOutcome reads an answer (docs/product.md §4, §8): 200 succeeded; 400 shows the response
 * text (the message of our error body, which lists refused rows); any other failure
 * shows the message field of a JSON body, else 'an error occurred, please try again'.
 */
export function uploadOutcome(r: UploadResult): { ok: true } | { ok: false; message: string } {
  if (r.status === 200) return { ok: true };
  const message = jsonMessage(r.text);
  if (r.status === 400) return { ok: false, message: message ?? (r.text.trim() || UPLOAD_MSG.other) };
  return { ok: false, message: message ?? UPLOAD_MSG.failed };
}

function jsonMessage(text: string): string | null {
  try {
    const data: unknown = JSON.parse(text);
    if (!data || typeof data !== 'object') return null;
    const inner = 'error' in data && data.error && typeof data.error === 'object' ? data.error : data;
    return 'message' in inner && typeof inner.message === 'string' && inner.message ? inner.message : null;
  } catch {
    return null;
  }
}

/** The dialog's states (docs/product.md §4): idle, error, processing; the file chosen and the message shown. */
export type UploadState = { phase: 'idle' | 'error' | 'processing'; file: File | null; message: string };

export type UploadEvent =
  | { type: 'choose'; file: File | null; accept?: readonly string[] }
  | { type: 'start' }
  | { type: 'failed'; message: string };

export const initialUploadState: UploadState = { phase: 'idle', file: null, message: '' };

/**
 * uploadReducer: choosing a file checks it (a refused file is an error and not kept);
 * start goes to processing; a failure shows its message with Upload disabled until
 * another file is chosen. Success is not a state: the dialog closes.
 */
export function uploadReducer(s: UploadState, e: UploadEvent): UploadState {
  switch (e.type) {
    case 'choose': {
      if (s.phase === 'processing') return s;
      if (!e.file) return initialUploadState;
      const refused = checkUploadFile(e.file, e.accept);
      return refused ? { phase: 'error', file: null, message: refused } : { phase: 'idle', file: e.file, message: '' };
    }
    case 'start':
      return s.phase === 'idle' && s.file ? { ...s, phase: 'processing', message: '' } : s;
    case 'failed':
      return { ...s, phase: 'error', message: e.message };
  }
}

/** Which buttons are enabled: Upload once a file is added (idle), Cancel except while processing. */
export function uploadButtons(s: UploadState): { upload: boolean; cancel: boolean } {
  return { upload: s.phase === 'idle' && s.file !== null, cancel: s.phase !== 'processing' };
}
