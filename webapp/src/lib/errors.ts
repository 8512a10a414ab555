/**
 * The global error handling of docs/product.md §8, as a pure function from a failed call to
 * what the screen does. The API client applies the outcome; tests check the table.
 */

export const MSG_NOT_ASSIGNED = 'You are trying to access account that you are not assigned to';
export const TITLE_NOT_FOUND = 'This Page Could Not Be Found';
export const TITLE_UNAVAILABLE = 'Service unavailable';
export const RETRY_HINT = 'Please try again in a few moments.';

/**
 * unavailableMessage is what a person reads when the server answers 503 (code
 * `unavailable`: one of its databases is down): the server's text naming the service,
 * then when to retry. Sign-in uses it too, since it shows its own errors inline.
 */
export function unavailableMessage(serverText?: string): string {
  return (serverText || 'A service Pricelens depends on is unavailable.') + ' ' + RETRY_HINT;
}

export type DialogButton = 'ok' | 'refresh' | 'cancel';

export type ErrorOutcome =
  | { kind: 'navigate'; to: string }
  | { kind: 'dialog'; title: string; message: string; buttons: DialogButton[]; after?: 'logout' | 'reload' }
  | { kind: 'page'; status: number; title: string; message: string; hideHome: boolean };

export type FailedCall = {
  status: number; // 0 = network failure / host not found
  code?: string;
  message?: string;
  path: string; // the browser's pathname when the call failed
  hasAccountParam?: boolean;
  errorId?: string;
  redirected?: boolean; // the server answered with a redirect (302)
};

export function classifyError(f: FailedCall): ErrorOutcome {
  const atRoot = f.path === '/' || f.path === '';
  if (f.redirected || f.status === 302) return { kind: 'navigate', to: '/login/logout' };
  if (f.status === 401) return { kind: 'navigate', to: loginWithReturn(f.path) };
  if (f.status === 440) {
    if (atRoot) return { kind: 'navigate', to: '/login' };
    return {
      kind: 'dialog',
      title: 'Session Expired',
      message: 'Your session has expired. Please login again.',
      buttons: ['ok'],
      after: 'logout',
    };
  }
  if (f.status === 409) {
    if (f.code === 'no_account') return { kind: 'navigate', to: '/account?navigationPage=' + encodeURIComponent(f.path) };
    if (atRoot) return { kind: 'navigate', to: '/login' };
    return {
      kind: 'dialog',
      title: 'Conflict',
      message: f.message || 'Oops, this page content no longer available...',
      buttons: ['ok'],
      after: 'reload',
    };
  }
  if (f.status === 403) {
    const notAssigned = f.hasAccountParam || f.code === 'not_assigned' || f.message === MSG_NOT_ASSIGNED;
    return {
      kind: 'page',
      status: 403,
      title: notAssigned ? 'Access denied' : 'Permission denied',
      message: notAssigned ? MSG_NOT_ASSIGNED : f.message || 'You do not have permission to do this.',
      hideHome: notAssigned,
    };
  }
  if (f.status === 404) {
    return { kind: 'page', status: 404, title: TITLE_NOT_FOUND, message: f.message || '', hideHome: false };
  }
  if (f.status === 0) {
    return {
      kind: 'dialog',
      title: 'No internet connection',
      message: "Sorry this page isn't available offline...",
      buttons: ['refresh', 'cancel'],
    };
  }
  if (f.status === 503) {
    // A known outage, not an unknown error: say which service and that retrying helps,
    // rather than the "other" dialog with an error id to quote to support.
    return { kind: 'dialog', title: TITLE_UNAVAILABLE, message: unavailableMessage(f.message), buttons: ['refresh', 'cancel'] };
  }
  if (f.status >= 400 && f.status < 500) {
    // Bad input: the server's message says what to change (docs/api-contract.md#conventions).
    return { kind: 'dialog', title: 'Message', message: f.message || 'The request was not accepted.', buttons: ['ok'] };
  }
  return {
    kind: 'dialog',
    title: 'Something went wrong, please retry!',
    message:
      'An unexpected error occurred... Error id: ' +
      (f.errorId || 'unknown') +
      '. If it happens again, contact support and quote this error id.',
    buttons: ['ok'],
  };
}

function loginWithReturn(path: string): string {
  if (!path || path === '/' || path.startsWith('/login')) return '/login';
  return '/login?navigationPage=' + encodeURIComponent(path);
}
