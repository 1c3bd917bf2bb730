/** A local path to go to after login, or the fallback when the value could lead off-site. */
export function safeRedirect(value: string | null | undefined, fallback = '/'): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  if ([...value].some((c) => c.charCodeAt(0) < 32) || value.startsWith('/auth')) return fallback;
  return value;
}
