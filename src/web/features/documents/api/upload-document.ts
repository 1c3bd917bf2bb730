import type { DocumentSummary } from '#shared/documents/schemas.ts';
import { CSRF_HEADER } from '#shared/constants.ts';
import { ApiError, apiFetch, discardBody, reportSignedOut } from '#web/lib/api.ts';
import { getCsrfToken, storeCsrfToken } from '#web/lib/csrf.ts';

export interface UploadOptions {
  /** Fraction of the request body sent so far, 0 to 1. */
  onProgress: (fraction: number) => void;
  signal: AbortSignal;
}

interface XhrAnswer {
  status: number;
  statusText: string;
  text: string;
}

const aborted = () => new DOMException('The upload was cancelled', 'AbortError');

/** One XMLHttpRequest: unlike fetch, it reports how much of the body has been sent. */
function send(body: FormData, token: string | null, options: UploadOptions): Promise<XhrAnswer> {
  return new Promise((resolve, reject) => {
    if (options.signal.aborted) return reject(aborted());
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/documents/upload');
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    if (token) xhr.setRequestHeader(CSRF_HEADER, token);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) options.onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      const fresh = xhr.getResponseHeader(CSRF_HEADER);
      if (fresh) storeCsrfToken(fresh);
      resolve({ status: xhr.status, statusText: xhr.statusText, text: xhr.responseText });
    };
    // A refusal sent before the body has arrived (too large) may reach us only as a dropped connection.
    xhr.onerror = () => reject(new ApiError('', 0, null));
    xhr.onabort = () => reject(aborted());
    options.signal.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(body);
  });
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

const isCsrfRefusal = (answer: XhrAnswer, json: unknown) =>
  answer.status === 403 && (json as { code?: unknown } | undefined)?.code === 'csrf';

async function freshToken() {
  const response = await apiFetch('GET', '/api/csrf');
  discardBody(response);
  return getCsrfToken();
}

/**
 * POST /api/documents/upload (multipart name and file) with real progress. Like the shared request
 * helper, it fetches a CSRF token first when none is known, and once more after a CSRF refusal.
 */
export async function uploadDocument(
  name: string,
  file: File,
  options: UploadOptions,
): Promise<DocumentSummary> {
  const body = new FormData();
  body.append('name', name);
  body.append('file', file, file.name);
  let token = getCsrfToken() ?? (await freshToken());
  let answer = await send(body, token, options);
  let json = parse(answer.text);
  if (isCsrfRefusal(answer, json)) {
    token = await freshToken();
    options.onProgress(0);
    answer = await send(body, token, options);
    json = parse(answer.text);
  }
  if (answer.status >= 200 && answer.status < 300) return json as DocumentSummary;
  reportSignedOut(answer.status, json);
  const message = (json as { message?: unknown } | undefined)?.message;
  throw new ApiError(
    typeof message === 'string' && message ? message : answer.text.trim() || answer.statusText,
    answer.status,
    json,
  );
}
