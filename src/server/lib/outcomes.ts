/**
 * What a service or route answers when it cannot do what was asked. Thrown, and turned into a
 * status, `{ message }` and headers by one table in the error plugin (plugins/errors.ts), so no
 * handler picks a status by hand and the same outcome always answers the same way.
 */
export type OutcomeKind =
  | 'invalid'
  | 'unauthenticated'
  | 'forbidden'
  | 'not-found'
  | 'conflict'
  | 'gone'
  | 'too-large'
  | 'unprocessable'
  | 'unsupported-media'
  | 'throttled'
  | 'unavailable'
  | 'insufficient-storage';

export class Outcome extends Error {
  constructor(
    readonly kind: OutcomeKind,
    message: string,
    /** Extra fields of the answer beside `message` (a stable `code`, `captchaRequired`, …). */
    readonly fields: Record<string, unknown> = {},
    /** Seconds to wait: sent as Retry-After (throttled, unavailable). */
    readonly retryAfter?: number,
  ) {
    super(message);
    this.name = 'Outcome';
  }
}

type Fields = Record<string, unknown>;

/** 400: the input is well-formed but cannot be accepted (a wrong password, a reference in the past). */
export const invalid = (message: string, fields?: Fields) => new Outcome('invalid', message, fields);
/** 401: no signed-in caller. */
export const unauthenticated = (message: string, fields?: Fields) =>
  new Outcome('unauthenticated', message, fields);
/** 403: a caller who may not do this. */
export const forbidden = (message: string, fields?: Fields) => new Outcome('forbidden', message, fields);
/** 404: nothing the caller may see by that name. */
export const notFound = (message: string, fields?: Fields) => new Outcome('not-found', message, fields);
/** 409: the state changed or the name is taken. */
export const conflict = (message: string, fields?: Fields) => new Outcome('conflict', message, fields);
/** 410: it existed and is gone for good (an expired link). */
export const gone = (message: string, fields?: Fields) => new Outcome('gone', message, fields);
/** 413: over a size limit or a quota. */
export const tooLarge = (message: string, fields?: Fields) => new Outcome('too-large', message, fields);
/** 415: a file of a kind this does not take (an upload that is not a PDF). */
export const unsupportedMedia = (message: string, fields?: Fields) =>
  new Outcome('unsupported-media', message, fields);
/** 422: understood, but refused as a repeat of something else (an Idempotency-Key used with another request). */
export const unprocessable = (message: string, fields?: Fields) =>
  new Outcome('unprocessable', message, fields);
/** 429 with Retry-After. */
export const throttled = (message: string, retryAfter: number, fields?: Fields) =>
  new Outcome('throttled', message, fields, retryAfter);
/** 503: a part we depend on is not there now; Retry-After when we know how long. */
export const unavailable = (message: string, retryAfter?: number, fields?: Fields) =>
  new Outcome('unavailable', message, fields, retryAfter);

/** 507: our own storage is too full to keep what was sent. */
export const insufficientStorage = (message: string, fields?: Fields) =>
  new Outcome('insufficient-storage', message, fields);

/** The one table from outcome to HTTP status. */
export const outcomeStatus: Record<OutcomeKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  'not-found': 404,
  conflict: 409,
  gone: 410,
  'too-large': 413,
  'unsupported-media': 415,
  unprocessable: 422,
  throttled: 429,
  unavailable: 503,
  'insufficient-storage': 507,
};
