import type { UploadFile } from './api/uploads';

/**
 * What the upload dialog says about a file of the Upload Files screen once the server took it
 * (issue 29: the dialog closed as a success for a file its job then refused, and the refusal
 * showed only in the list). The answer of the upload is the queued file; the dialog follows it
 * (getUploadFile) while it is queued or processing, with its progress bar, and then closes for a
 * file applied whole or shows the refusal. Pure but for the calls it is given: unit-tested.
 */

/** uploadVerdict: not done while queued or processing; done with null (applied whole) or the refusal in words. */
export function uploadVerdict(u: UploadFile): { done: false } | { done: true; message: string | null } {
  if (u.status === 'queued' || u.status === 'processing') return { done: false };
  if (u.status === 'done') return { done: true, message: null };
  const rows = (u.refused ?? []).slice(0, 5).map((r) => `Line ${r.line}${r.fsn ? ` (${r.fsn})` : ''}: ${r.reason}.`);
  const head = u.error || `Nothing was changed: ${u.rows_refused} of ${u.rows_total} rows were refused.`;
  return { done: true, message: [head, ...(u.error.includes('Line ') ? [] : rows)].join(' ') };
}

/** FOLLOW_MS is how often the dialog asks; FOLLOW_LIMIT_MS how long before it leaves the job to the list. */
export const FOLLOW_MS = 500;
export const FOLLOW_LIMIT_MS = 5 * 60 * 1000;

/**
 * followUpload reads the upload's answer (the queued file), then asks get(id) until the file is
 * done: null when applied whole (or after the limit, the list then shows it), else the refusal.
 */
export async function followUpload(
  answer: string,
  get: (id: number) => Promise<UploadFile>,
  wait: (ms: number) => Promise<void> = (ms) => new Promise((r) => setTimeout(r, ms)),
  limitMs = FOLLOW_LIMIT_MS,
): Promise<string | null> {
  let id: number;
  try {
    id = Number((JSON.parse(answer) as { id?: unknown }).id);
  } catch {
    return null;
  }
  if (!Number.isFinite(id) || id <= 0) return null;
  for (let waited = 0; waited <= limitMs; waited += FOLLOW_MS) {
    const v = uploadVerdict(await get(id));
    if (v.done) return v.message;
    await wait(FOLLOW_MS);
  }
  return null;
}
