import { describe, expect, test } from 'vitest';
import { checkUploadFile, initialUploadState, uploadButtons, uploadOutcome, uploadReducer, UPLOAD_MSG, MAX_UPLOAD_BYTES } from './upload';

const file = (name: string, size = 10) => new File(['x'.repeat(size)], name, { type: 'text/csv' });

describe('upload file checks (docs/product.md §5, §9)', () => {
  test('csv only, name at most 100 characters, size at most 200 MB', () => {
    expect(checkUploadFile({ name: 'a.csv', size: 1 })).toBeNull();
    expect(checkUploadFile({ name: 'A.CSV', size: 1 })).toBeNull();
    expect(checkUploadFile({ name: 'a.xlsx', size: 1 })).toBe('File type is incorrect. Please upload csv file.');
    expect(checkUploadFile({ name: 'x'.repeat(96) + '.csv', size: 1 })).toBeNull();
    expect(checkUploadFile({ name: 'x'.repeat(97) + '.csv', size: 1 })).toBe('File name is too long. Please enter a max of 100 characters');
    expect(checkUploadFile({ name: 'a.csv', size: MAX_UPLOAD_BYTES })).toBeNull();
    expect(checkUploadFile({ name: 'a.csv', size: 209715201 })).toBe("File size can't be bigger than 200M");
  });
});

describe('upload answers (docs/product.md §8)', () => {
  test('200 succeeds', () => {
    expect(uploadOutcome({ status: 200, text: '{"changed":3}' })).toEqual({ ok: true });
  });
  test('400 shows the response text: our error body gives its message, plain text shows as is', () => {
    const body = JSON.stringify({ error: { code: 'rows_refused', message: 'Nothing was applied\nrow 2: unknown FSN' } });
    expect(uploadOutcome({ status: 400, text: body })).toEqual({ ok: false, message: 'Nothing was applied\nrow 2: unknown FSN' });
    expect(uploadOutcome({ status: 400, text: 'bad file' })).toEqual({ ok: false, message: 'bad file' });
  });
  test('other failures show the JSON message, else the fallback', () => {
    expect(uploadOutcome({ status: 413, text: JSON.stringify({ error: { message: UPLOAD_MSG.tooBig } }) })).toEqual({ ok: false, message: UPLOAD_MSG.tooBig });
    expect(uploadOutcome({ status: 500, text: JSON.stringify({ message: 'disk full' }) })).toEqual({ ok: false, message: 'disk full' });
    expect(uploadOutcome({ status: 502, text: '<html>Bad gateway</html>' })).toEqual({ ok: false, message: 'an error occurred, please try again' });
    expect(uploadOutcome({ status: 0, text: '' })).toEqual({ ok: false, message: 'an error occurred, please try again' });
  });
});

describe('upload dialog states (docs/product.md §4)', () => {
  test('Upload is enabled once a file is added; Cancel is enabled when idle', () => {
    expect(uploadButtons(initialUploadState)).toEqual({ upload: false, cancel: true });
    const s = uploadReducer(initialUploadState, { type: 'choose', file: file('a.csv') });
    expect(s.phase).toBe('idle');
    expect(uploadButtons(s)).toEqual({ upload: true, cancel: true });
  });
  test('a refused file is an error with its message and is not kept', () => {
    const s = uploadReducer(initialUploadState, { type: 'choose', file: file('a.txt') });
    expect(s).toEqual({ phase: 'error', file: null, message: UPLOAD_MSG.type });
    expect(uploadButtons(s)).toEqual({ upload: false, cancel: true });
  });
  test('processing disables both buttons and ignores another file', () => {
    const chosen = uploadReducer(initialUploadState, { type: 'choose', file: file('a.csv') });
    const p = uploadReducer(chosen, { type: 'start' });
    expect(p.phase).toBe('processing');
    expect(uploadButtons(p)).toEqual({ upload: false, cancel: false });
    expect(uploadReducer(p, { type: 'choose', file: file('b.csv') })).toBe(p);
  });
  test('a failure shows its message, re-enables Cancel, disables Upload until another file is chosen', () => {
    const p = uploadReducer(uploadReducer(initialUploadState, { type: 'choose', file: file('a.csv') }), { type: 'start' });
    const e = uploadReducer(p, { type: 'failed', message: 'row 2: unknown FSN' });
    expect(e.phase).toBe('error');
    expect(e.message).toBe('row 2: unknown FSN');
    expect(uploadButtons(e)).toEqual({ upload: false, cancel: true });
    expect(uploadReducer(e, { type: 'start' })).toBe(e);
    const again = uploadReducer(e, { type: 'choose', file: file('b.csv') });
    expect(uploadButtons(again)).toEqual({ upload: true, cancel: true });
  });
  test('start without a file does nothing', () => {
    expect(uploadReducer(initialUploadState, { type: 'start' })).toBe(initialUploadState);
  });
});
