/**
 * Every `code` a failed call may carry (`{ error, code, fieldErrors? }`, docs/rules/api.md#answers):
 * part of the contract, as the calls are. The browser chooses what it shows by this code, never
 * by the French text of `error`, so a server message may be reworded freely
 * (src/client/lib/error-text.ts). A refusal the browser must tell apart gets its own code here.
 */
export const errorCodes = [
  // 400: the input
  'VALIDATION_ERROR', // the schema refused a field (fieldErrors says which)
  'BAD_REQUEST', // a rule of the shop refused the input
  'INVALID_JSON',
  'COUNTRY_NOT_SET', // the caller's account has no country (an order needs one)
  // 401, 403: the caller
  'UNAUTHORIZED',
  'INVALID_CREDENTIALS',
  'FORBIDDEN', // the caller's role may not do this
  'OWN_ACCOUNT', // nobody (de)activates its own account
  // 404, 409: the record
  'NOT_FOUND',
  'CONFLICT', // the record's state refuses the change (it moved meanwhile, is full, …)
  'EMAIL_TAKEN', // an account with that email exists
  'PHONE_TAKEN', // an account with that phone number exists
  'RESET_INVALID', // a password reset link or code that is wrong, used, expired or spent
  'OUT_OF_STOCK',
  'WEIGHED_TOTAL_CHANGED', // the order was weighed again since the total the answer names
  'COUPON_REFUSED', // a promotion code that does not apply to this order (409: its budget is spent)
  'PICKUP_CODE_WRONG', // 400: a wrong collection code at the counter (docs/rules/pickup.md#hand-over)
  'PICKUP_CODE_LOCKED', // 409: too many wrong codes, the hand-over waits for a reset
  // the request itself
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'TOO_MANY_REQUESTS',
  'HEADERS_TOO_LARGE', // 431: the URL or the headers past Node's limit (16 KB)
  'REQUEST_TIMEOUT', // 408: the request did not arrive in time
  // the server
  'INTERNAL_ERROR',
  'DATABASE_UNAVAILABLE',
  'SERVICE_UNAVAILABLE',
  'MIGRATIONS_PENDING',
] as const

export type ErrorCode = (typeof errorCodes)[number]

/** The browser's own failures, which never come from the server. */
export type ClientErrorCode = 'NETWORK' | 'TIMEOUT' | 'NOT_JSON'
