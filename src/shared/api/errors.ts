/**
 * The stable `code` of every error the public API answers with, beside its `message`. Messages
 * may be reworded or translated; codes never change once published. The OpenAPI document lists
 * them, so a client can branch on them.
 */
export const apiErrorCodes = {
  // authentication and authorisation
  token_missing: 'No `Authorization: Bearer` token was sent.',
  token_invalid: 'The token is not one this instance issued.',
  token_expired: 'The token has passed its expiry.',
  token_revoked: 'The token was revoked by its owner or an admin.',
  token_in_query: 'A token was sent in the query string; send it only in the Authorization header.',
  insufficient_scope: 'The token lacks the scope the route needs (named in `scope`).',
  account_disabled: "The token's owner is disabled.",
  forbidden: 'The token may not do this to this object.',
  // input
  invalid_request: 'The request is well-formed but cannot be accepted (see message).',
  validation_failed: 'A parameter or body field is missing or malformed (see `issues`).',
  cursor_invalid: 'The paging cursor is not one this API issued.',
  too_large: 'The body or file is over its size limit, or the upload would pass the storage quota.',
  unsupported_media_type: 'The body or file is of a type this route does not take.',
  base64_invalid: 'A base64 field (a file sent as JSON) is not valid base64.',
  // documents
  pdf_encrypted: 'The PDF is password-protected or encrypted; upload an unprotected copy.',
  pdf_damaged: 'The PDF could not be read (damaged or not a complete PDF).',
  pdf_empty: 'The PDF has no pages.',
  pdf_too_complex: 'The PDF is too complex to process within the time allowed.',
  document_not_signed: 'The document has no signed version yet (409).',
  document_awaiting_signatures: 'A signing request is open on the document; cancel it first (409).',
  // signatures
  signature_reference_taken: 'The chosen reference number is already in use (409).',
  signature_reference_private:
    'A chosen reference number needs `public: true`; private signatures get an unguessable one.',
  signature_image_invalid:
    'The image is not a PNG or SVG data URL the signature service accepts (see message).',
  // verification
  signature_revoked: 'The signature was revoked by its owner (410, with `revokedAt`).',
  signature_expired: 'The signature has passed its expiry (410, with `expiresAt`).',
  lookup_captcha_required:
    "The network's look-ups passed the limit after which the web page asks a CAPTCHA; the API cannot ask one, so wait for the window to pass (429).",
  lookup_blocked: "The network's look-ups passed the hard limit; wait for `Retry-After` seconds (429).",
  // webhooks
  webhook_url_invalid:
    'The webhook URL is not https (or http to loopback when allowed), or its host is unknown.',
  webhook_url_forbidden: 'The webhook URL resolves to a private, loopback, link-local or metadata address.',
  webhook_limit_reached: 'The account has the most webhook endpoints allowed (20).',
  webhook_disabled: 'The webhook endpoint is disabled: enable it before sending to it.',
  // templates
  template_file_missing: "The template's file was deleted: the template can only be deleted (409).",
  template_not_ready:
    'The template lacks roles, or a signing role lacks a signature field: edit it first (409).',
  csv_invalid:
    'The CSV cannot be used as a whole: not UTF-8, unreadable, over 5,000 rows, or a wrong header (see message).',
  bulk_daily_limit:
    "The bulk send would pass the owner's daily limit of bulk rows (429, with `Retry-After`).",
  bulk_not_changeable: 'The bulk send has finished, or is not in a state this action changes (409).',
  // idempotency
  idempotency_key_invalid: 'The Idempotency-Key is empty or over 255 characters.',
  idempotency_key_reused: 'The Idempotency-Key was used within 24 hours with another request.',
  idempotency_key_in_use: 'A request with this Idempotency-Key is still running; retry later.',
  // state
  not_found: 'Nothing the token may see has that id.',
  conflict: 'The object is in a state that does not allow this (see message).',
  gone: 'The object existed and is gone for good.',
  document_not_pending:
    'The document cannot be sent for signature: it is signed, or another signing request holds it.',
  request_not_active: 'The signing request has ended (completed, cancelled, declined or expired).',
  recipient_not_due:
    'The recipient has not been mailed yet: in sequential order, earlier recipients have not finished.',
  recipient_finished: 'The recipient has already signed, approved or declined.',
  recipient_is_viewer: 'The recipient only receives the final copy: there is no link to mail.',
  rate_limited: 'Too many calls; wait for `Retry-After` seconds.',
  unavailable: 'A part the API depends on is busy or down; retry after `Retry-After`.',
  internal_error: 'Something failed on our side; the call may be retried.',
} as const;
export type ApiErrorCode = keyof typeof apiErrorCodes;
export const isApiErrorCode = (code: unknown): code is ApiErrorCode =>
  typeof code === 'string' && Object.hasOwn(apiErrorCodes, code);
