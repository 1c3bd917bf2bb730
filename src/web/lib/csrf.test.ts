import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '#web/lib/api.ts';
import { getCsrfToken } from '#web/lib/csrf.ts';

/** A page with the token in the places given, recording which places are read. */
function page(at: { input?: string; meta?: string; storage?: string; cookie?: string; window?: string }) {
  const read: string[] = [];
  const win: Record<string, unknown> = { location: { search: '' } };
  Object.defineProperty(win, 'csrfToken', {
    get: () => (read.push('window'), at.window),
  });
  vi.stubGlobal('window', win);
  const doc = {
    body: { querySelector: () => (read.push('input'), at.input ? { value: at.input } : null) },
    querySelector: () => (read.push('meta'), at.meta ? { content: at.meta } : null),
  };
  Object.defineProperty(doc, 'cookie', {
    get: () => (read.push('cookie'), at.cookie ? `other=1; csrf-token=${at.cookie}` : 'other=1'),
  });
  vi.stubGlobal('document', doc);
  vi.stubGlobal('localStorage', { getItem: () => (read.push('storage'), at.storage ?? null) });
  return read;
}

describe('getCsrfToken', () => {
  beforeEach(() => vi.unstubAllGlobals());
  afterEach(() => vi.unstubAllGlobals());

  it('looks in the spec’s order: hidden input, meta tag, local storage, cookie, window variable', () => {
    const read = page({ window: 'from-window' });
    expect(getCsrfToken()).toBe('from-window');
    expect(read).toEqual(['input', 'meta', 'storage', 'cookie', 'window']);
    page({ storage: 'from-storage', cookie: 'from-cookie', window: 'from-window' });
    expect(getCsrfToken()).toBe('from-storage');
    page({ cookie: 'from-cookie', window: 'from-window' });
    expect(getCsrfToken()).toBe('from-cookie');
    page({ meta: 'from-meta', storage: 'from-storage' });
    expect(getCsrfToken()).toBe('from-meta');
  });

  it('for a read, looks in the page only: local storage and the cookie are not touched', () => {
    const read = page({ storage: 'from-storage', cookie: 'from-cookie' });
    expect(getCsrfToken({ inPage: true })).toBeNull();
    expect(read).toEqual(['input', 'meta', 'window']);
    page({ input: 'from-input', storage: 'from-storage' });
    expect(getCsrfToken({ inPage: true })).toBe('from-input');
    page({ window: 'from-window', cookie: 'from-cookie' });
    expect(getCsrfToken({ inPage: true })).toBe('from-window');
  });

  it('skips what is not a token', () => {
    page({ input: 'bad token; with spaces', storage: 'good.token' });
    expect(getCsrfToken()).toBe('good.token');
  });
});

describe('the API client and the token', () => {
  beforeEach(() => vi.unstubAllGlobals());
  afterEach(() => vi.unstubAllGlobals());

  function sent() {
    const headers: Array<string | null> = [];
    vi.stubGlobal('fetch', (_url: string, init: RequestInit) => {
      headers.push(new Headers(init.headers).get('x-csrf-token'));
      return Promise.resolve(new Response('{}', { headers: { 'content-type': 'application/json' } }));
    });
    return headers;
  }

  it('a read sends the token the page holds, without reading local storage or the cookie', async () => {
    const read = page({ storage: 'from-storage', cookie: 'from-cookie' });
    const headers = sent();
    await api.get('/api/site-settings');
    expect(headers).toEqual([null]);
    expect(read).not.toContain('storage');
    expect(read).not.toContain('cookie');
    page({ meta: 'from-meta' });
    await api.get('/api/site-settings');
    expect(headers).toEqual([null, 'from-meta']);
  });

  it('a state change finds the token kept by an earlier visit', async () => {
    page({ storage: 'from-storage' });
    const headers = sent();
    await api.post('/api/verify/lookup', { reference: 'x' });
    expect(headers).toEqual(['from-storage']);
  });
});
