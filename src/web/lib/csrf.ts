/**
 * CSRF token storage of the spec. The token is kept in several places so that any code
 * path (fetch, a plain form post, a reload) can find it; the server checks it against the session.
 */
const STORAGE_KEY = 'csrf-token';
const COOKIE_NAME = 'csrf-token';
const META_NAME = 'csrf-token';
const INPUT_NAME = '_csrf';
const RESPONSE_MAX_AGE_S = 86_400;
const URL_MAX_AGE_S = 3_600;
// Anything else could not travel in a header (Headers.set throws) or would let a crafted URL inject cookie attributes.
const TOKEN_PATTERN = /^[A-Za-z0-9._~+/=-]{1,512}$/;

declare global {
  interface Window {
    csrfToken?: string;
  }
}

export type CsrfSource = 'response' | 'url';

const isValid = (token: string | null | undefined): token is string =>
  typeof token === 'string' && TOKEN_PATTERN.test(token);

function attempt(step: () => void) {
  try {
    step();
  } catch (error) {
    console.error('Could not store the CSRF token', error);
  }
}

function upsertMeta(token: string) {
  let meta = document.querySelector<HTMLMetaElement>(`meta[name="${META_NAME}"]`);
  if (!meta) {
    meta = document.createElement('meta');
    meta.name = META_NAME;
    document.head.append(meta);
  }
  meta.content = token;
}

function upsertHiddenInput(token: string) {
  let input = document.body.querySelector<HTMLInputElement>(`:scope > input[name="${INPUT_NAME}"]`);
  if (!input) {
    input = document.createElement('input');
    input.type = 'hidden';
    input.name = INPUT_NAME;
    document.body.append(input);
  }
  input.value = token;
}

export function storeCsrfToken(token: string, source: CsrfSource = 'response') {
  if (!isValid(token) || window.csrfToken === token) return;
  const maxAge = source === 'url' ? URL_MAX_AGE_S : RESPONSE_MAX_AGE_S;
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  attempt(() => localStorage.setItem(STORAGE_KEY, token));
  attempt(() => {
    document.cookie = `${COOKIE_NAME}=${encodeURIComponent(token)}; path=/; SameSite=Lax; max-age=${maxAge}${secure}`;
  });
  attempt(() => upsertMeta(token));
  attempt(() => upsertHiddenInput(token));
  attempt(() => {
    window.csrfToken = token;
  });
}

function readCookie(): string | null {
  const entry = document.cookie.split('; ').find((c) => c.startsWith(`${COOKIE_NAME}=`));
  return entry ? decodeURIComponent(entry.slice(COOKIE_NAME.length + 1)) : null;
}

type Lookup = () => string | null | undefined;
const fromInput: Lookup = () =>
  document.body.querySelector<HTMLInputElement>(`input[name="${INPUT_NAME}"]`)?.value;
const fromMeta: Lookup = () => document.querySelector<HTMLMetaElement>(`meta[name="${META_NAME}"]`)?.content;
const fromWindow: Lookup = () => window.csrfToken;
const lookups: Lookup[] = [
  fromInput,
  fromMeta,
  () => localStorage.getItem(STORAGE_KEY),
  readCookie,
  fromWindow,
];
/**
 * The places in the page itself, which every answer bringing a token fills in. Local storage and
 * the cookie are each a synchronous round trip to the browser process; the first one on a page
 * can take tens of milliseconds on a busy phone, in the middle of the first render's effects.
 */
const pageLookups: Lookup[] = [fromInput, fromMeta, fromWindow];

/**
 * Lookup order of the spec: URL parameter csrf, hidden input, meta tag, localStorage, cookie,
 * window variable. `inPage` (reads: the server checks the token on state changes only) skips
 * local storage and the cookie: a token known from an earlier visit is found there by the first
 * state change, and every answer of a session brings the token, which is then kept in the page.
 */
export function getCsrfToken({ inPage = false }: { inPage?: boolean } = {}): string | null {
  const fromUrl = new URLSearchParams(window.location.search).get('csrf');
  if (isValid(fromUrl)) {
    storeCsrfToken(fromUrl, 'url');
    return fromUrl;
  }
  for (const lookup of inPage ? pageLookups : lookups) {
    try {
      const token = lookup();
      if (isValid(token)) return token;
    } catch {
      // storage can be blocked (private mode, sandboxed frames); try the next place
    }
  }
  return null;
}

export function rememberCsrfFromResponse(response: Response) {
  const token = response.headers.get('x-csrf-token');
  if (token) storeCsrfToken(token);
}

export function rememberCsrfFromBody(body: unknown) {
  if (body && typeof body === 'object' && '_csrf' in body) {
    const token = (body as { _csrf: unknown })._csrf;
    if (typeof token === 'string') storeCsrfToken(token);
  }
}
