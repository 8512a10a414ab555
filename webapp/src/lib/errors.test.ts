import { describe, expect, test } from 'vitest';
import { classifyError, MSG_NOT_ASSIGNED, RETRY_HINT, TITLE_NOT_FOUND, TITLE_UNAVAILABLE } from './errors';

describe('global error handling (docs/product.md §8)', () => {
  test('440 away from / opens the Session Expired dialog and then logs out', () => {
    expect(classifyError({ status: 440, path: '/pricing/type/all_my_products' })).toEqual({
      kind: 'dialog',
      title: 'Session Expired',
      message: 'Your session has expired. Please login again.',
      buttons: ['ok'],
      after: 'logout',
    });
  });
  test('440 at / goes to the sign-in page', () => {
    expect(classifyError({ status: 440, path: '/' })).toEqual({ kind: 'navigate', to: '/login' });
  });
  test('302 goes to logout', () => {
    expect(classifyError({ status: 0, redirected: true, path: '/saved_reports' })).toEqual({ kind: 'navigate', to: '/login/logout' });
  });
  test('409 shows the server message in a Conflict dialog that reloads', () => {
    const o = classifyError({ status: 409, message: 'A label with this name already exists', path: '/saved_reports' });
    expect(o).toMatchObject({ kind: 'dialog', title: 'Conflict', message: 'A label with this name already exists', after: 'reload' });
    expect(classifyError({ status: 409, path: '/x' })).toMatchObject({ message: 'Oops, this page content no longer available...' });
    expect(classifyError({ status: 409, path: '/' })).toEqual({ kind: 'navigate', to: '/login' });
  });
  test('409 without a chosen account goes to the account chooser and comes back', () => {
    expect(classifyError({ status: 409, code: 'no_account', path: '/saved_reports' })).toEqual({
      kind: 'navigate',
      to: '/account?navigationPage=%2Fsaved_reports',
    });
  });
  test('403 with an account_id shows the not-assigned page without the home button', () => {
    expect(classifyError({ status: 403, hasAccountParam: true, path: '/pricing/reports' })).toEqual({
      kind: 'page',
      status: 403,
      title: 'Access denied',
      message: MSG_NOT_ASSIGNED,
      hideHome: true,
    });
    expect(classifyError({ status: 403, message: 'Feature is locked for this user', path: '/x' })).toMatchObject({
      kind: 'page',
      message: 'Feature is locked for this user',
      hideHome: false,
    });
  });
  test('404 is the not-found page', () => {
    expect(classifyError({ status: 404, path: '/x' })).toMatchObject({ kind: 'page', status: 404, title: TITLE_NOT_FOUND });
  });
  test('offline asks to refresh', () => {
    expect(classifyError({ status: 0, path: '/x' })).toEqual({
      kind: 'dialog',
      title: 'No internet connection',
      message: "Sorry this page isn't available offline...",
      buttons: ['refresh', 'cancel'],
    });
  });
  test('a 500 names the error id', () => {
    const o = classifyError({ status: 500, errorId: 'req-42', path: '/x' });
    expect(o).toMatchObject({ kind: 'dialog', title: 'Something went wrong, please retry!' });
    expect(o.kind === 'dialog' && o.message).toContain('req-42');
  });
  test('401 returns to sign-in with the page to come back to', () => {
    expect(classifyError({ status: 401, path: '/saved_reports' })).toEqual({ kind: 'navigate', to: '/login?navigationPage=%2Fsaved_reports' });
  });
  test('400 shows the server message', () => {
    expect(classifyError({ status: 400, message: "Report name can't be empty.", path: '/x' })).toMatchObject({ kind: 'dialog', message: "Report name can't be empty." });
  });
  test('503 names the unavailable service and says to retry, not the unknown-error dialog', () => {
    const o = classifyError({ status: 503, code: 'unavailable', message: 'The reporting database (ClickHouse) is unavailable.', errorId: 'req-7', path: '/saved_reports' });
    expect(o).toEqual({
      kind: 'dialog',
      title: TITLE_UNAVAILABLE,
      message: 'The reporting database (ClickHouse) is unavailable. ' + RETRY_HINT,
      buttons: ['refresh', 'cancel'],
    });
    expect(o.kind === 'dialog' && o.message).not.toContain('req-7');
    expect(classifyError({ status: 503, path: '/x' })).toMatchObject({ kind: 'dialog', title: TITLE_UNAVAILABLE });
  });
});
