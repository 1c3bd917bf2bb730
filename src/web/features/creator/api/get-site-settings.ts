import { useSiteSettings } from '#web/lib/site.ts';

/**
 * The origin QR codes point at: the site's configured public URL (the server checks QR data
 * against it), or this page's origin while the settings load or when they cannot be read.
 */
export function useSiteOrigin(): { origin: string; host: string } {
  const data = useSiteSettings();
  let origin = window.location.origin;
  if (data?.publicUrl && URL.canParse(data.publicUrl)) origin = new URL(data.publicUrl).origin;
  return { origin, host: new URL(origin).host };
}
