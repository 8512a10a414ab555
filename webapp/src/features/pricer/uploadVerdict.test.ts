import { expect, test } from 'vitest';
import { followUpload, uploadVerdict } from './uploadVerdict';
import type { UploadFile } from './api/uploads';

const file = (x: Partial<UploadFile>): UploadFile =>
  ({ id: 7, kind: 'contract', file_name: 'c.csv', status: 'queued', rows_total: 5, rows_applied: 0, rows_refused: 0, error: '', uploaded_by: 'a', uploaded_at: '', refused: null, ...x }) as UploadFile;

test('issue 29: the dialog waits for the job and says why a file was refused', async () => {
  expect(uploadVerdict(file({ status: 'processing' }))).toEqual({ done: false });
  expect(uploadVerdict(file({ status: 'done', rows_applied: 5 }))).toEqual({ done: true, message: null });
  const refused = file({ status: 'failed', rows_refused: 1, error: 'Nothing was changed: 1 of 5 rows were refused.', refused: [{ line: 3, fsn: 'P9', reason: 'the price is not a number' }] });
  expect(uploadVerdict(refused)).toEqual({ done: true, message: 'Nothing was changed: 1 of 5 rows were refused. Line 3 (P9): the price is not a number.' });

  // Queued, processing, then refused: the message after three asks, without waiting for real.
  const seen: number[] = [];
  const states = [file({}), file({ status: 'processing' }), refused];
  const get = async (id: number) => (seen.push(id), states[Math.min(seen.length - 1, states.length - 1)]);
  expect(await followUpload(JSON.stringify({ id: 7, status: 'queued' }), get, async () => {})).toContain('Line 3 (P9)');
  expect(seen).toEqual([7, 7, 7]);
  // Applied whole: null (the dialog closes as a success); an answer without an id too.
  expect(await followUpload('{"id":7}', async () => file({ status: 'done' }), async () => {})).toBeNull();
  expect(await followUpload('ok', get, async () => {})).toBeNull();
  // Still processing after the limit: the list takes over.
  expect(await followUpload('{"id":7}', async () => file({ status: 'processing' }), async () => {}, 1000)).toBeNull();
});
