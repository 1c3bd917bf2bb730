import { afterEach, beforeEach, expect, test } from 'vitest';
import { signatureMessages as m } from '#shared/signatures/messages.ts';
import { lastStatus, rememberStatus, stateOfOutcome } from '#web/features/verification/lib/last-status.ts';

const store = new Map<string, string>();
beforeEach(() => {
  store.clear();
  (globalThis as { localStorage?: unknown }).localStorage = {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => void store.set(k, v),
  };
});
afterEach(() => {
  delete (globalThis as { localStorage?: unknown }).localStorage;
});

test('the last answer for a reference is kept with its time, whatever the case it was typed in', () => {
  rememberStatus('sig-20261123-abcd', 'valid', 1000);
  rememberStatus('SIG-20261123-ABCD', 'revoked', 2000);
  expect(lastStatus(' sig-20261123-ABCD ')).toEqual({ state: 'revoked', at: 2000 });
  expect(lastStatus('SIG-OTHER')).toBeNull();
});

test('answers that state no status are not kept, and a damaged store reads as empty', () => {
  rememberStatus('SIG-1', stateOfOutcome({ kind: 'unreachable' }, m.notFound));
  expect(lastStatus('SIG-1')).toBeNull();
  expect(stateOfOutcome({ kind: 'error', message: m.notFound }, m.notFound)).toBe('missing');
  expect(stateOfOutcome({ kind: 'captcha', message: 'x' }, m.notFound)).toBeNull();
  expect(stateOfOutcome({ kind: 'expired', message: 'x', expiresAt: null }, m.notFound)).toBe('expired');
  store.set('inkproof.last-status.v1', '{not json');
  expect(lastStatus('SIG-1')).toBeNull();
});

test('only the newest 200 references are kept', () => {
  for (let i = 0; i < 205; i++) rememberStatus(`SIG-${i}`, 'valid', i);
  expect(lastStatus('SIG-4')).toBeNull();
  expect(lastStatus('SIG-5')).toEqual({ state: 'valid', at: 5 });
  expect(lastStatus('SIG-204')).toEqual({ state: 'valid', at: 204 });
});
