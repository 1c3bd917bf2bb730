// Starts the API reference (Scalar) on this instance's OpenAPI document. Nothing leaves the
// instance: the page's policy allows connections to its own origin only, so no fonts, proxy or
// telemetry are asked for, and "try it" calls this server directly.
/* global Scalar */
Scalar.createApiReference('#reference', {
  url: '/api/v1/openapi.json',
  withDefaultFonts: false,
  telemetry: false,
  hideClientButton: true,
  showDeveloperTools: 'never',
  agent: { disabled: true },
  persistAuth: false,
  hideDarkModeToggle: true,
  forceDarkModeState: 'light',
  defaultOpenAllTags: true,
  documentDownloadType: 'json',
  authentication: { preferredSecurityScheme: 'token' },
});
