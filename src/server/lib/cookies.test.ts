import { expect, test } from 'vitest';
import { readCookie, serializeCookie } from './cookies.ts';

test('reads the named cookie among others, whatever the spacing', () => {
  expect(readCookie('a=1; inkproof_session=abc-DEF_9; b=2', 'inkproof_session')).toBe('abc-DEF_9');
  expect(readCookie('inkproof_session=x;b=2', 'inkproof_session')).toBe('x');
  expect(readCookie('  inkproof_session = "quoted" ', 'inkproof_session')).toBe('quoted');
  expect(readCookie('inkproof_session=a%20b', 'inkproof_session')).toBe('a b');
});

test('a missing, prefixed or malformed cookie reads as absent', () => {
  expect(readCookie(undefined, 'sid')).toBeUndefined();
  expect(readCookie('', 'sid')).toBeUndefined();
  expect(readCookie('xsid=1; sidx=2; flag', 'sid')).toBeUndefined();
  expect(readCookie('sid=%E0%A4%A', 'sid')).toBeUndefined();
  expect(readCookie('sid=first; sid=second', 'sid')).toBe('first');
});

test('serialises with the attributes asked for, and deletes with Max-Age 0', () => {
  expect(serializeCookie('sid', 'a b', { maxAge: 60.9, httpOnly: true, sameSite: 'Lax', secure: true })).toBe(
    'sid=a%20b; Max-Age=60; Path=/; HttpOnly; Secure; SameSite=Lax',
  );
  expect(serializeCookie('sid', '', { maxAge: 0 })).toBe(
    'sid=; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Path=/',
  );
});
