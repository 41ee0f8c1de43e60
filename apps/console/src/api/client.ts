import { type Envelope, LOGOUT_CODES, SUCCESS_CODE, TIMEOUT_CODE, TOKEN_HEADER } from '@organiser/domain';
import { currentLanguage, i18n } from '../i18n/i18n';
import { resetToken, sessionStore } from '../state/session';
import { toastError, withFeedback } from './feedback';
import { takeInlinedAnswer } from './inlined-answers';

// The one HTTP client of the console: it applies the response rules to the API's envelope
// (`{success, code, message, content}`).

export type QueryValue = string | number | boolean | null | undefined;
export type Query = Record<string, QueryValue | QueryValue[]>;

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  query?: Query;
  /** A plain object is sent as JSON; FormData as multipart. */
  body?: unknown;
  signal?: AbortSignal;
  /** Milliseconds before a JSON call is abandoned. Uploads use `upload()`, which has no such limit. */
  timeoutMs?: number;
};

export type UploadOptions = {
  /** Extra multipart fields sent before the file (e.g. `kind`). */
  fields?: Record<string, string>;
  fieldName?: string;
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
};

/** A refused call: the envelope code (or 0 for network failures) and the text shown to the user. */
export class ApiError extends Error {
  readonly code: number;
  readonly status: number;
  readonly body: unknown;
  constructor(message: string, options: { code: number; status: number; body?: unknown }) {
    super(message);
    this.name = 'ApiError';
    this.code = options.code;
    this.status = options.status;
    this.body = options.body;
  }
}

const DEFAULT_TIMEOUT_MS = 30_000;

let apiBase = '';

/** The site variant decides the API base address; empty means this origin. */
export function setApiBase(base: string): void {
  apiBase = base.replace(/\/$/, '');
}

export function apiUrl(path: string, query?: Query): string {
  const clean = path.startsWith('/api/') ? path : `/api${path.startsWith('/') ? '' : '/'}${path}`;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item === undefined || item === null || item === '') continue;
      search.append(key, String(item));
    }
  }
  const qs = search.toString();
  return `${apiBase}${clean}${qs ? `?${qs}` : ''}`;
}

function headers(): Record<string, string> {
  const out: Record<string, string> = { 'Accept-Language': currentLanguage(), Accept: 'application/json' };
  const token = sessionStore.get().token;
  if (token) out[TOKEN_HEADER] = token;
  return out;
}

/**
 * For a page's own `.catch`: a refused call has already been shown to the user (toast or dialog), so it resolves
 * to `undefined`; anything else is a program error and is thrown on.
 */
export function ignoreShownError(error: unknown): undefined {
  if (error instanceof ApiError) return undefined;
  throw error;
}

// ---- what a body means ----

export type ResponseDecision =
  | { kind: 'resolve' }
  | { kind: 'error'; message: string }
  | { kind: 'timeout'; message: string }
  | { kind: 'logout'; message: string };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A body having both success and content is accepted as is. Otherwise a code other than 20000 shows
 * the server message (or "Error") and rejects; 401 and 50008/50012/50014 end the session.
 */
export function decideResponse(body: unknown): ResponseDecision {
  if (!isRecord(body)) return { kind: 'error', message: i18n.t('network.badResponse') };
  if ('success' in body && body.content !== null && body.content !== undefined) return { kind: 'resolve' };
  const code = Number(body.code);
  if (code === SUCCESS_CODE) return { kind: 'resolve' };
  const message = typeof body.message === 'string' && body.message ? body.message : i18n.t('common.error');
  if (code === TIMEOUT_CODE) return { kind: 'timeout', message };
  if ((LOGOUT_CODES as readonly number[]).includes(code)) return { kind: 'logout', message };
  return { kind: 'error', message };
}

// ---- session-ending dialogs: only one at a time, however many calls fail ----

let isSessionDialogOpen = false;

/** What "log in again" does after the token is cleared: a full reload, so the guard sends the user to /login. */
export const sessionEnd = { reload: () => window.location.reload() };

function endSession(): void {
  resetToken();
  sessionEnd.reload();
}

function showTimeoutDialog(): void {
  if (isSessionDialogOpen) return;
  isSessionDialogOpen = true;
  withFeedback((f) =>
    f.modal.warning({
      title: i18n.t('session.timeoutTitle'),
      content: i18n.t('session.timeoutContent'),
      okText: i18n.t('session.loginAgain'),
      keyboard: false,
      maskClosable: false,
      onOk: () => {
        isSessionDialogOpen = false;
        endSession();
      },
    }),
  );
}

function showLogoutDialog(message: string): void {
  if (isSessionDialogOpen) return;
  isSessionDialogOpen = true;
  toastError(message);
  withFeedback((f) =>
    f.modal.confirm({
      title: i18n.t('session.logoutTitle'),
      content: i18n.t('session.logoutContent'),
      okText: i18n.t('session.reLogin'),
      cancelText: i18n.t('common.cancel'),
      onOk: () => {
        isSessionDialogOpen = false;
        endSession();
      },
      onCancel: () => {
        isSessionDialogOpen = false;
      },
    }),
  );
}

/** Test hook: forget an open session dialog between tests. */
export function resetClientState(): void {
  isSessionDialogOpen = false;
}

function settle<T>(body: unknown, status: number): Envelope<T> {
  const decision = decideResponse(body);
  if (decision.kind === 'resolve') return body as Envelope<T>;
  const code = isRecord(body) ? Number(body.code) || status : status;
  if (decision.kind === 'timeout') showTimeoutDialog();
  else if (decision.kind === 'logout') showLogoutDialog(decision.message);
  else toastError(decision.message);
  throw new ApiError(decision.message, { code, status, body });
}

function networkFailure(message: string): never {
  toastError(message);
  throw new ApiError(message, { code: 0, status: 0 });
}

/**
 * Calls the API and applies the response rules. Resolves with the whole envelope
 * (`{success, code, message, content}`): a page checks `success` itself for refusals that carry content
 * (login, validation).
 */
export async function request<T = unknown>(path: string, options: RequestOptions = {}): Promise<Envelope<T>> {
  const { method = 'GET', query, body, signal, timeoutMs = DEFAULT_TIMEOUT_MS } = options;
  const url = apiUrl(path, query);
  if (body === undefined) {
    // an answer the server wrote into the page for this call, taken once at boot (./inlined-answers.ts)
    const inlined = takeInlinedAnswer(`${method} ${url}`, sessionStore.get().token, currentLanguage());
    if (inlined !== undefined) return settle<T>(inlined, 200);
  }
  const init: RequestInit = { method, headers: headers(), credentials: 'same-origin' };
  if (body instanceof FormData) init.body = body;
  else if (body !== undefined) {
    init.body = JSON.stringify(body);
    (init.headers as Record<string, string>)['Content-Type'] = 'application/json';
  }
  const timeout = AbortSignal.timeout(timeoutMs);
  init.signal = signal ? AbortSignal.any([signal, timeout]) : timeout;

  let response: Response;
  try {
    response = await fetch(url, init);
  } catch (error) {
    if (signal?.aborted) throw error;
    const timedOut = timeout.aborted;
    return networkFailure(i18n.t(timedOut ? 'network.timeout' : 'network.failed'));
  }
  let parsed: unknown;
  try {
    parsed = await response.json();
  } catch {
    return networkFailure(
      response.ok ? i18n.t('network.badResponse') : `${i18n.t('network.failed')} (HTTP ${response.status})`,
    );
  }
  return settle<T>(parsed, response.status);
}

export const http = {
  get: <T>(path: string, query?: Query, options?: Omit<RequestOptions, 'method' | 'query'>) =>
    request<T>(path, { ...options, method: 'GET', query }),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...options, method: 'PUT', body }),
  delete: <T>(path: string, options?: Omit<RequestOptions, 'method'>) =>
    request<T>(path, { ...options, method: 'DELETE' }),
};

/** Builds a multipart body from plain values (the spec's "multipart form" calls). */
export function formData(values: Record<string, string | Blob | undefined | null>): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(values)) {
    if (value !== undefined && value !== null) data.append(key, value);
  }
  return data;
}

/**
 * Uploads a file with progress (XMLHttpRequest: fetch has no upload progress) and no timeout, so a 200 MB
 * video is not cut off. Same response rules as `request`.
 */
export function upload<T = string>(
  path: string,
  file: Blob,
  options: UploadOptions = {},
): Promise<Envelope<T>> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const data = new FormData();
    for (const [key, value] of Object.entries(options.fields ?? {})) data.append(key, value);
    data.append(options.fieldName ?? 'file', file);
    xhr.open('POST', apiUrl(path));
    for (const [key, value] of Object.entries(headers())) xhr.setRequestHeader(key, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      let parsed: unknown;
      try {
        parsed = JSON.parse(xhr.responseText);
      } catch {
        try {
          networkFailure(`${i18n.t('network.failed')} (HTTP ${xhr.status})`);
        } catch (error) {
          reject(error);
        }
        return;
      }
      try {
        resolve(settle<T>(parsed, xhr.status));
      } catch (error) {
        reject(error);
      }
    };
    xhr.onerror = () => {
      try {
        networkFailure(i18n.t('network.failed'));
      } catch (error) {
        reject(error);
      }
    };
    xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(data);
  });
}
