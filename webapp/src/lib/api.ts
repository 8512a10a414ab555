import { readCookie } from './cookies';
import { classifyError, type ErrorOutcome } from './errors';
import type { ErrorBody } from '../api/route';
import type { UploadResult } from './upload';

/** ApiError is a failed /api call: the HTTP status, the docs/api-contract.md#conventions error body and the X-Request-Id header. */
export class ApiError extends Error {
  status: number;
  code: string;
  field: string;
  errorId: string;
  constructor(status: number, code: string, message: string, field = '', errorId = '') {
    super(message || `request failed (${status})`);
    this.status = status;
    this.code = code;
    this.field = field;
    this.errorId = errorId;
  }
}

type Handler = (o: ErrorOutcome, e: ApiError) => void;
let globalHandler: Handler = () => {};

/** setGlobalErrorHandler is called once by the app shell; it shows dialogs/pages. */
export function setGlobalErrorHandler(h: Handler): void {
  globalHandler = h;
}

export type RequestOptions = {
  /** statuses the caller handles itself (no global dialog); true = all of them. */
  quiet?: boolean | number[];
  signal?: AbortSignal;
  /** extra request headers (the insights' bearer token). */
  headers?: Record<string, string>;
};

let csrfFallback = '';
export function rememberCsrf(token: string | undefined): void {
  if (token) csrfFallback = token;
}

export async function request<T>(method: string, path: string, body?: unknown, opts: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', ...opts.headers };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (method !== 'GET') {
    const token = readCookie('pricelens_csrf') || csrfFallback;
    if (token) headers['X-CSRF-Token'] = token;
  }
  let res: Response;
  try {
    res = await fetch('/api' + path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
      redirect: 'manual',
      signal: opts.signal,
    });
  } catch (err) {
    if (opts.signal?.aborted) throw err;
    return fail(new ApiError(0, 'offline', 'network failure'), opts);
  }
  if (res.type === 'opaqueredirect') return fail(new ApiError(302, 'redirect', 'redirected'), opts);
  const text = await res.text();
  let data: unknown = undefined;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = text;
    }
  }
  if (!res.ok) {
    const e = (data && typeof data === 'object' && 'error' in data ? (data as ErrorBody).error : undefined) ?? {};
    const message = e.message || (typeof data === 'string' ? data : '');
    return fail(new ApiError(res.status, e.code || '', message, e.field || '', res.headers.get('X-Request-Id') || ''), opts);
  }
  return data as T;
}

function fail(e: ApiError, opts: RequestOptions): never {
  const quiet = opts.quiet === true || (Array.isArray(opts.quiet) && opts.quiet.includes(e.status));
  if (!quiet) {
    const outcome = classifyError({
      status: e.status,
      code: e.code,
      message: e.message,
      path: window.location.pathname,
      hasAccountParam: new URLSearchParams(window.location.search).has('account_id'),
      errorId: e.errorId,
      redirected: e.status === 302,
    });
    globalHandler(outcome, e);
  }
  throw e;
}

/**
 * Exchange is a route's request body and answer, as src/api/route.ts names them (Route<path, method>
 * from the OpenAPI document): the api/ modules pass it as the type argument, so bodies and answers are checked against the contract.
 */
export type Exchange = { body: unknown; answer: unknown };

export const api = {
  get: <R extends Exchange>(path: string, opts?: RequestOptions) => request<R['answer']>('GET', path, undefined, opts),
  post: <R extends Exchange>(path: string, body?: R['body'], opts?: RequestOptions) => request<R['answer']>('POST', path, body ?? {}, opts),
  put: <R extends Exchange>(path: string, body?: R['body'], opts?: RequestOptions) => request<R['answer']>('PUT', path, body ?? {}, opts),
  patch: <R extends Exchange>(path: string, body?: R['body'], opts?: RequestOptions) => request<R['answer']>('PATCH', path, body ?? {}, opts),
  del: <R extends Exchange>(path: string, opts?: RequestOptions) => request<R['answer']>('DELETE', path, undefined, opts),
};

/**
 * uploadForm posts a multipart form (an upload dialog's file and fields) and answers
 * the status and body text, which the dialog reads itself (docs/product.md §8 Upload rows). Only
 * a lost session goes to the global handling (sign-in, Session Expired).
 */
export async function uploadForm(path: string, form: FormData, signal?: AbortSignal): Promise<UploadResult> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = readCookie('pricelens_csrf') || csrfFallback;
  if (token) headers['X-CSRF-Token'] = token;
  let res: Response;
  try {
    res = await fetch('/api' + path, { method: 'POST', headers, body: form, credentials: 'same-origin', redirect: 'manual', signal });
  } catch (err) {
    if (signal?.aborted) throw err;
    return { status: 0, text: '' };
  }
  if (res.type === 'opaqueredirect') return fail(new ApiError(302, 'redirect', 'redirected'), {});
  const text = await res.text();
  if (res.status === 401 || res.status === 440) return fail(new ApiError(res.status, '', ''), {});
  return { status: res.status, text };
}
