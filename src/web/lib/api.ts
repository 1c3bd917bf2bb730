import type { QueryFunction, QueryKey } from '@tanstack/react-query';
import { CSRF_HEADER, SIGNED_OUT_CODE } from '#shared/constants.ts';
import { getCsrfToken, rememberCsrfFromBody, rememberCsrfFromResponse } from '#web/lib/csrf.ts';
import { noteSessionTimeout } from '#web/lib/session/session-timeout.ts';

/** A non-OK answer. `message` follows the spec: JSON message, else the text body, else the status text. */
export class ApiError extends Error {
  readonly status: number;
  readonly data: unknown;

  constructor(message: string, status: number, data: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.data = data;
  }
}

export type On401 = 'throw' | 'returnNull';
export type QueryParams = Record<string, string | number | boolean | null | undefined>;

export interface FetchOptions {
  body?: unknown;
  query?: QueryParams;
  signal?: AbortSignal;
}

export interface RequestOptions extends FetchOptions {
  on401?: On401;
}

export function withQuery(path: string, query?: QueryParams): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}${path.includes('?') ? '&' : '?'}${search}` : path;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function send(method: string, path: string, options: FetchOptions): Promise<Response> {
  const headers = new Headers({ Accept: 'application/json' });
  const { body } = options;
  let payload: BodyInit | undefined;
  if (body instanceof FormData) {
    payload = body;
  } else if (body !== undefined) {
    headers.set('Content-Type', 'application/json');
    payload = JSON.stringify(body);
  }
  // A read needs no token (the server checks it on state changes), so one is sent only when the
  // page already holds it: looking in local storage and the cookie stays off the first render.
  const token = getCsrfToken({ inPage: SAFE_METHODS.has(method) });
  if (token) headers.set(CSRF_HEADER, token);
  return fetch(withQuery(path, options.query), {
    method,
    headers,
    body: payload,
    credentials: 'include',
    signal: options.signal,
  });
}

async function fetchCsrfToken(signal?: AbortSignal): Promise<boolean> {
  const response = await send('GET', '/api/csrf', { signal });
  rememberCsrfFromResponse(response);
  discardBody(response);
  return response.ok;
}

async function isCsrfRefusal(response: Response) {
  if (response.status !== 403) return false;
  try {
    const body: unknown = await response.clone().json();
    return typeof body === 'object' && body !== null && (body as { code?: unknown }).code === 'csrf';
  } catch {
    return false;
  }
}

let signedOutListener: (() => void) | null = null;

/**
 * Told when the server answers 401 'signed-out' (the session it had ended, e.g. idle there): the
 * session watcher then takes the user to sign in, instead of each page showing its own error.
 */
export function setSignedOutListener(listener: (() => void) | null) {
  signedOutListener = listener;
}

/** For answers that did not come through apiFetch (the upload's XMLHttpRequest). */
export function reportSignedOut(status: number, json: unknown) {
  if (status === 401 && (json as { code?: unknown } | undefined)?.code === SIGNED_OUT_CODE)
    signedOutListener?.();
}

function watchSession(response: Response) {
  noteSessionTimeout(response);
  if (response.status !== 401 || !signedOutListener) return;
  response
    .clone()
    .json()
    .then((json: unknown) => reportSignedOut(401, json))
    .catch(() => undefined);
}

/**
 * Sends one request with the shared behaviour and returns the raw response; never throws for a status.
 * A visitor without a session has no token yet, and a stored one may belong to an expired session:
 * GET /api/csrf fetches one before a state change when none is known, and after the server refuses
 * one (403, code 'csrf'), once, before the request is sent again.
 */
export async function apiFetch(method: string, path: string, options: FetchOptions = {}): Promise<Response> {
  if (!SAFE_METHODS.has(method) && !getCsrfToken()) await fetchCsrfToken(options.signal);
  let response = await send(method, path, options);
  rememberCsrfFromResponse(response);
  if ((await isCsrfRefusal(response)) && (await fetchCsrfToken(options.signal))) {
    discardBody(response);
    response = await send(method, path, options);
    rememberCsrfFromResponse(response);
  }
  watchSession(response);
  return response;
}

/** Lets go of a body nobody reads, so the browser can finish the request and reuse the connection. */
export function discardBody(response: Response) {
  response.body?.cancel().catch(() => undefined);
}

export interface ReadBody {
  text: string;
  json: unknown;
  isJson: boolean;
}

export async function readBody(response: Response): Promise<ReadBody> {
  const text = await response.text();
  if (!text) return { text, json: undefined, isJson: false };
  try {
    const json: unknown = JSON.parse(text);
    rememberCsrfFromBody(json);
    return { text, json, isJson: true };
  } catch {
    return { text, json: undefined, isJson: false };
  }
}

export function errorMessage(response: Response, body: ReadBody): string {
  const { json } = body;
  if (json && typeof json === 'object' && 'message' in json) {
    const message = (json as { message: unknown }).message;
    if (typeof message === 'string' && message) return message;
  }
  if (body.text.trim()) return body.text;
  return response.statusText || `Request failed with status ${response.status}`;
}

export async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  const response = await apiFetch(method, path, options);
  const body = await readBody(response);
  if (response.status === 401 && options.on401 === 'returnNull') return null as T;
  if (!response.ok) throw new ApiError(errorMessage(response, body), response.status, body.json);
  return (body.isJson ? body.json : body.text || null) as T;
}

type BodyOptions = Omit<RequestOptions, 'body'>;

export const api = {
  get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: BodyOptions) =>
    request<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: BodyOptions) =>
    request<T>('PUT', path, { ...options, body }),
  patch: <T>(path: string, body?: unknown, options?: BodyOptions) =>
    request<T>('PATCH', path, { ...options, body }),
  delete: <T>(path: string, options?: RequestOptions) => request<T>('DELETE', path, options),
};

const isPlainObject = (value: unknown): value is QueryParams =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Turns a query key into a URL: the first part is the path; each further string or number replaces
 * the next ':param' segment, or is appended as a segment; a trailing plain object becomes the query string.
 */
export function pathFromKey(queryKey: QueryKey): { path: string; query?: QueryParams } {
  const [first, ...rest] = queryKey;
  if (typeof first !== 'string') throw new Error('The first part of a query key must be a path');
  let path = first;
  let query: QueryParams | undefined;
  for (const part of rest) {
    if (part === undefined || part === null) continue;
    if (isPlainObject(part)) {
      query = { ...query, ...part };
      continue;
    }
    const segment = encodeURIComponent(String(part));
    const param = /\/:[A-Za-z_][A-Za-z0-9_]*/.exec(path);
    path = param
      ? `${path.slice(0, param.index)}/${segment}${path.slice(param.index + param[0].length)}`
      : `${path.replace(/\/$/, '')}/${segment}`;
  }
  return { path, query };
}

export function getQueryFn({ on401 = 'throw' }: { on401?: On401 } = {}): QueryFunction {
  return ({ queryKey, signal }) => {
    const { path, query } = pathFromKey(queryKey);
    return request<unknown>('GET', path, { query, signal, on401 });
  };
}

export const isAbortError = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError';
