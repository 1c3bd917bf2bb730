/** The public API's routes: token-authenticated, no session cookie, no CSRF token. */
export const API_V1 = '/api/v1/';
